#ifndef CHARTVIEW_CPOSTGRES_SHIM_H
#define CHARTVIEW_CPOSTGRES_SHIM_H
// libpq, PostgreSQL's client library (Debian: libpq-dev; pkg-config: libpq).
#include <libpq-fe.h>

// The error fields PQresultErrorField reads are character macros ('C'), which Swift does not
// import: constants for the ones chartview uses.
static const int chartview_pg_diag_sqlstate = PG_DIAG_SQLSTATE;
static const int chartview_pg_diag_message_primary = PG_DIAG_MESSAGE_PRIMARY;
static const int chartview_pg_diag_message_hint = PG_DIAG_MESSAGE_HINT;
#endif
