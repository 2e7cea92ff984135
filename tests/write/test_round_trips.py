"""A script passed around as JSON keeps its meaning and gains nothing (issue 33): export → import → export is
byte-identical for every bundled script and the community corpus; an order that is the official one is written as
the characters' night numbers only and reads back as the official order (not "its own"); an order of its own, and a
homebrew character placed between official ones, survive the trip."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from generator.load.game import load_library, load_script_json, resolve_game

CORPUS = Path(__file__).parents[1] / "community_scripts"
SOURCES = [
    "in-space",
    "trouble-brewing",
    "bad-moon-rising",
    "sects-and-violets",
    *sorted(p.name for p in CORPUS.glob("*.json")),
]


def exported(source, target: Path) -> bytes:
    result = run_cli("export-json", source, "-o", target)
    assert result.exit_code == 0, result.output
    return target.read_bytes()


def game_of(path: Path):
    library, report = load_library()
    game = resolve_game(load_script_json(path, report), library, report)
    assert game is not None and not report.errors, report.lines()
    return game


@pytest.mark.slow
@pytest.mark.parametrize("source", SOURCES)
def test_export_import_export_is_byte_identical_and_keeps_the_official_order(source, tmp_path):
    path = CORPUS / source if source.endswith(".json") else source
    first = exported(path, tmp_path / "first.json")
    assert exported(tmp_path / "first.json", tmp_path / "second.json") == first
    meta = json.loads(first)[0]
    assert "firstNight" not in meta and "otherNight" not in meta  # none of these has an order of its own
    assert not game_of(tmp_path / "first.json").has_own_night_order


def trouble_brewing_json(tmp_path: Path) -> list:
    return json.loads(exported("trouble-brewing", tmp_path / "tb.json"))


@pytest.mark.slow
def test_an_order_of_its_own_is_written_and_read_back_as_such(tmp_path):
    document = trouble_brewing_json(tmp_path)
    library_first = game_of(tmp_path / "tb.json").night_steps("first_night", all_players=True)
    own = list(library_first)
    chef, empath = own.index("chef"), own.index("empath")
    own[chef], own[empath] = own[empath], own[chef]  # the club wakes the empath before the chef
    document[0]["firstNight"] = own
    path = tmp_path / "own.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    game = game_of(path)
    assert game.has_own_night_order and game.night_steps("first_night", all_players=True) == own
    first = exported(path, tmp_path / "first.json")
    assert json.loads(first)[0]["firstNight"] == own
    assert exported(tmp_path / "first.json", tmp_path / "second.json") == first


def test_the_official_order_written_out_in_meta_reads_as_the_official_order(tmp_path):
    """The publisher's tool and older exports write the whole order in `_meta`: when it is the official one, adding a
    character later puts it in its official place rather than asking the club to place it by hand."""
    document = trouble_brewing_json(tmp_path)
    game = game_of(tmp_path / "tb.json")
    for night, key in (("first_night", "firstNight"), ("other_nights", "otherNight")):
        document[0][key] = game.night_steps(night, all_players=True)
    path = tmp_path / "written.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    again = game_of(path)
    assert again.script.night_order is None
    assert [again.night_steps(n) for n in ("first_night", "other_nights")] == [
        game.night_steps(n) for n in ("first_night", "other_nights")
    ]


@pytest.mark.slow
def test_a_homebrew_character_keeps_its_place_between_official_ones_without_an_order_in_meta(tmp_path):
    document = trouble_brewing_json(tmp_path)
    numbers = {c["id"]: c["firstNight"] for c in document[1:]}
    lantern = {
        "id": "lanternkeeper",
        "name": "등불지기",
        "team": "townsfolk",
        "ability": "첫날 밤, 당신은 이웃 한 명의 캐릭터를 알게 됩니다.",
        "firstNight": (numbers["washerwoman"] + numbers["librarian"]) / 2,
        "otherNight": 0,
        "firstNightReminder": "등불지기에게 이웃 한 명의 캐릭터를 알려 주세요.",
        "otherNightReminder": "",
        "reminders": [],
    }
    document.append(lantern)
    path = tmp_path / "homebrew.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    steps = game_of(path).night_steps("first_night")
    assert steps.index("washerwoman") < steps.index("lanternkeeper") < steps.index("librarian")
    first = exported(path, tmp_path / "first.json")
    assert "firstNight" not in json.loads(first)[0]
    assert exported(tmp_path / "first.json", tmp_path / "second.json") == first
    assert game_of(tmp_path / "first.json").night_steps("first_night") == steps


def test_the_page_gets_no_order_of_its_own_for_our_export(tmp_path):
    from generator.server import create_app

    client = create_app(workspace=tmp_path / "workspace").test_client()
    written = trouble_brewing_json(tmp_path)
    game = game_of(tmp_path / "tb.json")
    written[0]["firstNight"] = game.night_steps("first_night", all_players=True)  # as older exports wrote it
    body = client.post("/api/validate", data=json.dumps(written, ensure_ascii=False).encode()).get_json()
    assert "firstNight" not in body["script"]["meta"] and body["findings"] == []
