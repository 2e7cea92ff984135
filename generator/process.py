"""How a botc-pnp process spends its memory: a command that prints collects cycles rarely, the server that runs for
hours at Python's usual pace. The command line's entry (cli.py) and `serve` both set it here."""

from __future__ import annotations

import gc

# A command lives about a second and allocates millions of small objects (paragraph pieces, PDF operators) that are
# nearly all freed by reference counting; at Python's default thresholds the cycle collector still ran hundreds of
# times per build, about 7 % of its CPU (peak memory unchanged).
COMMAND_GC_THRESHOLDS = (100_000, 50, 100)
DEFAULT_GC_THRESHOLDS = (700, 10, 10)  # Python's own


def run_as_a_command() -> None:
    gc.set_threshold(*COMMAND_GC_THRESHOLDS)


def run_as_a_server() -> None:
    gc.set_threshold(*DEFAULT_GC_THRESHOLDS)
