/* The least a reader of `time,value` CSV can do, for `make bench` to set
 * strata's full load beside: find each line's end, parse its ISO-8601 UTC
 * time to seconds and its decimal value (no exponent), and add the value
 * to its hour's sum. Two threads, one per half of the file, as strata
 * reads, each in 1 MB blocks read with pread. No picks, no checks, no other
 * aggregate, no skipped rows: a floor, not a reader.
 *
 *   floor FILE   prints the rows counted and their sum
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fd;

struct part {
    off_t from, to;
    double sum;
    long rows;
};

/* Days from 1970-01-01 to a civil date. */
static long days(int y, int m, int d) {
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    unsigned yoe = (unsigned)(y - era * 400);
    unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (long)doe - 719468;
}

#define TWO(p) (((p)[0] - '0') * 10 + (p)[1] - '0')
#define HOURS (1 << 20)

/* Reads its part in 1 MB blocks with pread, as strata reads, carrying a
 * line cut by a block's end over to the next; a part starts after the first
 * line end at or past its start, and ends with the line that crosses its end. */
static void *run(void *arg) {
    struct part *p = arg;
    enum { BLOCK = 1 << 20 };
    char *buffer = malloc(2 * BLOCK);
    double *hours = calloc(HOURS, sizeof(double));
    size_t kept = 0;
    off_t at = p->from;
    int skipping = p->from > 0;
    for (;;) {
        ssize_t n = pread(fd, buffer + kept, BLOCK, at);
        if (n < 0) { perror("pread"); exit(1); }
        const char *s = buffer, *end = buffer + kept + n;
        if (n == 0 && kept == 0) break;
        for (;;) {
            const char *nl = memchr(s, '\n', end - s);
            if (!nl) {
                if (n > 0) break;
                nl = end;  /* the last line, with no line end */
            }
            off_t lineStart = at - (off_t)kept + (s - buffer);
            if (skipping) {
                skipping = 0;
            } else if (lineStart > p->to) {
                goto done;
            } else if (nl - s > 21 && s[4] == '-') {
                /* 2020-01-01T00:00:00Z,15.13 (the header and short lines are passed over) */
                long t = days(TWO(s) * 100 + TWO(s + 2), TWO(s + 5), TWO(s + 8)) * 86400
                    + TWO(s + 11) * 3600 + TWO(s + 14) * 60 + TWO(s + 17);
                const char *q = s + 21;
                int negative = *q == '-';
                q += negative;
                long whole = 0, fraction = 0, scale = 1;
                while (q < nl && *q >= '0' && *q <= '9') whole = whole * 10 + *q++ - '0';
                if (q < nl && *q == '.')
                    for (q++; q < nl && *q >= '0' && *q <= '9'; q++) { fraction = fraction * 10 + *q - '0'; scale *= 10; }
                double v = (whole + (double)fraction / scale) * (negative ? -1 : 1);
                hours[(t / 3600) & (HOURS - 1)] += v;
                p->sum += v;
                p->rows++;
            }
            s = nl + 1;
            if (s >= end) break;
        }
        if (n == 0) break;
        kept = end > s ? (size_t)(end - s) : 0;
        memmove(buffer, s, kept);
        at += n;
    }
done:
    free(hours);
    free(buffer);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: floor FILE\n"); return 2; }
    fd = open(argv[1], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) { perror(argv[1]); return 1; }
    /* The second part starts at the first line end from the middle on. */
    struct part a = {0, st.st_size / 2, 0, 0}, b = {st.st_size / 2, st.st_size, 0, 0};
    pthread_t second;
    pthread_create(&second, NULL, run, &b);
    run(&a);
    pthread_join(second, NULL);
    printf("%ld rows, sum %.2f\n", a.rows + b.rows, a.sum + b.sum);
    return 0;
}
