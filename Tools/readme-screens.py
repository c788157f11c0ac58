#!/usr/bin/env python3
"""Recaptures the screens in README.md from the built app.

Each screen in the README follows a comment that says how it was made:

    <!-- screen: seattle-weather.csv --keys ': 2 0 1 2 - W 1 0 enter' -->

The arguments are passed to `.build/debug/strata ... --dump`, run in
Tests/Fixtures with TZ=UTC, and the fenced block after the comment is
replaced with what it printed. `make readme-screens` runs it.

One screen cannot come from a dump, which waits for the whole input: the
screen of a load still running. After `<!-- loading-screen: ... -->`, the
app opens 400,000 readings a minute apart (made here, in a temporary
folder) in an 80x24 tmux pane with STRATA_READ_DELAY_MS=300, and the pane
is captured a second after the app first says it is idle while loading.
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "debug", "strata")
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
MARK = re.compile(r"<!-- screen: (.*?) -->\n```\n.*?```\n", re.S)
LOADING_MARK = re.compile(r"<!-- loading-screen: (.*?) -->\n```\n.*?```\n", re.S)


def capture(arguments: str) -> str:
    env = dict(os.environ, TZ="UTC", LANG="C.UTF-8")
    run = subprocess.run([BINARY, *shlex.split(arguments), "--dump"], cwd=FIXTURES, env=env,
                         capture_output=True, text=True, check=True)
    return run.stdout


def capture_loading() -> str:
    with tempfile.TemporaryDirectory(prefix="strata-readme-") as folder:
        data = os.path.join(folder, "readings.csv")
        with open(data, "w") as f:
            f.write("time,level\n")
            f.writelines(f"{1654041600 + i * 60},{i % 613}\n" for i in range(400_000))
        idle, socket = os.path.join(folder, "idle"), os.path.join(folder, "tmux")
        command = (f"cd '{folder}' && LANG=C.UTF-8 TZ=UTC STRATA_IDLE_FILE='{idle}' STRATA_READ_DELAY_MS=300 "
                   f"'{BINARY}' readings.csv --no-animation 2>/dev/null; sleep 60")
        subprocess.run(["tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24",
                        "sh", "-c", command], check=True)
        try:
            deadline = time.time() + 30
            while time.time() < deadline:
                if os.path.exists(idle) and open(idle).read() == "idle 0 loading\n":
                    break
                time.sleep(0.01)
            else:
                raise SystemExit("readme-screens: the app never said it was idle while loading")
            time.sleep(1)
            screen = subprocess.run(["tmux", "-S", socket, "capture-pane", "-p"], capture_output=True, text=True,
                                    check=True).stdout
        finally:
            subprocess.run(["tmux", "-S", socket, "kill-server"], stderr=subprocess.DEVNULL)
    return "\n".join(line.rstrip() for line in screen.rstrip("\n").split("\n")) + "\n"


def main() -> int:
    path = os.path.join(ROOT, "README.md")
    text = open(path, encoding="utf-8").read()
    count = 0

    def replace(match: re.Match) -> str:
        nonlocal count
        count += 1
        return f"<!-- screen: {match.group(1)} -->\n```\n{capture(match.group(1))}```\n"

    text = MARK.sub(replace, text)

    def replace_loading(match: re.Match) -> str:
        nonlocal count
        count += 1
        return f"<!-- loading-screen: {match.group(1)} -->\n```\n{capture_loading()}```\n"

    text = LOADING_MARK.sub(replace_loading, text)
    open(path, "w", encoding="utf-8").write(text)
    print(f"readme-screens: {count} screens recaptured")
    return 0


if __name__ == "__main__":
    sys.exit(main())
