// libcurl, loaded when a ClickHouse source is first opened rather than when chartview starts
// (linking it would map libcurl and the dozen libraries it needs, TLS, HTTP/2, SSH, LDAP…, into
// every run). The functions are resolved once with dlopen and dlsym; the prototypes are curl's
// own (curl/curl.h), so the compiler checks every call. The options of a request are set here,
// in C, because curl_easy_setopt is variadic and Swift cannot call it. Hand-written: no library
// here loads another on demand.
#include "CCurl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    CURLcode (*curl_global_init)(long flags);
    CURL *(*curl_easy_init)(void);
    void (*curl_easy_cleanup)(CURL *curl);
    CURLcode (*curl_easy_perform)(CURL *curl);
    void (*curl_easy_reset)(CURL *curl);
    CURLcode (*curl_easy_setopt)(CURL *curl, CURLoption option, ...);
    CURLcode (*curl_easy_getinfo)(CURL *curl, CURLINFO info, ...);
    const char *(*curl_easy_strerror)(CURLcode code);
    struct curl_slist *(*curl_slist_append)(struct curl_slist *list, const char *string);
    void (*curl_slist_free_all)(struct curl_slist *list);
    CURLM *(*curl_multi_init)(void);
    CURLMcode (*curl_multi_cleanup)(CURLM *multi);
    CURLMcode (*curl_multi_add_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*curl_multi_remove_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*curl_multi_perform)(CURLM *multi, int *running);
    CURLMcode (*curl_multi_poll)(CURLM *multi, struct curl_waitfd *fds, unsigned int count, int timeout_ms, int *ready);
    CURLMsg *(*curl_multi_info_read)(CURLM *multi, int *queued);
} libcurl;

/// An easy handle (a request's options) in a multi handle of its own, which keeps the
/// connection between requests and lets a transfer wait on its socket a few milliseconds at a
/// time, so that a stop is seen within them rather than at curl's once-a-second progress call.
struct handle {
    CURL *easy;
    CURLM *multi;
};

/// How long a transfer waits on its socket before it asks whether to stop, in milliseconds.
static const int stop_check_ms = 10;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    void *handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(failure, sizeof failure, "%s (install libcurl4)", dlerror());
        return;
    }
#define RESOLVE(name)                                                                              \
    if (!(*(void **)&libcurl.name = dlsym(handle, #name))) {                                       \
        snprintf(failure, sizeof failure, "libcurl.so.4 is too old: it has no %s", #name);          \
        return;                                                                                    \
    }
    RESOLVE(curl_global_init)
    RESOLVE(curl_easy_init)
    RESOLVE(curl_easy_cleanup)
    RESOLVE(curl_easy_perform)
    RESOLVE(curl_easy_reset)
    RESOLVE(curl_easy_setopt)
    RESOLVE(curl_easy_getinfo)
    RESOLVE(curl_easy_strerror)
    RESOLVE(curl_slist_append)
    RESOLVE(curl_slist_free_all)
    RESOLVE(curl_multi_init)
    RESOLVE(curl_multi_cleanup)
    RESOLVE(curl_multi_add_handle)
    RESOLVE(curl_multi_remove_handle)
    RESOLVE(curl_multi_perform)
    RESOLVE(curl_multi_poll)
    RESOLVE(curl_multi_info_read)
#undef RESOLVE
    // Once, before any other thread uses curl (curl_global_init is not thread-safe).
    CURLcode code = libcurl.curl_global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) snprintf(failure, sizeof failure, "libcurl: %s", libcurl.curl_easy_strerror(code));
}

int chartview_libcurl_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (failure[0] == 0) return 0;
    if (error && size > 0) snprintf(error, size, "%s", failure);
    return -1;
}

void *chartview_curl_open(void) {
    if (!libcurl.curl_easy_init) return NULL;
    struct handle *handle = calloc(1, sizeof *handle);
    if (!handle) return NULL;
    handle->easy = libcurl.curl_easy_init();
    handle->multi = libcurl.curl_multi_init();
    if (!handle->easy || !handle->multi) {
        chartview_curl_close(handle);
        return NULL;
    }
    return handle;
}

void chartview_curl_close(void *pointer) {
    struct handle *handle = pointer;
    if (!handle) return;
    if (handle->multi) libcurl.curl_multi_cleanup(handle->multi);
    if (handle->easy) libcurl.curl_easy_cleanup(handle->easy);
    free(handle);
}

struct transfer {
    chartview_curl_body on_body;
    chartview_curl_should_stop should_stop;
    void *context;
};

static size_t write_body(char *data, size_t size, size_t count, void *pointer) {
    struct transfer *transfer = pointer;
    size_t bytes = size * count;
    // Anything but the whole count stops the transfer (CURLE_WRITE_ERROR).
    return transfer->on_body(data, bytes, transfer->context) == 0 ? bytes : 0;
}

static int progress(void *pointer, curl_off_t down_total, curl_off_t down_now, curl_off_t up_total, curl_off_t up_now) {
    (void)down_total; (void)down_now; (void)up_total; (void)up_now;
    struct transfer *transfer = pointer;
    return transfer->should_stop(transfer->context);
}

int chartview_curl_post(
    void *handle, const char *url, const char *user, const char *password, const char *body, size_t length,
    long timeout_ms, long connect_timeout_ms, chartview_curl_body on_body, chartview_curl_should_stop should_stop,
    void *context, long *status, char *error, size_t error_size) {
    struct handle *pair = handle;
    CURL *curl = pair->easy;
    struct transfer transfer = {on_body, should_stop, context};
    char message[CURL_ERROR_SIZE] = {0};
    struct curl_slist *headers = libcurl.curl_slist_append(NULL, "Content-Type: text/plain; charset=utf-8");
    libcurl.curl_easy_reset(curl);
    libcurl.curl_easy_setopt(curl, CURLOPT_URL, url);
    libcurl.curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    libcurl.curl_easy_setopt(curl, CURLOPT_POST, 1L);
    libcurl.curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
    libcurl.curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)length);
    libcurl.curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    libcurl.curl_easy_setopt(curl, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
    libcurl.curl_easy_setopt(curl, CURLOPT_USERNAME, user ? user : "default");
    libcurl.curl_easy_setopt(curl, CURLOPT_PASSWORD, password ? password : "");
    libcurl.curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    libcurl.curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
    libcurl.curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
    libcurl.curl_easy_setopt(curl, CURLOPT_WRITEDATA, &transfer);
    libcurl.curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    libcurl.curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, progress);
    libcurl.curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &transfer);
    libcurl.curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, message);
    libcurl.curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    // Only HTTP and HTTPS: a redirect to another scheme (file://) is never followed.
    libcurl.curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    CURLcode code = CURLE_OK;
    if (libcurl.curl_multi_add_handle(pair->multi, curl) != CURLM_OK) {
        code = CURLE_FAILED_INIT;
    } else {
        int running = 1;
        while (running) {
            if (libcurl.curl_multi_perform(pair->multi, &running) != CURLM_OK) {
                code = CURLE_RECV_ERROR;
                break;
            }
            if (!running) {
                int queued = 0;
                CURLMsg *message;
                while ((message = libcurl.curl_multi_info_read(pair->multi, &queued)))
                    if (message->msg == CURLMSG_DONE && message->easy_handle == curl) code = message->data.result;
                break;
            }
            if (should_stop(context)) {
                code = CURLE_ABORTED_BY_CALLBACK;
                break;
            }
            libcurl.curl_multi_poll(pair->multi, NULL, 0, stop_check_ms, NULL);
        }
        // A transfer stopped halfway closes its connection; the next request opens another.
        libcurl.curl_multi_remove_handle(pair->multi, curl);
    }
    long http = 0;
    libcurl.curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &http);
    *status = http;
    if (code != CURLE_OK && error && error_size > 0)
        snprintf(error, error_size, "%s", message[0] ? message : libcurl.curl_easy_strerror(code));
    // The handle keeps the connection, not these: nothing below outlives the call.
    libcurl.curl_easy_setopt(curl, CURLOPT_HTTPHEADER, NULL);
    libcurl.curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, NULL);
    libcurl.curl_slist_free_all(headers);
    return code;
}

int chartview_curl_stopped_by_callback(int code) { return code == CURLE_ABORTED_BY_CALLBACK || code == CURLE_WRITE_ERROR; }
int chartview_curl_timed_out(int code) { return code == CURLE_OPERATION_TIMEDOUT; }
int chartview_curl_unreachable(int code) {
    return code == CURLE_COULDNT_RESOLVE_HOST || code == CURLE_COULDNT_CONNECT || code == CURLE_COULDNT_RESOLVE_PROXY;
}
