#ifndef STRATA_CLIBPQ_SHIM_H
#define STRATA_CLIBPQ_SHIM_H

/* libpq is loaded when a database is first used, not when strata starts:
   linked, its twenty-odd libraries cost every run of strata about 6 MB of
   memory and 15 ms, files or not. strata_libpq_loaded() says whether it
   could be loaded; the strata_PQ functions may be called only after it
   said so. */
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <postgresql/libpq-fe.h>

static inline void *strata_libpq_symbol(const char *name) {
    static void *library;
    if (!library) library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    return library ? dlsym(library, name) : NULL;
}

static inline int strata_libpq_loaded(void) { return strata_libpq_symbol("PQlibVersion") != NULL; }

static inline PGconn *strata_PQconnectdbParams(const char *const *keywords, const char *const *values, int expand_dbname) {
    static __typeof__(&PQconnectdbParams) f;
    if (!f) f = (__typeof__(&PQconnectdbParams))strata_libpq_symbol("PQconnectdbParams");
    return f(keywords, values, expand_dbname);
}

static inline ConnStatusType strata_PQstatus(const PGconn *conn) {
    static __typeof__(&PQstatus) f;
    if (!f) f = (__typeof__(&PQstatus))strata_libpq_symbol("PQstatus");
    return f(conn);
}

static inline char *strata_PQerrorMessage(const PGconn *conn) {
    static __typeof__(&PQerrorMessage) f;
    if (!f) f = (__typeof__(&PQerrorMessage))strata_libpq_symbol("PQerrorMessage");
    return f(conn);
}

static inline void strata_PQfinish(PGconn *conn) {
    static __typeof__(&PQfinish) f;
    if (!f) f = (__typeof__(&PQfinish))strata_libpq_symbol("PQfinish");
    f(conn);
}

/* Closes the connection and opens it again with the same parameters: a lost one, once the server is back. */
static inline void strata_PQreset(PGconn *conn) {
    static __typeof__(&PQreset) f;
    if (!f) f = (__typeof__(&PQreset))strata_libpq_symbol("PQreset");
    f(conn);
}

static inline PGcancel *strata_PQgetCancel(PGconn *conn) {
    static __typeof__(&PQgetCancel) f;
    if (!f) f = (__typeof__(&PQgetCancel))strata_libpq_symbol("PQgetCancel");
    return f(conn);
}

static inline void strata_PQfreeCancel(PGcancel *cancel) {
    static __typeof__(&PQfreeCancel) f;
    if (!f) f = (__typeof__(&PQfreeCancel))strata_libpq_symbol("PQfreeCancel");
    f(cancel);
}

static inline int strata_PQcancel(PGcancel *cancel, char *errbuf, int errbufsize) {
    static __typeof__(&PQcancel) f;
    if (!f) f = (__typeof__(&PQcancel))strata_libpq_symbol("PQcancel");
    return f(cancel, errbuf, errbufsize);
}

/* The password libpq itself reads from a connection string or URI (a
   malloc'd copy for the caller to free), or NULL: what it parses is what
   must never be shown, whatever another parser would make of the URI. */
static inline char *strata_conninfo_password(const char *conninfo) {
    static __typeof__(&PQconninfoParse) parse;
    static __typeof__(&PQconninfoFree) release;
    static __typeof__(&PQfreemem) freemem;
    if (!parse) parse = (__typeof__(&PQconninfoParse))strata_libpq_symbol("PQconninfoParse");
    if (!release) release = (__typeof__(&PQconninfoFree))strata_libpq_symbol("PQconninfoFree");
    if (!freemem) freemem = (__typeof__(&PQfreemem))strata_libpq_symbol("PQfreemem");
    if (!parse || !release || !freemem) return NULL;
    char *error = NULL;
    PQconninfoOption *options = parse(conninfo, &error);
    if (error) freemem(error);
    if (!options) return NULL;
    char *password = NULL;
    for (PQconninfoOption *o = options; o->keyword; o++) {
        if (o->val && o->val[0] && strcmp(o->keyword, "password") == 0) password = strdup(o->val);
    }
    release(options);
    return password;
}

/* The server's NOTICE and WARNING lines, as strata's own: one line on
   stderr, `strata: ` before it (libpq's default prints them bare), its
   DETAIL and HINT lines joined to it by a space, and control characters
   (an escape sequence a query raised) shown as \xNN, never sent, as
   strata's error lines show them. */
static inline void strata_notice_line(void *arg, const char *message) {
    (void)arg;
    size_t n = strlen(message);
    char *line = malloc(4 * n + 1), *out = line;
    if (!line) return;
    int joined = 0;
    for (const unsigned char *p = (const unsigned char *)message; *p; p++) {
        if (*p == '\n' || *p == '\r') { joined = out > line; continue; }
        if (joined && (*p == ' ' || *p == '\t')) continue;
        if (joined) { *out++ = ' '; joined = 0; }
        if (*p < 0x20 || *p == 0x7F) {
            out += sprintf(out, "\\x%02X", *p);
        } else if (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F) {  /* a C1 control in UTF-8 */
            out += sprintf(out, "\\x%02X", *++p);
        } else {
            *out++ = (char)*p;
        }
    }
    while (out > line && out[-1] == ' ') out--;
    fprintf(stderr, "strata: %.*s\n", (int)(out - line), line);
    free(line);
}

static inline void strata_PQsetNoticeProcessor_prefixed(PGconn *conn) {
    static __typeof__(&PQsetNoticeProcessor) f;
    if (!f) f = (__typeof__(&PQsetNoticeProcessor))strata_libpq_symbol("PQsetNoticeProcessor");
    f(conn, strata_notice_line, NULL);
}

static inline int strata_PQserverVersion(const PGconn *conn) {
    static __typeof__(&PQserverVersion) f;
    if (!f) f = (__typeof__(&PQserverVersion))strata_libpq_symbol("PQserverVersion");
    return f(conn);
}

static inline PGresult *strata_PQexecParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    static __typeof__(&PQexecParams) f;
    if (!f) f = (__typeof__(&PQexecParams))strata_libpq_symbol("PQexecParams");
    return f(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat);
}

static inline int strata_PQsendQueryParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    static __typeof__(&PQsendQueryParams) f;
    if (!f) f = (__typeof__(&PQsendQueryParams))strata_libpq_symbol("PQsendQueryParams");
    return f(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat);
}

static inline int strata_PQsetSingleRowMode(PGconn *conn) {
    static __typeof__(&PQsetSingleRowMode) f;
    if (!f) f = (__typeof__(&PQsetSingleRowMode))strata_libpq_symbol("PQsetSingleRowMode");
    return f(conn);
}

static inline PGresult *strata_PQgetResult(PGconn *conn) {
    static __typeof__(&PQgetResult) f;
    if (!f) f = (__typeof__(&PQgetResult))strata_libpq_symbol("PQgetResult");
    return f(conn);
}

static inline ExecStatusType strata_PQresultStatus(const PGresult *res) {
    static __typeof__(&PQresultStatus) f;
    if (!f) f = (__typeof__(&PQresultStatus))strata_libpq_symbol("PQresultStatus");
    return f(res);
}

static inline char *strata_PQresultErrorField(const PGresult *res, int fieldcode) {
    static __typeof__(&PQresultErrorField) f;
    if (!f) f = (__typeof__(&PQresultErrorField))strata_libpq_symbol("PQresultErrorField");
    return f(res, fieldcode);
}

static inline void strata_PQclear(PGresult *res) {
    static __typeof__(&PQclear) f;
    if (!f) f = (__typeof__(&PQclear))strata_libpq_symbol("PQclear");
    f(res);
}

static inline int strata_PQntuples(const PGresult *res) {
    static __typeof__(&PQntuples) f;
    if (!f) f = (__typeof__(&PQntuples))strata_libpq_symbol("PQntuples");
    return f(res);
}

static inline int strata_PQnfields(const PGresult *res) {
    static __typeof__(&PQnfields) f;
    if (!f) f = (__typeof__(&PQnfields))strata_libpq_symbol("PQnfields");
    return f(res);
}

static inline char *strata_PQfname(const PGresult *res, int field_num) {
    static __typeof__(&PQfname) f;
    if (!f) f = (__typeof__(&PQfname))strata_libpq_symbol("PQfname");
    return f(res, field_num);
}

static inline Oid strata_PQftype(const PGresult *res, int field_num) {
    static __typeof__(&PQftype) f;
    if (!f) f = (__typeof__(&PQftype))strata_libpq_symbol("PQftype");
    return f(res, field_num);
}

static inline int strata_PQgetisnull(const PGresult *res, int tup_num, int field_num) {
    static __typeof__(&PQgetisnull) f;
    if (!f) f = (__typeof__(&PQgetisnull))strata_libpq_symbol("PQgetisnull");
    return f(res, tup_num, field_num);
}

static inline char *strata_PQgetvalue(const PGresult *res, int tup_num, int field_num) {
    static __typeof__(&PQgetvalue) f;
    if (!f) f = (__typeof__(&PQgetvalue))strata_libpq_symbol("PQgetvalue");
    return f(res, tup_num, field_num);
}

#endif
