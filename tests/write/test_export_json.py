"""Exporting to the publisher's JSON: the schema passes, limits hold, numbers follow the order, and it reads back the same."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from conftest import run_cli
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from generator.cli import app
from generator.findings import Report
from generator.load.game import load_library, load_script_json, resolve_game
from generator.load.publisher.schema import load_schema
from generator.model import NIGHTS
from generator.write.export_json import export_game, limits

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def exported(game):
    report = Report()
    return export_game(game, report), report


def test_export_passes_the_schema(exported):
    document, report = exported
    errors = list(Draft202012Validator(load_schema()).iter_errors(document))
    assert not errors, [e.message for e in errors]
    assert not report.findings, report.lines()  # nothing in the bundled script needs shortening


def test_meta_and_characters(game, exported):
    document, _ = exported
    meta = document[0]
    assert meta["id"] == "_meta" and meta["name"] == game.script.title and meta["author"] == "George"
    assert "firstNight" not in meta and "otherNight" not in meta  # the official order: the numbers say it all
    characters = document[1:]
    assert [c["id"] for c in characters] == [c.id for c in game.listed]  # the Djinn is printed, not exported
    assert "djinn" in game.ids and "djinn" not in [c["id"] for c in characters]
    washer = next(c for c in characters if c["id"] == "washerwoman")
    assert washer["name"] == "세탁부" and washer["team"] == "townsfolk"
    assert "*마을주민*" in washer["firstNightReminder"]
    assert washer["otherNightReminder"] == "" and washer["otherNight"] == 0
    assert "edition" not in washer
    assert next(c for c in characters if c["id"] == "fanggu")["setup"] is True
    assert next(c for c in characters if c["id"] == "drunk")["setup"] is True
    assert next(c for c in characters if c["id"] == "drunk")["remindersGlobal"] == ["주정뱅이"]


def test_night_numbers_follow_the_order(game, exported):
    document, _ = exported
    for night, key in (("first_night", "firstNight"), ("other_nights", "otherNight")):
        waking = sorted((c for c in document[1:] if c[key] > 0), key=lambda c: c[key])
        assert [c["id"] for c in waking] == [s for s in game.night_steps(night) if s in game.ids]


def test_named_placeholder_filled(exported):
    document, _ = exported
    storm = next(c for c in document[1:] if c["id"] == "stormcatcher")
    assert "{named" not in storm["firstNightReminder"]
    assert "변종" in storm["firstNightReminder"]


def test_jinxes_in_the_schema_form(game, exported):
    document, _ = exported
    listed = {(c["id"], j["id"]): j["reason"] for c in document[1:] for j in c.get("jinxes", [])}
    assert listed == {jinx.characters: jinx.text for jinx in game.jinxes}


def test_round_trip_gives_the_same_script(game, tmp_path):
    from generator.write.export_json import export_json_bytes

    path = tmp_path / "in-space.json"
    path.write_bytes(export_json_bytes(game))
    library, report = load_library()
    script = load_script_json(path, report)
    again = resolve_game(script, library, report)
    assert not report.findings, report.lines()
    assert again.ids == game.ids
    for before, after in zip(game.characters, again.characters):
        assert dataclasses.asdict(before) == dataclasses.asdict(after)
    for night in NIGHTS:
        assert again.night_steps(night) == game.night_steps(night)
    assert (again.script.title, again.script.author, again.script.named_characters) == (
        game.script.title,
        game.script.author,
        game.script.named_characters,
    )


def test_round_trip_gives_identical_script_sheet(game, tmp_path):
    from generator.documents.script_sheet import build
    from generator.options import RenderOptions
    from generator.write.export_json import export_json_bytes

    path = tmp_path / "in-space.json"
    path.write_bytes(export_json_bytes(game))
    library, report = load_library()
    again = resolve_game(load_script_json(path, report), library, report)
    again.script.notes = game.script.notes  # the one field the format has no place for
    assert build(again, RenderOptions()) == build(game, RenderOptions())


def test_long_texts_are_shortened_and_reported(game):
    limit = limits()
    washer = game.character("washerwoman")
    long_one = dataclasses.replace(
        washer,
        ability="가" * (limit["ability"] + 10),
        reminders=["나" * (limit["reminders"] + 1)] + [f"알림{i}" for i in range(limit["reminders.count"] + 2)],
    )
    shortened_game = dataclasses.replace(
        game, characters=[long_one if c.id == "washerwoman" else c for c in game.characters]
    )
    report = Report()
    document = export_game(shortened_game, report)
    entry = next(c for c in document[1:] if c["id"] == "washerwoman")
    assert len(entry["ability"]) == limit["ability"] and entry["ability"].endswith("…")
    assert len(entry["reminders"]) == limit["reminders.count"]
    assert not list(Draft202012Validator(load_schema()).iter_errors(document))
    messages = [f.message for f in report.warnings if f.code == "export-shortened"]
    assert any("세탁부" in m and "'ability'" in m for m in messages)
    assert any("세탁부" in m and "'reminders'" in m for m in messages)


def test_cli_writes_the_file(tmp_path):
    target = tmp_path / "out" / "in-space.json"
    result = CliRunner().invoke(app, ["export-json", "in-space", "-o", str(target), "--quiet"])
    assert result.exit_code == 0, result.output
    document = json.loads(target.read_text(encoding="utf-8"))
    assert not list(Draft202012Validator(load_schema()).iter_errors(document))
    again = CliRunner().invoke(app, ["validate", str(target), "--quiet"])
    assert again.exit_code == 0, again.output


def test_cli_refuses_a_script_with_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(["washerwoman", "empath", "poisonner", "imp", "drunk"]), encoding="utf-8")
    target = tmp_path / "x.json"
    result = CliRunner().invoke(app, ["export-json", str(bad), "-o", str(target)])
    assert result.exit_code == 1 and not target.exists()


@pytest.mark.slow
def test_a_homebrew_icon_is_written_beside_the_json_and_read_back_from_it(tmp_path):
    """The format's `image` is a URL or a path: export-json writes a homebrew character's icon to icons/ beside the
    JSON and names it there; the JSON opened again draws that file (and says so when it is gone)."""
    starter = tmp_path / "starter"
    assert run_cli("new", starter).exit_code == 0
    target = tmp_path / "share" / "my-script.json"
    result = run_cli("export-json", "--content", starter, "-o", target)
    assert result.exit_code == 0, result.output
    icon = tmp_path / "share" / "icons" / "lamplighter.svg"
    assert icon.read_bytes() == (starter / "icons" / "lamplighter.svg").read_bytes()
    assert str(icon) in result.output
    document = json.loads(target.read_text(encoding="utf-8"))
    images = {entry["id"]: entry.get("image") for entry in document[1:]}
    assert images["lamplighter"] == "icons/lamplighter.svg"
    assert [i for c, i in images.items() if c != "lamplighter" and i] == []  # official characters carry the publisher's
    assert "아이콘 없음" not in run_cli("validate", target).output
    icon.unlink()
    assert "아이콘 없음" in run_cli("validate", target).output
