"""What botc-pnp does where Linux's process tools are missing (macOS, Windows): the same kit, made in one process,
and no call that would mean something else there. The platform is pretended with sys.platform."""

from __future__ import annotations

import os
import re
import sys
import time

import pytest
from conftest import assert_is_the_bundled_kit, live_children, run_cli

from generator.pipeline import parallel
from generator.write import files as write


def no_fork():
    raise AssertionError("fork called")


@pytest.mark.parametrize("platform", ["darwin", "win32"])
def test_without_linux_the_work_runs_in_this_process(monkeypatch, platform):
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(os, "fork", no_fork, raising=False)
    assert not parallel.fork_available()
    child = parallel.start(lambda: os.getpid())
    assert not child.running
    assert child.result() == os.getpid()
    child.stop()  # nothing to stop: must not reach for signals Windows lacks


@pytest.mark.slow
def test_a_build_on_macos_is_the_same_kit_made_in_one_process(monkeypatch, tmp_path):
    """The almanac, forked on Linux, is rendered in this process: every file is byte for byte the bundled kit."""
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(os, "fork", no_fork, raising=False)
    result = run_cli("build", "in-space", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "만드는 중: 해설서…" in result.output and "다른 코어" not in result.output  # it ran right here
    assert_is_the_bundled_kit(tmp_path / "in-space")
    assert live_children() == []


def test_on_windows_no_process_is_signalled_and_age_decides_what_was_left_behind(monkeypatch, tmp_path):
    """os.kill(pid, 0) ends a process on Windows: there a temporary of another process is removed only when old."""

    def no_kill(*args):
        raise AssertionError("os.kill called")

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "kill", no_kill)
    other = os.getpid() + 1
    recent = tmp_path / f".script.pdf.{other}.abcd1234.tmp"
    old = tmp_path / f".tokens.pdf.{other}.abcd1234.tmp"
    mine = tmp_path / f".almanac.pdf.{os.getpid()}.abcd1234.tmp"
    for path in (recent, old, mine):
        path.write_bytes(b"x")
    long_ago = time.time() - 3600
    os.utime(old, (long_ago, long_ago))
    os.utime(mine, (long_ago, long_ago))
    assert write.remove_stale_temporaries(tmp_path) == [old]
    assert recent.exists() and mine.exists()


def test_output_redirected_in_the_korean_windows_code_page_does_not_stop_the_command(tmp_path):
    """Windows writes a redirected stdout in cp949, which has Hangul but no en dash (the setup table's ranges)."""
    import subprocess

    from generator import PROJECT_ROOT

    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "PYTHONIOENCODING": "cp949"}
    result = subprocess.run(
        [sys.executable, "-m", "generator", "validate", "trouble-brewing"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr.decode("cp949", errors="replace")
    printed = result.stdout.decode("cp949")
    assert "검사 결과: 오류 0개" in printed
    assert re.search(r"15명 \| +7-9 \|", printed), printed
