"""The publisher's script JSON ↔ Script and Characters: ids, `_meta`, custom characters, and text marks both ways.

Reading: a list of official ids (strings or the deprecated {"id": …} objects), one `_meta` object and characters given
in full. A full character with an official id is read by its content (publisher.official): the publisher's ability
(in English, or text in another language with the official team and nights) is the official character, printed in
our Korean; another ability is a homebrew character that reuses the id, used exactly as given. Korean text is
compared with the library's text as botc-pnp would export it: when nothing differs the library character is used
unchanged (so an exported script reads back as the same script, with the almanac texts the JSON format has no room
for); otherwise the given fields replace the library's and the character becomes a custom one. Characters the
library lacks are used exactly as given. Quirks whose intent is plain (team and id spellings, a logo written as a
name) are read with one note each (publisher.lenient, load.links).
"""

from __future__ import annotations

import json
from pathlib import Path

from generator.findings import Report
from generator.limits import MAX_ID_LENGTH, MAX_LIST_ITEMS, MAX_NIGHT_STEPS, MAX_REMINDERS, MAX_SCRIPT_CHARACTERS
from generator.load.links import logo_or_none
from generator.load.publisher.characters import (
    character_fields,
    first_image,
    merge_with_library,
    new_character,
    say_replaced,
    say_reused_id,
    text_of,
)
from generator.load.publisher.lenient import is_spelling_of, note_id_spellings, read_team_spellings
from generator.load.publisher.nights import night_order_of
from generator.load.publisher.official import is_homebrew, read_object
from generator.load.publisher.schema import _json_type, check_schema, item_lines, item_where, json_problem
from generator.load.publisher.text import JSON_NIGHT_KEYS, JSON_TYPE_NAMES, META_ID, from_publisher_text, normalize_id
from generator.load.search import IdLookup
from generator.model import Jinx, Script

# --- reading (a file is read against its content folder by content.load_script_json) -------------------------


# the JSON parser's own words (json.decoder) → what a person reads; anything else is named generally


def script_from_json_text(
    text: str, where: str, script_id: str, report: Report, library_source, base_dir: Path | None = None
) -> Script | None:
    """The publisher JSON `text` → a Script, with findings placed at `where` (a file name as messages show it).
    `library_source()` gives (characters, night order) of the content folder, as content.library_parts does; it is called
    only once the JSON parses. The web server passes the ones it keeps loaded. `base_dir` is the script's folder,
    where a character's `image` file path is read from (None: an upload, whose image paths point nowhere)."""
    try:
        return _script_from_json_text(text, where, script_id, report, library_source, base_dir)
    except RecursionError:
        report.cannot_read(
            "json-syntax",
            f"JSON을 읽을 수 없습니다: 괄호([ ], {{ }})가 너무 깊게 겹쳐 있습니다. 스크립트 JSON은 캐릭터 목록 하나입니다: {where}",
            where=where,
        )
    except ValueError:  # e.g. a number with thousands of digits, refused by the JSON parser
        report.cannot_read(
            "json-value",
            f"JSON 값을 읽을 수 없습니다: 숫자가 지나치게 길거나 값이 올바르지 않습니다. 숫자와 글자를 확인해 주세요: {where}",
            where=where,
        )
    return None


def _script_from_json_text(
    text: str, where: str, script_id: str, report: Report, library_source, base_dir: Path | None
) -> Script | None:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        report.cannot_read(
            "json-syntax",
            f"JSON 문법이 맞지 않습니다. {exc.lineno}번째 줄 {exc.colno}번째 글자: {json_problem(exc.msg)}.",
            where=f"{where}:{exc.lineno}",
        )
        return None
    if not isinstance(data, list):
        found = JSON_TYPE_NAMES.get(_json_type(data), _json_type(data))
        hint = (
            " 캐릭터 목록 전체를 [ ]로 감싸고 _meta는 그 안의 첫 항목으로 넣어 주세요."
            if isinstance(data, dict)
            else ""
        )
        report.cannot_read(
            "wrong-shape",
            f"스크립트 JSON은 목록([...])이어야 합니다(지금은 {found}). "
            f'출판사 형식: [{{"id": "_meta", "name": "제목"}}, "washerwoman", ...].{hint}',
            where=where,
        )
        return None
    if unencodable_text(text, data, where, report):
        return None
    if len(data) > MAX_SCRIPT_CHARACTERS + 1:
        report.error(
            "too-many",
            f"스크립트 JSON의 항목이 너무 많습니다({len(data):,}개). 캐릭터는 {MAX_SCRIPT_CHARACTERS}명까지 쓸 수 있어 "
            f"앞의 {MAX_SCRIPT_CHARACTERS + 1}개 항목(_meta 포함)만 읽습니다.",
            where=where,
        )
        data = data[: MAX_SCRIPT_CHARACTERS + 1]
    lines = item_lines(text)
    trim_long_lists(data, report, where, lines)
    read_team_spellings(data, where, report)
    raw_ids = [item if isinstance(item, str) else item.get("id") if isinstance(item, dict) else None for item in data]
    ids = [raw if isinstance(raw, str) else None for raw in raw_ids]
    check_schema(data, report, where, ids, lines)

    library, library_order = library_source()
    lookup = IdLookup(library)

    meta: dict = {}
    entries: list[tuple[int, str, dict | None]] = []  # (item index, our id, full object or None)
    respelled: list[tuple[str, str, str | None]] = []  # (id as written, our id, its name)
    for index, item in enumerate(data):
        if isinstance(item, dict) and item.get("id") == META_ID:
            if meta:
                report.error(
                    "meta-repeated",
                    f"{index + 1}번째 항목: _meta가 두 번 있습니다. 첫 번째 것만 씁니다.",
                    where=item_where(where, lines, index),
                )
            else:
                meta = item
            continue
        raw = item if isinstance(item, str) else item.get("id") if isinstance(item, dict) else None
        if not isinstance(raw, str) or len(raw) > MAX_ID_LENGTH:
            continue  # reported by the schema check (an id longer than the format allows names no character)
        character_id = lookup.id_for(raw)
        if not character_id:
            report.error(
                "bad-id",
                f"{index + 1}번째 항목의 id {raw!r}는 캐릭터 id도, 라이브러리의 한국어 이름도 아닙니다. "
                "캐릭터 id(영문 소문자와 숫자, 예: washerwoman)나 한국어 이름(예: 세탁부)을 쓰세요.",
                where=item_where(where, lines, index),
            )
            continue
        full = item if isinstance(item, dict) and set(item) != {"id"} else None
        entries.append((index, character_id, full))
        if is_spelling_of(raw, character_id):
            known = library.get(character_id)
            respelled.append((raw, character_id, known.name if known else text_of(full.get("name")) if full else None))
    note_id_spellings(respelled, where, report)

    from generator.read.file_names import warn_unsafe_script_id

    warn_unsafe_script_id(script_id, where, report)
    script = Script(
        id=script_id,
        title=text_of(meta.get("name")) or script_id,
        author=text_of(meta.get("author")),
        character_ids=[cid for _, cid, _ in entries],
        source=where,
    )
    script.lines = {position: lines[index] for position, (index, _, _) in enumerate(entries) if index in lines}
    meta_at = item_where(where, lines, data.index(meta)) if meta else where
    script.logo = logo_or_none(text_of(meta.get("logo")), "_meta.logo", base_dir is None, report, meta_at)
    script.almanac = text_of(meta.get("almanac"))
    if meta.get("players") is not None:
        from generator.load.players import parse_players

        script.players, problem = parse_players(meta["players"])
        if problem:
            report.error(
                "players-range", f"_meta의 'players': {problem}", where=item_where(where, lines, data.index(meta))
            )
    bootlegger = meta.get("bootlegger")
    if isinstance(bootlegger, list):
        script.bootlegger = [rule_text for rule in bootlegger if (rule_text := text_of(rule))]

    numbers: dict[
        str, dict[str, object]
    ] = {}  # character → night → its night number as the JSON has it (any value: its readers check)
    replaced: dict[tuple[str, str | None], list[str]] = {}  # (why, writing) → official characters printed in our Korean
    for index, character_id, full in entries:
        if full is None:
            continue
        item_at = item_where(where, lines, index)
        numbers[character_id] = {night: full.get(key) for night, key in JSON_NIGHT_KEYS.items()}
        given = character_fields(full)
        if given is None:
            continue  # missing or broken required fields: the schema check said which
        image = first_image(full.get("image"))
        if image:
            given["image"] = image
            given["image_base"] = str(base_dir) if base_dir is not None else None
        base = library.get(character_id)
        if base is None:
            character = new_character(character_id, given, item_at, report)
            if character is not None:
                script.custom_characters[character_id] = character
            continue
        reading = read_object(character_id, base, given, numbers[character_id])
        if reading is not None and reading.kind == "official":
            replaced.setdefault((reading.why, reading.writing), []).append(f"{base.name}({character_id})")
            continue  # the library's character, as it is
        if reading is not None and reading.kind == "homebrew":
            script.custom_characters[character_id] = new_character(character_id, given, item_at, report)
            say_reused_id(base, given, reading, item_at, report)
            continue
        merged = merge_with_library(base, given, script, library, item_at, report)
        if merged is not base:
            script.custom_characters[character_id] = merged
    say_replaced(replaced, where, report)

    from generator.load.publisher.extras import apply_extras

    apply_extras(
        meta, {cid: c for cid, c in script.custom_characters.items() if is_homebrew(c, library)}, report, where
    )
    script.jinxes = homebrew_jinxes(entries, lookup, where, lines, report)
    script.night_order = night_order_of(meta, script, lookup, library_order, numbers, where, report)
    return script


def homebrew_jinxes(entries, lookup: IdLookup, where: str, lines: dict[int, int], report: Report) -> list[Jinx]:
    """Character objects' `jinxes` ([{"id": other, "reason": text}]) → Jinx pairs, the object's character first.
    A pair the library already has keeps the library's Korean text (Game.jinxes leaves the script's one out)."""
    found: list[Jinx] = []
    seen: set[frozenset] = set()
    for index, character_id, full in entries:
        given = full.get("jinxes") if full else None
        if not isinstance(given, list):
            continue
        for item in given:
            other_raw = item.get("id") if isinstance(item, dict) else None
            reason = text_of(item.get("reason")) if isinstance(item, dict) else None
            if not isinstance(other_raw, str) or not reason:
                continue  # reported by the schema check
            other = lookup.id_for(other_raw) or normalize_id(other_raw)
            pair = frozenset((character_id, other))
            if other == character_id or pair in seen:
                continue
            seen.add(pair)
            found.append(
                Jinx((character_id, other), from_publisher_text(reason) or reason, item_where(where, lines, index))
            )
    return found


def unencodable_text(text: str, data: list, where: str, report: Report) -> bool:
    """True, with an unreadable finding at the item, when a string of the list holds a lone surrogate (see encodable)."""
    from generator.read import encodable

    if not encodable.may_hold_surrogates(text):
        return False
    found = encodable.first_unencodable(data)
    if found is None:
        return False
    path, code_point = found
    at = item_where(where, item_lines(text), path[0]) if path and isinstance(path[0], int) else where
    report.cannot_read("text-unencodable", encodable.message(encodable.item_place(path), code_point), where=at)
    return True


# lists inside one item, and how many entries each may have (more are reported and left out before anything else)
JSON_LIST_LIMITS = {
    "reminders": MAX_REMINDERS,
    "remindersGlobal": MAX_REMINDERS,
    "firstNight": MAX_NIGHT_STEPS,
    "otherNight": MAX_NIGHT_STEPS,
}


def trim_long_lists(data: list, report: Report, where: str, lines: dict[int, int]) -> None:
    """Cuts every over-long list inside an item to its limit, with an error saying so: checking and drawing then
    cost what a real script costs."""
    for index, item in enumerate(data):
        if not isinstance(item, dict):
            continue
        for key, value in list(item.items()):
            limit = JSON_LIST_LIMITS.get(key, MAX_LIST_ITEMS)
            if isinstance(value, list) and len(value) > limit:
                report.error(
                    "too-many",
                    f"{index + 1}번째 항목의 '{key}'에 값이 너무 많습니다({len(value):,}개). {limit:,}개까지 쓸 수 있어 앞의 {limit:,}개만 씁니다.",
                    where=item_where(where, lines, index),
                )
                item[key] = value[:limit]
