"""Reading the publisher's script JSON: its example forms, id matching, _meta, custom characters, and Korean errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.findings import Report
from generator.load.game import load_game, load_library, load_script_json, resolve_game
from generator.load.publisher.schema import item_lines
from generator.load.publisher.text import from_publisher_text, normalize_id, to_publisher_text

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_COPY = ROOT / "content" / "schema" / "script-schema.json"
FIVE = ["washerwoman", "empath", "drunk", "poisoner", "imp"]


def write(tmp_path: Path, data, name: str = "club.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def load(path: Path):
    report = Report()
    script = load_script_json(path, report)
    return script, report


def game_of(path: Path):
    library, report = load_library()
    script = load_script_json(path, report)
    return resolve_game(script, library, report), report


def test_bundled_schema_is_a_valid_schema_with_the_fields_we_write():
    """The publisher's schema ships with the project (content/schema/): it must be a schema, and say what we rely on."""
    from jsonschema import Draft202012Validator

    schema = json.loads(SCHEMA_COPY.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    character = schema["items"]["oneOf"][0]["properties"]
    assert {"id", "name", "team", "ability", "firstNight", "otherNight", "reminders", "setup"} <= set(character)


@pytest.mark.parametrize("raw", ["fang_gu", "Fang Gu", "fanggu", "FANG-GU", "fang gu!"])
def test_ids_match_the_publishers_way(raw):
    assert normalize_id(raw) == "fanggu"


def test_ids_as_strings_and_deprecated_objects(tmp_path):
    path = write(tmp_path, ["washerwoman", {"id": "empath"}, "Fang Gu", {"id": "poisoner"}, "imp", "drunk"])
    game, report = game_of(path)
    assert not report.errors, report.lines()
    assert game.ids == ["washerwoman", "empath", "fanggu", "poisoner", "imp", "drunk"]
    assert game.script.id == "club"
    assert game.script.title == "club"  # no _meta: the file name
    assert game.script.night_order is None  # the library's order
    assert game.character("washerwoman").name == "세탁부"


def test_meta_title_author_bootlegger_and_order(tmp_path):
    meta = {
        "id": "_meta",
        "name": "우리 동네 스크립트",
        "author": "모임장",
        "bootlegger": ["첩자는 매일 밤 마도서를 봅니다."],
        "firstNight": ["poisoner", "washerwoman", "empath"],
        "otherNight": ["dusk", "poisoner", "imp", "empath", "dawn"],
    }
    path = write(tmp_path, [meta, *FIVE])
    game, report = game_of(path)
    script = game.script
    assert (script.title, script.author, script.bootlegger) == (
        "우리 동네 스크립트",
        "모임장",
        ["첩자는 매일 밤 마도서를 봅니다."],
    )
    # the order written is the official one for these characters: the script follows the official order (and keeps
    # following it when characters are added), with dusk, minion/demon info and dawn where the library puts them
    assert script.night_order is None
    assert game.night_steps("first_night") == [
        "dusk",
        "minioninfo",
        "demoninfo",
        "poisoner",
        "washerwoman",
        "empath",
        "dawn",
    ]
    assert game.night_steps("other_nights") == ["dusk", "poisoner", "imp", "empath", "dawn"]
    from generator.check import run_checks

    run_checks(game, report)
    assert not [f for f in report.errors if f.code.startswith("night")], report.lines()


def test_custom_order_is_validated_like_the_bundled_one(tmp_path):
    meta = {
        "id": "_meta",
        "name": "순서 틀림",
        "firstNight": ["washerwoman", "poisoner"],
        "otherNight": ["imp", "poisoner"],
    }
    game, report = game_of(write(tmp_path, [meta, *FIVE]))
    from generator.check import run_checks

    run_checks(game, report)
    codes = {f.code for f in report.errors}
    assert "night-missing" in codes  # empath wakes but is not in the order
    # an order of its own stays the script's, with the steps the format lets it leave out added where they belong
    assert game.script.night_order.first_night == ["dusk", "minioninfo", "demoninfo", "washerwoman", "poisoner", "dawn"]
    assert game.script.night_order.other_nights == ["dusk", "imp", "poisoner", "dawn"]


def test_custom_character_in_full(tmp_path):
    custom = {
        "id": "lamp_lighter",
        "name": "등불지기",
        "team": "townsfolk",
        "ability": "게임 시작 시, 하수인 곁의 선한 플레이어 1명을 알게 됩니다.",
        "flavor": "빛이 있으라.",
        "firstNight": 30,
        "firstNightReminder": "등불지기를 깨워 *등불* 플레이어를 가리키세요. :reminder:",
        "otherNight": 0,
        "otherNightReminder": "",
        "reminders": ["등불"],
        "remindersGlobal": [],
        "setup": False,
        "image": "https://example.com/lamp.png",
    }
    meta = {
        "id": "_meta",
        "name": "자작",
        "firstNight": ["dusk", "minioninfo", "demoninfo", "poisoner", "lamplighter", "washerwoman", "empath", "dawn"],
    }
    game, report = game_of(write(tmp_path, [meta, custom, *FIVE]))
    assert not report.errors, report.lines()
    lamp = game.character("lamplighter")
    assert lamp.custom and lamp.team == "townsfolk" and lamp.name == "등불지기"
    assert lamp.first_night == "등불지기를 깨워 *등불* 플레이어를 가리키세요."
    assert lamp.other_nights is None
    assert lamp.reminders == ["등불"] and lamp.flavor == "빛이 있으라."
    assert "lamplighter" in game.night_order.first_night


def test_custom_setup_is_read_from_the_ability_bracket(tmp_path):
    custom = {
        "id": "bigdemon",
        "name": "큰 악마",
        "team": "demon",
        "ability": "매일 밤*, 플레이어 1명을 선택합니다: 그는 사망합니다. [외지인 +1명]",
        "setup": True,
    }
    unreadable = {
        "id": "oddone",
        "name": "이상한 자",
        "team": "outsider",
        "ability": "무언가를 바꿉니다.",
        "setup": True,
    }
    script, report = load(write(tmp_path, [custom, unreadable, *FIVE]))
    assert script.custom_characters["bigdemon"].setup == {"outsider": [1]}
    assert script.custom_characters["oddone"].setup == {}
    assert any(f.code == "setup-unknown" and f.subject == "oddone" for f in report.warnings)


def test_custom_character_without_order_goes_before_dawn(tmp_path):
    """No firstNight/otherNight number and no _meta order: the character goes just before dawn, with a warning."""
    custom = {
        "id": "nightowl",
        "name": "올빼미",
        "team": "townsfolk",
        "ability": "매일 밤, 무언가를 배웁니다.",
        "firstNightReminder": "올빼미를 깨우세요.",
        "otherNightReminder": "올빼미를 깨우세요.",
    }
    script, report = load(write(tmp_path, [custom, *FIVE]))
    for night in ("first_night", "other_nights"):
        steps = script.night_order.steps(night)
        assert steps[steps.index("dawn") - 1] == "nightowl"
    assert any(f.code == "night-order-guessed" for f in report.warnings)


def test_full_object_for_a_library_character_in_its_english_prints_ours(tmp_path):
    """The publisher's own object for an official character (its English text): our Korean character, with one note."""
    english = {
        "id": "washerwoman",
        "name": "Washerwoman",
        "team": "townsfolk",
        "ability": "You start knowing that 1 of 2 players is a particular Townsfolk.",
    }
    game, report = game_of(write(tmp_path, [english, *FIVE[1:]]))
    assert game.character("washerwoman") is game.library.characters["washerwoman"]
    assert [f.subject for f in report.findings if f.code == "custom-override"] == []
    assert [f.level for f in report.findings if f.code == "official-text-replaced"] == ["info"]


def test_full_object_for_a_library_character_with_our_text_edited_overrides_and_warns(tmp_path):
    game, _ = load_game("in-space")
    ours = game.library.characters["washerwoman"]
    from generator.load.publisher.characters import library_words

    edited = {
        "id": "washerwoman",
        "name": "빨래꾼",
        "team": "townsfolk",
        "ability": library_words(game.library.characters)(ours.ability),
    }
    game, report = game_of(write(tmp_path, [edited, *FIVE[1:]]))
    washer = game.character("washerwoman")
    assert washer.custom and washer.name == "빨래꾼"
    assert washer.overview  # the almanac text the format has no room for stays: the ability is ours
    assert any(f.code == "custom-override" and f.subject == "washerwoman" for f in report.warnings)


def test_unknown_id_suggests_close_ids_via_cli(tmp_path):
    path = write(tmp_path, ["washerwoman", "empath", "poisonner", "imp", "drunk"])
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    output = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert "poisonner" in output and "혹시 독살범('poisoner')" in output
    assert f"{path.name}:4" in output  # the line of the item


@pytest.mark.parametrize(
    "item, expected",
    [
        (
            {"id": "x", "name": "엑스", "team": "villager", "ability": "무엇."},
            ["3번째 항목(x)", "'team'", "villager", "townsfolk"],
        ),
        ({"id": "x", "name": "엑스", "team": "demon"}, ["3번째 항목(x)", "'ability'", "없습니다"]),
        ({"id": "x", "name": "엑스", "team": "demon", "ability": "가" * 251}, ["3번째 항목(x)", "'ability'", "250자"]),
        (
            {"id": "x", "name": "엑스", "team": "demon", "ability": "무엇.", "reminders": ["a", 5]},
            ["'reminders'의 2번째 값", "문자열"],
        ),
        ({"id": "x", "name": "엑스", "team": "demon", "ability": "무엇.", "colour": "red"}, ["'colour'"]),
        ({"id": "_meta", "name": "제목", "firstNight": "dusk"}, ["3번째 항목(_meta)", "'firstNight'", "목록"]),
        ("a" * 21, ["3번째 항목", "20자"]),
    ],
)
def test_schema_breaks_name_item_and_field(tmp_path, item, expected):
    script, report = load(write(tmp_path, ["washerwoman", "empath", item, "imp", "drunk", "poisoner"]))
    messages = [f.message for f in report.errors if f.code == "schema"]
    assert messages, report.lines()
    assert any(all(part in m for part in expected) for m in messages), messages


def test_too_few_items(tmp_path):
    script, report = load(write(tmp_path, ["washerwoman", "imp"]))
    assert any("5개 이상" in f.message for f in report.errors)


@pytest.mark.parametrize(
    "text, expected",
    [
        ('{"id": "_meta", "name": "x"}', "목록([...])"),
        ('"washerwoman"', "목록([...])"),
        ('["washerwoman", ', "JSON 문법"),
    ],
)
def test_wrong_shape_cannot_be_read(tmp_path, text, expected):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    script, report = load(path)
    assert script is None and report.unreadable
    assert expected in report.errors[0].message
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 2


def test_item_lines():
    text = '[\n  {"id": "_meta",\n   "name": "a, [b]"},\n  "imp",\n\n  {"id": "x"}\n]'
    assert item_lines(text) == {0: 2, 1: 4, 2: 6}


@pytest.mark.parametrize(
    "ours",
    [
        "임프를 깨우세요. 임프가 가리킨 플레이어는 죽습니다. *죽음* 알림을 놓으세요. 다시 재우세요.",
        "*죽음* 알림을 놓으세요.",
        "알림 없이 깨우기만 합니다.",
    ],
)
def test_text_marks_round_trip(ours):
    exported = to_publisher_text(ours)
    assert from_publisher_text(exported) == ours
    if "놓으세요" in ours:
        assert ":reminder:" in exported and "*죽음*" in exported


def test_named_placeholder_is_filled_on_export():
    assert (
        to_publisher_text("{named:이} 있다면 {named} 토큰을 보여 주세요.", "변종")
        == "변종이 있다면 변종 토큰을 보여 주세요."
    )


def test_bundled_script_loads_unchanged_from_its_json(tmp_path):
    from generator.write.export_json import export_json_bytes

    game, _ = load_game("in-space")
    path = tmp_path / "in-space.json"
    path.write_bytes(export_json_bytes(game))
    again, report = game_of(path)
    assert not report.errors and not report.warnings, report.lines()
    assert again.script.named_characters == game.script.named_characters
    assert not again.script.custom_characters
