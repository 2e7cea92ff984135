"""Process entry → the botc-pnp command line, with Ctrl-C and SIGTERM handled before anything heavy loads.

This module imports only the standard library, so a stop while Typer, reportlab and the commands are still loading
ends with one Korean line instead of a traceback. The app itself is assembled in generator/app.py;
`from generator.cli import app` keeps working and loads it on first use.
"""

from __future__ import annotations

from generator.interrupts import Interrupted, handle_stop_signals, report_and_exit


def main() -> None:
    handle_stop_signals()
    try:
        from generator.app import app

        app()
    except Interrupted as stop:
        report_and_exit(stop)


def __getattr__(name: str):
    if name.startswith("__"):  # the import system asks for __path__ and such: never load the app for that
        raise AttributeError(name)
    import generator.app

    return getattr(generator.app, name)
