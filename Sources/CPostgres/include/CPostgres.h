#ifndef CHARTVIEW_CPOSTGRES_H
#define CHARTVIEW_CPOSTGRES_H
// libpq, PostgreSQL's client library (Debian: libpq-dev for the header, libpq5 at run time),
// loaded on first use (libpq_loader.c) rather than linked.
#include <postgresql/libpq-fe.h>
#include <stddef.h>

// The error fields PQresultErrorField reads are character macros ('C'), which Swift does not
// import: constants for the ones chartview uses.
static const int chartview_pg_diag_sqlstate = PG_DIAG_SQLSTATE;
static const int chartview_pg_diag_message_primary = PG_DIAG_MESSAGE_PRIMARY;
static const int chartview_pg_diag_message_hint = PG_DIAG_MESSAGE_HINT;

/// Loads libpq.so.5 and resolves the libpq functions chartview calls (once; later calls return
/// the first outcome): 0 on success; -1, with the loader's message in error (of size bytes),
/// when libpq is not installed or lacks one of them. Thread-safe. Call it before any PQ function.
int chartview_libpq_load(char *error, size_t size);
#endif
