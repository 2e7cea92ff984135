"""A piece of rendering work → the same result computed in a forked child, so independent documents use both cores.

The rules that keep a fork safe here:
- the child never returns into the parent's code: whatever happens, it leaves through `os._exit` in a `finally`;
- the child never outlives the parent's interest in it: `Child.stop()` kills and reaps it, and the caller stops every
  child it has not collected when anything fails or is interrupted (see `stop_all`);
- on Linux the child also asks the kernel to kill it if the parent dies without cleaning up (the parent got
  SIGKILL), so not even a killed parent leaves a process behind.
Forking is used on Linux only. macOS has fork, but a child forked from a process that has loaded the system's
frameworks can crash (Python itself no longer forks there by default); Windows has none. There every piece of work
runs in this process, one after the other: the same files, only without the second core.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
from collections.abc import Callable
from contextlib import contextmanager
from typing import Generic, TypeVar, cast

from generator.interrupts import child_defaults

T = TypeVar("T")


class ChildFailed(Exception):
    """The forked work raised; the message names the original exception."""


_no_fork_depth = 0


@contextmanager
def no_fork():
    """Inside this block every piece of work runs in this process. A multi-threaded caller (the web server) must
    use it: a child forked while another thread holds a lock (the allocator's, logging's, reportlab's) can hang."""
    global _no_fork_depth
    _no_fork_depth += 1
    try:
        yield
    finally:
        _no_fork_depth -= 1


def fork_available() -> bool:
    return (
        _no_fork_depth == 0
        and sys.platform.startswith("linux")
        and hasattr(os, "fork")
        and os.environ.get("BOTC_PNP_SINGLE_PROCESS") != "1"
    )


def core_free() -> bool:
    """Whether a second process would run beside this one now rather than queue behind other work.

    On Linux the count of processes running or ready to run at this instant (/proc/loadavg, this one included)
    is read: a child helps when fewer are runnable than there are cores. Elsewhere the one-minute load average
    stands in. BOTC_PNP_PARALLEL=always skips the check (tests that exercise the child)."""
    if os.environ.get("BOTC_PNP_PARALLEL") == "always":
        return True
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    if cpus < 2:
        return False
    running = _runnable_now()
    if running is not None:
        return running < cpus
    try:
        return cpus - os.getloadavg()[0] >= 1.5
    except (AttributeError, OSError):
        return True


def _runnable_now() -> int | None:
    """Processes running or ready to run at this instant, this one included (Linux), or None."""
    try:
        with open("/proc/loadavg", encoding="ascii") as stream:
            return int(stream.read().split()[3].split("/")[0])
    except (OSError, ValueError, IndexError):
        return None


class Child(Generic[T]):
    """Handle of one forked computation: `result()` waits for it, `stop()` ends it; both reap the process."""

    def __init__(self, pid: int | None, read_fd: int | None, value: T | None = None):
        self.pid = pid
        self.read_fd = read_fd
        self.value = value

    @property
    def running(self) -> bool:
        return self.pid is not None

    def result(self) -> T:
        if self.pid is None:
            return cast(T, self.value)  # ran in this process: work()'s result as it is (T itself may hold None)
        assert self.read_fd is not None  # a forked child keeps its pipe until result() or stop() reaps it
        try:
            with os.fdopen(self.read_fd, "rb", closefd=True) as stream:
                self.read_fd = None
                data = stream.read()
            self._reap()
        except BaseException:
            self.stop()
            raise
        if not data:
            raise ChildFailed("문서를 만들던 하위 프로세스가 결과 없이 끝났습니다")
        status, value = pickle.loads(data)
        if status == "error":
            raise ChildFailed(value)
        return value

    def stop(self) -> None:
        """Kills the child if it is still running and waits for it; safe to call twice."""
        if self.read_fd is not None:
            os.close(self.read_fd)
            self.read_fd = None
        if self.pid is None:
            return
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self._reap()

    def _reap(self) -> None:
        pid, self.pid = self.pid, None
        if pid is None:
            return
        while True:
            try:
                os.waitpid(pid, 0)
                return
            except ChildProcessError:
                return
            except InterruptedError:
                continue


def stop_all(children) -> None:
    for child in children:
        child.stop()


def start(work: Callable[[], T]) -> Child[T]:
    """Starts `work` in a forked child and returns its handle.

    The child inherits everything already loaded (fonts, icons, the game), so nothing is parsed twice. Without
    fork (not on Linux, with BOTC_PNP_SINGLE_PROCESS=1, or inside no_fork()) the work runs right here and the handle
    simply holds the result.
    """
    if not fork_available():
        return Child(None, None, work())
    read_end, write_end = os.pipe()
    parent = os.getpid()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _run_child(work, read_end, write_end, parent)  # never returns
    os.close(write_end)
    return Child(pid, read_end)


def _run_child(work: Callable[[], T], read_end: int, write_end: int, parent: int) -> None:
    """The child's whole life: compute, send, and leave through os._exit whatever happens."""
    code = 1
    try:
        # Ctrl-C reaches the whole process group: the parent handles it and stops this child. A SIGTERM meant for
        # this child alone simply ends it (the parent then reports a child that ended without a result).
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        child_defaults()
        _die_with_parent(parent)
        os.close(read_end)
        try:
            payload = pickle.dumps(("ok", work()), protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException as exc:  # noqa: BLE001 - whatever happened must reach the parent as a message
            payload = pickle.dumps(("error", f"{type(exc).__name__}: {exc}"))
        with os.fdopen(write_end, "wb") as stream:
            stream.write(payload)
        code = 0
    finally:
        os._exit(code)


def _die_with_parent(parent: int) -> None:
    """Linux: have the kernel SIGKILL this child when its parent dies (prctl PR_SET_PDEATHSIG)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)
