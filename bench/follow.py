#!/usr/bin/env python3
"""Following a growing file: `follow.py STRATA RATE SECONDS`.

strata follows a CSV (`strata -f FILE`, no other flags) in a tmux pane
(200x50), saying how many rows it has on screen through STRATA_IDLE_FILE
(`idle N following R`). A writer appends RATE rows a second for SECONDS,
in bursts every 10 ms, each row a second after the one before. Reported:
the lag from each burst's write to the first idle report counting its
rows (median and 99th percentile), the CPU strata used over the run (in
cores), and its peak RSS. Prints one JSON object."""
import json, os, statistics, subprocess, sys, tempfile, threading, time

START = 1_767_225_600  # 2026-01-01T00:00:00Z


def rows(first, count):
    return "".join(f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(START + k))},{k % 97}\n"
                   for k in range(first, first + count))


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"): return int(line.split()[1])
    return 0


def main():
    strata, rate, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    with tempfile.TemporaryDirectory(prefix="strata-follow-") as scratch:
        path, idle = os.path.join(scratch, "app.csv"), os.path.join(scratch, "idle")
        initial = 10_000
        with open(path, "w") as f: f.write("time,value\n" + rows(0, initial))
        socket = os.path.join(scratch, "tmux.sock")
        pidfile = os.path.join(scratch, "pid")
        cmd = f"echo $$ > '{pidfile}'; STRATA_IDLE_FILE='{idle}' exec '{strata}' -f '{path}' 2>/dev/null"
        subprocess.run(["tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "50",
                        "env", "TERM=xterm-256color", "sh", "-c", cmd], check=True)
        try:
            def shown():
                try:
                    with open(idle) as f: text = f.read().split()
                except FileNotFoundError:
                    return None
                return int(text[3]) if len(text) == 4 and text[2] == "following" else None

            deadline = time.time() + 60
            while shown() != initial:
                if time.time() > deadline: raise SystemExit("follow: strata never showed the first rows")
                time.sleep(0.005)
            with open(pidfile) as f: pid = int(f.read())
            writes = []  # (time written, rows in the file then)

            def write():
                burst = max(1, rate // 100)
                total, began = initial, time.time()
                with open(path, "a") as f:
                    while time.time() - began < seconds:
                        f.write(rows(total, burst))
                        f.flush()
                        total += burst
                        writes.append((time.time(), total))
                        time.sleep(max(0, began + (total - initial) / rate - time.time()))

            cpu_before, began = cpu_seconds(pid), time.time()
            writer = threading.Thread(target=write)
            writer.start()
            seen = []  # (time, rows on screen)
            while writer.is_alive() or (seen and writes and seen[-1][1] < writes[-1][1] and time.time() - writes[-1][0] < 30):
                n = shown()
                if n is not None and (not seen or n != seen[-1][1]): seen.append((time.time(), n))
                time.sleep(0.002)
            writer.join()
            wall, cpu = time.time() - began, cpu_seconds(pid) - cpu_before
            lags, k = [], 0
            for written_at, total in writes:
                while k < len(seen) and seen[k][1] < total: k += 1
                if k == len(seen): break
                lags.append(max(0.0, seen[k][0] - written_at))
            lags.sort()
            print(json.dumps({"rate": rate, "seconds": seconds, "rows": writes[-1][1] - initial if writes else 0,
                              "shown": seen[-1][1] - initial if seen else 0, "bursts": len(writes), "measured": len(lags),
                              "lag_median_ms": statistics.median(lags) * 1000 if lags else None,
                              "lag_p99_ms": lags[min(len(lags) - 1, int(len(lags) * 0.99))] * 1000 if lags else None,
                              "cores": cpu / wall, "peak_rss_mb": peak_rss_kb(pid) / 1024}))
        finally:
            subprocess.run(["tmux", "-S", socket, "kill-server"], stderr=subprocess.DEVNULL)


main()
