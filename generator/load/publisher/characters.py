"""Publisher character objects → Characters: a library character unchanged when nothing differs from what we would
export, else the given fields over the library's (a custom character), or a homebrew character as given; and the
findings that say which, when an object with an official id is read by its content (publisher.official)."""

from __future__ import annotations

import dataclasses
import unicodedata
from pathlib import Path

from generator.caches import kept
from generator.findings import Report
from generator.josa import PLACEHOLDER, with_particle
from generator.load.publisher.text import (
    FIELD_LABELS_KO,
    JSON_REMINDER_KEYS,
    LIST_FIELDS,
    TEXT_FIELDS,
    from_publisher_text,
    to_publisher_text,
)
from generator.model import NIGHTS, TEAM_NAMES_KO, TEAMS, Character, Script


def first_image(value) -> str | None:
    """The icon of a character object's `image` (a string, or a list whose first entry is the character's own
    alignment)."""
    if isinstance(value, list):
        value = value[0] if value else None
    return text_of(value)


def text_of(value) -> str | None:
    if not isinstance(value, str):
        return None
    value = unicodedata.normalize("NFC", value).strip()
    return value or None


def character_fields(item: dict) -> dict | None:
    """A full character object → our field names and values (only the fields the object has)."""
    given: dict = {}
    for key, ours in TEXT_FIELDS.items():
        if key in item:
            value = text_of(item[key])
            if value is None and key != "flavor":
                return None
            given[ours] = value
    for key, ours in LIST_FIELDS.items():
        if key in item:
            value = item[key]
            if not isinstance(value, list):
                return None
            given[ours] = [text_of(v) for v in value if text_of(v)]
    for night, key in JSON_REMINDER_KEYS.items():
        if key in item:
            given[night] = from_publisher_text(item[key]) if isinstance(item[key], str) else None
            given[f"_raw_{night}"] = item[key] if isinstance(item[key], str) else ""
    if "setup" in item:
        given["setup"] = item["setup"] is True
    for key in ("name", "team", "ability"):
        if key not in given:
            return None
    if given["team"] not in TEAMS:
        return None
    return given


def setup_from_flag(flag: bool, ability: str, name: str, where: str, report: Report, subject: str) -> dict:
    """The format says only whether setup changes; our bag needs how: read it from the ability's bracket."""
    if not flag:
        return {}
    from generator.load.brackets import bracket_changes

    changes, _required, unreadable = bracket_changes(ability)
    setup = dict(changes)
    if unreadable:  # keep what the bag cannot model as the setup rules it states, so sheets still show it
        setup["rules"] = [bracket.strip("[]").strip() for bracket in unreadable]
        report.warning(
            "setup-unchecked",
            f"{name}의 능력에 있는 괄호 {with_particle(', '.join(unreadable), '을')} 읽지 못해 이 캐릭터의 설정 변경은 검사하지 "
            "못했습니다. 배치는 이야기꾼이 직접 확인해 주세요. '[+1 Outsider]', '[-1 or +1 Outsider]', '[외지인 +1명]'처럼 "
            "팀과 수로 쓰면 검사합니다.",
            subject=subject,
            where=where,
        )
    if not setup:
        report.warning(
            "setup-unknown",
            f"{name}: 'setup'이 true이지만 능력의 괄호(예: [외지인 +1명])에서 배치 변화를 읽지 못했습니다. 배치표에는 반영하지 않습니다.",
            subject=subject,
            where=where,
        )
    return setup


def new_character(character_id: str, given: dict, where: str, report: Report) -> Character:
    return Character(
        id=character_id,
        name=given["name"],
        team=given["team"],
        ability=given["ability"],
        flavor=given.get("flavor"),
        reminders=given.get("reminders", []),
        global_reminders=given.get("global_reminders", []),
        first_night=given.get("first_night"),
        other_nights=given.get("other_nights"),
        setup=setup_from_flag(given.get("setup", False), given["ability"], given["name"], where, report, character_id),
        image=given.get("image"),
        image_base=given.get("image_base"),
        source=where,
        custom=True,
    )


def say_replaced(replaced: dict[tuple[str, str | None], list[str]], where: str, report: Report) -> None:
    """One note per way of telling: the official characters whose script text gives way to the library's Korean."""
    for (why, writing), names in replaced.items():
        told = (
            f"{with_particle(writing, '으로')} 적힌 항목 {len(names)}개는 팀과 깨어나는 밤이 공식 캐릭터와 같아"
            if why == "other-language" and writing is not None  # read_object names the writing of every such case
            else f"공식 캐릭터의 능력이 그대로 적힌 항목 {len(names)}개는"
        )
        report.info(
            "official-text-replaced",
            f"{told} 공식 캐릭터로 읽고, 스크립트에 적힌 글(이름, 능력, 밤 안내, 알림 토큰) 대신 라이브러리의 한국어 글로 "
            f"인쇄합니다: {', '.join(names)}.",
            where=where,
        )


def say_reused_id(base: Character, given: dict, reading, where: str, report: Report) -> None:
    """The warning for a homebrew character that reuses an official id: why it is not the official one, what prints."""
    official = f"공식 {base.name}"
    if reading.why == "other-team":
        told = f"팀({TEAM_NAMES_KO[given['team']]})이 {with_particle(f'{official}({TEAM_NAMES_KO[base.team]})', '와')} 달라"
    elif reading.why == "other-nights":
        told = f"{with_particle(official, '이')} 깨어나지 않는 밤에 깨어나"
    else:
        told = f"능력이 {official}의 능력과 달라"
    report.warning(
        "homebrew-reused-id",
        f"'{given['name']}'({base.id}): {told}, 같은 id를 쓰는 자작 캐릭터로 읽었습니다. 스크립트에 적힌 이름, 능력, 알림 "
        f"토큰, 밤 안내를 적힌 그대로(번역하지 않고) 인쇄하고, {official}의 해설서 글은 넣지 않습니다. "
        f'{with_particle(official, "이라면")} 이 항목을 id만 적어 주세요("{base.id}").',
        subject=base.id,
        where=where,
    )


def merge_with_library(
    base: Character, given: dict, script: Script, library: dict, where: str, report: Report
) -> Character:
    """A full object for a library character: keep the library's where the texts match its export, else use the JSON."""
    candidates = [library[cid].name for cid in script.character_ids if cid in library and cid != base.id]
    printed = library_words(library)  # our export writes the printed wording: that is the library's text too
    changes: dict = {}
    for field_name, value in given.items():
        if field_name.startswith("_raw_") or field_name in ("setup", "image", "image_base"):
            continue  # the library has its own icon: a JSON's image does not make a library character custom
        ours = getattr(base, field_name)
        if field_name in NIGHTS:
            raw = given[f"_raw_{field_name}"]
            named = matching_named(ours, raw, candidates, library)
            if named is None and ours:
                named = matching_named(printed(ours), raw, candidates, library)
            if named is not None:
                if named:
                    script.named_characters.setdefault(base.id, named)
                continue
            changes[field_name] = value
        elif isinstance(ours, str) and PLACEHOLDER.search(ours):
            named = matching_named(ours, value, candidates, library, icons=False)
            if named is None:
                named = matching_named(printed(ours), value, candidates, library, icons=False)
            if named is None:
                changes[field_name] = value
            elif named:
                script.named_characters.setdefault(base.id, named)
        elif value != ours and value != (
            printed(ours) if isinstance(ours, str) else [printed(v) for v in ours] if isinstance(ours, list) else ours
        ):
            changes[field_name] = value
    if "setup" in given and given["setup"] != base.changes_setup:
        ability = changes.get("ability", base.ability)
        changes["setup"] = setup_from_flag(given["setup"], ability, given["name"], where, report, base.id)
    if not changes:
        return base
    report.warning(
        "custom-override",
        f"{base.name}({base.id}): 스크립트 JSON의 {with_particle(', '.join(FIELD_LABELS_KO.get(k, k) for k in changes), '이')} 라이브러리와 달라 "
        "JSON에 적힌 내용을 씁니다. 해설서의 나머지 내용은 라이브러리 것을 씁니다.",
        subject=base.id,
        where=where,
    )
    blanked = [night for night in NIGHTS if night in changes and not changes[night]]
    if blanked:  # a night the script's text does not wake on keeps no cue of ours
        changes["cues"] = {night: cue for night, cue in base.cues.items() if night not in blanked}
    return dataclasses.replace(base, custom=True, source=where, **changes)


def library_words(library: dict):
    """The printed wording of library text (aliases, glossary terms, as generator.load.wording prints them)."""
    from types import SimpleNamespace

    from generator.load.wording import Wording

    cached = _library_words.get("last")
    if cached is None or cached[0] is not library:
        content_dir = next(
            (Path(c.source).parent.parent for c in library.values() if isinstance(c, Character) and c.source), None
        )
        game = SimpleNamespace(library=SimpleNamespace(characters=library, content_dir=content_dir), characters=[])
        cached = _library_words["last"] = (library, Wording(game).words)  # one library at a time
    return cached[1]


_library_words: dict = kept({})


def matching_named(
    ours: str | None, given: str | None, candidates: list[str], library: dict, icons: bool = True
) -> str | None:
    """'' when our text exports to the given one with no named character, the named id when a candidate fits, else None."""
    given = given or ""
    if not ours:
        return "" if not given.strip() else None
    if not PLACEHOLDER.search(ours):
        return "" if to_publisher_text(ours, None, icons) == given or ours == from_publisher_text(given) else None
    for name in candidates:
        if to_publisher_text(ours, name, icons) == given:
            return next(cid for cid, c in library.items() if c.name == name)
    if to_publisher_text(ours, None, icons) == given:
        return ""
    return None
