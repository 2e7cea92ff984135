"""Library characters and a query → the characters that match, in sheet order (team, edition, name).

A query matches a character's Korean name (spaces ignored), its aliases and community names, its id, or its English name written any
way the publisher's id matching accepts ('Fang Gu', 'fang_gu'); a query of Hangul initial consonants (초성, e.g.
'ㅅㅌㅂ') matches names whose syllables start with them. One function serves the CLI and the web builder.
"""

from __future__ import annotations

import re
import unicodedata

from generator.model import EDITION_NAMES_KO, EDITIONS, TEAM_NAMES_KO, TEAMS, Character

CHOSEONG = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
FIRST_SYLLABLE, LAST_SYLLABLE, SYLLABLES_PER_INITIAL = 0xAC00, 0xD7A3, 588


def initial_of(ch: str) -> str:
    """The 초성 of a Hangul syllable ('세' → 'ㅅ'); other characters are returned unchanged."""
    code = ord(ch)
    if FIRST_SYLLABLE <= code <= LAST_SYLLABLE:
        return CHOSEONG[(code - FIRST_SYLLABLE) // SYLLABLES_PER_INITIAL]
    return ch


def compact(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFC", text)).lower()


def ascii_key(text: str) -> str:
    """The publisher's id matching: lowercase letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", unicodedata.normalize("NFKC", text).lower())


def matches_korean(name: str, query: str) -> bool:
    """`query` occurs in `name`, where a lone initial consonant in the query stands for any syllable starting with it."""
    name, query = compact(name), compact(query)
    if not query:
        return True
    for start in range(len(name) - len(query) + 1):
        if all(q == n or (q in CHOSEONG and initial_of(n) == q) for q, n in zip(query, name[start:])):
            return True
    return False


def matches(character: Character, query: str | None) -> bool:
    if not query or not query.strip():
        return True
    if any(matches_korean(name, query) for name in character.known_names):
        return True
    key = ascii_key(query)
    return bool(key) and key in ascii_key(character.id)


def team_of(value: str | None) -> str | None:
    """'minion', 'Minion' or '하수인' → 'minion'; None for no filter; ValueError for anything else."""
    if value is None or not value.strip():
        return None
    wanted = compact(value)
    for team in TEAMS:
        if wanted in (team, compact(TEAM_NAMES_KO[team])):
            return team
    raise ValueError(value)


def edition_of(value: str | None) -> str | None:
    """'tb', 'TB', '불길한 조짐' or a part of a Korean name that only one edition has ('핏빛') → 'tb'/'bmr'; None for no
    filter; ValueError for anything else."""
    if value is None or not value.strip():
        return None
    wanted = compact(value)
    for edition in EDITIONS:
        if wanted in (edition, compact(EDITION_NAMES_KO[edition])):
            return edition
    partial = [edition for edition in EDITIONS if wanted in compact(EDITION_NAMES_KO[edition])]
    if len(partial) == 1:
        return partial[0]
    raise ValueError(value)


def editions_in_korean() -> str:
    """'불길한 조짐(tb), 핏빛 달이 뜬다(bmr), …': how help and messages list the editions."""
    return ", ".join(f"{EDITION_NAMES_KO[edition]}({edition})" for edition in EDITIONS)


def sort_key(character: Character) -> tuple:
    team = TEAMS.index(character.team) if character.team in TEAMS else len(TEAMS)
    edition = EDITIONS.index(character.edition) if character.edition in EDITIONS else len(EDITIONS)
    return (team, edition, character.name)


def search(
    characters, query: str | None = None, team: str | None = None, edition: str | None = None
) -> list[Character]:
    """Matching characters in sheet order. `team` and `edition` are already normalised (see team_of, edition_of)."""
    found = [
        c
        for c in characters
        if (team is None or c.team == team)
        and (edition is None or (c.edition or "custom") == edition)
        and matches(c, query)
    ]
    return sorted(found, key=sort_key)


class IdLookup:
    """A script's way of naming a character → our id: the id in any of the publisher's spellings ('Fang Gu',
    'fang_gu'), or the Korean name or an alias as the library writes it (spaces ignored: '세탁부', '팡구')."""

    def __init__(self, library: dict):
        self.library = library
        self.by_ascii = {ascii_key(cid): cid for cid in library}
        self.by_name: dict[str, str] = {}
        for cid, character in library.items():
            for name in character.known_names:
                self.by_name.setdefault(compact(name), cid)

    def id_for(self, raw: str) -> str | None:
        """Our id for `raw`; an unknown ASCII id comes back in its normalised form (for messages), Hangul → None."""
        named = self.by_name.get(compact(raw))
        if named:
            return named
        key = ascii_key(raw)
        return self.by_ascii.get(key, key) or None


# the Korean help for the team and edition filters: the CLI's options and the server's refusals
TEAM_HELP = "팀으로 거르기: townsfolk/마을주민, outsider/외지인, minion/하수인, demon/악마, traveller/여행자, fabled/전설, loric/설화."
EDITION_HELP = f"판으로 거르기(한국어 이름, 그 일부, 또는 괄호 안의 약칭): {editions_in_korean()}."
