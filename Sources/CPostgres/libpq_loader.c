// libpq, loaded when a PostgreSQL source is first opened rather than when chartview starts.
// Linking libpq made every process map it and the 25 libraries it needs (TLS, Kerberos, LDAP…),
// about 6 ms and 5 MB before main on this machine, for a feature most runs never use. This file
// provides the libpq functions chartview calls, each a jump through a table that
// chartview_libpq_load fills from libpq.so.5 with dlopen and dlsym, once; the prototypes are
// libpq's own (libpq-fe.h), so the compiler checks every one. Hand-written: no library here
// loads another on demand.
#include "CPostgres.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The libpq functions chartview calls, resolved by chartview_libpq_load.
static struct {
    int (*PQcancel)(PGcancel *cancel, char *errbuf, int errbufsize);
    void (*PQclear)(PGresult *res);
    PostgresPollingStatusType (*PQconnectPoll)(PGconn *conn);
    PGconn * (*PQconnectStartParams)(const char *const *keywords, const char *const *values, int expand_dbname);
    PQconninfoOption * (*PQconninfoParse)(const char *conninfo, char **errmsg);
    void (*PQconninfoFree)(PQconninfoOption *connOptions);
    int (*PQconnectionNeedsPassword)(const PGconn *conn);
    int (*PQconsumeInput)(PGconn *conn);
    char * (*PQdb)(const PGconn *conn);
    char * (*PQerrorMessage)(const PGconn *conn);
    void (*PQfinish)(PGconn *conn);
    char * (*PQfname)(const PGresult *res, int field_num);
    void (*PQfreeCancel)(PGcancel *cancel);
    Oid (*PQftype)(const PGresult *res, int field_num);
    PGcancel * (*PQgetCancel)(PGconn *conn);
    PGresult * (*PQgetResult)(PGconn *conn);
    int (*PQgetisnull)(const PGresult *res, int tup_num, int field_num);
    int (*PQgetlength)(const PGresult *res, int tup_num, int field_num);
    char * (*PQgetvalue)(const PGresult *res, int tup_num, int field_num);
    char * (*PQhost)(const PGconn *conn);
    int (*PQisBusy)(PGconn *conn);
    int (*PQnfields)(const PGresult *res);
    int (*PQntuples)(const PGresult *res);
    char * (*PQpass)(const PGconn *conn);
    char * (*PQport)(const PGconn *conn);
    char * (*PQresultErrorField)(const PGresult *res, int fieldcode);
    char * (*PQresultErrorMessage)(const PGresult *res);
    ExecStatusType (*PQresultStatus)(const PGresult *res);
    int (*PQsendQuery)(PGconn *conn, const char *query);
    int (*PQsendQueryParams)(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat);
    PQnoticeProcessor (*PQsetNoticeProcessor)(PGconn *conn, PQnoticeProcessor proc, void *arg);
    int (*PQsetSingleRowMode)(PGconn *conn);
    int (*PQsocket)(const PGconn *conn);
    ConnStatusType (*PQstatus)(const PGconn *conn);
    PGTransactionStatusType (*PQtransactionStatus)(const PGconn *conn);
    char * (*PQuser)(const PGconn *conn);
} libpq;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    void *handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
#define RESOLVE(name)                                                                              \
    if (!(*(void **)&libpq.name = dlsym(handle, #name))) {                                         \
        snprintf(failure, sizeof failure, "libpq.so.5 is too old: it has no %s", #name);                          \
        return;                                                                                    \
    }
    RESOLVE(PQcancel)
    RESOLVE(PQclear)
    RESOLVE(PQconnectPoll)
    RESOLVE(PQconnectStartParams)
    RESOLVE(PQconninfoParse)
    RESOLVE(PQconninfoFree)
    RESOLVE(PQconnectionNeedsPassword)
    RESOLVE(PQconsumeInput)
    RESOLVE(PQdb)
    RESOLVE(PQerrorMessage)
    RESOLVE(PQfinish)
    RESOLVE(PQfname)
    RESOLVE(PQfreeCancel)
    RESOLVE(PQftype)
    RESOLVE(PQgetCancel)
    RESOLVE(PQgetResult)
    RESOLVE(PQgetisnull)
    RESOLVE(PQgetlength)
    RESOLVE(PQgetvalue)
    RESOLVE(PQhost)
    RESOLVE(PQisBusy)
    RESOLVE(PQnfields)
    RESOLVE(PQntuples)
    RESOLVE(PQpass)
    RESOLVE(PQport)
    RESOLVE(PQresultErrorField)
    RESOLVE(PQresultErrorMessage)
    RESOLVE(PQresultStatus)
    RESOLVE(PQsendQuery)
    RESOLVE(PQsendQueryParams)
    RESOLVE(PQsetNoticeProcessor)
    RESOLVE(PQsetSingleRowMode)
    RESOLVE(PQsocket)
    RESOLVE(PQstatus)
    RESOLVE(PQtransactionStatus)
    RESOLVE(PQuser)
#undef RESOLVE
}

int chartview_libpq_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (failure[0] == 0) return 0;
    if (error && size > 0) snprintf(error, size, "%s", failure);
    return -1;
}

/// A call before a successful chartview_libpq_load is a programmer error.
static void unloaded(const char *name) {
    fprintf(stderr, "chartview: %s called before libpq was loaded\n", name);
    abort();
}

int PQcancel(PGcancel *cancel, char *errbuf, int errbufsize) {
    if (!libpq.PQcancel) unloaded("PQcancel");
    return libpq.PQcancel(cancel, errbuf, errbufsize);
}

void PQclear(PGresult *res) {
    if (!libpq.PQclear) unloaded("PQclear");
    libpq.PQclear(res);
}

PostgresPollingStatusType PQconnectPoll(PGconn *conn) {
    if (!libpq.PQconnectPoll) unloaded("PQconnectPoll");
    return libpq.PQconnectPoll(conn);
}

PGconn * PQconnectStartParams(const char *const *keywords, const char *const *values, int expand_dbname) {
    if (!libpq.PQconnectStartParams) unloaded("PQconnectStartParams");
    return libpq.PQconnectStartParams(keywords, values, expand_dbname);
}

int PQconnectionNeedsPassword(const PGconn *conn) {
    if (!libpq.PQconnectionNeedsPassword) unloaded("PQconnectionNeedsPassword");
    return libpq.PQconnectionNeedsPassword(conn);
}

int PQconsumeInput(PGconn *conn) {
    if (!libpq.PQconsumeInput) unloaded("PQconsumeInput");
    return libpq.PQconsumeInput(conn);
}

char * PQdb(const PGconn *conn) {
    if (!libpq.PQdb) unloaded("PQdb");
    return libpq.PQdb(conn);
}

char * PQerrorMessage(const PGconn *conn) {
    if (!libpq.PQerrorMessage) unloaded("PQerrorMessage");
    return libpq.PQerrorMessage(conn);
}

void PQfinish(PGconn *conn) {
    if (!libpq.PQfinish) unloaded("PQfinish");
    libpq.PQfinish(conn);
}

char * PQfname(const PGresult *res, int field_num) {
    if (!libpq.PQfname) unloaded("PQfname");
    return libpq.PQfname(res, field_num);
}

void PQfreeCancel(PGcancel *cancel) {
    if (!libpq.PQfreeCancel) unloaded("PQfreeCancel");
    libpq.PQfreeCancel(cancel);
}

Oid PQftype(const PGresult *res, int field_num) {
    if (!libpq.PQftype) unloaded("PQftype");
    return libpq.PQftype(res, field_num);
}

PGcancel * PQgetCancel(PGconn *conn) {
    if (!libpq.PQgetCancel) unloaded("PQgetCancel");
    return libpq.PQgetCancel(conn);
}

PGresult * PQgetResult(PGconn *conn) {
    if (!libpq.PQgetResult) unloaded("PQgetResult");
    return libpq.PQgetResult(conn);
}

int PQgetisnull(const PGresult *res, int tup_num, int field_num) {
    if (!libpq.PQgetisnull) unloaded("PQgetisnull");
    return libpq.PQgetisnull(res, tup_num, field_num);
}

int PQgetlength(const PGresult *res, int tup_num, int field_num) {
    if (!libpq.PQgetlength) unloaded("PQgetlength");
    return libpq.PQgetlength(res, tup_num, field_num);
}

char * PQgetvalue(const PGresult *res, int tup_num, int field_num) {
    if (!libpq.PQgetvalue) unloaded("PQgetvalue");
    return libpq.PQgetvalue(res, tup_num, field_num);
}

char * PQhost(const PGconn *conn) {
    if (!libpq.PQhost) unloaded("PQhost");
    return libpq.PQhost(conn);
}

int PQisBusy(PGconn *conn) {
    if (!libpq.PQisBusy) unloaded("PQisBusy");
    return libpq.PQisBusy(conn);
}

int PQnfields(const PGresult *res) {
    if (!libpq.PQnfields) unloaded("PQnfields");
    return libpq.PQnfields(res);
}

int PQntuples(const PGresult *res) {
    if (!libpq.PQntuples) unloaded("PQntuples");
    return libpq.PQntuples(res);
}

char * PQpass(const PGconn *conn) {
    if (!libpq.PQpass) unloaded("PQpass");
    return libpq.PQpass(conn);
}

char * PQport(const PGconn *conn) {
    if (!libpq.PQport) unloaded("PQport");
    return libpq.PQport(conn);
}

char * PQresultErrorField(const PGresult *res, int fieldcode) {
    if (!libpq.PQresultErrorField) unloaded("PQresultErrorField");
    return libpq.PQresultErrorField(res, fieldcode);
}

char * PQresultErrorMessage(const PGresult *res) {
    if (!libpq.PQresultErrorMessage) unloaded("PQresultErrorMessage");
    return libpq.PQresultErrorMessage(res);
}

ExecStatusType PQresultStatus(const PGresult *res) {
    if (!libpq.PQresultStatus) unloaded("PQresultStatus");
    return libpq.PQresultStatus(res);
}

int PQsendQuery(PGconn *conn, const char *query) {
    if (!libpq.PQsendQuery) unloaded("PQsendQuery");
    return libpq.PQsendQuery(conn, query);
}

int PQsendQueryParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    if (!libpq.PQsendQueryParams) unloaded("PQsendQueryParams");
    return libpq.PQsendQueryParams(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat);
}

PQconninfoOption *PQconninfoParse(const char *conninfo, char **errmsg) {
    if (!libpq.PQconninfoParse) unloaded("PQconninfoParse");
    return libpq.PQconninfoParse(conninfo, errmsg);
}

void PQconninfoFree(PQconninfoOption *connOptions) {
    if (!libpq.PQconninfoFree) unloaded("PQconninfoFree");
    libpq.PQconninfoFree(connOptions);
}

PQnoticeProcessor PQsetNoticeProcessor(PGconn *conn, PQnoticeProcessor proc, void *arg) {
    if (!libpq.PQsetNoticeProcessor) unloaded("PQsetNoticeProcessor");
    return libpq.PQsetNoticeProcessor(conn, proc, arg);
}

int PQsetSingleRowMode(PGconn *conn) {
    if (!libpq.PQsetSingleRowMode) unloaded("PQsetSingleRowMode");
    return libpq.PQsetSingleRowMode(conn);
}

int PQsocket(const PGconn *conn) {
    if (!libpq.PQsocket) unloaded("PQsocket");
    return libpq.PQsocket(conn);
}

ConnStatusType PQstatus(const PGconn *conn) {
    if (!libpq.PQstatus) unloaded("PQstatus");
    return libpq.PQstatus(conn);
}

PGTransactionStatusType PQtransactionStatus(const PGconn *conn) {
    if (!libpq.PQtransactionStatus) unloaded("PQtransactionStatus");
    return libpq.PQtransactionStatus(conn);
}

char * PQuser(const PGconn *conn) {
    if (!libpq.PQuser) unloaded("PQuser");
    return libpq.PQuser(conn);
}
