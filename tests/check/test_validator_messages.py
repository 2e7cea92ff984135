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
from conftest import CONTENT, REPO, detach, edit_character, edit_order, run_cli, validate, with_code, write_script

from generator.art.icons import resolve_icon_path


def line_of(path: Path, needle: str) -> int:
    """1-based line of the first line that starts with `needle` (a top-level key) or, failing that, contains it."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for test in (str.startswith, str.__contains__):
        for number, line in enumerate(lines, 1):
            if test(line, needle):
                return number
    raise AssertionError(f"{needle!r} not in {path}")


# Each test below edits one copy of the content folder with several cases of one rule at once (a copy costs
# a few hundred milliseconds) and checks every case's finding.

# --- name variants, both directions ---------------------------------------------------------------------------

VARIANT_CASES = [  # (character renamed or not, its name, the spelling another character's flavor uses)
    ("washerwoman", "세탁부", "세탁 부"),  # a space added inside a three-syllable name
    ("ravenkeeper", "달지기", "달 지기"),
    ("empath", "별 지기", "별지기"),  # a space left out
    ("noble", "빨래꾼 할멈", "빨래꾼할멈"),
    ("undertaker", "무덤파기꾼", "무덤 파기꾼"),
]
WRITERS = ["monk", "soldier", "virgin", "tinker", "recluse"]


def test_a_name_written_with_or_without_a_space_is_a_variant(content):
    for character_id, name, _ in VARIANT_CASES:
        edit_character(content, character_id, name=name, aliases=[])
    paths = {}
    for (_, _, written), writer in zip(VARIANT_CASES, WRITERS):
        paths[writer] = edit_character(content, writer, flavor=f"오늘 밤 {written}가 찾아왔네. 문을 열어 주게.")
    _, report = validate("in-space", content)
    found = {f.subject: f for f in with_code(report, "name-variant")}
    assert sorted(found) == sorted(c for c, _, _ in VARIANT_CASES)
    for (character_id, name, written), writer in zip(VARIANT_CASES, WRITERS):
        finding = found[character_id]
        assert f"'{written}'" in finding.message and f"{name}의 다른 표기" in finding.message
        path = paths[writer]
        assert finding.where == f"{path}:{line_of(path, 'flavor:')}"  # where the variant is written


def test_a_variant_inside_other_words_or_declared_is_not_flagged(content):
    edit_character(content, "knight", aliases=[])
    edit_character(content, "ravenkeeper", aliases=["까마귀 지기"])
    script = write_script(
        content, ["washerwoman", "knight", "ravenkeeper", "monk", "soldier", "virgin", "imp", "poisoner"], "words"
    )
    texts = {
        "monk": "세탁 부서에서 일하던 사람입니다.",  # 세탁 + 부서: the variant is not a word of its own
        "soldier": "손세탁 부탁을 받았습니다.",
        "virgin": "전기 사용을 줄이세요. 까마귀 지기가 왔습니다.",  # 기사 (two syllables) is never split; declared alias
    }
    for character_id, text in texts.items():
        edit_character(content, character_id, flavor=text)
    _, report = validate(script, content)
    assert with_code(report, "name-variant") == []


# --- night-missing: the line of the list and where the id goes ------------------------------------------------


def test_night_missing_names_the_step_to_follow_and_its_line(tmp_path):
    path = write_script(
        tmp_path,
        ["washerwoman", "monk", "poisoner", "imp", "recluse"],
        "own-order",
        first_night=["dusk", "minioninfo", "demoninfo", "poisoner", "washerwoman", "dawn"],
        other_nights=["dusk", "imp", "dawn"],
    )
    detach(path).write_text(
        path.read_text(encoding="utf-8").replace("- dusk\n- imp", "- dusk\n- poisoner\n- imp"), encoding="utf-8"
    )
    _, report = validate(path, CONTENT)
    [finding] = with_code(report, "night-missing")
    assert finding.subject == "monk"
    # the official order has the Monk after the Poisoner: insert right after it, shown at the Poisoner's line
    assert "'other_nights' 목록의 독살범(poisoner) 바로 뒤에 수도사(monk)를 넣거나" in finding.message
    assert "캐릭터 파일의 'other_nights' 문구를 지우세요" in finding.message
    lines = path.read_text(encoding="utf-8").splitlines()
    assert finding.where.startswith(f"{path}:")
    assert lines[int(finding.where.rsplit(":", 1)[1]) - 1].strip() == "- poisoner"
    assert lines[int(finding.where.rsplit(":", 1)[1]) - 2].strip() == "- dusk"  # the other night's, not the first's


def test_night_findings_without_a_step_point_at_the_night_list(content):
    edit_order(content, "other_nights", lambda steps: [s for s in steps if s != "monk"])
    edit_order(content, "first_night", lambda steps: [s for s in steps if s != "dusk"])
    path = content / "night_order.yaml"
    _, report = validate("in-space", content)
    [missing] = with_code(report, "night-missing")
    assert "알맞은 자리(새벽 dawn 앞)" in missing.message  # the official order (the library's own) lacks it too
    assert missing.where == f"{path}:{line_of(path, 'other_nights:')}"
    [dusk] = with_code(report, "night-dusk")
    assert dusk.where == f"{path}:{line_of(path, 'first_night:')}"


# --- setup-mismatch: the right line and the setup line to write ---------------------------------------------


def test_setup_mismatches_show_the_setup_line_at_the_right_line(content):
    fanggu = edit_character(content, "fanggu", setup=None)  # bracket, no setup
    godfather = edit_character(content, "godfather", setup={"outsider": [1]})  # different deltas
    edit_character(
        content, "drunk", ability="당신은 자신이 주정뱅이라는 사실을 모릅니다. [외지인 +1명]"
    )  # keeps hidden_as
    vigormortis = edit_character(
        content, "vigormortis", ability="매일 밤*, 플레이어 1명을 선택합니다: 그는 사망합니다."
    )
    _, report = validate("in-space", content)
    found = {f.subject: f for f in with_code(report, "setup-mismatch")}
    assert sorted(found) == ["drunk", "fanggu", "godfather", "vigormortis"]
    assert "`setup: {outsider: [1]}`라고 쓰고" in found["fanggu"].message
    assert found["fanggu"].where == f"{fanggu}:{line_of(fanggu, 'ability:')}"  # no setup line: the bracket's
    assert "`setup: {outsider: [-1, 1]}`" in found["godfather"].message
    assert "능력에 [외지인 +1명] 괄호를 쓰세요" in found["godfather"].message
    assert found["godfather"].where == f"{godfather}:{line_of(godfather, 'setup:')}"
    assert "`setup: {outsider: [1], hidden_as: townsfolk}`" in found["drunk"].message
    assert "setup 항목을 지우고" in found["vigormortis"].message
    assert "능력에 [외지인 -1명] 괄호를 쓰세요" in found["vigormortis"].message
    assert found["vigormortis"].where == f"{vigormortis}:{line_of(vigormortis, 'setup:')}"


# --- a bracket written in words: one clear error ------------------------------------------------------------

WORDED = {  # character → (bracket written in words, the form to write)
    "fanggu": ("[외지인 한 명 추가]", "[외지인 +1명]"),
    "vigormortis": ("[외지인 1명 제거]", "[외지인 -1명]"),
    "godfather": ("[외지인 두 명 더]", "[외지인 +2명]"),
    "spy": ("[하수인 하나 추가]", "[하수인 +1명]"),
}


def test_a_worded_count_bracket_is_one_error_with_the_form_to_write(content):
    paths = {
        cid: edit_character(content, cid, ability=f"매일 밤, 플레이어 1명을 선택합니다. {bracket}")
        for cid, (bracket, _) in WORDED.items()
    }
    edit_character(content, "imp", ability="매일 밤*, 누군가 사망합니다. [외지인 약간]")
    _, report = validate("in-space", content)
    setup_errors = [f for f in report.errors if f.code.startswith("setup")]
    by_subject: dict = {}
    for finding in setup_errors:
        by_subject.setdefault(finding.subject, []).append(finding)
    assert sorted(by_subject) == sorted([*WORDED, "imp"])
    for cid, (bracket, guess) in WORDED.items():
        [finding] = by_subject[cid]  # one error, not a second "no bracket" mismatch
        assert finding.code == "setup-bracket-unreadable"
        assert f"{bracket} 대신 {guess}처럼 쓰세요" in finding.message
        assert finding.where == f"{paths[cid]}:{line_of(paths[cid], 'ability:')}"
    [unguessed] = by_subject["imp"]
    assert "'[외지인 +1명]'" in unguessed.message and "setup.rules" in unguessed.message


# --- misspellings: "혹시 …?" with the accepted list -------------------------------------------------------------

MISSPELLED_KEYS = {
    "abilty": ("능력", "혹시 'ability'인가요?"),
    "remiders": (["안전"], "혹시 'reminders'"),
    "othernights": ("수도사를 깨우세요.", "혹시 'other_nights'인가요?"),
}
MISSPELLED_TEAMS = {
    "poisoner": ("minon", "혹시 'minion'"),
    "washerwoman": ("townsfok", "혹시 'townsfolk'인가요?"),
    "recluse": ("외지인", "혹시 'outsider'인가요?"),
    "imp": ("deamon", "혹시 'demon'인가요?"),
}


def test_misspelled_keys_teams_and_setup_keys_get_a_suggestion_and_the_list(content):
    path = edit_character(content, "monk", **{key: value for key, (value, _) in MISSPELLED_KEYS.items()})
    for character_id, (team, _) in MISSPELLED_TEAMS.items():
        edit_character(content, character_id, team=team)
    edit_character(content, "fanggu", setup={"outsiders": [1]})
    _, report = validate("in-space", content)
    keys = with_code(report, "unknown-key")
    assert len(keys) == len(MISSPELLED_KEYS)
    for key, (_, hint) in MISSPELLED_KEYS.items():
        [finding] = [f for f in keys if f"'{key}'" in f.message]
        assert hint in finding.message and "쓸 수 있는 항목:" in finding.message
        assert finding.where == f"{path}:{line_of(path, key + ':')}"
    teams = {f.subject: f for f in with_code(report, "unknown-team")}
    assert sorted(teams) == sorted(MISSPELLED_TEAMS)
    for character_id, (_, hint) in MISSPELLED_TEAMS.items():
        message = teams[character_id].message
        assert hint in message and "townsfolk, outsider, minion, demon" in message
        assert "은(는)" not in message and "이(가)" not in message
    [setup_key] = with_code(report, "setup-invalid")
    assert "혹시 'outsider'인가요?" in setup_key.message


# --- an over-indented list item -----------------------------------------------------------------------------

OVER_INDENTED = [  # (text in monk.yaml, replacement, the line the finding must point at)
    ("reminders: [안전]", "reminders:\n- 안전\n  - 보호", "  - 보호"),
    (
        "- 새벽이 되면 안전 리마인더 토큰을 제거하세요.",
        "- 새벽이 되면 안전 리마인더 토큰을 제거하세요.\n  - 다음 단계",
        "  - 다음 단계",
    ),
    ("aliases: [수도승]", "aliases:\n  - 수도승\n    - 수도 사", "    - 수도 사"),
]


def test_an_over_indented_list_item_is_reported_at_its_line(content):
    path = content / "characters" / "monk.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new, _ in OVER_INDENTED:
        assert old in text
        text = text.replace(old, new, 1)
    detach(path).write_text(text, encoding="utf-8")
    dashes = content / "characters" / "soldier.yaml"  # dashes inside a block or quoted text are text, not items
    detach(dashes).write_text(
        dashes.read_text(encoding="utf-8") + "notes:\n- |-\n  목록처럼 쓴 메모\n  - 첫째\n  - 둘째\n"
        '- "따옴표 안\n  - 이것도 글"\n',
        encoding="utf-8",
    )
    _, report = validate("in-space", content)
    found = with_code(report, "yaml-merged-item")
    assert sorted(f.where for f in found) == sorted(f"{path}:{line_of(path, line)}" for _, _, line in OVER_INDENTED)
    for finding in found:
        assert finding.level == "error" and "번째 항목에 이어 붙었습니다" in finding.message


# --- icons: content PNGs like --icons, missing icons at validate ----------------------------------------------


def png(path: Path) -> None:
    from PIL import Image

    Image.new("RGBA", (32, 32), (0, 0, 0, 255)).save(path)


def test_icons_are_checked_at_validate(content):
    edit_character(content, "monk", icon=None)  # <id>.png in the content icons, no icon field: used
    (content / "icons" / "monk.svg").unlink()
    png(content / "icons" / "monk.png")
    washerwoman = edit_character(content, "washerwoman", icon="없는그림.svg")  # a missing file
    edit_character(content, "noble", icon=None)  # nothing at all
    (content / "icons" / "noble.svg").unlink()
    edit_character(content, "pixie", icon="../../secret.png")  # outside the icons folder
    assert resolve_icon_path("monk", None, content, None) == content / "icons" / "monk.png"
    _, report = validate("in-space", content)
    found = {f.subject: f for f in report.findings if f.code.startswith("icon")}
    assert sorted(found) == ["noble", "pixie", "washerwoman"]
    assert found["washerwoman"].code == "icon-missing" and found["washerwoman"].level == "warning"
    assert "없는그림.svg" in found["washerwoman"].message and "세탁부" in found["washerwoman"].message
    assert found["washerwoman"].where == f"{washerwoman}:{line_of(washerwoman, 'icon:')}"
    assert found["noble"].code == "icon-missing" and "noble.svg나 noble.png" in found["noble"].message
    assert found["pixie"].code == "icon-path-escapes" and "secret.png" in found["pixie"].message


@pytest.mark.slow
def test_validate_takes_icons_like_build_and_build_reports_an_icon_once(content, tmp_path):
    edit_character(content, "monk", icon="없는그림.svg")
    mine = tmp_path / "mine"
    mine.mkdir()
    png(mine / "monk.png")
    result = run_cli("validate", "--content", content, "--icons", mine)
    assert result.exit_code == 0 and "icon-missing" not in result.output
    result = run_cli("validate", "--content", content, "--icons", tmp_path / "없는폴더")
    assert "없는폴더" in result.output and "내장 아이콘" in result.output
    result = run_cli("sheet", "--content", content, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert result.output.count("없는그림.svg") == 1


# --- commands that run as written --------------------------------------------------------------------------------


# the virtual environment running these tests: README's install puts it at .venv/ (kept general for other checkouts)
INSTALLED = Path(sys.executable).parent


def readme_commands() -> list[str]:
    """Every command README shows: indented code lines and inline code that starts with the program."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    found = [line.strip() for line in text.splitlines() if line.startswith("    ") and "botc-pnp" in line.split()[0]]
    found += [
        m
        for m in re.findall(r"`([^`]+)`", text)
        if m.split()[0].endswith("botc-pnp") and m.split()[1:] not in ([], ["…"])
    ]
    return found


def test_readme_commands_use_the_program_readme_installs():
    """Every command README shows runs as written after its two set-up commands (the brief): the clone's .venv."""
    commands = readme_commands()
    assert len(commands) >= 8
    for command in commands:
        program = command.split()[0]
        if "&&" in command:
            program = command.split("&&")[-1].split()[0]
        assert program == ".venv/bin/botc-pnp", command
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert "    .venv/bin/pip install pipx && .venv/bin/pipx install .\n" in text  # the third way (issue 24)


def test_the_program_readme_installs_is_there():
    program = INSTALLED / "botc-pnp"
    assert program.is_file() and os.access(program, os.X_OK)


@pytest.mark.slow
def test_the_commands_new_prints_run_as_written(tmp_path):
    program = INSTALLED / "botc-pnp"
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


@pytest.mark.slow
def test_new_prints_the_plain_name_when_it_is_on_path(tmp_path):
    bin_dir = INSTALLED
    env = {**os.environ, "PATH": f"{bin_dir}:/usr/bin:/bin"}
    made = subprocess.run(
        ["botc-pnp", "new", str(tmp_path / "x")], capture_output=True, text=True, env=env, timeout=120
    )
    assert made.returncode == 0, made.stderr
    assert "\n  botc-pnp validate " in made.stdout


@pytest.mark.slow
def test_new_run_as_a_module_prints_the_module_form(tmp_path):
    env = {**os.environ, "PATH": "/usr/bin:/bin"}
    made = subprocess.run(
        [sys.executable, "-m", "generator", "new", str(tmp_path / "x")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=REPO,
    )
    assert made.returncode == 0, made.stderr
    assert f"  {shlex.quote(sys.executable)} -m generator validate " in made.stdout
