"""Loading: broken YAML and schema problems are reported in Korean with file and line, all together, never as a traceback."""

from __future__ import annotations

import re
import unicodedata

from conftest import detach, edit_character, read_yaml, validate, with_code, write_script

from generator.load.game import load_game


def finding_for(report, code):
    found = with_code(report, code)
    assert found, f"no {code} in {[f.code for f in report.findings]}"
    return found[0]


def key_line(path, key: str) -> int:
    """1-based line of a top-level key in a YAML file."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith(f"{key}:"):
            return number
    raise AssertionError(f"{key} not in {path}")


def test_bundled_content_loads_without_findings():
    game, report = load_game("in-space")
    assert report.findings == []
    assert len(game.listed) == 31
    assert game.added == ["djinn"] and game.characters[-1].id == "djinn"  # the spy–damsel jinx brings the Djinn


def test_yaml_syntax_error_names_file_and_line(content):
    path = content / "characters" / "empath.yaml"
    detach(path).write_text(
        "id: empath\nname: 초공감자\nteam: townsfolk\nability: 매일 밤: 이웃: 둘\n", encoding="utf-8"
    )
    game, report = load_game("in-space", content)
    finding = finding_for(report, "yaml-syntax")
    assert report.unreadable and report.exit_code() == 2
    assert finding.where == f"{path}:4"
    assert "YAML 문법 오류" in finding.message and "empath.yaml:4" in finding.message


def test_ability_as_a_list_is_a_type_error_at_its_line(content):
    path = edit_character(content, "empath", ability=["매일 밤,", "알게 됩니다."])
    _, report = load_game("in-space", content)
    finding = finding_for(report, "wrong-type")
    assert finding.subject == "empath"
    assert finding.message == "'ability'는 문자열이어야 합니다(지금은 목록)."
    assert finding.where == f"{path}:{key_line(path, 'ability')}"


def test_reminders_as_a_number_is_a_type_error(content):
    path = edit_character(content, "monk", reminders=3)
    _, report = load_game("in-space", content)
    finding = finding_for(report, "wrong-type")
    assert "'reminders'는 목록이어야 합니다(지금은 정수)" in finding.message
    assert finding.where == f"{path}:{key_line(path, 'reminders')}"


def test_missing_required_field_is_an_error(content):
    edit_character(content, "monk", ability=None)
    _, report = load_game("in-space", content)
    finding = finding_for(report, "missing-field")
    assert finding.level == "error" and finding.subject == "monk"
    assert "필수 항목 'ability'" in finding.message


def test_unknown_team_lists_the_accepted_teams(content):
    path = edit_character(content, "monk", team="villager")
    _, report = load_game("in-space", content)
    finding = finding_for(report, "unknown-team")
    assert "'villager'" in finding.message
    assert "townsfolk, outsider, minion, demon, traveller, loric, fabled" in finding.message
    assert finding.where == f"{path}:{key_line(path, 'team')}"


def test_two_files_with_the_same_id_is_an_error(content):
    source = content / "characters" / "monk.yaml"
    detach(content / "characters" / "monk2.yaml").write_bytes(source.read_bytes())
    _, report = load_game("in-space", content)
    finding = finding_for(report, "id-mismatch")
    assert finding.level == "error"
    assert "id 'monk'" in finding.message and "monk2.yaml" in finding.message


def test_id_different_from_file_name_is_an_error(content):
    edit_character(content, "monk", id="abbot")
    _, report = load_game("in-space", content)
    assert "'abbot'" in finding_for(report, "id-mismatch").message


def test_unknown_key_is_a_warning_naming_the_accepted_keys(content):
    path = edit_character(content, "monk", colour="red")
    _, report = load_game("in-space", content)
    finding = finding_for(report, "unknown-key")
    assert finding.level == "warning" and not report.errors
    assert "'colour'" in finding.message and "reminders" in finding.message
    assert finding.where == f"{path}:{key_line(path, 'colour')}"


def test_script_naming_an_unknown_character_suggests_the_closest(content):
    path = write_script(content, ["washerwoman", "empth", "imp"], "typo")
    _, report = load_game("typo", content)
    finding = finding_for(report, "unknown-id")
    assert finding.subject == "empth" and finding.level == "error"
    assert "혹시 초공감자('empath')" in finding.message and finding.message.endswith("인가요?")
    assert re.fullmatch(rf"{re.escape(str(path))}:\d+", finding.where)


def test_empty_file_cannot_be_read(content):
    path = content / "characters" / "monk.yaml"
    detach(path).write_text("\n  \n", encoding="utf-8")
    _, report = load_game("in-space", content)
    finding = finding_for(report, "yaml-empty")
    assert report.exit_code() == 2
    assert "빈 파일" in finding.message and "monk.yaml" in finding.message


def test_binary_file_cannot_be_read(content):
    detach(content / "characters" / "monk.yaml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    _, report = load_game("in-space", content)
    assert "이진 데이터" in finding_for(report, "file-binary").message
    assert report.exit_code() == 2


def test_non_utf8_file_cannot_be_read(content):
    detach(content / "characters" / "monk.yaml").write_bytes("id: monk\nname: 수도사\n".encode("euc-kr"))
    _, report = load_game("in-space", content)
    assert "UTF-8" in finding_for(report, "file-encoding").message


def test_yaml_alias_bomb_is_refused(content):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [
        f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]"
        for i in range(1, 10)
    ]
    detach(content / "characters" / "monk.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, report = load_game("in-space", content)
    finding = finding_for(report, "yaml-syntax")
    assert "별칭" in finding.message and finding.where.endswith("monk.yaml:2")


def test_all_problems_are_reported_together(content):
    detach(content / "characters" / "monk.yaml").write_text("id: monk\nname: [수도사\n", encoding="utf-8")
    edit_character(content, "empath", team="villager")
    edit_character(content, "imp", reminders={"죽음": 1})
    _, report = load_game("in-space", content)
    subjects_or_files = {(f.code, f.subject or f.where.split("/")[-1].split(":")[0]) for f in report.errors}
    assert ("yaml-syntax", "monk.yaml") in subjects_or_files
    assert ("unknown-team", "empath") in subjects_or_files
    assert ("wrong-type", "imp") in subjects_or_files


def test_text_is_nfc_normalised_on_load_including_lists_and_keys(content):
    decomposed = unicodedata.normalize("NFD", "안전함")
    edit_character(content, "monk", reminders=[decomposed], name=unicodedata.normalize("NFD", "수도사"))
    game, _ = load_game("in-space", content)
    monk = game.character("monk")
    assert monk.reminders == ["안전함"] and monk.name == "수도사"
    assert read_yaml(content / "characters" / "monk.yaml")["reminders"] == [decomposed]


def test_missing_script_cannot_be_read_and_lists_the_bundled_ids(content):
    _, report = load_game("no-such-script", content)
    finding = finding_for(report, "script-missing")
    assert report.exit_code() == 2 and "in-space" in finding.message


def test_missing_setup_table_row_is_an_error(content):
    path = content / "setup.yaml"
    detach(path).write_text(path.read_text(encoding="utf-8").replace("  12: [7, 2, 2, 1]\n", ""), encoding="utf-8")
    _, report = validate("in-space", content)
    assert "12명 줄이 없습니다" in finding_for(report, "setup-table").message
