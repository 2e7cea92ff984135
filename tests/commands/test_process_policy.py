"""The process's memory policy (generator/process.py): a printing command never pauses for the cycle collector, the
server collects as Python does; a command started as users start it gets the first."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from generator import process


@pytest.fixture
def gc_state():
    enabled, thresholds = gc.isenabled(), gc.get_threshold()
    yield
    gc.set_threshold(*thresholds)
    (gc.enable if enabled else gc.disable)()


def test_a_command_runs_without_the_cycle_collector_and_the_server_with_pythons_own(gc_state):
    process.run_as_a_command()
    assert not gc.isenabled()
    process.run_as_a_server()
    assert gc.isenabled()
    assert gc.get_threshold() == process.DEFAULT_GC_THRESHOLDS


def test_the_command_line_entry_turns_the_collector_off_before_a_command_runs(tmp_path):
    """`python -m generator` as users run it: the collector is already off when the command's code runs."""
    probe = (
        "import gc, sys; import generator.app as app; "
        "sys.argv = ['botc-pnp', '--version']; "
        "real = app.app_for; "
        "app.app_for = lambda args: (print('collector', gc.isenabled()), real(args))[1]; "
        "from generator.cli import main; main()"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "collector False" in done.stdout
