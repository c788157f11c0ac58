#!/usr/bin/env bash
# `make bench`: strata against `wc -l`, an awk + gnuplot pipeline and (when
# python3 has pandas) a pandas pipeline on generated `time,value` CSVs of 1M
# and 10M rows, the first screen with no flags, eight value columns against
# one, the per-key render cost on 10k and 10M rows, plus the time to open a
# card's rows mid-file on the largest. Prints a Markdown table and writes it
# to bench/RESULTS.md. Inputs are generated
# deterministically under bench/data/ (git-ignored), scratch under bench/out/.
#
# Knobs: BENCH_RUNS (runs per command, median reported; default 5),
#        BENCH_SIZES (default "1000000 10000000"), BENCH_KEYS (default 20000),
#        BENCH_CARD_RUNS (default 20: the card's figure is a small difference
#        of two medians), BENCH_ONLY=card (only the card's rows, printed and
#        written to bench/out/card.md, RESULTS.md left alone),
#        BENCH_ONLY=intervals (only the interval load and the timeline's
#        per-key cost, written to bench/out/intervals.md), BENCH_INTERVALS
#        (default 10000000 intervals), BENCH_ONLY=charts (only a key with
#        six overlaid series against one series' bars, printed and written to
#        bench/out/charts.md, RESULTS.md left alone), BENCH_ONLY=open (only
#        the first frame in a terminal on 1M, 10M and 100M rows and thirty
#        years of minutes, written to bench/out/open.md), BENCH_ONLY=roads
#        (only the 10M-row file as a file, a .gz, a pipe and a gzip pipe,
#        written to bench/out/roads.md), BENCH_ONLY=follow
#        (only following a file appended at 100,000 rows/s for 30 s, written
#        to bench/out/follow.md), BENCH_ONLY=postgres (only a table in a
#        throwaway PostgreSQL server, written to bench/out/postgres.md),
#        BENCH_PG_ROWS (default 10000000 rows in that table), BENCH_ONLY=json
#        (only a ~1 GB JSON array and the same rows as JSON Lines, with no
#        flags, written to bench/out/json.md), BENCH_JSON_ROWS (default
#        15000000: about 1 GB), BENCH_ONLY=percentiles (only the 10M-row
#        file with `--agg p99` against `--agg sum`, written to
#        bench/out/percentiles.md).
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${BENCH_RUNS:-5}
SIZES=${BENCH_SIZES:-"1000000 10000000"}
NKEYS=${BENCH_KEYS:-20000}
CARD_RUNS=${BENCH_CARD_RUNS:-20}
ONLY=${BENCH_ONLY:-}
NOW=2023-01-01T00:00Z          # the data runs 2020-01-01 .. 2022-12-31 (UTC)
AT=2021-06-15                  # the card's period: mid-file (10M rows: line ~4.8M)
DATA=bench/data
OUT=bench/out
SCRATCH=.build-bench
STRATA=$SCRATCH/release/strata
NIV=${BENCH_INTERVALS:-10000000}
PGROWS=${BENCH_PG_ROWS:-10000000}
NJSON=${BENCH_JSON_ROWS:-15000000}
case "$ONLY" in ''|card|intervals|charts|open|roads|follow|postgres|json|percentiles) ;;
*) echo "BENCH_ONLY: only 'card', 'intervals', 'charts', 'open', 'roads', 'follow', 'postgres', 'json' and 'percentiles' are known" >&2
   exit 2 ;;
esac
mkdir -p "$DATA" "$OUT"
case "$ONLY" in
card) rm -f "$OUT"/card* ;;
intervals) rm -f "$OUT"/iv-* "$OUT"/intervals.md ;;
open) rm -f "$OUT"/open* ;;
roads) rm -f "$OUT"/roads* ;;
follow) rm -f "$OUT"/follow* ;;
json) rm -f "$OUT"/json* ;;
percentiles) rm -f "$OUT"/pct* "$OUT"/percentiles.md ;;
charts) rm -f "$OUT"/charts* ;;
postgres) rm -f "$OUT"/pg-* "$OUT"/postgres.md ;;
*) rm -f "$OUT"/*.json "$OUT"/*.rss "$OUT"/card* "$OUT"/charts* "$OUT"/intervals.md "$OUT"/open* "$OUT"/roads* "$OUT"/follow* "$OUT"/pg-* \
       "$OUT"/postgres.md "$OUT"/json* "$OUT"/pct* "$OUT"/percentiles.md ;;
esac

log() { printf '\033[1mbench:\033[0m %s\n' "$*" >&2; }

# --- tools ------------------------------------------------------------------
missing=()
command -v gnuplot >/dev/null || missing+=(gnuplot-nox)
command -v hyperfine >/dev/null || missing+=(hyperfine)
command -v tmux >/dev/null || missing+=(tmux)
[ -x /usr/bin/time ] || missing+=(time)
command -v cc >/dev/null || missing+=(gcc)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)   # the server, psql and libpq
if [ ${#missing[@]} -gt 0 ]; then
    log "installing ${missing[*]}"
    SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# pandas only when python3 already has it (not installed here: a large download).
HAVE_PANDAS=0
if python3 -c 'import pandas' 2>/dev/null; then HAVE_PANDAS=$(python3 -c 'import pandas; print(pandas.__version__)'); fi

# --- build (own scratch path; retried, other engineers may be mid-edit) ------
# Static, as `make dist` ships it: the figures are the released binary's.
# From scratch: an incremental release build once linked modules that disagreed
# on a changed struct's layout (a binary that crashed now and then).
log "building strata (release, --static-swift-stdlib, $SCRATCH, from scratch)"
rm -rf "$SCRATCH"
for try in 1 2 3 4 5; do
    if swift build -c release --static-swift-stdlib --scratch-path "$SCRATCH" --product strata >"$OUT/build.log" 2>&1; then break; fi
    [ "$try" = 5 ] && { cat "$OUT/build.log" >&2; exit 1; }
    log "build failed (try $try), retrying in 20 s"; sleep 20
done

# --- inputs -----------------------------------------------------------------
cc -O2 -o "$DATA/gen" bench/gen.c
cc -O2 -pthread -o "$DATA/floor" bench/floor.c
stamp=$(cksum < bench/gen.c | cut -d' ' -f1)
input() {  # input ROWS [COLUMNS|intervals|json|jsonl] -> path of the generated file, made if missing or stale
    local cols=${2:-1} f="$DATA/t$1.csv"
    [ "$cols" = 1 ] || f="$DATA/t$1x$cols.csv"
    [ "$cols" = intervals ] && f="$DATA/iv$1.csv"
    [ "$cols" = json ] && f="$DATA/j$1.json"
    [ "$cols" = jsonl ] && f="$DATA/j$1.jsonl"
    if [ ! -f "$f" ] || [ "$(cat "$f.stamp" 2>/dev/null)" != "$stamp" ]; then
        log "generating $f"
        "$DATA/gen" "$1" "$f" "$cols"
        echo "$stamp" > "$f.stamp"
    fi
    echo "$f"
}

# --- the commands -----------------------------------------------------------
strata_cmd() { echo "$STRATA $1 --dump --levels day,week,month --tz UTC --now $NOW"; }
# No flags but --now (which only picks the starting page): zone, levels and
# value are strata's own picks, so their cost shows.
auto_cmd() { echo "$STRATA $1 --dump --now $NOW"; }
# Daily totals with awk (any order of rows), the last 31 days charted by gnuplot.
awk_cmd() {
    cat <<EOF
awk -F, 'NR>1{s[substr(\$1,1,10)]+=\$2} END{for(d in s) print d, s[d]}' $1 | sort | tail -n 31 | gnuplot -e "set terminal dumb 80 24; set xdata time; set timefmt '%Y-%m-%d'; set format x '%m-%d'; plot '/dev/stdin' using 1:2 with lines notitle"
EOF
}
pandas_cmd() {
    echo "python3 -c \"import sys, pandas as pd; d = pd.read_csv(sys.argv[1], parse_dates=['time'], index_col='time'); print(d['value'].resample('D').sum().iloc[-31:].to_string())\" $1"
}

rss() {  # rss NAME CMD: peak RSS in KB of the largest process of CMD
    /usr/bin/time -f %M -o "$OUT/$1.rss" bash -c "$2" >/dev/null 2>&1 || true
}

hf() {  # hf JSON RUNS cmd...: hyperfine, quiet, results to JSON
    local json=$1 runs=$2; shift 2
    hyperfine --style basic --runs "$runs" --export-json "$json" "$@" >&2
}

# --- the card's rows -----------------------------------------------------------
# Enter opens the card, and a dump reads its rows back whole (at most
# CardRows.limit), so with and without the key the gap is that read. A day and
# a month: a month has many times the limit, a day a few times.
card() {
    local lvl cmds=()
    cat "$big" >/dev/null
    for lvl in day month; do
        # Only a taller screen shows the rows: without them the figure would mean nothing.
        $(strata_cmd "$big") --at $AT --level $lvl --keys enter --size 100x70 > "$OUT/card-$lvl.txt" 2>/dev/null
        grep -qE "$(basename "$big"):[0-9]+  " "$OUT/card-$lvl.txt" || { log "the $lvl card shows no rows"; exit 1; }
        cmds+=("$(strata_cmd "$big") --at $AT --level $lvl --keys enter" "$(strata_cmd "$big") --at $AT --level $lvl")
    done
    # Rounds of two runs of each command: load that comes and goes (builds on
    # the shared cores) falls on all four alike. The check above warmed the caches.
    log "card rows on $big at $AT, day and month: $CARD_RUNS runs each, in rounds of 2"
    for ((r = 1; r <= (CARD_RUNS + 1) / 2; r++)); do hf "$OUT/card-$r.json" 2 "${cmds[@]}"; done
    cut -d' ' -f1-3 /proc/loadavg > "$OUT/card.load"   # its own: with BENCH_ONLY=card it is measured alone
}

# A mix of 200 keys on the pager (moves, level changes, jumps, aggregates), repeated for the per-key cost.
block="end left*40 down left*20 down left*10 up up right*30 pgup*10 pgdn*10 home right*30 a*5 end left*20 right*18"

# --- intervals ------------------------------------------------------------------
# Loading NIV intervals (200 channels, programmes of 5 to 60 minutes over three
# years: every one split at the hours, days, weeks and months it overlaps, and
# kept for the timeline), and a key in the timeline against a key in the pager
# on the same data at 200x60: m, then block moves, zooms, periods and rows.
intervals() {
    local f cmd base tblock tkeys pkeys
    f=$(input "$NIV" intervals)
    cat "$f" >/dev/null
    cmd="$STRATA $f --dump --series channel --tz UTC --now $NOW"
    log "$NIV intervals: load, $RUNS runs"
    hf "$OUT/iv-load.json" "$RUNS" --warmup 1 "$cmd"
    rss iv-load "$cmd"
    tblock="right*40 down*10 left*30 up*10 + right*20 - - left*20 pgdn down*20 pgup up*20 right*18 + + left*8"
    tkeys="m "; pkeys=""
    for ((i = 0; i < NKEYS / 200; i++)); do tkeys+="$tblock "; pkeys+="$block "; done
    printf '%s\n' "$tkeys" > "$OUT/iv-keys-timeline.txt"
    printf '%s\n' "$pkeys" > "$OUT/iv-keys-pager.txt"
    base="$STRATA $f --frames --size 200x60 --series channel --tz UTC --now $NOW"
    log "per-key cost on $NIV intervals: timeline and pager, $NKEYS keys each, vs 0 keys"
    hf "$OUT/iv-keys.json" "$RUNS" "$base --keys-file $OUT/iv-keys-timeline.txt" "$base --keys-file $OUT/iv-keys-pager.txt" "$base --keys ''"
    python3 - "$OUT" "$NKEYS" "$NIV" "$f" "$cmd" "$base" "$tblock" <<'PY' > "$OUT/intervals.md"
import json, statistics, sys, os
out, nkeys, niv, path, cmd, base, tblock = sys.argv[1:]
nkeys = int(nkeys)
def res(name, i): return json.load(open(f"{out}/{name}.json"))["results"][i]
def med(name, i): return statistics.median(res(name, i)["times"])
def fmt(s): return f"{s*1000:.0f} ms" if s < 10 else f"{s:.1f} s"
load, cpu = med("iv-load", 0), res("iv-load", 0)["user"] + res("iv-load", 0)["system"]
try: rss = int(open(f"{out}/iv-load.rss").read().split()[-1]) / 1024
except Exception: rss = float("nan")
tl, pg, none = med("iv-keys", 0), med("iv-keys", 1), med("iv-keys", 2)
tus, pus = (tl - none) / nkeys * 1e6, (pg - none) / nkeys * 1e6
print(f"## Intervals ({int(niv):,} rows, {os.path.getsize(path)/1e6:.0f} MB)\n")
print("| what | median | CPU (user+sys) | peak RSS |")
print("|---|---:|---:|---:|")
print(f"| load and first screen | {fmt(load)} | {fmt(cpu)} | {rss:.0f} MB |")
print()
print(f"Per key at 200x60, {nkeys:,} keys minus none: timeline {tus:.1f} µs, pager {pus:.1f} µs, "
      f"{tus / pus if pus > 0 else float('nan'):.2f}× — {'**met**' if tus <= 2 * pus else '**missed**'} (target ≤ 2×).\n")
print("```sh")
print(cmd)
print(f"{base} --keys-file KEYS   # timeline: \"m\", then {nkeys // 200} × \"{tblock}\"; pager: the pager's keys above")
print("```")
PY
}
if [ "$ONLY" = intervals ]; then
    intervals
    cat "$OUT/intervals.md"
    exit 0
fi

# --- open anything at once -------------------------------------------------------
# With no flags: the first frame in a real terminal (tmux, 200x50), from the
# launch to the app's first idle report, and to the first that says its load
# has ended (bench/first-frame.py); `--dump` against `wc -l` and against
# bench/floor.c, the least a reader can do (a C loop on two threads that
# parses only each row's time and value and sums them by hour); and the peak
# RSS of `--dump`. On 1M, 10M and 100M rows, and on thirty years of readings
# a minute apart (15,778,800 rows).
open_bench() {
    local files=() n f name
    for n in 1000000 10000000 100000000; do files+=("$(input "$n")"); done
    f="$DATA/y30.csv"
    if [ ! -f "$f" ] || [ "$(cat "$f.stamp" 2>/dev/null)" != "$stamp" ]; then
        log "generating $f"
        "$DATA/gen" 15778800 "$f" 1 30
        echo "$stamp" > "$f.stamp"
    fi
    files+=("$f")
    log "first frame in tmux, no flags: ${#files[@]} files, $RUNS runs each"
    python3 bench/first-frame.py "$STRATA" "$RUNS" "${files[@]}" > "$OUT/open-frames.jsonl"
    for f in "${files[@]}"; do
        name=$(basename "$f" .csv)
        cat "$f" >/dev/null
        log "$name: wc -l, --dump with no flags and the C floor, 3 runs each"
        hf "$OUT/open-$name.json" 3 --warmup 1 "wc -l $f" "$STRATA $f --dump --now $NOW" "$DATA/floor $f"
        rss "open-$name" "$STRATA $f --dump --now $NOW"
    done
    cut -d' ' -f1-3 /proc/loadavg > "$OUT/open.load"
    python3 - "$OUT" "$STRATA" "$NOW" "${files[@]}" <<'PY' > "$OUT/open.md"
import json, os, statistics, sys
out, strata, now, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
frames = {json.loads(l)["file"]: json.loads(l) for l in open(f"{out}/open-frames.jsonl")}
def med(name, i): return statistics.median(json.load(open(f"{out}/open-{name}.json"))["results"][i]["times"])
def fmt(ms): return f"{ms:.0f} ms" if ms < 10000 else f"{ms/1000:.1f} s"
def rows(path):
    n = os.path.basename(path)[:-4]
    return "15,778,800 (30 years, a minute apart)" if n == "y30" else f"{int(n[1:]):,}"
load = open(f"{out}/open.load").read().strip()
print(f"Opening with no flags: the first frame in a terminal (tmux, 200x50), from the launch to the app's first idle report, "
      f"and to the first that says the load has ended (medians of the runs, one warm-up); `--dump` against `wc -l` "
      f"and against the C floor, bench/floor.c: two threads that parse each row's time and value and sum them by hour, "
      f"nothing else (medians of 3); peak RSS of `--dump`. Load average right after: {load}.")
print()
print("| rows | file | first frame | load ended | `--dump` | × `wc -l` | C floor | floor × `wc -l` | × floor | peak RSS |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for path in files:
    name = os.path.basename(path)[:-4]
    wc, dump, floor = med(name, 0) * 1000, med(name, 1) * 1000, med(name, 2) * 1000
    rss = int(open(f"{out}/open-{name}.rss").read().split()[-1]) / 1024
    f = frames[path]
    print(f"| {rows(path)} | {os.path.getsize(path)/1e6:.0f} MB | {fmt(f['first_ms'])} | {fmt(f['loaded_ms'])} | {fmt(dump)} | "
          f"{dump/wc:.1f}× | {fmt(floor)} | {floor/wc:.1f}× | {dump/floor:.1f}× | {rss:.1f} MB |")
print()
print("```")
print(f"STRATA_IDLE_FILE=IDLE {strata} FILE                  # in tmux, timed by bench/first-frame.py")
print(f"{strata} FILE --dump --now {now}")
print(f"floor FILE                                          # bench/floor.c, cc -O2 -pthread")
print("```")
PY
}
if [ "$ONLY" = open ]; then
    open_bench
    cat "$OUT/open.md"
    exit 0
fi

# --- percentiles ------------------------------------------------------------------
# The 10M-row file with `--agg p99` against `--agg sum` (the same column, the
# same levels): `--dump`'s time and CPU, its peak RSS against --memory (64 MB
# unless given), and the first frame in a terminal (bench/first-frame.py).
# Targets (issue 35): load within 2× the sum's, peak RSS within --memory,
# first frame within 50 ms.
percentiles_bench() {
    local f agg
    f=$(input 10000000)
    cat "$f" >/dev/null
    log "the 10M-row file, --agg sum and --agg p99: --dump 3 runs each, then the first frame in tmux, $RUNS runs each"
    hf "$OUT/pct.json" 3 --warmup 1 "$(strata_cmd "$f") --value value --agg sum" "$(strata_cmd "$f") --value value --agg p99"
    for agg in sum p99; do
        rss "pct-$agg" "$(strata_cmd "$f") --value value --agg $agg"
        STRATA_FLAGS="--value value --agg $agg" python3 bench/first-frame.py "$STRATA" "$RUNS" "$f" > "$OUT/pct-$agg-frames.jsonl"
    done
    cut -d' ' -f1-3 /proc/loadavg > "$OUT/pct.load"
    python3 - "$OUT" "$(strata_cmd "$f")" <<'PY' > "$OUT/percentiles.md"
import json, statistics, sys
out, cmd = sys.argv[1], sys.argv[2]
results = json.load(open(f"{out}/pct.json"))["results"]
def med(i): return statistics.median(results[i]["times"])
def cpu(i): return results[i]["user"] + results[i]["system"]
def rss(agg): return int(open(f"{out}/pct-{agg}.rss").read().split()[-1]) / 1024
def frame(agg): return json.loads(open(f"{out}/pct-{agg}-frames.jsonl").readline())
def verdict(ok): return "**met**" if ok else "**missed**"
print(f"Percentiles on 10,000,000 rows: `--dump` with `--agg sum` and `--agg p99` (medians of 3, one warm-up), peak RSS, "
      f"and the first frame in tmux (200x50). Load average right after: {open(f'{out}/pct.load').read().strip()}.\n")
print("| `--agg` | `--dump` | × sum | CPU (user+sys) | × sum | peak RSS | first frame | load ended |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for i, agg in enumerate(("sum", "p99")):
    f = frame(agg)
    print(f"| {agg} | {med(i)*1000:.0f} ms | {med(i)/med(0):.2f}× | {cpu(i)*1000:.0f} ms | {cpu(i)/cpu(0):.2f}× | {rss(agg):.1f} MB | "
          f"{f['first_ms']:.0f} ms | {f['loaded_ms']:.0f} ms |")
print()
print(f"- Load within 2× the sum's: {med(1)/med(0):.2f}× — {verdict(med(1) <= 2 * med(0))}.")
print(f"- Peak RSS within --memory (64 MB): {rss('p99'):.1f} MB — {verdict(rss('p99') <= 64)}.")
print(f"- First frame within 50 ms: {frame('p99')['first_ms']:.0f} ms — {verdict(frame('p99')['first_ms'] <= 50)}.")
print(f"\n```\n{cmd} --value value --agg p99\n```")
PY
}
if [ "$ONLY" = percentiles ]; then
    percentiles_bench
    cat "$OUT/percentiles.md"
    exit 0
fi

# --- one input by every road ------------------------------------------------------
# The 10M-row file as the file, gzipped, through a pipe and gzipped through a
# pipe, with no flags: the first frame and the load's end in a terminal, `--dump`
# and its peak RSS. A pipe or gzip is copied as it is read, then the copy is read
# as the file is: the same answer, at the price shown here.
roads_bench() {
    local f gz
    f=$(input 10000000)
    gz="$f.gz"
    if [ ! -f "$gz" ] || [ "$(cat "$gz.stamp" 2>/dev/null)" != "$stamp" ]; then
        log "gzipping $f"
        gzip -c "$f" > "$gz"
        echo "$stamp" > "$gz.stamp"
    fi
    log "the 10M-row file by four roads: first frame in tmux, $RUNS runs each"
    python3 bench/first-frame.py "$STRATA" "$RUNS" "$f" "$gz" "pipe:$f" "pipe:$gz" > "$OUT/roads-frames.jsonl"
    cat "$f" "$gz" >/dev/null
    log "the 10M-row file by four roads: --dump with no flags, 3 runs each"
    hf "$OUT/roads.json" 3 --warmup 1 "$STRATA $f --dump --now $NOW" "$STRATA $gz --dump --now $NOW" \
        "cat $f | $STRATA --dump --now $NOW" "cat $gz | $STRATA --dump --now $NOW"
    rss roads-0 "$STRATA $f --dump --now $NOW"
    rss roads-1 "$STRATA $gz --dump --now $NOW"
    rss roads-2 "cat $f | $STRATA --dump --now $NOW"
    rss roads-3 "cat $gz | $STRATA --dump --now $NOW"
    cut -d' ' -f1-3 /proc/loadavg > "$OUT/roads.load"
    python3 - "$OUT" "$f" "$gz" <<'PY' > "$OUT/roads.md"
import json, os, statistics, sys
out, f, gz = sys.argv[1:]
frames = [json.loads(l) for l in open(f"{out}/roads-frames.jsonl")]
results = json.load(open(f"{out}/roads.json"))["results"]
def fmt(ms): return f"{ms:.0f} ms" if ms < 10000 else f"{ms/1000:.1f} s"
load = open(f"{out}/roads.load").read().strip()
print(f"One input by every road: the {os.path.getsize(f)/1e6:.0f} MB file of 10,000,000 rows, its `.gz` "
      f"({os.path.getsize(gz)/1e6:.0f} MB), its bytes through a pipe and its gzip through a pipe, with no flags. "
      f"First frame and load's end in a terminal (medians of the runs, as above); `--dump` (medians of 3); peak RSS of "
      f"`--dump`. A pipe or `.gz` is copied (a terminal also reads it as it comes, for its first look), then the copy is read as the file is, so all four give "
      f"the same screens and exports. Load average right after: {load}.")
print()
print("| road | first frame | load ended | `--dump` | × the file's | peak RSS |")
print("|---|---:|---:|---:|---:|---:|")
base = statistics.median(results[0]["times"])
for i, road in enumerate(["file", "`.gz`", "pipe (`cat FILE \\|`)", "gzip pipe (`cat FILE.gz \\|`)"]):
    t = statistics.median(results[i]["times"])
    rss = int(open(f"{out}/roads-{i}.rss").read().split()[-1]) / 1024
    print(f"| {road} | {fmt(frames[i]['first_ms'])} | {fmt(frames[i]['loaded_ms'])} | {fmt(t * 1000)} | {t / base:.2f}× | {rss:.1f} MB |")
PY
}
if [ "$ONLY" = roads ]; then
    roads_bench
    cat "$OUT/roads.md"
    exit 0
fi

# --- following a growing file -------------------------------------------------
# `strata -f` in tmux on a file a writer appends 100,000 rows a second to for
# 30 s (bench/follow.py): the lag from a write to the screen counting its rows,
# the CPU strata used, and its peak RSS.
follow_bench() {
    log "following a file appended at 100,000 rows/s for 30 s"
    python3 bench/follow.py "$STRATA" 100000 30 > "$OUT/follow.json"
    cut -d' ' -f1-3 /proc/loadavg > "$OUT/follow.load"
    python3 - "$OUT" "$STRATA" <<'PY' > "$OUT/follow.md"
import json, sys
out, strata = sys.argv[1], sys.argv[2]
r = json.load(open(f"{out}/follow.json"))
load = open(f"{out}/follow.load").read().strip()
def verdict(ok): return "**met**" if ok else "**missed**"
print(f"Following a file (`strata -f FILE`, no other flags, in tmux at 200x50) while a writer appends {r['rate']:,} rows a second "
      f"for {r['seconds']:.0f} s in bursts every 10 ms (bench/follow.py): the lag from a burst's write to the first idle report "
      f"that counts its rows, the CPU strata used meanwhile, and its peak RSS. Load average right after: {load}.")
print()
print("| rows written | rows shown | lag, median | lag, 99th percentile | CPU | peak RSS |")
print("|---:|---:|---:|---:|---:|---:|")
print(f"| {r['rows']:,} | {r['shown']:,} | {r['lag_median_ms']:.0f} ms | {r['lag_p99_ms']:.0f} ms | {r['cores']:.2f} cores | {r['peak_rss_mb']:.1f} MB |")
print()
print(f"- Lag at the 99th percentile at most 250 ms: {r['lag_p99_ms']:.0f} ms — {verdict(r['lag_p99_ms'] <= 250)}.")
print(f"- At most half a core: {r['cores']:.2f} — {verdict(r['cores'] <= 0.5)}.")
print(f"- Peak RSS within the 64 MB budget: {r['peak_rss_mb']:.1f} MB — {verdict(r['peak_rss_mb'] <= 64)}.")
print()
print("```")
print(f"STRATA_IDLE_FILE=IDLE {strata} -f FILE        # in tmux, timed by bench/follow.py")
print("```")
PY
}
if [ "$ONLY" = follow ]; then
    follow_bench
    cat "$OUT/follow.md"
    exit 0
fi

# --- PostgreSQL ------------------------------------------------------------------
# A table in a throwaway server, started and stopped by Tools/throwaway-postgres
# as the database tests start theirs: initdb in a temporary folder, as the
# postgres user when run as root, listening on a Unix socket there and (--tcp)
# on 127.0.0.1 at a free port; stopped and removed when this section ends, or
# when the script ends before it (an error, Ctrl-C, TERM; not KILL).
# The table: `events(time timestamptz, value float8)`, PGROWS rows 3 s apart
# from 2022-01-01 UTC, with values 0–99.99 from the row's number, an index on
# time, vacuumed and analyzed (so no autovacuum runs while it is measured). Measured:
# strata's first screen with no flags against psql running the coarse
# `GROUP BY` strata sends (as the server logged it from strata's session) and
# the simplest hand-written `GROUP BY` of the same hours (issue 35), the
# first screen with `--agg p99` (the page's percentiles asked when shown), the
# peak RSS of strata, and every byte the server sent strata, counted by
# bench/pgproxy.py between strata and the server's TCP port.
postgres_bench() {
    local bin dir port uri cmd psql_cmd hand_cmd p99_cmd proxy tcp server
    server=$(Tools/throwaway-postgres start --tcp) || exit 1
    eval "$server"   # dir, port, bin, uri; the server's log is $dir/log
    trap "Tools/throwaway-postgres stop '$dir'" EXIT
    trap 'exit 130' INT TERM
    log "PostgreSQL $("$bin/pg_config" --version | awk '{print $2}'): a throwaway server in $dir, port $port"
    log "loading $PGROWS rows into events(time timestamptz, value float8), an index on time"
    local t0=$SECONDS
    "$bin/psql" "$uri" -X -q -v ON_ERROR_STOP=1 >/dev/null <<SQL
CREATE TABLE events(time timestamptz, value float8);
INSERT INTO events SELECT timestamptz '2022-01-01 00:00:00+00' + i * interval '3 seconds', ((i * 7919) % 10000) / 100.0
    FROM generate_series(0::int8, $PGROWS - 1) AS i;
CREATE INDEX ON events(time);
VACUUM (ANALYZE) events;
SQL
    echo $((SECONDS - t0)) > "$OUT/pg-load.seconds"
    "$bin/psql" "$uri" -X -A -t -c "SELECT pg_size_pretty(pg_total_relation_size('events'))" > "$OUT/pg-size.txt"

    # strata once with its statements logged: the screen it shows, and the coarse GROUP BY it sent.
    cmd="$STRATA '$uri' --table events --dump --now $NOW"
    PGOPTIONS="-c log_statement=all" bash -c "$cmd" > "$OUT/pg-screen.txt" 2>"$OUT/pg-notes.txt"
    grep -q "hour [0-9]*/[0-9]*" "$OUT/pg-screen.txt" || { log "strata's first screen of the table is not its hours"; cat "$OUT/pg-notes.txt" >&2; exit 1; }
    sed -n 's/^.*LOG:  execute [^:]*: \(SELECT .* GROUP BY .*\)$/\1/p' "$dir/log" | grep -v '\$1' > "$OUT/pg-coarse.sql" || true
    [ "$(wc -l < "$OUT/pg-coarse.sql")" = 1 ] || { log "not one coarse GROUP BY in the server's log"; cat "$dir/log" >&2; exit 1; }
    psql_cmd="$bin/psql '$uri' -X -q -f $OUT/pg-coarse.sql"
    # The simplest statement a person would write for the same hours (the server's TimeZone is UTC, as strata's statement's).
    echo "SELECT date_trunc('hour', time), count(*), sum(value), min(value), max(value) FROM events GROUP BY 1" > "$OUT/pg-hand.sql"
    hand_cmd="$bin/psql '$uri' -X -q -f $OUT/pg-hand.sql"
    # The same first screen with a percentile: the page's asked when shown, no level's.
    p99_cmd="$cmd --agg p99"
    bash -c "$p99_cmd" > "$OUT/pg-screen-p99.txt" 2>"$OUT/pg-notes-p99.txt"
    grep -q "p99 value" "$OUT/pg-screen-p99.txt" || { log "strata's --agg p99 screen of the table shows no p99"; cat "$OUT/pg-notes-p99.txt" >&2; exit 1; }

    # One run of each a round: load that comes and goes (builds on the shared cores) falls on all alike.
    log "strata's first screen against psql's GROUP BY and the hand-written one, $RUNS rounds of one run each"
    for ((r = 1; r <= RUNS; r++)); do hf "$OUT/pg-first-$r.json" 1 "$cmd" "$psql_cmd" "$hand_cmd" "$p99_cmd"; done
    rss pg-strata "$cmd"

    # Every byte the server sent strata, through the counting proxy (which stops by itself).
    python3 bench/pgproxy.py "$port" "$OUT/pg-bytes.json" 300 > "$dir/proxy.port" &
    proxy=$!
    for _ in $(seq 100); do [ -s "$dir/proxy.port" ] && break; sleep 0.1; done
    tcp="postgresql://strata@127.0.0.1:$(cat "$dir/proxy.port")/postgres?sslmode=disable&gssencmode=disable"
    $STRATA "$tcp" --table events --dump --now $NOW > "$OUT/pg-screen-proxied.txt" 2>/dev/null
    wait "$proxy"
    cmp -s "$OUT/pg-screen.txt" "$OUT/pg-screen-proxied.txt" || { log "through the proxy strata showed another screen"; exit 1; }
    cut -d' ' -f1-3 /proc/loadavg > "$OUT/pg.load"

    Tools/throwaway-postgres stop "$dir"
    trap - EXIT INT TERM
    python3 - "$OUT" "$STRATA" "$NOW" "$PGROWS" "PostgreSQL $("$bin/pg_config" --version | awk '{print $2}')" "$bin" <<'PY' > "$OUT/postgres.md"
import json, os, statistics, sys
out, strata, now, rows, version, bindir = sys.argv[1:]
rounds = [json.load(open(f"{out}/{f}"))["results"] for f in sorted(os.listdir(out)) if f.startswith("pg-first-") and f.endswith(".json")]
def pooled(i):  # median of command i's times over all rounds, and its mean CPU (user+sys)
    return (statistics.median(t for r in rounds for t in r[i]["times"]),
            statistics.mean(r[i]["user"] + r[i]["system"] for r in rounds))
def fmt(s): return f"{s*1000:.0f} ms" if s < 10 else f"{s:.1f} s"
def verdict(ok): return "**met**" if ok else "**missed**"
(t_strata, c_strata), (t_psql, c_psql), (t_hand, c_hand), (t_p99, c_p99) = pooled(0), pooled(1), pooled(2), pooled(3)
spread = [f"{min(r[i]['times'][0] for r in rounds):.1f}–{max(r[i]['times'][0] for r in rounds):.1f} s" for i in (0, 1, 2)]
# Each round's ratio of strata's statement to the hand-written one: the rounds share their load, the medians may not.
ratios = sorted(r[1]["times"][0] / r[2]["times"][0] for r in rounds)
try: rss = int(open(f"{out}/pg-strata.rss").read().split()[-1]) / 1024
except Exception: rss = float("nan")
conns = json.load(open(f"{out}/pg-bytes.json"))["connections"]
received = sum(c["to_client"] for c in conns)
statements = [s for c in conns for s in c["statements"]]
coarse = [s for s in statements if "GROUP BY" in s["sql"] and "$1" not in s["sql"]]
pages = [s for s in statements if "GROUP BY" in s["sql"] and "$1" in s["sql"]]
rest = [s for s in statements if "GROUP BY" not in s["sql"]]
buckets = sum(s["rows"] for s in coarse + pages)
per_bucket = 5 * 8   # start (int8), count (int8), sum, min and max (float8)
shown = buckets * per_bucket
load = open(f"{out}/pg.load").read().strip()
print(f"## PostgreSQL ({int(rows):,} rows in a table)\n")
print(f"{version}, a throwaway server on this machine (`fsync=off`, otherwise its defaults), a table `events(time timestamptz, "
      f"value float8)` of {int(rows):,} rows 3 s apart from 2022-01-01 UTC, an index on time "
      f"({open(f'{out}/pg-size.txt').read().strip()} with it; loaded, indexed, vacuumed and analyzed in {open(f'{out}/pg-load.seconds').read().strip()} s). "
      f"strata's first screen with no flags (`--dump`) against `psql` running the coarse `GROUP BY` strata sends, as the server "
      f"logged it; all over the Unix socket, medians of {len(rounds)} rounds of one run of each (hyperfine), so they share "
      f"the load; beside them the simplest hand-written `GROUP BY` of the same hours. The server's time is most of each: "
      f"ranges {spread[0]} (strata), {spread[1]} (psql, strata's statement) and {spread[2]} (psql, hand-written). "
      f"Load average right after: {load}.\n")
print("| command | median | CPU (user+sys) | peak RSS | bytes from the server |")
print("|---|---:|---:|---:|---:|")
print(f"| strata first screen, no flags (`--dump`) | {fmt(t_strata)} | {fmt(c_strata)} | {rss:.1f} MB | {received:,} |")
print(f"| `psql`, the same coarse `GROUP BY` | {fmt(t_psql)} | {fmt(c_psql)} | — | — |")
print(f"| `psql`, the hand-written `GROUP BY` (below) | {fmt(t_hand)} | {fmt(c_hand)} | — | — |")
print(f"| strata first screen, `--agg p99` (`--dump`; the page's percentiles) | {fmt(t_p99)} | {fmt(c_p99)} | — | — |")
print()
print("The bytes the server sent strata, by statement (bench/pgproxy.py, between strata and the server's TCP port):\n")
print("| statements | rows | bytes |")
print("|---|---:|---:|")
print(f"| start-up, settings, the columns, a sample of the first rows, the span ({len(rest)}) | {sum(s['rows'] for s in rest):,} | "
      f"{sum(s['bytes'] for s in rest):,} |")
for s in coarse: print(f"| the coarse `GROUP BY` ({s['sql'].split(chr(39))[1]}s) | {s['rows']:,} | {s['bytes']:,} |")
for s in pages: print(f"| the page's `GROUP BY` ({s['sql'].split(chr(39))[1]}s of its period) | {s['rows']:,} | {s['bytes']:,} |")
print()
print(f"- First screen within 1.3× psql's `GROUP BY`: {t_strata / t_psql:.2f}× ({fmt(t_strata)} vs {fmt(t_psql)}) — "
      f"{verdict(t_strata <= 1.3 * t_psql)}.")
print(f"- strata's statement within 1.2× the hand-written `GROUP BY`: {t_psql / t_hand:.2f}× ({fmt(t_psql)} vs {fmt(t_hand)}; "
      f"by round {ratios[0]:.2f}–{ratios[-1]:.2f}×) — {verdict(t_psql <= 1.2 * t_hand)}.")
print(f"- Peak RSS at most 32 MB: {rss:.1f} MB — {verdict(rss <= 32)}.")
print(f"- Bytes from the server within 2× the aggregates shown: {received:,} B against {buckets:,} buckets × {per_bucket} B = "
      f"{shown:,} B, {received / shown:.2f}× — {verdict(received <= 2 * shown)}. The bytes are all the server sent on strata's "
      f"connection, start-up and sample included; the aggregates are the buckets strata received (the rows of both `GROUP BY`s) "
      f"at the size of their values in binary: start (int8), count (int8), sum, min and max (float8).")
print()
print("```sh")
print(f"{strata} 'postgresql://strata@SOCKET_DIR:PORT/postgres' --table events --dump --now {now}")
print(f"{strata} 'postgresql://strata@SOCKET_DIR:PORT/postgres' --table events --dump --now {now} --agg p99")
print(f"{bindir}/psql 'postgresql://strata@SOCKET_DIR:PORT/postgres' -X -q -f COARSE.sql   # COARSE.sql:")
print(open(f"{out}/pg-coarse.sql").read().strip())
print(f"{bindir}/psql 'postgresql://strata@SOCKET_DIR:PORT/postgres' -X -q -f HAND.sql   # HAND.sql:")
print(open(f"{out}/pg-hand.sql").read().strip())
print("```")
PY
}
if [ "$ONLY" = postgres ]; then
    postgres_bench
    cat "$OUT/postgres.md"
    exit 0
fi

# --- a JSON document ----------------------------------------------------------------
# With no flags, as auto_cmd: a pretty-printed JSON array of NJSON objects (one
# a line between `[` and `]`, about 1 GB) against the same objects as JSON
# Lines and against `wc -l` on the array; and the peak RSS of each.
json_bench() {
    local array lines
    array=$(input "$NJSON" json)
    lines=$(input "$NJSON" jsonl)
    $(auto_cmd "$array") 2> "$OUT/json-check.txt" >/dev/null
    grep -q "input: JSON array (" "$OUT/json-check.txt" || { log "$array is not read as a JSON array"; cat "$OUT/json-check.txt" >&2; exit 1; }
    cat "$array" "$lines" >/dev/null
    log "JSON, $NJSON records: wc -l, the array and JSON Lines with no flags, $RUNS runs each"
    hf "$OUT/json.json" "$RUNS" --warmup 1 "wc -l $array" "$(auto_cmd "$array")" "$(auto_cmd "$lines")"
    rss json-array "$(auto_cmd "$array")"
    rss json-lines "$(auto_cmd "$lines")"
    cut -d' ' -f1-3 /proc/loadavg > "$OUT/json.load"
    python3 - "$OUT" "$STRATA" "$NOW" "$array" "$lines" "$(head -2 "$array" | tail -1)" <<'PY' > "$OUT/json.md"
import json, os, statistics, sys
out, strata, now, array, lines, example = sys.argv[1:]
r = json.load(open(f"{out}/json.json"))["results"]
def med(i): return statistics.median(r[i]["times"])
def cpu(i): return r[i]["user"] + r[i]["system"]
def fmt(s): return f"{s*1000:.0f} ms" if s < 10 else f"{s:.1f} s"
def rss(name): return int(open(f"{out}/{name}.rss").read().split()[-1]) / 1024
def verdict(ok): return "**met**" if ok else "**missed**"
records = sum(1 for _ in open(lines, "rb"))
load = open(f"{out}/json.load").read().strip()
print(f"## A JSON document ({records:,} records)\n")
print(f"With no flags: a pretty-printed JSON array, one object a line between `[` and `]` (`{example.strip()}`), "
      f"against the same objects as JSON Lines and against `wc -l` on the array. Medians of {len(r[0]['times'])} runs "
      f"(one warm-up, files in the page cache). Load average right after: {load}.\n")
print("| input | file | command | median | × `wc -l` | × JSON Lines | CPU (user+sys) | peak RSS |")
print("|---|---:|---|---:|---:|---:|---:|---:|")
wc, arr, jl = med(0), med(1), med(2)
for i, (what, path, cmd, name) in enumerate([("array", array, "`wc -l`", None), ("array", array, "strata, no flags", "json-array"),
                                           ("JSON Lines", lines, "strata, no flags", "json-lines")]):
    peak = "—" if name is None else f"{rss(name):.1f} MB"
    print(f"| {what} | {os.path.getsize(path)/1e6:.0f} MB | {cmd} | {fmt(med(i))} | {med(i)/wc:.1f}× | {med(i)/jl:.2f}× | {fmt(cpu(i))} | {peak} |")
print()
print(f"- The array within 1.5× its JSON Lines twin: {arr/jl:.2f}× ({fmt(arr)} vs {fmt(jl)}) — {verdict(arr <= 1.5 * jl)}.")
for what, name in [("the array", "json-array"), ("JSON Lines", "json-lines")]:
    print(f"- Peak RSS of {what} within the 64 MB budget: {rss(name):.1f} MB — {verdict(rss(name) <= 64)}.")
print()
print("```sh")
print(f"bench/data/gen {records} FILE json      # or jsonl")
print(f"wc -l FILE")
print(f"{strata} FILE --dump --now {now}")
print("```")
PY
}
if [ "$ONLY" = json ]; then
    json_bench
    cat "$OUT/json.md"
    exit 0
fi

# --- six series at once ----------------------------------------------------------
# The same `time,value` rows dealt round six series (`s0`…`s5`), which open
# stacked. The same moves (no `a`: the aggregate stays a sum) after `s` on one
# series' bars (all six combined), and after `c` on the six overlaid as lines; per key, less the run
# with no keys. On the small and the largest file: the cost must not grow with the data.
charts() {
    local f n six base
    local moves="end left*40 down left*20 down left*10 up up right*30 pgup*10 pgdn*10 home right*30 end left*20 right*18 left*5"
    local keys="" i
    for ((i = 0; i < NKEYS / 200; i++)); do keys+="$moves "; done
    printf 's %s\n' "$keys" > "$OUT/charts-bars.txt"
    printf 'c %s\n' "$keys" > "$OUT/charts-overlay.txt"
    for f in "$small" "$big"; do
        n=$(basename "$f" .csv); n=${n#t}
        six="$DATA/t${n}s6.csv"
        if [ ! -f "$six" ] || [ "$(cat "$six.stamp" 2>/dev/null)" != "$stamp" ]; then
            log "generating $six"
            awk -F, 'NR == 1 { print "time,series,value"; next } { print $1 ",s" (NR % 6) "," $2 }' "$f" > "$six"
            echo "$stamp" > "$six.stamp"
        fi
        base="$STRATA $six --series series --value value --frames --size 200x60 --levels day,week,month --tz UTC --now $NOW"
        $base --keys "c" > "$OUT/charts-check.txt" 2>/dev/null
        grep -q "all 6 ·" "$OUT/charts-check.txt" || { log "the overlay of $six does not show six series"; exit 1; }
        log "charts, $n rows: $NKEYS keys on one series' bars, the same on six overlaid lines, and no keys"
        hf "$OUT/charts-$n.json" "$RUNS" "$base --keys-file $OUT/charts-bars.txt" "$base --keys-file $OUT/charts-overlay.txt" \
            "$base --keys ''"
    done
    cut -d' ' -f1-3 /proc/loadavg > "$OUT/charts.load"
}

# BENCH_ONLY=card: only the card's rows, below; BENCH_ONLY=charts: only the charts'.
largest=$(echo $SIZES | tr ' ' '\n' | sort -n | tail -1)
big=$(input "$largest") small= wide=
if [ "$ONLY" = charts ]; then
    small=$(input 10000)
    charts
elif [ "$ONLY" != card ]; then
    # --- side by side -------------------------------------------------------------
    for n in $SIZES; do
        f=$(input "$n")
        cat "$f" >/dev/null   # the page cache holds it for every command alike
        cmds=("wc -l $f" "$(strata_cmd "$f")" "$(awk_cmd "$f")")
        names=(wc strata awk)
        if [ "$HAVE_PANDAS" != 0 ]; then cmds+=("$(pandas_cmd "$f")"); names+=(pandas); fi
        log "$n rows: ${names[*]}, $RUNS runs each"
        hf "$OUT/side-$n.json" "$RUNS" --warmup 1 "${cmds[@]}"
        for i in "${!cmds[@]}"; do rss "${names[$i]}-$n" "${cmds[$i]}"; done
    done

    # --- the largest size: no flags, and eight value columns against one ------------
    wide=$(input "$largest" 8)
    cat "$big" "$wide" >/dev/null
    log "no flags, and 8 columns against 1: $RUNS runs each"
    # The same flags on both files: no --value, so strata counts rows and loads every numeric column.
    hf "$OUT/wide.json" "$RUNS" --warmup 1 "$(auto_cmd "$big")" "$(strata_cmd "$big")" "$(strata_cmd "$wide")"
    rss auto "$(auto_cmd "$big")"
    rss wide "$(strata_cmd "$wide")"

    # --- per-key cost -------------------------------------------------------------
    # The pager's mix of keys (see `block` above), repeated.
    keys=""
    for ((i = 0; i < NKEYS / 200; i++)); do keys+="$block "; done
    printf '%s\n' "$keys" > "$OUT/keys.txt"
    # The same number of keys in the overview: strips moved, sections changed, the aggregate cycled.
    oblock="end left*40 down left*20 down left*10 up up right*30 pgup*10 pgdn*10 home right*30 a*5 end left*20 right*18"
    okeys="o "
    for ((i = 0; i < NKEYS / 200; i++)); do okeys+="$oblock "; done
    printf '%s\n' "$okeys" > "$OUT/keys-overview.txt"
    # And in the map of the day level: the cursor moved by cells and screens, the aggregate cycled.
    mblock="end left*5 up*40 right*10 down*20 left*10 pgup*10 pgdn*10 home right*20 a*5 end left*20 up*30 right*17"
    mkeys="m "
    for ((i = 0; i < NKEYS / 200; i++)); do mkeys+="$mblock "; done
    printf '%s\n' "$mkeys" > "$OUT/keys-map.txt"
    small=$(input 10000)
    for f in "$small" "$big"; do
        n=$(basename "$f" .csv); n=${n#t}
        base="$STRATA $f --frames --size 200x60 --levels day,week,month --tz UTC --now $NOW"
        log "per-key cost, $n rows: $NKEYS keys vs 0 keys"
        hf "$OUT/keys-$n.json" "$RUNS" "$base --keys-file $OUT/keys.txt" "$base --keys ''" "$base --keys-file $OUT/keys-overview.txt" \
            "$base --keys-file $OUT/keys-map.txt"
        # How much each frame draws (bar cells), from 5 blocks of the same keys.
        $base --keys "$(printf '%s ' $block $block $block $block $block)" 2>/dev/null | python3 -c '
import sys
t = sys.stdin.buffer.read().decode()
print(sum(t.count(c) for c in "▁▂▃▄▅▆▇█") // max(1, t.count("--- frame ")))' > "$OUT/cells-$n.txt"
    done
    intervals
    charts
fi
[ "$ONLY" = charts ] || card

# --- the table ----------------------------------------------------------------
LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
python3 - "$OUT" "$NKEYS" "$HAVE_PANDAS" "$RUNS" "$NOW" "$STRATA" "$(awk_cmd FILE)" "$(pandas_cmd FILE)" \
    "$(nproc)" "$(free -h | awk '/^Mem:/{print $2}')" "$(swift --version 2>/dev/null | head -1)" \
    "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')" "$SIZES" "$small" "$big" "$LOAD" "$wide" \
    "$AT" "$ONLY" <<'PY' > "$(case "$ONLY" in card) echo "$OUT/card.md" ;; charts) echo "$OUT/charts.md" ;; *) echo bench/RESULTS.md ;; esac)"
import json, os, statistics, sys, datetime
out, nkeys, have_pandas, runs, now, strata, awk_cmd, pandas_cmd, ncpu, mem, swift, cpu, sizes, small, big, load, wide, \
    at, only = sys.argv[1:]
nkeys = int(nkeys)
def med(path, i):
    r = json.load(open(path))["results"][i]
    return statistics.median(r["times"])
def cputime(path, i):
    r = json.load(open(path))["results"][i]
    return r["user"] + r["system"]
def rss(name):
    try: return int(open(f"{out}/{name}.rss").read().split()[-1])
    except Exception: return None
def fmt(s): return f"{s*1000:.0f} ms" if s < 10 else f"{s:.1f} s"
def mb(kb): return "—" if kb is None else f"{kb/1024:.1f} MB"
def verdict(ok): return "**met**" if ok else "**missed**"
P = print
# Six overlaid series against one series' bars, per key, on each file measured.
charts = {}
for f in sorted(os.listdir(out)):
    if f.startswith("charts-") and f.endswith(".json"):
        path = f"{out}/{f}"
        bars, overlay, none = med(path, 0), med(path, 1), med(path, 2)
        charts[int(f[len("charts-"):-len(".json")])] = ((bars - none) / nkeys * 1e6, (overlay - none) / nkeys * 1e6)
def charts_table(alone=""):
    P(f"Six series at once{alone}: {nkeys:,} replayed moves with `--frames --size 200x60` on `time,series,value` rows "
      "(the rows of the `time,value` file dealt round six series), after `s` on one series' bars (all six combined, `sum`), and after "
      "`c` on the six overlaid as lines; per key, less the run with no keys. Load average right after: "
      f"{open(f'{out}/charts.load').read().strip()}.\n")
    P("| rows | one series' bars, per key | six overlaid lines, per key | × bars |")
    P("|---:|---:|---:|---:|")
    for n, (bars, overlay) in sorted(charts.items()):
        P(f"| {n:,} | {bars:.1f} µs | {overlay:.1f} µs | {overlay / bars:.2f}× |")
def charts_target():
    worst = max(overlay / bars for bars, overlay in charts.values())
    P(f"- A key with six overlaid series within 2× one series' bars: at most {worst:.2f}× — {verdict(worst <= 2)}.")
if only == "charts":
    charts_table(f" (measured alone, {datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}, `BENCH_ONLY=charts`)")
    P(); charts_target()
    sys.exit()
# The card's rows: (with the card, without, gap) per level; the same table and
# target line whether the whole bench ran or only this part (BENCH_ONLY=card).
rounds = [json.load(open(f"{out}/{f}"))["results"] for f in sorted(os.listdir(out)) if f.startswith("card-") and f.endswith(".json")]
def pooled(i):  # median of command i's times over all rounds, and its mean CPU (user+sys)
    return (statistics.median(t for r in rounds for t in r[i]["times"]),
            statistics.mean(r[i]["user"] + r[i]["system"] for r in rounds))
card = {}
for i, lvl in enumerate(("day", "month")):
    (a, ca), (b, cb) = pooled(2 * i), pooled(2 * i + 1)
    card[lvl] = (a, b, a - b, ca - cb)
card_runs = sum(len(r[0]["times"]) for r in rounds)
def card_table(alone=""):
    P(f"Opening the card's rows{alone} on {int(os.path.basename(big)[1:-4]):,} rows: the first screen with "
      f"`--at {at} --level LEVEL --keys enter` (the period's card, its rows read back from the file, at most "
      f"2,000) against the same with no keys. Medians of {card_runs} runs: hyperfine called once per round, two runs "
      f"of each of the four commands a round, so the four share the load; CPU is the mean user+sys. Load average "
      f"right after: {open(f'{out}/card.load').read().strip()}.\n")
    P("| level | card (`--keys enter`) | no keys | card rows over load | the same in CPU |")
    P("|---|---:|---:|---:|---:|")
    for lvl, (a, b, gap, cpu_gap) in card.items():
        P(f"| {lvl} | {fmt(a)} | {fmt(b)} | {gap*1000:+.0f} ms | {cpu_gap*1000:+.0f} ms |")
def card_target():
    P(f"- Opening a card's rows within 50 ms of the load: {card['day'][2]*1000:+.0f} ms (day), "
      f"{card['month'][2]*1000:+.0f} ms (month) — {verdict(max(g[2] for g in card.values()) <= 0.050)}.")
if only == "card":
    card_table(f" (measured alone, {datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}, `BENCH_ONLY=card`)")
    P(); card_target()
    sys.exit()
names = ["wc", "strata", "awk"] + (["pandas"] if have_pandas != "0" else [])
label = {"wc": "`wc -l`", "strata": "strata first screen (`--dump`)", "awk": "awk + gnuplot",
         "pandas": f"pandas {have_pandas} (read_csv + resample)"}
P(f"# strata benchmarks\n")
P(f"Run {datetime.datetime.now().strftime('%Y-%m-%d %H:%M')} with `make bench` (`bench/run.sh`): "
  f"{ncpu} cores ({cpu}), {mem} RAM, {swift}. Medians of {runs} runs (hyperfine; one warm-up run for the side-by-side commands, "
  f"files in the page cache); CPU is the mean user+sys time (above the median: more than one core); peak RSS from `/usr/bin/time -f %M` (for a pipeline: its largest process). "
  f"Load average at the end: {load} (the machine is shared with builds, which adds noise).\n")
P("| rows | file | command | median | × `wc -l` | × strata | CPU (user+sys) | peak RSS |")
P("|---:|---:|---|---:|---:|---:|---:|---:|")
checks = []
for n in sizes.split():
    path = f"{out}/side-{n}.json"
    t = {name: med(path, i) for i, name in enumerate(names)}
    c = {name: cputime(path, i) for i, name in enumerate(names)}
    size = os.path.getsize(f"bench/data/t{n}.csv") / 1e6
    for name in names:
        P(f"| {int(n):,} | {size:.0f} MB | {label[name]} | {fmt(t[name])} | {t[name]/t['wc']:.1f}× | "
          f"{t[name]/t['strata']:.2f}× | {fmt(c[name])} | {mb(rss(f'{name}-{n}'))} |")
    checks.append((n, t, rss(f"strata-{n}")))
P()
k = {}
for f in (small, big):
    n = os.path.basename(f)[1:-4]
    path = f"{out}/keys-{n}.json"
    with_keys, without, overview, heatmap = med(path, 0), med(path, 1), med(path, 2), med(path, 3)
    k[n] = (with_keys, without, (with_keys - without) / nkeys * 1e6, (overview - without) / nkeys * 1e6,
            (heatmap - without) / nkeys * 1e6)
P(f"Per-key cost: {nkeys:,} replayed keys with `--frames --size 200x60` (a frame rendered per key) "
  f"minus the same run with no keys, over {nkeys:,}:\n")
P("| rows | with keys | no keys | per key | bar cells per frame | per key in the overview (`o`, then the same keys) "
  "| per key in the map (`m`, then MAP_KEYS) |")
P("|---:|---:|---:|---:|---:|---:|---:|")
for n, (a, b, us, ous, mus) in k.items():
    try: cells = open(f"{out}/cells-{n}.txt").read().strip()
    except Exception: cells = "—"
    P(f"| {int(n):,} | {fmt(a)} | {fmt(b)} | {us:.1f} µs | {cells} | {ous:.1f} µs | {mus:.1f} µs |")
P("\nThe big file's charts are denser (more bar cells per frame, last column), which costs drawing "
  "time whatever the row count.")
nbig = os.path.basename(big)[1:-4]
wj = f"{out}/wide.json"
t_auto, t_one, t_wide = med(wj, 0), med(wj, 1), med(wj, 2)
c_auto, c_one, c_wide = cputime(wj, 0), cputime(wj, 1), cputime(wj, 2)
P()
P(f"The first screen with no flags, and with eight value columns, on {int(nbig):,} rows (one hyperfine run, "
  "so the three are measured together):\n")
P("| file | command | median | × one column | CPU (user+sys) | peak RSS |")
P("|---:|---|---:|---:|---:|---:|")
P(f"| {os.path.getsize(big)/1e6:.0f} MB | strata, no flags (`--dump --now`) | {fmt(t_auto)} | {t_auto/t_one:.2f}× | {fmt(c_auto)} | {mb(rss('auto'))} |")
P(f"| {os.path.getsize(big)/1e6:.0f} MB | strata first screen, `time,value` | {fmt(t_one)} | 1.00× | {fmt(c_one)} | {mb(rss(f'strata-{nbig}'))} |")
P(f"| {os.path.getsize(wide)/1e6:.0f} MB | strata first screen, `time,v1,…,v8` | {fmt(t_wide)} | {t_wide/t_one:.2f}× | {fmt(c_wide)} | {mb(rss('wide'))} |")
P()
card_table()
P()
charts_table()
(ns, (_, _, us_small, _, _)), (nb, (_, _, us_big, ous_big, mus_big)) = list(k.items())[0], list(k.items())[-1]
ratio = us_big / us_small if us_small > 0 else float("nan")
P()
n, t, r = checks[-1]
P(f"## Targets ({int(n):,} rows)\n")
P(f"- First screen within 10× `wc -l`: {t['strata']/t['wc']:.1f}× "
  f"({fmt(t['strata'])} vs {fmt(t['wc'])}) — {verdict(t['strata'] <= 10 * t['wc'])}.")
P(f"- At least 5× faster than awk + gnuplot: {t['awk']/t['strata']:.2f}× "
  f"({fmt(t['strata'])} vs {fmt(t['awk'])}) — {verdict(t['awk'] >= 5 * t['strata'])}.")
P(f"- Peak RSS at most 32 MB: {mb(r)} — {verdict(r is not None and r <= 32 * 1024)}.")
P(f"- Key cost flat in data size: {us_big:.1f} µs/key on {int(nb):,} rows vs {us_small:.1f} µs/key on "
  f"{int(ns):,} rows, {ratio:.2f}× — {verdict(ratio <= 1.5)} (≈ 1× wanted; ≤ 1.5× counted as flat).")
P(f"- A key in the overview costs no more than one in the pager: {ous_big:.1f} µs vs {us_big:.1f} µs on "
  f"{int(nb):,} rows — {verdict(ous_big <= us_big * 1.1)} (within the 10% this machine's noise allows).")
P(f"- A key in the map costs no more than one in the pager: {mus_big:.1f} µs vs {us_big:.1f} µs on "
  f"{int(nb):,} rows — {verdict(mus_big <= us_big * 1.1)} (within the 10% this machine's noise allows).")
rw = rss("wide")
P(f"- Eight value columns within 2× one: {t_wide/t_one:.2f}× ({fmt(t_wide)} vs {fmt(t_one)}) — {verdict(t_wide <= 2 * t_one)}.")
P(f"- Eight value columns in at most 64 MB: {mb(rw)} — {verdict(rw is not None and rw <= 64 * 1024)}.")
card_target()
charts_target()
P(f"- No flags: {fmt(t_auto)}, {mb(rss('auto'))} (no target; the cost of the picks, see the table above).")
if have_pandas == "0":
    P("\npandas is not installed for python3, so its row is left out.")
P("\n## Commands\n")
P("Inputs: `bench/gen.c` writes `time,value` rows, ISO-8601 UTC times in order over 2020–2022, values "
  "0–99.99 (`2020-01-01T00:00:14Z,11.17`); the same row count always gives the same bytes. `gen ROWS OUT 8` "
  "writes `time,v1,…,v8` rows the same way (the eight-column file).\n")
P("```sh")
P(f"wc -l FILE")
P(f"{strata} FILE --dump --levels day,week,month --tz UTC --now {now}   # also on the eight-column file")
P(f"{strata} FILE --dump --now {now}   # no flags")
P(f"{strata} FILE --dump --levels day,week,month --tz UTC --now {now} --at {at} --level LEVEL --keys enter   # the card; also with no keys")
P(awk_cmd)
if have_pandas != "0": P(pandas_cmd)
P(f"# per key (KEYS: {nkeys // 200} × \"end left*40 down left*20 down left*10 up up right*30 pgup*10 pgdn*10 "
  "home right*30 a*5 end left*20 right*18\")")
P(f"{strata} FILE --frames --size 200x60 --levels day,week,month --tz UTC --now {now} --keys-file KEYS > /dev/null")
P(f"{strata} FILE --frames --size 200x60 --levels day,week,month --tz UTC --now {now} --keys-file OVERVIEW_KEYS > /dev/null   # \"o\", then KEYS")
P(f"{strata} FILE --frames --size 200x60 --levels day,week,month --tz UTC --now {now} --keys-file MAP_KEYS > /dev/null   "
  "# \"m\", then \"end left*5 up*40 right*10 down*20 left*10 pgup*10 pgdn*10 home right*20 a*5 end left*20 up*30 right*17\" repeated")
P(f"{strata} FILE --frames --size 200x60 --levels day,week,month --tz UTC --now {now} --keys '' > /dev/null")
P("```")
PY
case "$ONLY" in
card) cat "$OUT/card.md" ;;
charts) cat "$OUT/charts.md" ;;
*) open_bench
   percentiles_bench
   roads_bench
   follow_bench
   postgres_bench
   json_bench
   cat "$OUT/intervals.md" "$OUT/open.md" "$OUT/percentiles.md" "$OUT/roads.md" "$OUT/follow.md" "$OUT/postgres.md" "$OUT/json.md" \
       >> bench/RESULTS.md; cat bench/RESULTS.md ;;
esac
