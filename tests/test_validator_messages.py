"""The validator's messages say where and what to write: name variants both ways, night-missing with its line and fix,
setup-mismatch with the setup line, "혹시 …?" for misspelled keys and teams, one error for a worded bracket, an
over-indented list item, icons checked at validate, and commands printed by `new` and shown in README that run."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CONTENT, REPO, edit_character, edit_order, edit_yaml, run_cli, validate, with_code, write_script
from generator.icons import resolve_icon_path


def line_of(path: Path, needle: str) -> int:
    """1-based line of the first line that starts with `needle` (a top-level key) or, failing that, contains it."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for test in (str.startswith, str.__contains__):
        for number, line in enumerate(lines, 1):
            if test(line, needle):
                return number
    raise AssertionError(f"{needle!r} not in {path}")


# --- name variants, both directions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, written",
    [
        ("세탁부", "세탁 부"),  # a space added inside a three-syllable name
        ("달지기", "달 지기"),
        ("달 지기", "달지기"),  # a space left out
        ("빨래꾼 할멈", "빨래꾼할멈"),
        ("까마귀지기", "까마귀 지기"),
    ],
)
def test_a_name_written_with_or_without_a_space_is_a_variant(content, name, written):
    edit_character(content, "washerwoman", name=name, aliases=[])
    path = edit_character(content, "monk", flavor=f"오늘 밤 {written}가 찾아왔네. 문을 열어 주게.")
    _, report = validate("in-space", content)
    [finding] = [f for f in with_code(report, "name-variant") if f.subject == "washerwoman"]
    assert f"'{written}'" in finding.message and f"{name}의 다른 표기" in finding.message
    assert finding.where == f"{path}:{line_of(path, 'flavor:')}"  # where the variant is written


@pytest.mark.parametrize(
    "text",
    [
        "세탁 부서에서 일하던 사람입니다.",  # 세탁 + 부서: the variant is not a word of its own
        "손세탁 부탁을 받았습니다.",
        "전기 사용을 줄이세요.",  # 기사 (two syllables) is never split
    ],
)
def test_a_variant_inside_other_words_is_not_flagged(content, text):
    edit_character(content, "knight", aliases=[])
    write_script(content, ["washerwoman", "knight", "monk", "imp", "poisoner"], "words")
    edit_character(content, "monk", flavor=text)
    _, report = validate("words", content)
    assert with_code(report, "name-variant") == []


def test_a_declared_alias_silences_the_spaced_variant(content):
    edit_character(content, "washerwoman", aliases=["세탁 부"])
    edit_character(content, "monk", flavor="세탁 부가 다녀갔습니다.")
    _, report = validate("in-space", content)
    assert with_code(report, "name-variant") == []


# --- night-missing: the line of the list and where the id goes ------------------------------------------------


def test_night_missing_names_the_step_to_follow_and_its_line(content):
    write_script(content, ["washerwoman", "monk", "poisoner", "imp", "recluse"], "own-order",
                 first_night=["dusk", "minioninfo", "demoninfo", "poisoner", "washerwoman", "dawn"],
                 other_nights=["dusk", "poisoner", "imp", "dawn"])
    path = content / "scripts" / "own-order.yaml"
    _, report = validate("own-order", content)
    [finding] = with_code(report, "night-missing")
    assert finding.subject == "monk"
    # the official order has the Monk after the Poisoner: insert right after it, on that step's line
    assert "'other_nights' 목록의 독살범(poisoner) 바로 뒤에 수도사(monk)를 넣거나" in finding.message
    assert "캐릭터 파일의 'other_nights' 문구를 지우세요" in finding.message
    assert finding.where.startswith(f"{path}:")
    listed = path.read_text(encoding="utf-8").splitlines()
    assert "poisoner" in listed[int(finding.where.rsplit(":", 1)[1]) - 1]


def test_night_missing_for_a_character_the_official_order_lacks_points_at_the_list(content):
    edit_order(content, "other_nights", lambda steps: [s for s in steps if s != "monk"])
    path = content / "night_order.yaml"
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-missing")
    assert "알맞은 자리(새벽 dawn 앞)" in finding.message
    assert finding.where == f"{path}:{line_of(path, 'other_nights:')}"


def test_night_level_findings_point_at_the_night_list(content):
    edit_order(content, "first_night", lambda steps: [s for s in steps if s != "dusk"])
    path = content / "night_order.yaml"
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-dusk")
    assert finding.where == f"{path}:{line_of(path, 'first_night:')}"


# --- setup-mismatch: the right line and the setup line to write ---------------------------------------------


def test_a_bracket_without_setup_shows_the_setup_line_at_the_ability(content):
    path = edit_character(content, "fanggu", setup=None)
    _, report = validate("in-space", content)
    [finding] = with_code(report, "setup-mismatch")
    assert "`setup: {outsider: [1]}`라고 쓰고" in finding.message
    assert finding.where == f"{path}:{line_of(path, 'ability:')}"


def test_different_deltas_show_both_fixes_at_the_setup_line(content):
    path = edit_character(content, "godfather", setup={"outsider": [1]})
    _, report = validate("in-space", content)
    [finding] = with_code(report, "setup-mismatch")
    assert "`setup: {outsider: [-1, 1]}`" in finding.message and "능력에 [외지인 +1명] 괄호를 쓰세요" in finding.message
    assert finding.where == f"{path}:{line_of(path, 'setup:')}"


def test_the_setup_line_keeps_hidden_as_and_rules(content):
    edit_character(content, "drunk", ability="당신은 자신이 주정뱅이라는 사실을 모릅니다. [외지인 +1명]")
    _, report = validate("in-space", content)
    [finding] = with_code(report, "setup-mismatch")
    assert "`setup: {outsider: [1], hidden_as: townsfolk}`" in finding.message


def test_a_setup_without_a_bracket_says_to_remove_it_or_write_the_bracket(content):
    edit_character(content, "vigormortis", ability="매일 밤*, 플레이어 1명을 선택합니다: 그는 사망합니다.")
    _, report = validate("in-space", content)
    [finding] = with_code(report, "setup-mismatch")
    assert "setup 항목을 지우고" in finding.message and "능력에 [외지인 -1명] 괄호를 쓰세요" in finding.message


# --- a bracket written in words: one clear error ------------------------------------------------------------


@pytest.mark.parametrize(
    "bracket, guess",
    [("[외지인 한 명 추가]", "[외지인 +1명]"), ("[외지인 두 명 더]", "[외지인 +2명]"), ("[외지인 1명 제거]", "[외지인 -1명]"),
     ("[하수인 하나 추가]", "[하수인 +1명]")],
)
def test_a_worded_count_bracket_is_one_error_with_the_form_to_write(content, bracket, guess):
    path = edit_character(content, "fanggu", ability=f"매일 밤*, 플레이어 1명을 선택합니다: 그는 사망합니다. {bracket}")
    _, report = validate("in-space", content)
    setup_errors = [f for f in report.errors if f.code.startswith("setup")]
    assert len(setup_errors) == 1, [f.message for f in setup_errors]
    [finding] = setup_errors
    assert finding.code == "setup-bracket-unreadable"
    assert f"{bracket} 대신 {guess}처럼 쓰세요" in finding.message
    assert finding.where == f"{path}:{line_of(path, 'ability:')}"


def test_a_bracket_that_cannot_be_guessed_lists_the_forms(content):
    edit_character(content, "fanggu", ability="매일 밤*, 누군가 사망합니다. [외지인 약간]")
    _, report = validate("in-space", content)
    [finding] = [f for f in report.errors if f.code.startswith("setup")]
    assert "'[외지인 +1명]'" in finding.message and "setup.rules" in finding.message


# --- misspellings: "혹시 …?" with the accepted list -------------------------------------------------------------


@pytest.mark.parametrize(
    "field, value, code, hint",
    [
        ("abilty", "능력", "unknown-key", "혹시 'ability'인가요?"),
        ("remiders", ["안전"], "unknown-key", "혹시 'reminders'"),
        ("othernights", "수도사를 깨우세요.", "unknown-key", "혹시 'other_nights'인가요?"),
    ],
)
def test_a_misspelled_key_gets_a_suggestion_and_the_list(content, field, value, code, hint):
    path = edit_character(content, "monk", **{field: value})
    _, report = validate("in-space", content)
    [finding] = with_code(report, code)
    assert hint in finding.message and "쓸 수 있는 항목:" in finding.message
    assert finding.where == f"{path}:{line_of(path, field + ':')}"


@pytest.mark.parametrize(
    "team, hint",
    [("minon", "혹시 'minion'"), ("townsfok", "혹시 'townsfolk'인가요?"), ("외지인", "혹시 'outsider'인가요?"),
     ("deamon", "혹시 'demon'인가요?")],
)
def test_a_misspelled_team_gets_a_suggestion_and_the_list(content, team, hint):
    edit_character(content, "poisoner", team=team)
    _, report = validate("in-space", content)
    [finding] = with_code(report, "unknown-team")
    assert hint in finding.message and "townsfolk, outsider, minion, demon" in finding.message
    assert "은(는)" not in finding.message and "이(가)" not in finding.message


def test_a_misspelled_setup_key_gets_a_suggestion(content):
    edit_character(content, "fanggu", setup={"outsiders": [1]})
    _, report = validate("in-space", content)
    [finding] = with_code(report, "setup-invalid")
    assert "혹시 'outsider'인가요?" in finding.message


# --- an over-indented list item -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "old, new, line_text",
    [
        ("reminders: [안전]", "reminders:\n- 안전\n  - 보호\n", "  - 보호"),
        ("- 새벽이 되면 안전 리마인더 토큰을 제거하세요.", "- 새벽이 되면 안전 리마인더 토큰을 제거하세요.\n  - 다음 단계", "  - 다음 단계"),
        ("aliases: [수도승]", "aliases:\n  - 수도승\n    - 수도 사", "    - 수도 사"),
    ],
)
def test_an_over_indented_list_item_is_reported_at_its_line(content, old, new, line_text):
    path = content / "characters" / "monk.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    _, report = validate("in-space", content)
    [finding] = with_code(report, "yaml-merged-item")
    assert finding.level == "error"
    assert finding.where == f"{path}:{line_of(path, line_text)}"
    assert "번째 항목에 이어 붙었습니다" in finding.message


def test_dashes_inside_a_block_or_quoted_text_are_not_items(content):
    path = content / "characters" / "monk.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("reminders: [안전]", "reminders: [안전]\nnotes:\n- |-\n  목록처럼 쓴 메모\n  - 첫째\n  - 둘째\n- \"따옴표 안\n  - 이것도 글\"")
    path.write_text(text, encoding="utf-8")
    _, report = validate("in-space", content)
    assert with_code(report, "yaml-merged-item") == []


# --- icons: content PNGs like --icons, missing icons at validate ----------------------------------------------


def png(path: Path) -> None:
    from PIL import Image

    Image.new("RGBA", (32, 32), (0, 0, 0, 255)).save(path)


def test_a_png_named_after_the_character_in_the_content_icons_is_used(content):
    edit_character(content, "monk", icon=None)
    (content / "icons" / "monk.svg").unlink()
    png(content / "icons" / "monk.png")
    assert resolve_icon_path("monk", None, content, None) == content / "icons" / "monk.png"
    _, report = validate("in-space", content)
    assert [f for f in report.findings if f.code.startswith("icon")] == []


def test_a_missing_icon_file_is_reported_by_validate(content):
    path = edit_character(content, "monk", icon="없는그림.svg")
    _, report = validate("in-space", content)
    [finding] = with_code(report, "icon-missing")
    assert finding.level == "warning" and finding.subject == "monk"
    assert "없는그림.svg" in finding.message and "수도사" in finding.message
    assert finding.where == f"{path}:{line_of(path, 'icon:')}"


def test_a_character_without_any_icon_is_reported_by_validate(content):
    edit_character(content, "monk", icon=None)
    (content / "icons" / "monk.svg").unlink()
    _, report = validate("in-space", content)
    [finding] = with_code(report, "icon-missing")
    assert "monk.svg나 monk.png" in finding.message


def test_an_icon_outside_the_icons_folder_is_reported_by_validate(content):
    edit_character(content, "monk", icon="../../secret.png")
    _, report = validate("in-space", content)
    [finding] = with_code(report, "icon-path-escapes")
    assert "secret.png" in finding.message


def test_validate_takes_icons_like_build(content, tmp_path):
    edit_character(content, "monk", icon="없는그림.svg")
    mine = tmp_path / "mine"
    mine.mkdir()
    png(mine / "monk.png")
    result = run_cli("validate", "--content", content, "--icons", mine)
    assert result.exit_code == 0 and "icon-missing" not in result.output
    result = run_cli("validate", "--content", content, "--icons", tmp_path / "없는폴더")
    assert "없는폴더" in result.output and "내장 아이콘" in result.output


def test_build_reports_a_missing_icon_once(content, tmp_path):
    edit_character(content, "monk", icon="없는그림.svg")
    result = run_cli("sheet", "--content", content, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert result.output.count("없는그림.svg") == 1


# --- commands that run as written --------------------------------------------------------------------------------


def readme_commands() -> list[str]:
    """Every command README shows: indented code lines and inline code that starts with the program."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    found = [line.strip() for line in text.splitlines() if line.startswith("    ") and "botc-pnp" in line.split()[0]]
    found += [m for m in re.findall(r"`([^`]+)`", text) if m.split()[0].endswith("botc-pnp") and m.split()[1:] != ["…"]]
    return found


def test_readme_commands_use_the_program_readme_installs():
    commands = readme_commands()
    assert len(commands) >= 8
    for command in commands:
        program = command.split()[0]
        if "&&" in command:
            program = command.split("&&")[-1].split()[0]
        assert program == ".venv/bin/botc-pnp", command


def test_the_program_readme_installs_is_there():
    program = REPO / ".venv" / "bin" / "botc-pnp"
    assert program.is_file() and os.access(program, os.X_OK)


def test_the_commands_new_prints_run_as_written(tmp_path):
    program = REPO / ".venv" / "bin" / "botc-pnp"
    folder = tmp_path / "내 스크립트"
    env = {**os.environ, "PATH": "/usr/bin:/bin"}  # botc-pnp is not on PATH after README's install
    made = subprocess.run([str(program), "new", str(folder)], capture_output=True, text=True, env=env, timeout=120)
    assert made.returncode == 0, made.stderr
    printed = [line.strip() for line in made.stdout.splitlines() if line.startswith("  ") and " validate " in line]
    [command] = printed
    assert command.startswith(shlex.quote(str(program)))
    ran = subprocess.run(shlex.split(command), capture_output=True, text=True, env=env, timeout=120)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    starter = (folder / "README.md").read_text(encoding="utf-8")
    assert command in starter  # the starter's README shows the same command


def test_new_prints_the_plain_name_when_it_is_on_path(tmp_path):
    bin_dir = REPO / ".venv" / "bin"
    env = {**os.environ, "PATH": f"{bin_dir}:/usr/bin:/bin"}
    made = subprocess.run(["botc-pnp", "new", str(tmp_path / "x")], capture_output=True, text=True, env=env, timeout=120)
    assert made.returncode == 0, made.stderr
    assert "\n  botc-pnp validate " in made.stdout


def test_new_run_as_a_module_prints_the_module_form(tmp_path):
    env = {**os.environ, "PATH": "/usr/bin:/bin"}
    made = subprocess.run([sys.executable, "-m", "generator", "new", str(tmp_path / "x")], capture_output=True, text=True,
                          env=env, timeout=120, cwd=REPO)
    assert made.returncode == 0, made.stderr
    assert f"  {shlex.quote(sys.executable)} -m generator validate " in made.stdout
