"""The benchmark harness runs end to end (quick mode, one run) and prints its table; no timing is asserted."""

from __future__ import annotations

import pytest

import json
import subprocess
import sys
from pathlib import Path

pytestmark = pytest.mark.slow  # runs the benchmark in its own processes

ROOT = Path(__file__).resolve().parent.parent


def test_bench_quick_runs_and_prints_table(tmp_path):
    output = tmp_path / "latest.json"
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run.py"), "--quick", "--runs", "1", "--warmup", "0", "--output", str(output)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    header = next((line for line in lines if line.startswith("case")), None)
    assert header is not None, result.stdout
    for column in ("wall", "cpu", "peak RSS", "PDF total"):
        assert column in header
    rows = {line.split()[0] for line in lines[lines.index(header) + 2:] if line.strip()}
    assert {"validate", "kit"} <= rows
    assert "kit-200" not in rows and "floor" not in rows  # --quick leaves them out
    assert "targets:" in result.stdout
    for target in ("kit wall", "validate", "peak memory", "script.pdf", "tokens.pdf", "almanac.pdf"):
        assert target in result.stdout

    figures = json.loads(output.read_text(encoding="utf-8"))
    assert figures["quick"] is True and figures["runs"] == 1
    assert set(figures["cases"]) == {"validate", "kit"}
    assert all(case["ok"] for case in figures["cases"].values())
    assert figures["date"]
