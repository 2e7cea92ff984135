"""Publisher JSON with the whole roster: official edition lists, Korean names where ids go, and night numbers on the
official scale in and out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CONTENT, read_yaml, run_cli, validate

from generator.load.game import load_game
from generator.write.export_json import export_game

DATA = Path(__file__).parents[1] / "data"
OFFICIAL = read_yaml(DATA / "official-roster.yaml")


@pytest.mark.parametrize("edition", ["trouble-brewing", "bad-moon-rising", "sects-and-violets"])
def test_official_edition_json_validates_clean(edition):
    result = run_cli("validate", DATA / f"official-{edition}.json")
    assert result.exit_code == 0, result.output
    assert "오류 0개" in result.output


def test_korean_names_are_accepted_where_ids_go(tmp_path):
    script = read_yaml(CONTENT / "scripts" / "trouble-brewing.yaml")
    names = {cid: read_yaml(CONTENT / "characters" / f"{cid}.yaml")["name"] for cid in script["characters"]}
    path = tmp_path / "korean.json"
    path.write_text(
        json.dumps(
            [{"id": "_meta", "name": "이름으로 쓴 스크립트"}] + [names[c] for c in script["characters"]],
            ensure_ascii=False,
        )
    )
    game, report = validate(path)
    assert report.errors == []
    assert game.ids == script["characters"]


def test_community_names_are_accepted_where_ids_go(tmp_path):
    """Names players know from the online grimoire's Korean translation find our roles (issue 23)."""
    path = tmp_path / "community.json"
    community = ["구마사제", "어릿광대", "찻집여인", "공감능력자", "배후인물", "부정한 여자", "좀부울"]
    path.write_text(json.dumps([{"id": "_meta", "name": "커뮤니티 이름"}] + community, ensure_ascii=False))
    game, _ = validate(path)
    assert game.ids == ["exorcist", "fool", "tealady", "empath", "mastermind", "scarletwoman", "zombuul"]


def test_an_unknown_korean_name_is_an_error_naming_both_forms(tmp_path):
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(["세탁부", "없는이름", "imp"], ensure_ascii=False))
    result = run_cli("validate", path)
    assert result.exit_code == 1
    assert "없는이름" in result.output and "한국어 이름" in result.output


def official_place(night: str, step: str) -> int:
    key = "first_night" if night == "firstNight" else "other_nights"
    return OFFICIAL[key].index(step) + 1


def test_custom_character_numbers_place_it_on_the_official_scale(tmp_path):
    after_chef = official_place("firstNight", "chef") + 0.5
    after_monk = official_place("otherNight", "monk")
    custom = {
        "id": "lantern",
        "name": "등불지기",
        "team": "townsfolk",
        "ability": "매일 밤, 플레이어 1명을 선택합니다: 그가 악한지 알게 됩니다.",
        "firstNight": after_chef,
        "otherNight": after_monk,
        "firstNightReminder": "등불지기를 깨우세요.",
        "otherNightReminder": "등불지기를 깨우세요.",
    }
    path = tmp_path / "custom.json"
    ids = read_yaml(CONTENT / "scripts" / "trouble-brewing.yaml")["characters"]
    path.write_text(json.dumps([{"id": "_meta", "name": "숫자 시험"}, *ids, custom], ensure_ascii=False))
    game, report = validate(path)
    assert [f for f in report.findings if f.code == "night-order-guessed"] == []
    first, other = game.night_steps("first_night"), game.night_steps("other_nights")
    assert first[first.index("chef") + 1] == "lantern"
    assert other[other.index("monk") + 1] == "lantern"


def test_export_numbers_are_official_places_so_info_steps_sort_right():
    game, _ = load_game("trouble-brewing")
    document = export_game(game)
    for entry in document[1:]:
        for key in ("firstNight", "otherNight"):
            if entry[key]:
                assert entry[key] == official_place(key, entry["id"]), (entry["id"], key)
    by_first = sorted((e for e in document[1:] if e["firstNight"]), key=lambda e: e["firstNight"])
    poisoner = next(e for e in by_first if e["id"] == "poisoner")
    assert (
        poisoner["firstNight"] > official_place("firstNight", "demoninfo") > official_place("firstNight", "minioninfo")
    )


def test_exported_json_reads_back_to_the_same_game(tmp_path):
    out = tmp_path / "tb.json"
    result = run_cli("export-json", "trouble-brewing", "-o", out)
    assert result.exit_code == 0, result.output
    game, report = validate(out)
    assert report.errors == []
    original, _ = load_game("trouble-brewing")
    assert game.ids == original.ids
    assert game.night_steps("first_night") == original.night_steps("first_night")
