"""Process entry → the botc-pnp command line, with Ctrl-C and SIGTERM handled before anything heavy loads.

This module imports only the standard library, so a stop while Typer, reportlab and the commands are still loading
ends with one Korean line instead of a traceback. The app itself is assembled in generator/app.py;
`from generator.cli import app` keeps working and loads it on first use.
"""

from __future__ import annotations

import sys

from generator.interrupts import Interrupted, handle_stop_signals, quiet_from_now_on, report_and_exit
from generator.process import run_as_a_command

# The commands that stay and serve: they leave the way Python does. Every other command leaves as soon as its files
# are written and its output flushed (see leave).
LONG_RUNNING = ("serve",)


def main() -> None:
    run_as_a_command()  # `serve` switches to a server's pace (generator/process.py)
    handle_stop_signals()
    tolerate_narrow_encodings()
    code: int | str | None = 0
    try:
        from generator.app import app_for

        try:
            app_for(sys.argv[1:])()
        except SystemExit as done:  # Typer ends every command this way, with its exit code
            code = done.code
        finally:
            finish()  # still inside the try: a stop while the cache is written is handled like any other
    except Interrupted as stop:
        report_and_exit(stop)
    leave(code)


def leave(code: int | str | None) -> None:
    """The process's end once finish() ran: the kit is written and closed, the parses kept, the output flushed, any
    child reaped. What is left of Python's own shutdown is freeing the run's objects one by one and collecting the
    heap, about a tenth of a build's CPU that nothing needs; a command skips it. `serve` leaves as Python does."""
    import os

    if isinstance(code, str):  # sys.exit('message'): Python prints it and exits 1
        sys.stderr.write(code + "\n")
        code = 1
    if any(word in LONG_RUNNING for word in sys.argv[1:2]):
        raise SystemExit(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code or 0)


def finish() -> None:
    """What used to run at exit, run here instead: the parses this run made are written to the user's cache and
    the output is flushed. After it, a stop signal ends the process at once with its exit code: Python's own
    shutdown has nowhere left to print a traceback from."""
    kept = sys.modules.get("generator.keep.parsecache")
    if kept is not None:
        kept.save()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    quiet_from_now_on()


PLAIN_SIGNS = {"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2713": "v", "\u00d7": "x"}  # – — − ✓ ×


def _plain_sign(error: UnicodeEncodeError) -> tuple[str, int]:
    return "".join(PLAIN_SIGNS.get(ch, "?") for ch in error.object[error.start : error.end]), error.end


def tolerate_narrow_encodings() -> None:
    """Windows writes redirected output (`botc-pnp validate > 결과.txt`) in its ANSI code page, cp949 in Korea, which
    has Hangul but not every sign botc-pnp prints: the en dash of a range becomes '-' (any other such sign '?')
    instead of stopping the command. UTF-8 output (Linux, macOS, a Windows console) is left as it is."""
    import codecs

    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
        if encoding != "utf8" and hasattr(stream, "reconfigure"):
            codecs.register_error("botc-pnp-plain", _plain_sign)
            stream.reconfigure(errors="botc-pnp-plain")


def __getattr__(name: str):
    if name.startswith("__"):  # the import system asks for __path__ and such: never load the app for that
        raise AttributeError(name)
    import generator.app

    return getattr(generator.app, name)
