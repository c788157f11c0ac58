/* Deterministic CSV for `make bench`:
 *   gen ROWS OUT.csv [COLUMNS]
 *   gen ROWS OUT.csv COLUMNS YEARS
 *   gen ROWS OUT.csv intervals
 *   gen ROWS OUT.json json|jsonl
 * ISO-8601 UTC times (2020-01-01T00:00:07Z) in time order from 2020-01-01
 * over three years (2020..2022), or over YEARS years that end where those
 * three do (30: 1993..2022, for minute readings), then COLUMNS (default 1, at most 8) values
 * with one or two decimals: `time,value` for one, `time,v1,...,v8` for
 * more. The same arguments always give the same bytes (a fixed LCG, no
 * clock, no locale); one column gives the same bytes as before COLUMNS.
 * `intervals` writes `channel,title,start,end` instead: 200 channels
 * (ch000..ch199), each airing back-to-back programmes of 5 to 60 minutes
 * on a 5-minute grid from 2020-01-01, titles from 5,000 (`show 1234`),
 * rows in order of start. `json` writes the one-column rows as a
 * pretty-printed JSON array, one object per line between `[` and `]`
 * (`  {"time": "2020-01-01T00:00:14Z", "value": 11.17, "host": "web-2"},`),
 * and `jsonl` the same objects as JSON Lines. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static uint64_t state = 0x2545F4914F6CDD1DULL;
static uint32_t next(void) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(state >> 33);
}

/* days since 1970-01-01 -> civil date (H. Hinnant's algorithm) */
static void civil(int64_t z, int *y, int *m, int *d) {
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    unsigned doe = (unsigned)(z - era * 146097);
    unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t yy = (int64_t)yoe + era * 400;
    unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    unsigned mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = (int)(yy + (*m <= 2));
}

static char *two(char *p, int v) { p[0] = '0' + v / 10; p[1] = '0' + v % 10; return p + 2; }

/* `2020-01-01T00:05:00Z` */
static char *iso(char *p, int64_t t) {
    int y, m, d; civil(t / 86400, &y, &m, &d);
    int64_t sec = t % 86400;
    p += sprintf(p, "%04d-%02d-%02dT", y, m, d);
    p = two(p, (int)(sec / 3600)); *p++ = ':';
    p = two(p, (int)(sec / 60 % 60)); *p++ = ':';
    p = two(p, (int)(sec % 60)); *p++ = 'Z';
    return p;
}

enum { CHANNELS = 200 };

static int intervals(long long rows, FILE *out) {
    static char buf[1 << 20];
    size_t used = (size_t)sprintf(buf, "channel,title,start,end\n");
    int64_t next_start[CHANNELS];
    const int64_t start = 1577836800;              /* 2020-01-01T00:00:00Z */
    for (int c = 0; c < CHANNELS; c++) next_start[c] = start;
    for (int64_t t = start; rows > 0; t += 300) {
        for (int c = 0; c < CHANNELS && rows > 0; c++) {
            if (next_start[c] != t) continue;
            int64_t end = t + 300 * (int64_t)(1 + next() % 12);
            char *p = buf + used;
            p += sprintf(p, "ch%03d,show %u,", c, next() % 5000);
            p = iso(p, t); *p++ = ',';
            p = iso(p, end); *p++ = '\n';
            used = (size_t)(p - buf);
            if (used > sizeof buf - 128) { fwrite(buf, 1, used, out); used = 0; }
            next_start[c] = end;
            rows--;
        }
    }
    fwrite(buf, 1, used, out);
    return fclose(out) != 0 ? 74 : 0;
}

int main(int argc, char **argv) {
    if (argc < 3 || argc > 5) { fprintf(stderr, "usage: gen ROWS OUT.csv [COLUMNS [YEARS] | intervals | json | jsonl]\n"); return 64; }
    long long rows = atoll(argv[1]);
    if (argc == 4 && strcmp(argv[3], "intervals") == 0) {
        FILE *out = fopen(argv[2], "wb");
        if (!out) { perror(argv[2]); return 66; }
        return intervals(rows, out);
    }
    /* 0: CSV; 1: a JSON array; 2: JSON Lines */
    int json = argc == 4 && strcmp(argv[3], "json") == 0 ? 1 : argc == 4 && strcmp(argv[3], "jsonl") == 0 ? 2 : 0;
    int columns = argc >= 4 && !json ? atoi(argv[3]) : 1;
    int years = argc == 5 ? atoi(argv[4]) : 0;
    if (argc == 5 && (years < 1 || years > 100)) { fprintf(stderr, "gen: YEARS must be 1 to 100\n"); return 64; }
    if (columns < 1 || columns > 8) { fprintf(stderr, "gen: COLUMNS must be 1 to 8\n"); return 64; }
    FILE *out = fopen(argv[2], "wb");
    if (!out) { perror(argv[2]); return 66; }
    static char buf[1 << 20];
    size_t used = 0;
    const int64_t end = 1577836800 + 1096LL * 86400;        /* 2023-01-01T00:00:00Z */
    const int64_t span = years ? (int64_t)(years * 365.2425 * 86400) : 1096LL * 86400;
    const int64_t start = end - span;              /* 2020-01-01T00:00:00Z for three years */
    /* rows spread evenly, each jittered inside its own slot: in time order */
    double slot = (double)span / (double)rows;
    int64_t cachedDay = -1; char date[11];
    if (json == 1) used += (size_t)sprintf(buf, "[\n");
    else if (json) {}
    else if (columns == 1) used += (size_t)sprintf(buf, "time,value\n");
    else {
        used += (size_t)sprintf(buf, "time");
        for (int c = 1; c <= columns; c++) used += (size_t)sprintf(buf + used, ",v%d", c);
        buf[used++] = '\n';
    }
    for (long long i = 0; i < rows; i++) {
        int64_t t = start + (int64_t)(slot * (double)i + slot * (double)(next() % 1000) / 1000.0);
        int64_t day = t / 86400, sec = t % 86400;
        if (day != cachedDay) {
            int y, m, d; civil(day, &y, &m, &d);
            snprintf(date, sizeof date, "%04d-%02d-%02d", y, m, d);
            cachedDay = day;
        }
        char *p = buf + used;
        if (json) p += sprintf(p, "%s{\"time\": \"", json == 1 ? "  " : "");
        memcpy(p, date, 10); p += 10; *p++ = 'T';
        p = two(p, (int)(sec / 3600)); *p++ = ':';
        p = two(p, (int)(sec / 60 % 60)); *p++ = ':';
        p = two(p, (int)(sec % 60)); *p++ = 'Z';
        for (int c = 0; c < columns; c++) {
            /* value: 0.0 .. 99.99, one or two decimals */
            uint32_t r = next();
            unsigned whole = r % 100, frac = (r >> 10) % 100;
            p += sprintf(p, json ? "\", \"value\": %u." : ",%u.", whole);
            if (frac % 10 == 0) *p++ = '0' + frac / 10; else p = two(p, (int)frac);
            if (json) p += sprintf(p, ", \"host\": \"web-%u\"}%s", (r >> 20) % 4, json == 1 && i + 1 < rows ? "," : "");
        }
        *p++ = '\n';
        used = (size_t)(p - buf);
        if (used > sizeof buf - 64) { fwrite(buf, 1, used, out); used = 0; }
    }
    if (json == 1) used += (size_t)sprintf(buf + used, "]\n");
    fwrite(buf, 1, used, out);
    if (fclose(out) != 0) { perror(argv[2]); return 74; }
    return 0;
}
