"""What a document command prints after it wrote its files: the build's notes in Korean, and with --quiet nothing; a
quiet run does not even read the notes' wording (no PyYAML once the user's cache is warm)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import REPO

pytestmark = pytest.mark.slow  # document commands in fresh processes

PROBE = (
    "import os, sys, runpy\n"
    "leave = os._exit  # a command leaves by os._exit\n"
    "os._exit = lambda code: (print('YAML', 'yaml' in sys.modules, flush=True), leave(code))\n"
    "sys.argv = ['botc-pnp', *sys.argv[1:]]\n"
    "runpy.run_module('generator', run_name='__main__')\n"
)


def tokens(tmp_path, *flags: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "BOTC_PNP_CACHE_DIR": str(tmp_path / "cache"), "BOTC_PNP_SINGLE_PROCESS": "1"}
    command = [sys.executable, "-c", PROBE, "tokens", "in-space", "--out", str(tmp_path / "out"), *flags]
    return subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, encoding="utf-8")


def test_a_quiet_build_prints_nothing_and_reads_no_wording_for_its_notes(tmp_path):
    said = tokens(tmp_path)  # also fills the user's cache
    assert said.returncode == 0, said.stderr
    assert "[참고]" in said.stdout and "--solid-shrouds" in said.stdout  # the light shrouds' note, named by its kind
    quiet = tokens(tmp_path, "-q")
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stdout.strip() == "YAML False" and quiet.stderr == ""
