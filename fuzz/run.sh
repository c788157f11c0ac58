#!/usr/bin/env bash
# `make fuzz`: libFuzzer (with AddressSanitizer) over the readers, every
# format, and the time-format detector and parser (Sources/StrataFuzz).
# Bounded in time: FUZZ_SECONDS (default 60). FUZZ_JOBS > 1 runs that many
# workers (libFuzzer -fork); FUZZ_KEEP_GOING=1 goes on after a crash to
# collect several. Exits non-zero on a crash and leaves the input
# in fuzz/corpus/crashes/; reproduce it with
#   .build-fuzz/release/StrataFuzz fuzz/corpus/crashes/crash-…      (fuzzer build)
#   swift build --product StrataFuzz && .build/debug/StrataFuzz FILE (plain build)
# then add it to Tests/StrataDataTests/FuzzRegressionTests.swift.
#
# The corpus (fuzz/corpus/inputs, git-ignored) grows from run to run; it is
# seeded from fuzz/seeds/ and from slices of ../shared/data/*.
set -euo pipefail
cd "$(dirname "$0")/.."

SECS=${FUZZ_SECONDS:-60}
JOBS=${FUZZ_JOBS:-1}
SCRATCH=.build-fuzz
BIN=$SCRATCH/release/StrataFuzz
CORPUS=fuzz/corpus/inputs
CRASHES=fuzz/corpus/crashes
log() { printf '\033[1mfuzz:\033[0m %s\n' "$*" >&2; }

# --- build: -D STRATA_FUZZING gives libFuzzer's entry point instead of main --
FLAGS=(-Xswiftc -D -Xswiftc STRATA_FUZZING -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
log "building StrataFuzz (release, -sanitize=fuzzer,address, $SCRATCH)"
mkdir -p "$CORPUS" "$CRASHES"
for try in 1 2 3 4 5; do
    if swift build -c release --scratch-path "$SCRATCH" --product StrataFuzz "${FLAGS[@]}" \
        >fuzz/corpus/build.log 2>&1; then break; fi
    # Other engineers may be mid-edit: an unrelated file can fail to compile for a moment.
    [ "$try" = 5 ] && { cat fuzz/corpus/build.log >&2; exit 1; }
    log "build failed (try $try), retrying in 20 s"; sleep 20
done

# --- seeds --------------------------------------------------------------------
cp -n fuzz/seeds/* "$CORPUS"/ 2>/dev/null || true
for f in ../shared/data/*; do
    [ -f "$f" ] || continue
    name=$(basename "$f")
    [ -f "$CORPUS/shared-$name-head" ] && continue
    head -n 12 "$f" > "$CORPUS/shared-$name-head"
    tail -n 8 "$f" > "$CORPUS/shared-$name-tail"
    sed -n '1p;200,210p' "$f" > "$CORPUS/shared-$name-middle"
    head -n 6 "$f" | tr ',' '\t' > "$CORPUS/shared-$name-tabs"
    head -n 6 "$f" | tr ',' ';' | sed 's/$/\r/' > "$CORPUS/shared-$name-crlf"
done
log "corpus: $(ls "$CORPUS" | wc -l) inputs; fuzzing for ${SECS}s, $JOBS job(s)"

# --- fuzz -----------------------------------------------------------------------
ARGS=(-max_total_time="$SECS" -max_len=4096 -timeout=10 -rss_limit_mb=2048
      -dict=fuzz/strata.dict -artifact_prefix="$CRASHES/" -print_final_stats=1)
# FUZZ_KEEP_GOING=1: go on after a crash (fork mode), to collect more than the first.
if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then
    ARGS+=(-fork="$JOBS" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
elif [ "$JOBS" -gt 1 ]; then
    ARGS+=(-fork="$JOBS")
fi
before=$(ls "$CRASHES" | wc -l)
status=0
"$BIN" "${ARGS[@]}" "$CORPUS" 2> fuzz/corpus/last-run.log || status=$?
grep -E '^(#[0-9]+[[:space:]]+DONE|stat::|==[0-9]+==ERROR|SUMMARY)' fuzz/corpus/last-run.log >&2 || true
after=$(ls "$CRASHES" | wc -l)
if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
    log "CRASH (libFuzzer exit $status); full log: fuzz/corpus/last-run.log"
    ls -t "$CRASHES" | head -5 | sed "s|^|  $CRASHES/|" >&2
    log "reproduce: $BIN <file>   — then add it to Tests/StrataDataTests/FuzzRegressionTests.swift"
    exit $(( status == 0 ? 1 : status ))
fi
log "no crash"
