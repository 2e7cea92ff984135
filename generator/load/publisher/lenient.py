"""What a script JSON plainly means where it strays from the format → the format's own words, with one note per
cause instead of a cascade of errors: a team spelled another way ('traveler', 'Townsfolk', 'Minions', '하수인'),
and ids written as names ('scarlet woman', "Devil's Advocate", a UUID in capitals), which the publisher's id
matching reads as the official id."""

from __future__ import annotations

import unicodedata

from generator.findings import Report
from generator.josa import with_particle
from generator.load.publisher.text import META_ID
from generator.model import TEAM_NAMES_KO, TEAMS

SHOWN = 6  # names one note lists; the rest are counted
# the American spelling the publisher's own texts once used (and many tools still write)
SPELLINGS = {"traveler": "traveller"}


def shown_list(names: list[str]) -> str:
    return ", ".join(names[:SHOWN]) + (f" 외 {len(names) - SHOWN}개" if len(names) > SHOWN else "")


def team_meant(written: str) -> str | None:
    """The team a spelling plainly means ('Traveler', 'MINIONS', '하수인' → traveller, minion, minion), or None."""
    from generator.load.search import team_of

    key = unicodedata.normalize("NFKC", written).strip().casefold()
    key = SPELLINGS.get(key, key)
    if key.endswith("s") and (key[:-1] in TEAMS or SPELLINGS.get(key[:-1]) in TEAMS):
        key = SPELLINGS.get(key[:-1], key[:-1])
    try:
        return team_of(key)
    except ValueError:
        return None


def read_team_spellings(data: list, where: str, report: Report) -> None:
    """Sets every character object's team written another way to the format's name, before the schema check, and
    says so once: the objects are read, not dropped. A team that means none of them is left to the schema check."""
    read: dict[tuple[str, str], list[str]] = {}
    for item in data:
        if not isinstance(item, dict) or item.get("id") == META_ID:
            continue
        written = item.get("team")
        if not isinstance(written, str) or written in TEAMS:
            continue
        meant = team_meant(written)
        if meant is None:
            continue
        item["team"] = meant
        name = item.get("name") if isinstance(item.get("name"), str) else item.get("id")
        read.setdefault((written, meant), []).append(str(name))
    if not read:
        return
    parts = [
        f"'{written}' → {meant}({TEAM_NAMES_KO[meant]}): {shown_list(names)}"
        for (written, meant), names in read.items()
    ]
    report.info(
        "team-spelling",
        f"팀을 출판사 형식의 이름으로 읽었습니다. {'; '.join(parts)}. 다른 도구에서도 열리도록 파일의 'team'을 "
        f"{with_particle(', '.join(sorted({meant for _, meant in read})), '으로')} 고쳐 두면 좋습니다.",
        where=where,
    )


def note_id_spellings(read: list[tuple[str, str, str | None]], where: str, report: Report) -> None:
    """One note for every id written as something else than the id it was read as: (as written, our id, the name
    printed for it, if known)."""
    if not read:
        return
    parts = [f"'{raw}' → {cid}" + (f"({name})" if name else "") for raw, cid, name in read]
    report.info(
        "id-spelling",
        f"id를 출판사 형식대로(영문 소문자와 숫자만) 읽었습니다: {shown_list(parts)}.",
        where=where,
    )


def is_spelling_of(raw: str, character_id: str) -> bool:
    """An id written another way ('Scarlet Woman', 'devil’s advocate'), not a Korean name the library looks up."""
    from generator.load.search import ascii_key

    return raw != character_id and ascii_key(raw) == character_id
