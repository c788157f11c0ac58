#!/usr/bin/env python3
"""The first frame in a real terminal: `first-frame.py STRATA RUNS FILE...`.

For each file, RUNS times: strata opens it with no flags in a tmux pane
(200x50) and says when it is idle through STRATA_IDLE_FILE. Reported per
file, as medians in milliseconds from the launch (a timestamp the pane's
shell writes just before it execs strata): the first idle report (the
first frame on screen, keys live) and the first report without `loading`
(every row read). Prints one JSON object per file. `pipe:FILE` sends
FILE's bytes through a pipe (`cat FILE | strata`). STRATA_FLAGS, when set,
is added after the file (`--value value --agg p99`)."""
import json, os, statistics, subprocess, sys, tempfile, time

FLAGS = os.environ.get("STRATA_FLAGS", "")

def one(strata, path, scratch):
    idle = os.path.join(scratch, "idle")
    start = os.path.join(scratch, "start")
    for f in (idle, start):
        if os.path.exists(f): os.remove(f)
    one.runs = getattr(one, "runs", 0) + 1
    socket = os.path.join(scratch, f"tmux-{one.runs}.sock")  # a server of its own: the last one may still be going
    if path.startswith("pipe:"):
        cmd = f"date +%s%N > '{start}'; cat '{path[5:]}' | STRATA_IDLE_FILE='{idle}' '{strata}' {FLAGS} 2>/dev/null"
    else:
        cmd = f"date +%s%N > '{start}'; STRATA_IDLE_FILE='{idle}' exec '{strata}' '{path}' {FLAGS} 2>/dev/null"
    subprocess.run(["tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "50",
                    "env", "TERM=xterm-256color", "sh", "-c", cmd], check=True)
    first = loaded = None
    deadline = time.time() + 600
    try:
        while loaded is None and time.time() < deadline:
            try:
                with open(idle) as f: text = f.read()
            except FileNotFoundError:
                text = ""
            if text.startswith("idle"):
                now = time.time_ns()
                if first is None: first = now
                if "loading" not in text: loaded = now
            time.sleep(0.0005)
        with open(start) as f: launched = int(f.read())
    finally:
        subprocess.run(["tmux", "-S", socket, "kill-server"], stderr=subprocess.DEVNULL)
    if first is None or loaded is None: raise SystemExit(f"first-frame: {path}: no idle report within 600 s")
    return (first - launched) / 1e6, (loaded - launched) / 1e6

def main():
    strata, runs, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    with tempfile.TemporaryDirectory(prefix="strata-first-frame-") as scratch:
        for path in files:
            one(strata, path, scratch)  # warm-up: the file in the page cache
            results = [one(strata, path, scratch) for _ in range(runs)]
            print(json.dumps({"file": path, "bytes": os.path.getsize(path.removeprefix("pipe:")),
                              "first_ms": statistics.median(r[0] for r in results),
                              "loaded_ms": statistics.median(r[1] for r in results)}), flush=True)

main()
