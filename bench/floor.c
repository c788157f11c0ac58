/* The least a reader of `time,value` CSV can do, for `make bench` to set
 * strata's full load beside: find each line's end, parse its ISO-8601 UTC
 * time to seconds and its decimal value (no exponent), and add the value
 * to its hour's sum. Two threads, one per half of the file, as strata
 * reads; the file mapped, not copied. No picks, no checks, no other
 * aggregate, no skipped rows: a floor, not a reader.
 *
 *   floor FILE   prints the rows counted and their sum
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

static const char *data;

struct part {
    size_t from, to;
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

static void *run(void *arg) {
    struct part *p = arg;
    const char *s = data + p->from, *end = data + p->to;
    double *hours = calloc(HOURS, sizeof(double));
    while (s < end) {
        const char *nl = memchr(s, '\n', end - s);
        if (!nl) nl = end;
        /* 2020-01-01T00:00:00Z,15.13 (the header and short lines are passed over) */
        if (nl - s > 21 && s[4] == '-') {
            long t = days(TWO(s) * 100 + TWO(s + 2), TWO(s + 5), TWO(s + 8)) * 86400
                + TWO(s + 11) * 3600 + TWO(s + 14) * 60 + TWO(s + 17);
            const char *q = s + 21;
            int negative = *q == '-';
            q += negative;
            long whole = 0, fraction = 0, scale = 1;
            while (*q >= '0' && *q <= '9') whole = whole * 10 + *q++ - '0';
            if (*q == '.')
                for (q++; *q >= '0' && *q <= '9'; q++) { fraction = fraction * 10 + *q - '0'; scale *= 10; }
            double v = (whole + (double)fraction / scale) * (negative ? -1 : 1);
            hours[(t / 3600) & (HOURS - 1)] += v;
            p->sum += v;
            p->rows++;
        }
        s = nl + 1;
    }
    free(hours);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: floor FILE\n"); return 2; }
    int fd = open(argv[1], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) { perror(argv[1]); return 1; }
    size_t size = st.st_size;
    data = size ? mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0) : "";
    if (data == MAP_FAILED) { perror(argv[1]); return 1; }
    size_t half = size / 2;
    while (half < size && half > 0 && data[half - 1] != '\n') half++;
    struct part a = {0, half, 0, 0}, b = {half, size, 0, 0};
    pthread_t second;
    pthread_create(&second, NULL, run, &b);
    run(&a);
    pthread_join(second, NULL);
    printf("%ld rows, sum %.2f\n", a.rows + b.rows, a.sum + b.sum);
    return 0;
}
