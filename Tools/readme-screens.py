#!/usr/bin/env python3
"""Recaptures the screens in README.md from the built app.

Each screen in the README follows a comment that says how it was made:

    <!-- screen: seattle-weather.csv --keys ': 2 0 1 2 - W 1 0 enter' -->

The arguments are passed to `.build/debug/strata ... --dump`, run in
Tests/Fixtures with TZ=UTC, and the fenced block after the comment is
replaced with what it printed. `make readme-screens` runs it.
"""
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "debug", "strata")
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
MARK = re.compile(r"<!-- screen: (.*?) -->\n```\n.*?```\n", re.S)


def capture(arguments: str) -> str:
    env = dict(os.environ, TZ="UTC", LANG="C.UTF-8")
    run = subprocess.run([BINARY, *shlex.split(arguments), "--dump"], cwd=FIXTURES, env=env,
                         capture_output=True, text=True, check=True)
    return run.stdout


def main() -> int:
    path = os.path.join(ROOT, "README.md")
    text = open(path, encoding="utf-8").read()
    count = 0

    def replace(match: re.Match) -> str:
        nonlocal count
        count += 1
        return f"<!-- screen: {match.group(1)} -->\n```\n{capture(match.group(1))}```\n"

    text = MARK.sub(replace, text)
    open(path, "w", encoding="utf-8").write(text)
    print(f"readme-screens: {count} screens recaptured")
    return 0


if __name__ == "__main__":
    sys.exit(main())
