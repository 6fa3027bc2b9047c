#ifndef CHARTVIEW_CPOSTGRES_SHIM_H
#define CHARTVIEW_CPOSTGRES_SHIM_H
// libpq, PostgreSQL's client library (Debian: libpq-dev; pkg-config: libpq).
#include <libpq-fe.h>
#endif
