"""Every official role's almanac entry, read from the library files: flavour, an overview that opens with the ability,
examples for the player teams, how to run naming every reminder token, and text in the library's words.

The user's almanac (content/sources/) gives some fields of 41 roles; those stay as the user wrote them, so the rules
about how a field is written apply to the fields written for this project (the rest of the 181, and every field the
user's almanac does not give)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from conftest import CONTENT, read_yaml

FACTS = read_yaml(Path(__file__).parents[1] / "data" / "official-roster.yaml")
ROLES = sorted(role["id"] for role in FACTS["roles"])
FILES = {path.stem: read_yaml(path) for path in sorted((CONTENT / "characters").glob("*.yaml"))}
GLOSSARY = read_yaml(CONTENT / "glossary.yaml")
PLAYER_TEAMS = ("townsfolk", "outsider", "minion", "demon", "traveller")
PROSE = ("flavor", "overview", "examples", "how_to_run", "notes", "tips")
HANGUL_SYLLABLE = re.compile(r"[가-힣]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
MIN_OVERVIEW_SYLLABLES = 120


def user_fields() -> dict[str, set[str]]:
    """{id: the prose fields the user's almanac gives}: those texts are the user's and stay as written."""
    from generator.write.importer import parse_almanac

    given: dict[str, set[str]] = {}
    names = {}
    teams = {}
    for cid, data in FILES.items():
        for name in [data["name"], *(data.get("aliases") or [])]:
            names[unicodedata.normalize("NFC", name)] = cid
        teams[cid] = data["team"]
    for source in sorted((CONTENT / "sources").glob("*.txt")):
        parsed = parse_almanac(source.read_text(encoding="utf-8"), names, teams)
        for character in parsed.characters:
            given.setdefault(character["id"], set()).update(k for k in PROSE if character.get(k))
    return given


USER_FIELDS = user_fields()


def ours(cid: str, field: str) -> bool:
    return field not in USER_FIELDS.get(cid, set())


def items(data: dict, field: str) -> list[str]:
    value = data.get(field)
    if value is None:
        return []
    return [value] if isinstance(value, str) else [str(v) for v in value]


def our_almanac_texts(cid: str) -> list[tuple[str, str]]:
    data = FILES[cid]
    return [(field, text) for field in PROSE if ours(cid, field) for text in items(data, field)]


@pytest.mark.parametrize("cid", ROLES)
def test_every_official_role_has_a_whole_entry(cid):
    data = FILES[cid]
    assert (data.get("flavor") or "").strip(), f"{cid}: flavor"
    overview = data.get("overview") or ""
    assert overview.strip(), f"{cid}: overview"
    if ours(cid, "overview"):  # the user's overviews stay as written, however short (the tinker's has 93 syllables)
        assert len(HANGUL_SYLLABLE.findall(overview)) >= MIN_OVERVIEW_SYLLABLES, f"{cid}: overview too short"
    assert [s for s in items(data, "how_to_run") if s.strip()], f"{cid}: how_to_run"
    if data["team"] in PLAYER_TEAMS:
        assert len([e for e in items(data, "examples") if e.strip()]) >= 2, f"{cid}: at least 2 examples"


OUR_OVERVIEWS = [cid for cid in ROLES if ours(cid, "overview")]  # the user's overviews open as the user wrote them
OUR_HOW_TO_RUN = [cid for cid in ROLES if ours(cid, "how_to_run")]


def test_the_user_parts_are_few_and_ours_are_the_rest():
    assert len(ROLES) - len(OUR_OVERVIEWS) == 41 and len(OUR_HOW_TO_RUN) >= 181 - 41


@pytest.mark.parametrize("cid", OUR_OVERVIEWS)
def test_our_overview_opens_with_the_ability_in_quotes(cid):
    data = FILES[cid]
    assert data["overview"].startswith(f'"{data["ability"].strip()}"'), cid


@pytest.mark.parametrize("cid", OUR_HOW_TO_RUN)
def test_our_how_to_run_names_every_reminder_token(cid):
    data = FILES[cid]
    steps = "\n".join(items(data, "how_to_run"))
    for name in dict.fromkeys(items(data, "reminders") + items(data, "global_reminders")):
        assert f"*{name}*" in steps, f"{cid}: reminder '{name}' is not named (as *{name}*) in how_to_run"


@pytest.mark.parametrize("cid", ROLES)
def test_our_almanac_text_is_korean_in_the_librarys_words(cid):
    from generator.check.text import font_coverage

    covered = font_coverage()
    for field, text in our_almanac_texts(cid):
        assert not LATIN_WORD.search(text), f"{cid}.{field}: a Latin word in {text[:60]!r}"
        assert HANGUL_SYLLABLE.search(text), f"{cid}.{field}: no Hangul"
        assert unicodedata.normalize("NFC", text) == text, f"{cid}.{field}: not NFC"
        missing = {ch for ch in text if ch != "\n" and ord(ch) not in covered}
        assert not missing, f"{cid}.{field}: glyphs the fonts lack: {missing}"
        for entry in GLOSSARY:
            for avoided in entry["avoid"]:
                assert avoided not in text, f"{cid}.{field}: '{avoided}' → '{entry['term']}'"


def other_names() -> list[tuple[str, str]]:
    """(name that is not a role's printed name, the role it belongs to): aliases and community names."""
    printed = {data["name"] for data in FILES.values()}
    found = []
    for cid, data in FILES.items():
        for name in items(data, "aliases") + items(data, "community_names"):
            if len(name.replace(" ", "")) >= 2 and name not in printed:
                found.append((name, cid))
    return found


OTHER_NAMES = other_names()


@pytest.mark.parametrize("cid", ROLES)
def test_our_almanac_text_uses_the_printed_names(cid):
    for field, text in our_almanac_texts(cid):
        for name, owner in OTHER_NAMES:
            pattern = rf"(?<![가-힣]){re.escape(name)}(?![가-힣]{{2,}})"
            for match in re.finditer(pattern, text):
                printed = FILES[owner]["name"]
                # a longer printed name that contains this one ('어릿광대' ⊃ '광대') is that name, not an alias
                around = text[max(0, match.start() - 6) : match.end() + 6]
                if printed in around or any(data["name"] in around and name in data["name"] for data in FILES.values()):
                    continue
                raise AssertionError(f"{cid}.{field}: '{name}' — write {owner}'s printed name '{printed}'")


def test_the_content_checks_can_fail():
    """The rules above reject what they should: a short overview, a Latin word, an avoided word, an unnamed token."""
    assert len(HANGUL_SYLLABLE.findall("짧은 개요입니다")) < MIN_OVERVIEW_SYLLABLES
    assert LATIN_WORD.search("Imp를 고르세요")
    assert any(a in "스토리텔러가 고릅니다" for e in GLOSSARY for a in e["avoid"])
    assert "*죽음*" not in "죽음 알림을 놓으세요"
