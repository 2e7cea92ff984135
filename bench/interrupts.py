"""Stops at random moments: N builds of Trouble Brewing, each sent SIGINT or SIGTERM after a random delay across the
whole run (start-up, drawing, writing the kit, writing the user's cache, shutting down), counting the runs whose
output held a traceback or whose exit code was none of 0 (finished before the signal), 128 + the signal, or death by
the signal itself (a shell shows 128 + the signal too: it comes after Python has put the default handlers back, in its
last moments). A SIGINT in the first milliseconds, while Python itself starts and before botc-pnp's first line runs,
is answered by Python's own KeyboardInterrupt: counted apart, as nothing of botc-pnp can run sooner.

Usage: .venv/bin/python bench/interrupts.py [--runs 100] [--seed 1]

Every third run starts with an empty user cache, so the cache is written at the end of the run as after an upgrade.
tests/bad_inputs/test_interrupts.py stops builds at chosen points instead (a marker, never a delay); this is the
random sweep that found the one in forty.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def one_run(folder: Path, cache: Path, delay: float, signum: int) -> tuple[int, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BOTC_PNP_CACHE_DIR": str(cache)}
    process = subprocess.Popen(
        [sys.executable, "-m", "generator", "build", "trouble-brewing", "--out", str(folder / "out")],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(delay)
    process.send_signal(signum)
    out, err = process.communicate(timeout=120)
    return process.returncode, out + err


def python_starting(output: str) -> bool:
    """Python's KeyboardInterrupt from before botc-pnp's handler: no frame of botc-pnp past its package's first
    import lines (generator/__init__.py imports pathlib, which the handler module needs anyway)."""
    frames = [line for line in output.splitlines() if line.strip().startswith("File ")]
    ours = [line for line in frames if "/generator/" in line and "generator/__init__.py" not in line]
    return output.rstrip().endswith("KeyboardInterrupt") and not ours


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chance = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        started = time.monotonic()
        subprocess.run(
            [sys.executable, "-m", "generator", "build", "trouble-brewing", "--out", str(folder / "out")],
            cwd=folder,
            env={**os.environ, "PYTHONPATH": str(ROOT), "BOTC_PNP_CACHE_DIR": str(folder / "c0")},
            capture_output=True,
            check=True,
        )
        whole = time.monotonic() - started  # the signals fall anywhere from start-up to a little past the end
        bad, before_start = [], 0
        for run in range(args.runs):
            cache = folder / f"c{run % 3}"
            if run % 3 == 0:
                shutil.rmtree(cache, ignore_errors=True)
            signum = chance.choice([signal.SIGINT, signal.SIGTERM])
            code, output = one_run(folder, cache, chance.uniform(0.0, whole * 1.2), signum)
            if python_starting(output):
                before_start += 1
            elif "Traceback" in output or "Exception" in output or code not in (0, 128 + signum, -signum):
                bad.append((run, code, output[-600:]))
        print(
            f"{args.runs} stopped builds (a whole build takes {whole:.2f} s here): {len(bad)} with a traceback or a "
            f"wrong exit code; {before_start} stopped while Python itself was starting"
        )
        for run, code, tail in bad:
            print(f"--- run {run}, exit {code}\n{tail}")
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
