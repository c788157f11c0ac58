#!/usr/bin/env python3
"""`make test-adversarial`: hostile inputs against the release binary, each
under an address-space cap so that a regression fails instead of exhausting
the machine, each checked for its exit status, its error line, what it must
never print, and its peak RSS against the memory budget plus a fixed overhead.

The inputs are generated here, deterministically, in a temporary folder that
is removed; a table of 100,000 series is loaded into a throwaway PostgreSQL
server (Tools/throwaway-postgres) started for it and stopped after. The
terminal's state after signals, and the other PostgreSQL attacks (passwords
in every URI shape, the set_config bypass, NULL times, a server stopped
mid-session and started again), are tests of the end-to-end and PostgreSQL
suites: `make test-adversarial` runs those after this script, under the same
cap (the tests' runner, and every strata it starts).

Usage: Tools/adversarial.py [BINARY]   (default .build-dist/release/strata)
"""
import gzip
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build-dist/release/strata")
# --memory is 64 MB by default; the binary, its runtime and a screen's worth
# of state are the fixed overhead on top (the 10M-row bench peaks at 27 MB).
BUDGET_MB = 64
OVERHEAD_MB = 48
# No case may map more than this: a runaway allocation fails fast. The Makefile
# gives the same cap to the Swift tests it runs after.
ADDRESS_CAP = int(os.environ.get("STRATA_ADDRESS_CAP_KB", 4 << 20)) << 10
TIMEOUT = 60


def peak_rss_kb(args, stdin, env):
    """Runs strata under /usr/bin/time: (exit status, stdout, stderr, peak RSS in kB, seconds)."""
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_CAP, ADDRESS_CAP))
    started = time.monotonic()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M", BINARY] + args, stdin=stdin, capture_output=True,
                          timeout=TIMEOUT, preexec_fn=cap, env=env)
    seconds = time.monotonic() - started
    err = proc.stderr.decode("utf-8", "replace").rstrip("\n").split("\n")
    rss = int(err[-1]) if err and err[-1].isdigit() else -1
    # /usr/bin/time says "Command exited with non-zero status N" before its figure.
    lines = [line for line in err[:-1] if not line.startswith("Command exited with non-zero status")]
    return proc.returncode, proc.stdout, "\n".join(lines), rss, seconds


class Case:
    """`make(folder)` gives the input's path (or a database's address), passed after `args`;
    `budget` is the --memory the args give (MB); `seconds`, a bound tighter than TIMEOUT."""
    def __init__(self, name, make, args, status, says=None, never=None, budget=BUDGET_MB, seconds=TIMEOUT):
        self.name, self.make, self.args, self.status = name, make, args, status
        self.says, self.never, self.budget, self.seconds = says, never, budget, seconds


def deep_json(folder):
    path = os.path.join(folder, "deep.json")
    with open(path, "w") as f:
        f.write('[{"t":"2024-01-01T00:00:00Z","v":' + "{\"a\":" * 30000 + "1" + "}" * 30000 + "}]\n")
    return path


def huge_record_array(folder):
    path = os.path.join(folder, "huge-record.json")
    with open(path, "w") as f:
        records = ['{"t":"2024-01-01T00:00:%02dZ","v":%d}' % (i, i) for i in range(3)]
        records.append('{"t":"2024-01-01T00:00:05Z","v":5,"blob":"' + "x" * (40 << 20) + '"}')
        records += ['{"t":"2024-01-01T00:00:%02dZ","v":%d}' % (10 + i, i) for i in range(5)]
        f.write("[" + ",".join(records) + "]")
    return path


def nul_stream(folder):
    path = os.path.join(folder, "nul.csv")
    with open(path, "wb") as f:
        f.write(b"\0" * (64 << 20))
    return path


def gzip_bomb(folder):
    path = os.path.join(folder, "bomb.csv.gz")
    block = b"\0" * (1 << 20)
    with gzip.open(path, "wb", compresslevel=9) as f:
        for _ in range(1024):
            f.write(block)
    return path


def table(folder, name, header, lines):
    """A CSV named `name` of `header` and `lines` in `folder`; its path."""
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(header + "\n")
        for line in lines:
            f.write(line + "\n")
    return path


def wide_table(rows):
    """10,000 columns of `rows` rows a minute apart (ten bodies of values in turn: 20,000 rows are 400 MB)."""
    def make(folder):
        columns = 10000
        bodies = [",".join(str((r * i) % 97 % 10) for i in range(columns)) for r in range(10)]
        return table(folder, "wide.csv", "time," + ",".join("c%d" % i for i in range(columns)),
                     ("2024-01-%02dT%02d:%02d:00Z," % (1 + r // 1440, r // 60 % 24, r % 60) + bodies[r % 10] for r in range(rows)))
    return make


def many_series(folder):
    return table(folder, "series.csv", "time,sensor,value",
                 ("2024-01-01T00:%02d:00Z,s%05d,%d" % (m, s, (m * s) % 100) for m in range(60) for s in range(5000)))


def shuffled_sensors(folder):
    """1,000 sensors reading every minute for three days (4.3M rows), shuffled (by a seeded generator)."""
    sensors, minutes = 1000, 3 * 1440
    stamps = [time.strftime("%Y-%m-%dT%H:%M:00Z", time.gmtime(1704067200 + m * 60)) for m in range(minutes)]
    order = list(range(sensors * minutes))
    random.Random(36).shuffle(order)
    return table(folder, "sensors.csv", "sensor,time,value",
                 ("s%04d,%s,%d" % (n % sensors, stamps[n // sensors], (n * 31) % 1000) for n in order))


def millennia_intervals(count):
    """`count` intervals, one series each, each from about the year 1 to about 9999."""
    def make(folder):
        return table(folder, "spans.csv", "start,end,name",
                     ("%04d-01-01T00:00:00Z,%04d-12-31T00:00:00Z,s%d" % (1 + i, 9999 - i, i) for i in range(count)))
    return make


def mutated_guide(folder):
    """A TV guide as the fuzzer mutated it (fuzz timeout-61432424…, 822 bytes): of its ten rows four are
    intervals, two of them four years and one year long, half the sample's lengths, so none is ten
    thousand times the usual one; an hour level split each into every minute it covers (1.8 s of CPU, 523 MB)."""
    path = os.path.join(folder, "guide.tsv")
    rows = [
        ["channel", "title", "genre", "start", "end"],
        ["KiKA", "Road Express", "Kids", "2024-10-21T05:00:00+02:00", "2024-10-10T05:25:00+02:00"],
        ["WELT", "Planet", "Kids", "2024-10-21T05:00:00+02:00", "2028-10-21T05:25:00+02:00"],
        ["ZDF", "Secrets Weather", "Qtitle", "genre", "start", "end"],
        ["KiKA", "Road Express", "Kids", "2024-10-21T05:00:00+02:00", "2024-10-21T05:25:00+02:00"],
        ["WELT", "Planet", "Kids", "2024-10-21T05:00:00+22:00", "2024-10-21T05:25:00+02:00"],
        ["ZDF", "Secrets Weather", "Quiz", "2023-10-21T05:00:00+02:00", "2024-10-21T05:30:00+02:00"],
        ["arte", "Heroes Express Wild", "Documentary", "\udcff\udcff\udcff\udced2024-10-21T05:00:00+02:00", "2024-10-21T06:00:00+02:00"],
        ["tagesschau24", "Ocean Station", "Talk", "2024-10-21T05:00:00+02:00", "uiz", "2024-10-21T05:00:00+02:00",
         "2024-10-21T05:30:00+02:00"],
        ["arte", "Heroes Express Wild", "Documentary", "\udcff\udcff\udcff\udced2024-10-21T05:00:00+02:00", "2024-10-21T06:00:00+02:00"],
        ["tagesschau24", "Ocean Station", "Talk", "2024-10-21T05:00:00+02:00", "2024-10-21T06:15:00+02:00"],
    ]
    with open(path, "wb") as f:
        f.write("".join("\t".join(row) + "\n" for row in rows).encode("utf-8", "surrogateescape"))
    return path


def leap_year_interval(folder):
    return table(folder, "year.csv", "start,end,name", ["2024-01-01T00:00:00Z,2025-01-01T00:00:00Z,the year"])


def decades_of_readings(folder):
    """Thirty years of readings ten minutes apart (1.6M rows): an hour level's minutes are 1.6M buckets."""
    start = 631152000  # 1990-01-01T00:00:00Z
    days = 30 * 365
    with open(os.path.join(folder, "decades.csv"), "w") as f:
        f.write("time,value\n")
        for day in range(days):
            date = time.strftime("%Y-%m-%d", time.gmtime(start + day * 86400))
            f.write("".join("%sT%02d:%02d:00Z,%d\n" % (date, m // 60, m % 60, (day + m) % 97) for m in range(0, 1440, 10)))
    return os.path.join(folder, "decades.csv")


def programmes(folder):
    """Two million programmes on 200 channels, ten to forty minutes each, over 208 days: a load keeps 419,430 within 64 MB."""
    start = 1577836800  # 2020-01-01T00:00:00Z
    iso = lambda t: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))
    return table(folder, "programmes.csv", "channel,title,start,end",
                 ("ch%03d,show %d,%s,%s" % (i % 200, i % 997, iso(start + i // 200 * 1800), iso(start + i // 200 * 1800 + 600 * (1 + i % 4)))
                  for i in range(2000000)))


def channel_hours(folder):
    """Eighty channels of hour-long programmes over two years (1.4M): 1.4M channel-hours apart, 17,520 together."""
    start = 1577836800  # 2020-01-01T00:00:00Z
    iso = lambda t: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))
    hours = [iso(start + h * 3600) for h in range(2 * 8760 + 1)]
    return table(folder, "channels.csv", "channel,title,start,end",
                 ("ch%02d,show %d,%s,%s" % (c, (h + c) % 997, hours[h], hours[h + 1]) for h in range(2 * 8760) for c in range(80)))


def sensor_hours(folder):
    """Eighty sensors read every hour over two years (1.4M rows): 1.4M sensor-hours apart, 17,520 together."""
    start = 1577836800  # 2020-01-01T00:00:00Z
    hours = [time.strftime("%Y-%m-%dT%H:00:00Z", time.gmtime(start + h * 3600)) for h in range(2 * 8760)]
    return table(folder, "sensors.csv", "time,sensor,value",
                 ("%s,s%02d,%d" % (hours[h], s, (h * 7 + s) % 101) for h in range(2 * 8760) for s in range(80)))


def thousand_channels(folder):
    """A thousand channels of six-hour programmes over two years (2.9M): 730,000 channel-days apart, 730 together."""
    start = 1577836800  # 2020-01-01T00:00:00Z
    iso = lambda t: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))
    slots = [iso(start + h * 6 * 3600) for h in range(2 * 1460 + 1)]
    return table(folder, "channels.csv", "channel,title,start,end",
                 ("ch%03d,show %d,%s,%s" % (c, (h + c) % 997, slots[h], slots[h + 1]) for h in range(2 * 1460) for c in range(1000)))


def millennia_rows(folder):
    return table(folder, "years.csv", "time,v", ["0001-01-01T00:00:00Z,1", "5000-01-01T00:00:00Z,2",
                                                  "9999-12-31T00:00:00Z,3", "2020-01-01T00:00:00Z,4"])


def escapes(folder):
    osc = "\x1b]0;owned\x07"
    return table(folder, "escapes.csv", "time,series %s,value" % osc,
                 ("2024-01-01T%02d:%02d:00Z,%s%d\x1b[31m,%d" % (i // 60, i % 60, osc, i % 3, i) for i in range(200)))


THROWAWAY_POSTGRES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "throwaway-postgres")
servers = []


def postgres_series(folder):
    """A throwaway server's table of 100,000 series, three readings each; its address."""
    started = subprocess.run([THROWAWAY_POSTGRES, "start", "--until-exit", str(os.getpid())], capture_output=True, text=True,
                             check=True)
    server = dict(line.split("=", 1) for line in started.stdout.split())
    servers.append(server["dir"])
    rows = table(folder, "series.csv", "time,sensor,value",
                 ("2024-01-01T%02d:00:00Z,s%06d,%d" % (h, s, (h * s) % 100) for h in range(3) for s in range(100000)))
    subprocess.run([THROWAWAY_POSTGRES, "load", server["dir"], "readings", "time timestamptz, sensor text, value float8", rows],
                   capture_output=True, check=True)
    os.remove(rows)
    return server["uri"]


def rows_file(folder):
    return table(folder, "rows.csv", "time,value", ("2024-01-01T%02d:%02d:00Z,%d" % (i // 60 % 24, i % 60, i) for i in range(1000)))


ESC = b"\x1b"
CASES = [
    Case("a JSON object nested 30,000 deep", deep_json, ["--dump"], 65, says="nested deeper than"),
    Case("a 40 MB record in a one-line JSON array", huge_record_array, ["--export", "csv", "--levels", "hour"], 0,
         says="record longer than 32 MB"),
    Case("64 MB of NUL bytes", nul_stream, ["--dump"], 65, says="binary"),
    Case("a gzip of 1 GB of NUL bytes", gzip_bomb, ["--dump"], 65, says="binary"),
    Case("10,000 columns of 2,000 rows", wide_table(2000), ["--dump"], 0),
    Case("10,000 columns of 20,000 rows, --memory 16", wide_table(20000), ["--dump", "--memory", "16"], 0, budget=16),
    Case("5,000 series", many_series, ["--dump", "--series", "sensor"], 0),
    Case("1,000 sensors of minutes over 3 days, shuffled", shuffled_sensors, ["--dump"], 0,
         says="1000 series' minutes pass what --memory keeps: hours kept"),
    Case("3 intervals over the years 1 to 9999", millennia_intervals(3), ["--dump"], 0),
    # Hours count minutes: an interval of 2^22 minutes or more is skipped, and these are all.
    Case("3 intervals over the years 1 to 9999, hours", millennia_intervals(3), ["--dump", "--levels", "hour,day"], 65,
         says="too long to count minute by minute"),
    Case("10 intervals over the years 1 to 9999", millennia_intervals(10), ["--dump"], 0),
    Case("10 intervals over the years 1 to 9999, hours", millennia_intervals(10), ["--dump", "--levels", "hour,day"], 65,
         says="too long to count minute by minute"),
    Case("a 366-day interval, hours", leap_year_interval, ["--dump", "--levels", "hour,day"], 0),
    # Their minutes pass --memory: hours are kept, each interval counted once in each, an hour's minutes read back.
    Case("a fuzzed TV guide of years-long shows, hours", mutated_guide, ["--dump", "--levels", "hour,day"], 0,
         says="minutes pass what --memory keeps: hours kept", seconds=2),
    # Every series' hours pass --memory: they are kept together, each series' days, a series' hour read back with its page.
    Case("80 channels of programmes over two years, hours", channel_hours,
         ["--dump", "--series", "channel", "--levels", "hour,day,week,month", "--keys", "tab"], 0,
         says="80 series' hours pass what --memory keeps: every series' hours kept together"),
    # Their days pass it too: every channel's days are kept together, each channel's weeks, a channel's day read back.
    Case("1,000 channels of programmes over two years, hours", thousand_channels,
         ["--dump", "--levels", "hour,day,week,month", "--keys", "tab down"], 0,
         says="1000 series' hours pass what --memory keeps: every series' hours kept together, each series' weeks"),
    Case("80 sensors of hourly readings over two years, hours", sensor_hours, ["--dump", "--levels", "hour,day,week,month", "--keys", "tab"],
         0, says="80 series' hours pass what --memory keeps: every series' hours kept together"),
    Case("-f on thirty years of readings, hours", decades_of_readings, ["-f", "--follow-for", "1", "--levels", "hour,day", "--dump"], 0),
    Case("-f on two million programmes", programmes, ["-f", "--follow-for", "1", "--series", "channel", "--dump"], 0),
    Case("hours of a file over the years 1 to 9999, exported", millennia_rows, ["--export", "csv", "--levels", "hour"], 0,
         says="empty ones are left out"),
    Case("escape sequences in every field, dumped", escapes, ["--dump", "--series", "series \x1b]0;owned\x07"], 0, never=ESC),
    Case("escape sequences in every field, exported", escapes, ["--export", "csv", "--series", "series \x1b]0;owned\x07"], 0,
         never=ESC),
    Case("a PostgreSQL table of 100,000 series", postgres_series, ["--dump", "--table", "readings", "--series", "sensor"], 0,
         says="the first 1000 (by their first period, then name) are kept"),
    Case("a million replayed keys", rows_file, ["--dump", "--keys", "right*1000000"], 0),
    Case("--keys-file /dev/zero", rows_file, ["--dump", "--keys-file", "/dev/zero"], 64, says="keys"),
]


def main():
    if not os.path.exists(BINARY):
        print("adversarial: no binary at %s (make dist-binary builds it)" % BINARY, file=sys.stderr)
        return 2
    env = dict(os.environ, NO_COLOR="1", LANG="C.UTF-8")
    failed = 0
    with tempfile.TemporaryDirectory(prefix="strata-adversarial-") as folder:
        for case in CASES:
            path = case.make(folder)
            try:
                status, out, err, rss, seconds = peak_rss_kb(case.args + [path], subprocess.DEVNULL, env)
            except subprocess.TimeoutExpired:
                print("FAIL  %-48s  over %d s" % (case.name, TIMEOUT))
                failed += 1
                continue
            problems = []
            if status != case.status:
                problems.append("exit %d, not %d: %s" % (status, case.status, err.splitlines()[-1:] or ""))
            if case.says and case.says not in err:
                problems.append("stderr does not say %r" % case.says)
            if case.never and (case.never in out or case.never.decode() in err):
                problems.append("printed %r" % case.never)
            if seconds > case.seconds:
                problems.append("took %.2f s, over %g s" % (seconds, case.seconds))
            if rss < 0 or rss > (case.budget + OVERHEAD_MB) * 1024:
                problems.append("peak RSS %.1f MB over %d MB + %d MB" % (rss / 1024, case.budget, OVERHEAD_MB))
            for line in err.splitlines():
                if line and not line.startswith("strata:"):
                    problems.append("stderr line without the strata: prefix: %r" % line[:80])
                    break
            verdict = "FAIL" if problems else "ok"
            failed += bool(problems)
            print("%-4s  %-48s  exit %3d  %6.1f MB  %5.2f s%s" % (verdict, case.name, status, rss / 1024, seconds,
                                                                 "".join("\n      " + p for p in problems)))
            if os.path.exists(path):
                os.remove(path)
    for server in servers:
        subprocess.run([THROWAWAY_POSTGRES, "stop", server], capture_output=True)
    print("adversarial: %d of %d cases failed" % (failed, len(CASES)) if failed else "adversarial: all %d cases held" % len(CASES))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
