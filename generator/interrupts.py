"""Ctrl-C, SIGTERM and SIGHUP → one `Interrupted` exception that every command stops on the same way.

Installed first thing in the process (before Typer or reportlab load), so a stop at any moment ends with one Korean
line and exit code 128 + signal, never a traceback. A second signal while the first is being handled ends the
process at once. Signals the caller chose to ignore (nohup, a background job) stay ignored.
Only the standard library is imported here.
"""

from __future__ import annotations

import os
import signal
import sys

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


_last_signal = [signal.SIGINT]  # the stop signal most recently received (see Interrupted)
_received: list[int] = []  # every stop signal this process was sent (see stop_requested)


class Interrupted(BaseException):
    """The user or the system asked the process to stop. Not a KeyboardInterrupt: Click would print 'Aborted!'.

    Some libraries re-raise an exception as `type(exc)(their own text)` (reportlab's annotateException does, while
    drawing): the copy then carries text instead of a signal number, and takes the signal last received instead."""

    def __init__(self, signum=None, *rest):
        super().__init__(signum, *rest)
        if isinstance(signum, int):
            _last_signal[0] = signum
        self.signum = signum if isinstance(signum, int) else _last_signal[0]

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


def _exit_at_once(signum, frame) -> None:
    os._exit(128 + signum)


def _stop(signum, frame) -> None:
    _received.append(signum)
    for each in STOP_SIGNALS:
        if signal.getsignal(each) is _stop:
            signal.signal(each, _exit_at_once)
    raise Interrupted(signum)


def handle_stop_signals() -> None:
    """Turns the stop signals into `Interrupted` for the rest of the process (main thread only)."""
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is signal.SIG_IGN:
            continue
        try:
            signal.signal(signum, _stop)
        except ValueError:  # not the main thread: leave the defaults
            return


def quiet_from_now_on() -> None:
    """From here to the end of the process a stop signal exits at once with 128 + signal (nothing is left to clean
    up, and Python's shutdown would print the exception as a traceback)."""
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is _stop:
            signal.signal(signum, _exit_at_once)


def child_defaults() -> None:
    """In a forked child: the parent handles stopping and stops the child itself."""
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) in (_stop, _exit_at_once):
            signal.signal(signum, signal.SIG_IGN if signum == signal.SIGINT else signal.SIG_DFL)


def stop_requested() -> Interrupted | None:
    """The stop this process was sent, if any: a library that swallows every exception (a bare `except:` in a
    drawing routine) may have turned it into some later error, which is then reported as the stop it was."""
    return Interrupted(_received[-1]) if _received else None


def exit_code_of(exc: BaseException) -> int:
    return exc.exit_code if isinstance(exc, Interrupted) else 130


def report_and_exit(exc: BaseException) -> None:
    print("중단했습니다.", file=sys.stderr)
    sys.exit(exit_code_of(exc))
