"""Commands → fresh-process measurements: wall time, CPU time and peak memory per run, runs interleaved in rounds.

Shared by bench/run.py (the kit, each document and their floors) and bench/peer.py (the same documents made by
another program). A run's wall time is from spawn to reap; its CPU time (user + sys) and peak resident memory come
from os.wait4, so they cover the process and the children it waited for (the kit forks the almanac; its peak is the
largest of the two processes, not their sum).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

MB = 1024 * 1024


@dataclass
class Sample:
    wall: float
    cpu: float
    maxrss: int  # bytes
    returncode: int
    stdout: str
    stderr: str
    problem: str = ""  # set by a case's check when the command exited 0 but did not write what it should


@dataclass
class Case:
    name: str
    label: str
    command: list[str]
    pdf_dir: Path | None = None
    samples: list[Sample] = field(default_factory=list)
    warmup: Sample | None = None
    note: str = ""
    pdfs: dict[str, int] = field(default_factory=dict)
    pages: int | None = None
    before: Callable[[], None] | None = None  # runs (unmeasured) before each run, e.g. to empty its output folder
    check: Callable[[Sample], str] | None = None  # after each run: "" when it wrote what it should, else why not

    @property
    def ok(self) -> bool:
        runs = ([self.warmup] if self.warmup else []) + self.samples
        return bool(runs) and all(s.returncode == 0 and not s.problem for s in runs)

    def median(self, what: str) -> float | None:
        values = [getattr(s, what) for s in self.samples if s.returncode == 0 and not s.problem]
        return statistics.median(values) if values else None

    def peak(self) -> int | None:
        values = [s.maxrss for s in self.samples if s.maxrss]
        return max(values) if values else None


def measure(command: list[str], cwd: Path) -> Sample:
    """Runs command in a new process; wall from spawn to reap, CPU and peak RSS of that child from wait4."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Sample(
            wall=wall,
            cpu=usage.ru_utime + usage.ru_stime,
            maxrss=usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024),
            returncode=process.returncode,
            stdout=out.read().decode("utf-8", "replace"),
            stderr=err.read().decode("utf-8", "replace"),
        )


def run_once(case: Case, cwd: Path) -> Sample:
    if case.before is not None:
        case.before()
    sample = measure(case.command, cwd)
    if sample.returncode == 0 and case.check is not None:
        sample.problem = case.check(sample)
    return sample


def failed(sample: Sample) -> bool:
    return sample.returncode != 0 or bool(sample.problem)


def usable(case: Case) -> bool:
    """Whether the case's untimed run (if it had one) went well, so that its timed runs are worth making."""
    return case.warmup is None or not failed(case.warmup)


def warm_up(case: Case, count: int, cwd: Path, log) -> bool:
    """`count` untimed runs (the last one kept as case.warmup); False (and its output logged) when one failed."""
    for _ in range(count):
        log(f"  {case.label}: untimed run")
        case.warmup = run_once(case, cwd)
        if failed(case.warmup):
            log(f"  {case.label}: FAILED {why(case.warmup)}\n{tail(case.warmup)}")
            return False
    return True


def run_rounds(groups: list[list[Case]], runs: int, cwd: Path, log) -> list[float]:
    """`runs` rounds; in each, every group's cases run back to back (a case with its floor or its peer), in the
    given order in even rounds and reversed in odd ones, so that neither side is always first after the other
    group, and a machine that gets busier or quieter during the bench affects both sides of a pair alike. A case
    stops at its first failure. Returns the 1-minute load average seen at the start of each round."""
    loads = []
    for index in range(runs):
        loads.append(os.getloadavg()[0])
        for group in groups:
            for case in group if index % 2 == 0 else reversed(group):
                if case.samples and failed(case.samples[-1]):
                    continue
                sample = run_once(case, cwd)
                case.samples.append(sample)
                log(f"  {case.label}: run {index + 1}/{runs} {sample.wall:.2f} s wall, {sample.cpu:.2f} s CPU")
                if failed(sample):
                    log(f"  {case.label}: FAILED {why(sample)}\n{tail(sample)}")
    return loads


def ratio_of_medians(mine: Case | None, other: Case | None, what: str) -> float | None:
    a = mine.median(what) if mine else None
    b = other.median(what) if other else None
    return a / b if a and b else None


def pairwise(mine: Case, other: Case, what: str) -> list[float]:
    """mine/other of each round in which both ran well: their spread says how noisy the machine was."""
    return [
        getattr(a, what) / getattr(b, what)
        for a, b in zip(mine.samples, other.samples)
        if not failed(a) and not failed(b) and getattr(b, what) > 0
    ]


def why(sample: Sample) -> str:
    return sample.problem or f"(exit {sample.returncode})"


def tail(sample: Sample, lines: int = 12) -> str:
    out = sample.stdout.strip().splitlines()[-lines // 2 :]
    err = sample.stderr.strip().splitlines()[-lines:]
    return "\n".join("    " + line for line in [*out, *err])


def fmt_s(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f} s"


def fmt_x(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}×"


def fmt_size(size: int | None) -> str:
    if size is None:
        return "—"
    return f"{size / MB:.2f} MB" if size >= MB else f"{size / 1024:.0f} KB"


def mark(passed: bool | None) -> str:
    return "—" if passed is None else ("✔" if passed else "✘")


def spread(values: list[float]) -> str:
    return f"{min(values):.2f}–{max(values):.2f}" if values else "—"


def cli_command() -> list[str]:
    """botc-pnp as this Python's environment installed it (or its module, run from the clone)."""
    script = Path(sys.executable).parent / "botc-pnp"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "generator"]
