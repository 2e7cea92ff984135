"""How a botc-pnp process spends its memory: a command that prints never stops to collect cycles, the server that
runs for hours collects at Python's usual pace. The command line's entry (cli.py) and `serve` both set it here."""

from __future__ import annotations

import gc

# A command lives about a second and allocates millions of small objects (paragraph pieces, PDF operators) that are
# nearly all freed by reference counting. The cycle collector found about 37,000 unreachable objects in a whole
# build of the bundled script (a few MB), yet each of its passes walked every young object: at Python's default
# thresholds it ran hundreds of times, and even at (100000, 50, 100) its two passes took about 40 ms; without it the
# kit costs about 6 % less CPU.
# Without it the kit's peak memory grows about 2 MB (the 200-character kit's 1 MB): the cycles wait for the exit.
DEFAULT_GC_THRESHOLDS = (700, 10, 10)  # Python's own


def run_as_a_command() -> None:
    gc.disable()


def run_as_a_server() -> None:
    gc.set_threshold(*DEFAULT_GC_THRESHOLDS)
    gc.enable()
