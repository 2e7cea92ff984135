"""Processes and threads a test starts → their results: the command line run in-process, threads run at once, and
every child process still alive (a test may leave none)."""

from __future__ import annotations

import os
from pathlib import Path


def run_in_threads(target, count: int) -> None:
    """Runs target() in `count` threads at once and waits for all of them."""
    import threading

    threads = [threading.Thread(target=target) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def live_children() -> list[tuple[int, str]]:
    """(pid, command) of every process whose parent is this test process, zombies included (Linux /proc). The
    kernel's list of each thread's children is read (microseconds, after every test); where it is missing, every
    process's parent is looked up instead."""
    me = os.getpid()
    pids = _children_lists()
    if pids is None:
        pids = []
        for entry in Path("/proc").glob("[0-9]*"):
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if len(fields) > 1 and int(fields[1]) == me:
                pids.append(int(entry.name))
    found = []
    for pid in sorted(set(pids)):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        found.append((pid, stat.rpartition(")")[0].partition("(")[2]))
    return found


def _children_lists() -> list[int] | None:
    pids: list[int] = []
    try:
        tasks = os.listdir("/proc/self/task")
        for task in tasks:
            with open(f"/proc/self/task/{task}/children", encoding="ascii") as listing:
                pids += [int(pid) for pid in listing.read().split()]
    except FileNotFoundError:
        return None
    except OSError:
        return None
    return pids


def _click_command_built_once() -> None:
    """typer's CliRunner builds the click command from the Typer app again on every invoke (9 ms: the annotations of
    every command resolved anew); the same command object is kept for the test process instead."""
    import functools

    import typer.testing

    if not hasattr(typer.testing._get_command, "cache_info"):
        typer.testing._get_command = functools.lru_cache(maxsize=None)(typer.testing._get_command)


_click_command_built_once()


def run_cli(*args: str):
    """Runs the botc-pnp command line in-process; the result has exit_code, stdout and stderr."""
    from typer.testing import CliRunner

    from generator.cli import app

    return CliRunner().invoke(app, [str(a) for a in args])
