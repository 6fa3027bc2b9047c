#ifndef CHARTVIEW_CCURL_H
#define CHARTVIEW_CCURL_H
// libcurl, the HTTP client library (Debian: libcurl4-openssl-dev for the header, libcurl4 at run
// time), loaded on first use (libcurl_loader.c) rather than linked, as libpq is. curl's own
// functions that Swift cannot call (curl_easy_setopt and curl_easy_getinfo are variadic) are
// used only inside chartview_curl_post.
#include <stddef.h>

/// Receives `size` bytes of a response's body; returns 0 to go on, nonzero to stop the transfer.
typedef int (*chartview_curl_body)(const char *data, size_t size, void *context);
/// Asked every 10 ms or sooner while a transfer runs: nonzero stops it.
typedef int (*chartview_curl_should_stop)(void *context);

/// Loads libcurl.so.4 and resolves the functions chartview calls (once; later calls return the
/// first outcome): 0 on success; -1, with the loader's message in error (of size bytes), when
/// libcurl is not installed or lacks one of them. Thread-safe. Call it before the others.
int chartview_libcurl_load(char *error, size_t size);

/// A new handle (kept between requests so that its connection is reused), or NULL.
void *chartview_curl_open(void);

/// Frees a handle from chartview_curl_open (and closes its connection).
void chartview_curl_close(void *handle);

/// POSTs `length` bytes of `body` to `url` (http:// or https://, certificates verified) with
/// basic authentication as `user` (`password` may be NULL), within `timeout_ms` in all and
/// `connect_timeout_ms` to connect, handing the response body to `on_body` as it arrives and
/// asking `should_stop` between. Returns curl's result code (0: the response arrived; its HTTP
/// status in *status), with curl's message in `error` (of `error_size` bytes) when nonzero.
/// The handle must be used by one thread at a time.
int chartview_curl_post(
    void *handle, const char *url, const char *user, const char *password, const char *body, size_t length,
    long timeout_ms, long connect_timeout_ms, chartview_curl_body on_body, chartview_curl_should_stop should_stop,
    void *context, long *status, char *error, size_t error_size);

/// The result code curl uses when a callback stopped the transfer (CURLE_ABORTED_BY_CALLBACK or
/// CURLE_WRITE_ERROR) and when a time limit passed (CURLE_OPERATION_TIMEDOUT).
int chartview_curl_stopped_by_callback(int code);
int chartview_curl_timed_out(int code);
/// Whether the code says the server could not be reached (could not resolve or connect).
int chartview_curl_unreachable(int code);
#endif
