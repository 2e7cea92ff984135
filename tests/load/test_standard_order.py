"""'공식 순서' is the publisher's order (issue 33), read from facts and never from how our Korean opens: the three
editions, shuffled, sort back into their printed sheets; every other official character follows the publisher's rule
(opening group, then English length); a homebrew character joins the group its Korean opening translates; the page's
button and `export-json --sort` give that one order."""

from __future__ import annotations

import json
import random

import pytest
import yaml
from conftest import CONTENT, run_cli

from generator.load.game import load_game
from generator.model import TEAMS, Character

EDITIONS = ["trouble-brewing", "bad-moon-rising", "sects-and-violets"]
FACTS = yaml.safe_load((CONTENT / "publisher_order.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def library():
    game, report = load_game("trouble-brewing")
    assert game is not None, report.lines()
    return game.library


def sheet_of(edition: str) -> list[str]:
    return yaml.safe_load((CONTENT / "scripts" / f"{edition}.yaml").read_text(encoding="utf-8"))["characters"]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_shuffled_edition_sorts_back_into_its_printed_sheet(library, edition, seed):
    sheet = sheet_of(edition)
    shuffled = [library.characters[cid] for cid in sheet]
    random.Random(seed).shuffle(shuffled)
    assert [c.id for c in library.standard_order.sorted(shuffled)] == sheet


def rule_key(character: Character) -> tuple:
    fact = FACTS["roles"][character.id]
    openings = FACTS["openings"]
    group = openings.index(fact["opening"]) if fact["opening"] is not None else len(openings)
    return (TEAMS.index(character.team), group, fact["length"], character.id)


def test_every_other_official_character_follows_the_publishers_rule(library):
    in_editions = {cid for edition in EDITIONS for cid in sheet_of(edition)}
    others = [c for cid, c in sorted(library.characters.items()) if cid in FACTS["roles"] and cid not in in_editions]
    assert len(others) >= 90  # 181 official characters, 87 of them on the three sheets
    random.Random(7).shuffle(others)
    assert [c.id for c in library.standard_order.sorted(others)] == [c.id for c in sorted(others, key=rule_key)]


def test_the_sort_does_not_read_our_korean_openings(library):
    """Trouble Brewing's four 'You start knowing' townsfolk are worded two ways in Korean (게임 시작 시 / 시작할 때):
    the order stays the printed sheet's."""
    four = [library.characters[cid] for cid in ("chef", "investigator", "librarian", "washerwoman")]
    assert {c.ability.split(",")[0][:6] for c in four} != {four[0].ability.split(",")[0][:6]}
    assert [c.id for c in library.standard_order.sorted(four)] == ["washerwoman", "librarian", "investigator", "chef"]


def test_a_mixed_script_keeps_each_editions_characters_in_sheet_order(library):
    tb = ["washerwoman", "librarian", "investigator", "chef", "empath", "monk", "slayer"]
    bmr = ["grandmother", "sailor", "chambermaid", "exorcist", "gambler", "professor", "pacifist"]
    mixed = [library.characters[cid] for cid in tb + bmr]
    random.Random(3).shuffle(mixed)
    ordered = [c.id for c in library.standard_order.sorted(mixed)]
    assert [cid for cid in ordered if cid in tb] == tb
    assert [cid for cid in ordered if cid in bmr] == bmr


def test_a_homebrew_character_joins_the_group_its_korean_opening_translates(library):
    import dataclasses

    balloonist, acrobat = library.characters["balloonist"], library.characters["acrobat"]  # Each night / Each night*
    assert (FACTS["roles"]["balloonist"]["opening"], FACTS["roles"]["acrobat"]["opening"]) == (
        "Each night",
        "Each night*",
    )
    lantern = dataclasses.replace(
        balloonist,
        id="lanternkeeper",
        name="등불지기",
        edition="custom",
        ability="매일 밤, 플레이어 한 명을 고릅니다: 그 플레이어가 깨어 있었는지 알게 됩니다.",
    )
    ordered = [c.id for c in library.standard_order.sorted([acrobat, lantern, library.characters["bountyhunter"]])]
    assert ordered == ["bountyhunter", "lanternkeeper", "acrobat"]


def shuffled_edition_script(tmp_path, edition: str):
    data = yaml.safe_load((CONTENT / "scripts" / f"{edition}.yaml").read_text(encoding="utf-8"))
    random.Random(5).shuffle(data["characters"])
    path = tmp_path / f"shuffled-{edition}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("edition", EDITIONS)
def test_export_json_sort_writes_the_publishers_order(tmp_path, edition):
    target = tmp_path / "sorted.json"
    result = run_cli("export-json", shuffled_edition_script(tmp_path, edition), "--sort", "-o", target)
    assert result.exit_code == 0, result.output
    assert [item["id"] for item in json.loads(target.read_text(encoding="utf-8"))[1:]] == sheet_of(edition)
    unsorted = tmp_path / "unsorted.json"
    assert run_cli("export-json", shuffled_edition_script(tmp_path, edition), "-o", unsorted).exit_code == 0
    assert [item["id"] for item in json.loads(unsorted.read_text(encoding="utf-8"))[1:]] != sheet_of(edition)


def test_the_page_is_given_the_same_order(tmp_path):
    from generator.server import create_app

    client = create_app(workspace=tmp_path / "workspace").test_client()
    state = client.get("/api/scripts/bundled/trouble-brewing").get_json()["script"]
    entries = state["characters"]
    random.Random(11).shuffle(entries)
    by_button = sorted(entries, key=lambda e: (TEAMS.index(e["team"]), e["standard"]))  # as the page's sort does
    assert [e["id"] for e in by_button] == sheet_of("trouble-brewing")
