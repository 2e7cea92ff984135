"""The benchmark harness runs end to end (quick mode, one run, one document against its floor) and prints its
tables; no timing is asserted. The peer (bench/peer.py) is never run here: it installs another program."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # runs the benchmark in its own processes

ROOT = Path(__file__).resolve().parent.parent


def test_bench_quick_runs_and_prints_tables(tmp_path):
    output = tmp_path / "latest.json"
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "run.py"),
            "--quick",
            "--documents",
            "night-card",
            "--runs",
            "1",
            "--warmup",
            "0",
            "--output",
            str(output),
        ],
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
    rows = {line.split()[0] for line in lines[lines.index(header) + 2 :] if line.strip()}
    assert {"validate", "kit", "night-card", "night-card-floor"} <= rows
    assert "kit-200" not in rows and "floor" not in rows  # --quick leaves them out
    floors = next((line for line in lines if line.startswith("against its floor")), None)
    assert floors is not None, result.stdout
    night_card = next(line for line in lines[lines.index(floors) :] if line.startswith("night-card"))
    assert "×" in night_card and ("✔" in night_card or "✘" in night_card)
    for heading in ("targets (issue 53):", "targets (issue 25):"):
        assert heading in result.stdout
    for target in (
        "kit CPU ≤ 2.0× floor",
        "validate ≤ 0.15× kit",
        "night-card ≤ 3× its floor",
        "kit peak memory",
        "script.pdf",
        "tokens.pdf",
        "almanac.pdf",
    ):
        assert target in result.stdout

    figures = json.loads(output.read_text(encoding="utf-8"))
    assert figures["quick"] is True and figures["runs"] == 1 and figures["documents"] == ["night-card"]
    assert set(figures["cases"]) == {"validate", "kit", "night-card", "night-card-floor"}
    assert all(case["ok"] for case in figures["cases"].values())
    floor_pdf = figures["cases"]["night-card-floor"]["pdfs"]
    assert list(floor_pdf) == ["night-card.pdf"]  # the floor wrote the document's PDF again
    assert figures["cases"]["night-card-floor"]["pages"] == figures["cases"]["night-card"]["pages"]
    assert figures["ratios"]["night-card/floor cpu"] > 0
    marks = {row["target"]: row["mark"] for row in figures["targets"]}
    assert marks["night-card ≤ 3× its floor (CPU, wall)"] in ("✔", "✘")
    assert marks["kit CPU ≤ 2.0× floor"] == "—"  # no kit floor in --quick
    assert figures["date"]


def test_bench_rejects_an_unknown_document(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "run.py"),
            "--quick",
            "--documents",
            "poster",
            "--output",
            str(tmp_path / "latest.json"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "unknown document(s) poster" in result.stderr
    assert not (tmp_path / "latest.json").exists()
