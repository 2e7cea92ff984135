"""Two source trees → the same command alternated between them in fresh processes: medians and pairwise ratios.

Usage: .venv/bin/python bench/ab.py OLD_TREE NEW_TREE [--runs N] [-- ARGS...]   (default: build in-space)

Each tree is a checkout of botc-pnp (e.g. `git archive <commit> | tar -x -C /tmp/old`); the command is
`python -m generator ARGS` run with the tree as working directory, so its own `generator` package is imported.
Runs alternate old, new, old, new … after one untimed warm-up of each, so a machine that gets busier or quieter
during the run affects both alike. Reported: median wall and CPU (user+sys of the child, from wait4) of each, and
the median of the per-pair ratios new/old. An `{out}` in ARGS is replaced by a fresh temporary folder per run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run_once(tree: Path, args: list[str]) -> tuple[float, float]:
    with tempfile.TemporaryDirectory(prefix="botc-ab-") as out:
        command = [sys.executable, "-m", "generator", *(a.replace("{out}", out) for a in args)]
        started = time.perf_counter()
        process = subprocess.Popen(
            command, cwd=tree, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL
        )
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        stderr = process.stderr.read().decode("utf-8", "replace")
        process.stderr.close()
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            raise SystemExit(f"{tree}: exit {os.waitstatus_to_exitcode(status)}\n{stderr[-2000:]}")
        return wall, usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="alternate a command between two source trees")
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--runs", type=int, default=7)
    argv = sys.argv[1:] if argv is None else argv
    own, command = (argv[: argv.index("--")], argv[argv.index("--") + 1 :]) if "--" in argv else (argv, [])
    options = parser.parse_args(own)
    args = command or ["build", "in-space", "--out", "{out}"]
    trees = {"old": options.old.resolve(), "new": options.new.resolve()}
    for tree in trees.values():
        run_once(tree, args)  # warm-up: page cache, .pyc files, the user's caches
    samples: dict[str, list[tuple[float, float]]] = {"old": [], "new": []}
    for index in range(options.runs):
        order = ("old", "new") if index % 2 == 0 else ("new", "old")
        for name in order:
            samples[name].append(run_once(trees[name], args))
    print(f"{' '.join(args)}: {options.runs} alternating runs, load average {os.getloadavg()[0]:.2f}")
    for what, index in (("wall", 0), ("cpu", 1)):
        old = [s[index] for s in samples["old"]]
        new = [s[index] for s in samples["new"]]
        ratios = [n / o for n, o in zip(new, old)]
        print(
            f"  {what:<4} old {statistics.median(old):.3f} s   new {statistics.median(new):.3f} s   "
            f"pairwise new/old {statistics.median(ratios):.2f}×"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
