"""The suite's own setup (tests/conftest.py pytest_configure), which once went missing without a test noticing: the
user's cache folder is never written by a test run, the workers of a run share what they compute, the almanac
renders in its forked child, and a process a test leaves behind is adopted where it can be seen."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest


def test_a_test_run_keeps_its_own_cache_folder_not_the_users():
    from generator.keep.usercache import cache_folder, secret_file

    run = os.environ.get("BOTC_PNP_TEST_RUN")
    assert run, "pytest_configure names the run"
    folder = cache_folder()
    assert folder is not None and folder.is_relative_to(Path(tempfile.gettempdir()) / f"botc-pnp-test-run-{run}")
    assert secret_file().is_relative_to(Path(tempfile.gettempdir()))


def test_the_almanac_renders_in_its_forked_child_whatever_the_load():
    assert os.environ.get("BOTC_PNP_PARALLEL") == "always"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_CHILD_SUBREAPER is Linux's")
def test_orphaned_grandchildren_are_adopted_by_the_test_process():
    import ctypes

    adopted = ctypes.c_int()
    assert ctypes.CDLL(None).prctl(37, ctypes.byref(adopted), 0, 0, 0) == 0  # PR_GET_CHILD_SUBREAPER
    assert adopted.value == 1


@pytest.mark.slow
def test_a_run_leaves_no_folder_in_the_temporary_folder(tmp_path):
    """One process (no workers) whose test reads content, so its parses are saved into the run's cache as it exits:
    the run's shared folder is removed after that save, not before it (it used to come back, one per run)."""
    import subprocess

    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {name: value for name, value in os.environ.items() if not name.startswith(("PYTEST_", "BOTC_PNP_"))}
    env["TMPDIR"] = str(temporary)
    test = "tests/load/test_loading.py::test_bundled_content_loads_without_findings"
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-q", test],
        cwd=Path(__file__).resolve().parent.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert sorted(p.name for p in temporary.iterdir() if p.name.startswith("botc-pnp")) == []
