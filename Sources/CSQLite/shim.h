#ifndef CHARTVIEW_CSQLITE_SHIM_H
#define CHARTVIEW_CSQLITE_SHIM_H
#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: one fixed-argument wrapper per use.
static inline int chartview_sqlite3_db_config_int(sqlite3 *db, int op, int value) {
    int result = 0;
    return sqlite3_db_config(db, op, value, &result);
}
#endif
