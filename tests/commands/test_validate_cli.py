"""`botc-pnp validate` on the command line: exit codes 0/1/2, Korean output, --json, --strict, and no reportlab import."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import REPO, detach, edit_character, edit_order, run_cli, write_script


def test_bundled_script_validates_with_exit_0_and_prints_the_table():
    result = run_cli("validate")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "검사 결과: 오류 0개, 경고 0개. 인쇄해도 좋습니다." in result.stdout
    assert "설정표" in result.stdout
    assert " 9명 |      3–7 |    0–4 |      1 |    1 | 5/2/1/1" in result.stdout
    assert "팡 구(외지인 +1명)" in result.stdout


def test_the_setup_table_lines_up_in_a_terminal():
    """Hangul letters are two columns wide in a terminal: each column's bars stand one above the other."""
    import unicodedata

    lines = run_cli("validate").stdout.splitlines()
    table = [line for line in lines if line.count(" | ") == 5]
    assert len(table) == 12  # the header and 5–15 players

    def bars(line: str) -> list[int]:
        columns, found = 0, []
        for ch in line:
            if ch == "|":
                found.append(columns)
            columns += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        return found

    assert len({tuple(bars(line)) for line in table}) == 1, table


def test_bundled_script_by_id_and_by_path_agree():
    by_id = run_cli("validate", "in-space", "--json")
    by_path = run_cli("validate", REPO / "content" / "scripts" / "in-space.yaml", "--json")
    assert by_id.exit_code == by_path.exit_code == 0
    assert json.loads(by_id.stdout) == json.loads(by_path.stdout) == []


def test_python_dash_m_generator_validates_the_bundled_script():
    result = subprocess.run(
        [sys.executable, "-m", "generator", "validate"], cwd=REPO, capture_output=True, text=True, encoding="utf-8"
    )
    assert result.returncode == 0, result.stderr
    assert "검사 결과: 오류 0개" in result.stdout


def test_errors_give_exit_1_with_the_korean_message(content):
    edit_order(content, "first_night", lambda steps: [s for s in steps if s != "washerwoman"])
    result = run_cli("validate", "--content", content)
    assert result.exit_code == 1
    assert "세탁부는 첫날 밤에 깨어나는데(알림 문구가 있음) 첫날 밤 순서에 없습니다." in result.stderr
    assert "(밤 순서에 없는 캐릭터)" in result.stderr and "night-missing" not in result.stderr  # codes stay in --json
    assert "검사 결과: 오류 1개" in result.stderr


def test_night_rule_break_prints_the_rule_reason(content):
    edit_order(content, "other_nights", lambda steps: [s for s in steps if s != "monk"][:-1] + ["monk", "dawn"])
    result = run_cli("validate", "--content", content)
    assert result.exit_code == 1
    assert (
        "다른 밤: 수도사는 임프보다 먼저 깨어나야 합니다. 이유: 수도사와 여관주인의 보호는 그날 밤의 공격보다 먼저"
        in result.stderr
    )


def test_unreadable_input_gives_exit_2(content):
    detach(content / "characters" / "monk.yaml").write_text("id: monk\nname: [수도사\n", encoding="utf-8")
    result = run_cli("validate", "--content", content)
    assert result.exit_code == 2
    assert "YAML 문법 오류" in result.stderr and "monk.yaml" in result.stderr


def test_missing_script_gives_exit_2():
    result = run_cli("validate", "no-such-script")
    assert result.exit_code == 2
    assert "스크립트를 찾을 수 없습니다" in result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_json_is_a_list_of_findings_with_the_five_keys(content):
    path = edit_character(content, "monk", colour="red")
    edit_order(
        content, "first_night", lambda steps: steps[: steps.index("dawn")] + ["empath"] + steps[steps.index("dawn") :]
    )
    result = run_cli("validate", "--content", content, "--json")
    assert result.exit_code == 1
    findings = json.loads(result.stdout)
    assert isinstance(findings, list) and len(findings) == 2
    for finding in findings:
        assert set(finding) == {"level", "code", "subject", "where", "message"}
    warning = next(f for f in findings if f["code"] == "unknown-key")
    assert warning["level"] == "warning" and warning["subject"] == "monk"
    assert warning["where"].startswith(str(path) + ":")
    error = next(f for f in findings if f["code"] == "night-repeated-id")
    assert error["level"] == "error" and "두 번" in error["message"]


def test_json_subject_is_null_when_the_finding_is_about_no_character(content):
    write_script(content, ["washerwoman", "chef", "empath", "poisoner", "imp"], "tiny")
    result = run_cli("validate", "tiny", "--content", content, "--json")
    shortfall = next(f for f in json.loads(result.stdout) if f["code"] == "setup-shortfall")
    assert shortfall["subject"] is None


def test_warnings_alone_give_exit_0(content):
    edit_character(content, "monk", colour="red")
    result = run_cli("validate", "--content", content)
    assert result.exit_code == 0
    assert "[경고]" in result.stdout and "'colour'" in result.stdout


def test_strict_turns_warnings_into_exit_1(content):
    edit_character(content, "monk", colour="red")
    result = run_cli("validate", "--content", content, "--strict")
    assert result.exit_code == 1
    assert "경고도 오류로 취급했습니다(--strict)" in result.stderr


def test_strict_json_turns_warnings_into_exit_1(content):
    edit_character(content, "monk", colour="red")
    assert run_cli("validate", "--content", content, "--json", "--strict").exit_code == 1


def test_strict_without_warnings_gives_exit_0():
    assert run_cli("validate", "--strict").exit_code == 0


@pytest.mark.slow
def test_validate_does_not_import_reportlab(tmp_path):
    """Once the user cache holds the fonts' advance widths (the first run after an install measures them, with
    reportlab, for the night-card cues), validate loads no PDF or image library."""
    env = {**os.environ, "BOTC_PNP_CACHE_DIR": str(tmp_path / "cache")}
    probe = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from generator.cli import app\n"
        "result = CliRunner().invoke(app, ['validate'])\n"
        "assert result.exit_code == 0, result.stdout\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'svglib', 'PIL', 'pdfplumber')))\n"
    )
    for _run in ("cold", "warm"):
        result = subprocess.run(
            [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, encoding="utf-8", env=env
        )
        assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_json_on_unreadable_input_is_still_a_json_list_with_exit_2(content):
    detach(content / "characters" / "monk.yaml").write_bytes(b"\x00\x01\x02")
    result = run_cli("validate", "--content", content, "--json")
    assert result.exit_code == 2
    findings = json.loads(result.stdout)
    assert any(f["code"] == "file-binary" and f["level"] == "error" for f in findings)


def test_missing_content_folder_gives_exit_2(tmp_path):
    result = run_cli("validate", "--content", tmp_path / "nowhere")
    assert result.exit_code == 2
    assert "내용 폴더가 없습니다" in result.stderr


def test_a_folder_named_like_a_bundled_script_does_not_hide_it(tmp_path, monkeypatch):
    """`--out .` leaves a folder called trouble-brewing in the working folder; the next command still reads the
    bundled script of that name."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "trouble-brewing").mkdir()
    result = run_cli("validate", "trouble-brewing")
    assert result.exit_code == 0, result.output
    assert "남작(외지인 +2명)" in result.output  # the edition's own setup line
