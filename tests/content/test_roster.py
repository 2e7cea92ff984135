"""The library against the publisher's facts (tests/data/official-roster.yaml): every official role is here in Korean,
with the official team, edition, setup, reminders, wake flags, night order and jinx pairs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import CONTENT, read_yaml

FACTS = read_yaml(Path(__file__).parents[1] / "data" / "official-roster.yaml")
ROLES = {role["id"]: role for role in FACTS["roles"]}
FILES = {path.stem: read_yaml(path) for path in sorted((CONTENT / "characters").glob("*.yaml"))}
# the 41 characters imported from the user's almanac: their abilities are the user's words and stay as written
FROM_ALMANAC = {entry["id"] for entry in read_yaml(CONTENT / "ids.yaml")}
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
PLACEHOLDER = re.compile(r"\{named(:[^}]*)?\}")
HANGUL = re.compile(r"[가-힣]")


def printed_texts(data: dict) -> dict[str, str]:
    texts = {"name": data["name"], "ability": data["ability"]}
    for night in ("first_night", "other_nights"):
        if data.get(night):
            texts[night] = PLACEHOLDER.sub("", data[night])
    for index, label in enumerate(list(data.get("reminders") or []) + list(data.get("global_reminders") or [])):
        texts[f"reminder {index + 1}"] = str(label)
    return texts


def test_every_official_role_has_a_file_and_nothing_else_is_there():
    assert sorted(FILES) == sorted(ROLES)
    assert len(FILES) == 181


@pytest.mark.parametrize("role_id", sorted(ROLES))
def test_role_matches_the_facts(role_id):
    role, data = ROLES[role_id], FILES[role_id]
    assert data["id"] == role_id
    assert data["team"] == role["team"]
    assert data["edition"] == role["edition"]
    assert len(data.get("reminders") or []) == len(role["reminders"])
    assert len(data.get("global_reminders") or []) == len(role["reminders_global"])
    assert bool(data.get("first_night")) == role["wakes_first_night"]
    assert bool(data.get("other_nights")) == role["wakes_other_nights"]
    assert bool(data.get("setup")) == role["setup"]
    assert (CONTENT / "icons" / data["icon"]).is_file()


@pytest.mark.parametrize("role_id", sorted(ROLES))
def test_printed_texts_are_korean(role_id):
    for label, text in printed_texts(FILES[role_id]).items():
        assert not LATIN_WORD.search(text), f"{role_id} {label}: {text}"
        if not label.startswith("reminder") or not re.fullmatch(r"[0-9X?]+", text):
            assert HANGUL.search(text), f"{role_id} {label}: {text}"


def test_names_are_unique_even_without_spaces():
    names = [data["name"].replace(" ", "") for data in FILES.values()]
    assert len(set(names)) == len(names)
    aliases = {alias.replace(" ", ""): cid for cid, data in FILES.items() for alias in data.get("aliases") or []}
    for cid, data in FILES.items():
        owner = aliases.get(data["name"].replace(" ", ""))
        assert owner in (None, cid), f"{cid}'s name is declared as an alias of {owner}"


def test_every_role_has_its_own_icon():
    bodies = {}
    for cid, data in FILES.items():
        body = (CONTENT / "icons" / data["icon"]).read_bytes()
        assert body not in bodies, f"{cid} and {bodies.get(body)} share an icon"
        bodies[body] = cid


def test_every_glyph_is_in_the_fonts():
    from generator.check.text import font_coverage

    covered = font_coverage()
    for cid, data in FILES.items():
        for label, text in printed_texts(data).items():
            missing = {ch for ch in text if ch != "\n" and ord(ch) not in covered}
            assert not missing, f"{cid} {label}: {missing}"


def test_night_order_is_the_official_one():
    order = read_yaml(CONTENT / "night_order.yaml")
    assert order["first_night"] == FACTS["first_night"]
    assert order["other_nights"] == FACTS["other_nights"]


def test_jinx_pairs_are_the_official_ones_each_in_korean():
    jinxes = read_yaml(CONTENT / "jinxes.yaml")
    assert [list(j["characters"]) for j in jinxes] == [list(pair) for pair in FACTS["jinxes"]]
    for jinx in jinxes:
        assert HANGUL.search(jinx["text"]) and not LATIN_WORD.search(jinx["text"]), jinx


# --- the glossary ----------------------------------------------------------------------------------------


GLOSSARY = read_yaml(CONTENT / "glossary.yaml")


def our_texts():
    """Every ability and night text written for this project (abilities of the almanac's characters are the user's)."""
    for cid, data in FILES.items():
        if cid not in FROM_ALMANAC:
            yield cid, "ability", data["ability"]
        for night in ("first_night", "other_nights"):
            if data.get(night):
                yield cid, night, data[night]
            cue = (data.get("cues") or {}).get(night)
            if cue:
                yield cid, f"cues.{night}", cue
        for index, label in enumerate(list(data.get("reminders") or []) + list(data.get("global_reminders") or [])):
            yield cid, f"reminder {index + 1}", str(label)
    for jinx in read_yaml(CONTENT / "jinxes.yaml"):
        yield "/".join(jinx["characters"]), "jinx", jinx["text"]


def test_our_texts_use_the_glossary_terms():
    wrong = [
        (cid, field, avoided, entry["term"])
        for cid, field, text in our_texts()
        for entry in GLOSSARY
        for avoided in entry["avoid"]
        if avoided in text
    ]
    assert wrong == []


def test_the_glossary_check_can_fail():
    entry = next(e for e in GLOSSARY if e["term"] == "지명")
    assert any(avoided in "이야기꾼이 플레이어를 지목합니다." for avoided in entry["avoid"])


def test_every_setup_role_states_its_setup():
    for cid, role in ROLES.items():
        setup = FILES[cid].get("setup") or {}
        assert bool(setup) == role["setup"], cid


# --- names a club can tell apart ---------------------------------------------------------------------------

SHEET_EDITIONS = ("tb", "bmr", "snv")


def one_syllable_apart(first: str, second: str) -> bool:
    """Names a reader mixes up at a glance: the same length and first syllable, one other syllable different
    (마술사/마법사, 광대/광인), or one name inside the other (사냥꾼/현상금 사냥꾼). Spaces do not count."""
    a, b = first.replace(" ", ""), second.replace(" ", "")
    if a in b or b in a:
        return True
    return len(a) == len(b) and a[0] == b[0] and sum(x != y for x, y in zip(a, b)) == 1


@pytest.mark.parametrize("edition", SHEET_EDITIONS)
def test_no_two_names_on_an_official_sheet_are_one_syllable_apart(edition):
    names = sorted(data["name"] for data in FILES.values() if data["edition"] == edition)
    close = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :] if one_syllable_apart(a, b)]
    assert close == []


def test_the_confusable_check_can_fail():
    assert one_syllable_apart("마술사", "마법사") and one_syllable_apart("광대", "광인")
    assert one_syllable_apart("사냥꾼", "현상금 사냥꾼")
    assert not one_syllable_apart("첩자", "성자") and not one_syllable_apart("어릿광대", "미치광이")


def test_every_alias_and_community_name_finds_one_role_only():
    """Names players know from other tools: `characters`, the builder and imports find the role by each of them."""
    from generator.load.search import compact

    owners: dict[str, set[str]] = {}
    for cid, data in FILES.items():
        for name in [data["name"], *(data.get("aliases") or []), *(data.get("community_names") or [])]:
            owners.setdefault(compact(name), set()).add(cid)
    assert {name: ids for name, ids in owners.items() if len(ids) > 1} == {}


@pytest.mark.parametrize(
    "name, role_id",
    [
        ("구마사제", "exorcist"),
        ("어릿광대", "fool"),
        ("배후인물", "mastermind"),
        ("탕녀", "scarletwoman"),
        ("부정한 여자", "scarletwoman"),
        ("좀불", "zombuul"),
    ],
)
def test_community_and_old_names_find_the_role(name, role_id):
    from conftest import run_cli

    result = run_cli("characters", name, "--json")
    assert result.exit_code == 0, result.output
    assert [row["id"] for row in json.loads(result.output)] == [role_id]


def test_no_name_is_a_word_of_another_name():
    """'사냥꾼' beside '현상금 사냥꾼' reads as the same role; syllables inside a word ('포' in '포고꾼') are fine."""
    names = {data["name"] for data in FILES.values()}
    inside = [(name, other) for other in names for name in names if name != other and name in other.split(" ")]
    assert inside == []
