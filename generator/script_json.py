"""The publisher's script JSON ↔ Script and Characters: ids, `_meta`, custom characters, and text marks both ways.

Reading: a list of official ids (strings or the deprecated {"id": …} objects), one `_meta` object and characters given
in full. A full character whose id the library has is compared with the library's text as botc-pnp would export it:
when nothing differs the library character is used unchanged (so an exported script reads back as the same script,
with the almanac texts the JSON format has no room for); otherwise the given fields replace the library's and the
character becomes a custom one. Characters the library lacks are used exactly as given.
"""

from __future__ import annotations

import dataclasses
import json
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

from generator import DEFAULT_CONTENT_DIR
from generator.findings import Report
from generator.josa import PLACEHOLDER, fill_named, with_particle
from generator.limits import MAX_LIST_ITEMS, MAX_NIGHT_STEPS, MAX_REMINDERS, MAX_SCRIPT_CHARACTERS
from generator.model import FIXED_STEPS, NIGHTS, TEAMS, Character, Jinx, NightOrder, Script
from generator.search import IdLookup

SCHEMA_PATH = DEFAULT_CONTENT_DIR / "schema" / "script-schema.json"
META_ID = "_meta"
# the publisher's special night-order entries → our fixed step ids (the same words today; kept as a table on purpose)
PUBLISHER_STEPS = {"dusk": "dusk", "minioninfo": "minioninfo", "demoninfo": "demoninfo", "dawn": "dawn"}
OUR_STEPS = {ours: theirs for theirs, ours in PUBLISHER_STEPS.items()}
JSON_NIGHT_KEYS = {"first_night": "firstNight", "other_nights": "otherNight"}
JSON_REMINDER_KEYS = {"first_night": "firstNightReminder", "other_nights": "otherNightReminder"}

# publisher field → our Character field, for the fields a full character may carry
TEXT_FIELDS = {"name": "name", "team": "team", "ability": "ability", "flavor": "flavor"}
LIST_FIELDS = {"reminders": "reminders", "remindersGlobal": "global_reminders"}
FIELD_LABELS_KO = {
    "name": "이름",
    "team": "팀",
    "ability": "능력",
    "flavor": "분위기 글",
    "reminders": "알림 토큰",
    "global_reminders": "전역 알림 토큰",
    "first_night": "첫날 밤 안내",
    "other_nights": "다른 밤 안내",
    "setup": "설정 변경",
}

REMINDER_ICON = ":reminder:"
REMINDER_ICON_IN_TEXT = re.compile(r" ?:reminder:")
# a sentence that tells the storyteller to put a marked reminder token down: "… *죽음* 알림을 놓으세요."
PLACING_SENTENCE = re.compile(r"[^.!?]*?\*[^*\n.!?]+\*[^.!?]*?놓(?:으세요|습니다|아\s*두세요)[^.!?]*[.!?]")

JSON_TYPE_NAMES = {
    "string": "문자열",
    "number": "숫자",
    "integer": "정수",
    "boolean": "참/거짓(true/false)",
    "array": "목록([...])",
    "object": "키-값 묶음({...})",
    "null": "빈 값",
}


# --- ids and texts ---------------------------------------------------------------------------------------


def normalize_id(raw: str) -> str:
    """The publisher's id matching: lowercase with spaces and punctuation removed ('Fang Gu', 'fang_gu' → 'fanggu')."""
    text = unicodedata.normalize("NFKC", raw).lower()
    return re.sub(r"[^a-z0-9]", "", text)


def to_publisher_text(text: str | None, named_name: str | None = None, reminder_icons: bool = True) -> str:
    """Our text → the format's: '{named}' filled in, '*토큰*' kept (the format's own emphasis for reminder tokens),
    and ' :reminder:' after each sentence that puts a marked reminder token down."""
    if not text:
        return ""
    result = fill_named(text, named_name) if PLACEHOLDER.search(text) else text
    if reminder_icons and REMINDER_ICON not in result:
        result = PLACING_SENTENCE.sub(lambda m: m.group(0) + " " + REMINDER_ICON, result)
    return result


def from_publisher_text(text: str | None) -> str | None:
    """The format's text → ours: ':reminder:' icons dropped (we print no icon there); '*TOKEN*' is already our mark."""
    if text is None:
        return None
    result = unicodedata.normalize("NFC", REMINDER_ICON_IN_TEXT.sub("", text)).strip()
    return result or None


# --- schema ------------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def load_schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def schema_branch(item) -> tuple[int, str]:
    """Which of the schema's item forms an item means to be: (index in items.oneOf, Korean name of the form)."""
    if isinstance(item, dict):
        if item.get("id") == META_ID:
            return 2, "스크립트 정보(_meta)"
        if set(item) == {"id"}:
            return 3, "공식 캐릭터 id"
        return 0, "캐릭터"
    return 1, "공식 캐릭터 id"


def _json_type(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def field_label(path) -> str:
    parts = []
    for part in path:
        if isinstance(part, int):
            parts.append(f"{part + 1}번째 값")
        else:
            parts.append(f"'{part}'")
    return "의 ".join(parts)


def describe_schema_error(error) -> str:
    """One jsonschema error inside an item → a Korean sentence naming the field."""
    where = field_label(error.relative_path) or "항목"
    kind = error.validator
    value = error.instance
    if kind == "required":
        missing = [key for key in error.validator_value if isinstance(value, dict) and key not in value]
        return f"{where}에 필수 항목 {with_particle(', '.join(repr(m) for m in missing), '이')} 없습니다."
    if kind == "additionalProperties":
        allowed = set(error.schema.get("properties", {}))
        extra = [key for key in value if key not in allowed] if isinstance(value, dict) else []
        return f"{where}에 형식에 없는 항목 {with_particle(', '.join(repr(e) for e in extra), '이')} 있습니다. 쓸 수 있는 항목: {', '.join(sorted(allowed))}"
    if kind == "enum":
        return f"{where} 값 {with_particle(repr(value), '은')} 쓸 수 없습니다. 쓸 수 있는 값: {', '.join(map(str, error.validator_value))}"
    if kind == "type":
        expected = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        names = " 또는 ".join(JSON_TYPE_NAMES.get(t, t) for t in expected)
        return f"{where} 값은 {names}이어야 합니다(지금은 {JSON_TYPE_NAMES.get(_json_type(value), _json_type(value))})."
    if kind == "maxLength":
        return f"{where} 값이 너무 깁니다({len(value)}자). {error.validator_value}자까지 쓸 수 있습니다."
    if kind == "maxItems":
        return f"{where}에 값이 너무 많습니다({len(value)}개). {error.validator_value}개까지 쓸 수 있습니다."
    if kind == "minItems":
        return f"{where}에 값이 너무 적습니다({len(value)}개). {error.validator_value}개 이상 있어야 합니다."
    if kind == "oneOf":
        return f"{where} 값 {value!r}의 형식이 맞지 않습니다(이미지는 주소 문자열 또는 주소 1~3개의 목록)."
    return f"{where}: {error.message}"


def check_schema(data, report: Report, where: str, ids: list[str | None], lines: dict[int, int]) -> None:
    """Errors for every schema violation, naming the item (by number and id) and the field."""
    from jsonschema import Draft202012Validator

    schema = load_schema()
    top = {key: value for key, value in schema.items() if key != "items"}
    for error in Draft202012Validator(top).iter_errors(data):
        if error.validator == "minItems":
            report.error("schema", f"스크립트에는 항목이 {error.validator_value}개 이상 있어야 합니다(지금은 {len(data)}개).", where=where)
        elif error.validator == "maxItems":
            report.error("schema", f"스크립트에는 항목을 {error.validator_value}개까지 쓸 수 있습니다(지금은 {len(data)}개).", where=where)
        else:
            report.error("schema", error.message, where=where)
    forms = schema["items"]["oneOf"]
    validators = [Draft202012Validator(form) for form in forms]
    for index, item in enumerate(data):
        branch, form_name = schema_branch(item)
        if not isinstance(item, (str, dict)):
            report.error(
                "schema",
                f"{index + 1}번째 항목은 캐릭터 id(문자열)나 키-값 묶음이어야 합니다(지금은 {JSON_TYPE_NAMES.get(_json_type(item), _json_type(item))}).",
                where=item_where(where, lines, index),
            )
            continue
        for error in sorted(validators[branch].iter_errors(item), key=lambda e: [str(p) for p in e.relative_path]):
            label = f"{index + 1}번째 항목" + (f"({ids[index]})" if ids[index] else "")
            report.error(
                "schema",
                f"{label}, {form_name}: {describe_schema_error(error)}",
                subject=ids[index],
                where=item_where(where, lines, index),
            )


# --- positions --------------------------------------------------------------------------------------------


def item_lines(text: str) -> dict[int, int]:
    """Line (1-based) where each top-level array item starts, by a small scan of the JSON text."""
    lines: dict[int, int] = {}
    depth = 0
    in_string = escaped = False
    expecting = False
    line = 1
    count = 0
    for ch in text:
        if ch == "\n":
            line += 1
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if depth == 1 and expecting and not ch.isspace() and ch not in ",]":
            lines[count] = line
            count += 1
            expecting = False
        if ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth == 1 and ch == "[":
                expecting = True
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 1:
            expecting = True
    return lines


def item_where(where: str, lines: dict[int, int], index: int) -> str:
    return f"{where}:{lines[index]}" if index in lines else where


# --- reading (a file is read against its content folder by content.load_script_json) -------------------------


# the JSON parser's own words (json.decoder) → what a person reads; anything else is named generally
JSON_PROBLEMS = (
    ("Expecting value", "값이 있어야 할 자리입니다(마지막 항목 뒤의 쉼표, 빠진 값, 작은따옴표를 확인해 주세요)"),
    ("Expecting ',' delimiter", "항목 사이에 쉼표(,)가 있어야 합니다"),
    ("Expecting ':' delimiter", "이름 뒤에 쌍점(:)이 있어야 합니다"),
    ("Expecting property name enclosed in double quotes", "항목 이름은 큰따옴표(\")로 감싸야 합니다(마지막 항목 뒤의 쉼표도 확인해 주세요)"),
    ("Extra data", "목록이 끝난 뒤에 글자가 더 있습니다"),
    ("Unterminated string", "따옴표로 연 글자가 닫히지 않았습니다"),
    ("Invalid control character", "글자 안에 줄바꿈이나 제어 문자가 그대로 있습니다(\\n으로 쓰세요)"),
    ("Invalid \\uXXXX escape", "\\u 뒤에는 16진수 네 자리가 와야 합니다"),
    ("Invalid \\escape", "역슬래시(\\) 뒤의 글자를 쓸 수 없습니다(역슬래시 자체는 \\\\로 쓰세요)"),
)


def json_problem(parser_message: str) -> str:
    return next((korean for english, korean in JSON_PROBLEMS if parser_message.startswith(english)), "JSON 문법에 맞지 않는 글자입니다")


def script_from_json_text(text: str, where: str, script_id: str, report: Report, library_source, base_dir: Path | None = None) -> Script | None:
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


def _script_from_json_text(text: str, where: str, script_id: str, report: Report, library_source, base_dir: Path | None) -> Script | None:
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
        hint = " 캐릭터 목록 전체를 [ ]로 감싸고 _meta는 그 안의 첫 항목으로 넣어 주세요." if isinstance(data, dict) else ""
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
    raw_ids = [item if isinstance(item, str) else item.get("id") if isinstance(item, dict) else None for item in data]
    ids = [raw if isinstance(raw, str) else None for raw in raw_ids]
    check_schema(data, report, where, ids, lines)

    library, library_order = library_source()
    lookup = IdLookup(library)

    meta: dict = {}
    entries: list[tuple[int, str, dict | None]] = []  # (item index, our id, full object or None)
    for index, item in enumerate(data):
        if isinstance(item, dict) and item.get("id") == META_ID:
            if meta:
                report.error("meta-repeated", f"{index + 1}번째 항목: _meta가 두 번 있습니다. 첫 번째 것만 씁니다.", where=item_where(where, lines, index))
            else:
                meta = item
            continue
        raw = item if isinstance(item, str) else item.get("id") if isinstance(item, dict) else None
        if not isinstance(raw, str):
            continue  # reported by the schema check
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

    from generator.write import warn_unsafe_script_id

    warn_unsafe_script_id(script_id, where, report)
    script = Script(
        id=script_id,
        title=text_of(meta.get("name")) or script_id,
        author=text_of(meta.get("author")),
        character_ids=[cid for _, cid, _ in entries],
        source=where,
    )
    script.lines = {position: lines[index] for position, (index, _, _) in enumerate(entries) if index in lines}
    script.logo = text_of(meta.get("logo"))
    if meta.get("players") is not None:
        from generator.players import parse_players

        script.players, problem = parse_players(meta["players"])
        if problem:
            report.error("players-range", f"_meta의 'players': {problem}", where=item_where(where, lines, data.index(meta)))
    bootlegger = meta.get("bootlegger")
    if isinstance(bootlegger, list):
        script.bootlegger = [text_of(rule) for rule in bootlegger if text_of(rule)]

    numbers: dict[str, dict[str, float]] = {}
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
        merged = merge_with_library(base, given, script, library, item_at, report)
        if merged is not base:
            script.custom_characters[character_id] = merged

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
        for number, item in enumerate(given, start=1):
            other_raw = item.get("id") if isinstance(item, dict) else None
            reason = text_of(item.get("reason")) if isinstance(item, dict) else None
            if not isinstance(other_raw, str) or not reason:
                continue  # reported by the schema check
            other = lookup.id_for(other_raw) or normalize_id(other_raw)
            pair = frozenset((character_id, other))
            if other == character_id or pair in seen:
                continue
            seen.add(pair)
            found.append(Jinx((character_id, other), from_publisher_text(reason) or reason, item_where(where, lines, index)))
    return found


def unencodable_text(text: str, data: list, where: str, report: Report) -> bool:
    """True, with an unreadable finding at the item, when a string of the list holds a lone surrogate (see encodable)."""
    from generator import encodable

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
JSON_LIST_LIMITS = {"reminders": MAX_REMINDERS, "remindersGlobal": MAX_REMINDERS, "firstNight": MAX_NIGHT_STEPS, "otherNight": MAX_NIGHT_STEPS}


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
    from generator.brackets import bracket_changes

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


def merge_with_library(base: Character, given: dict, script: Script, library: dict, where: str, report: Report) -> Character:
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
        elif value != ours and value != (printed(ours) if isinstance(ours, str) else [printed(v) for v in ours] if isinstance(ours, list) else ours):
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
    return dataclasses.replace(base, custom=True, source=where, **changes)


def library_words(library: dict):
    """The printed wording of library text (aliases, glossary terms, as generator.wording prints them)."""
    from types import SimpleNamespace

    from generator.wording import Wording

    cached = _library_words.get("last")
    if cached is None or cached[0] is not library:
        content_dir = next((Path(c.source).parent.parent for c in library.values() if isinstance(c, Character) and c.source), None)
        game = SimpleNamespace(library=SimpleNamespace(characters=library, content_dir=content_dir), characters=[])
        cached = _library_words["last"] = (library, Wording(game).words)  # one library at a time
    return cached[1]


_library_words: dict = {}


def matching_named(ours: str | None, given: str | None, candidates: list[str], library: dict, icons: bool = True) -> str | None:
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


def night_order_of(meta: dict, script: Script, lookup: IdLookup, library_order, numbers: dict, where: str, report: Report):
    """The `_meta` order in our ids (fixed steps added where the format lets them be left out), or an order for
    custom characters placed by their firstNight/otherNight numbers on the official scale, or None for the
    library's order."""
    library = lookup.library
    given = {night: meta.get(key) for night, key in JSON_NIGHT_KEYS.items() if isinstance(meta.get(key), list)}
    waking_custom = {
        night: [cid for cid, c in script.custom_characters.items() if c.id not in library and c.night_reminder(night)]
        for night in NIGHTS
    }
    if not given and not any(waking_custom.values()):
        return None
    lists = {}
    for night in NIGHTS:
        if night in given:
            steps = []
            for raw in given[night]:
                if isinstance(raw, str):
                    step = PUBLISHER_STEPS.get(normalize_id(raw)) or lookup.id_for(raw)
                    if step:
                        steps.append(step)
            lists[night] = with_fixed_steps(steps, night, library_order)
        else:
            base = list(library_order.steps(night)) if library_order else with_fixed_steps([], night, None)
            lists[night] = place_by_number(base, waking_custom[night], numbers, night, script, where, report)
    return NightOrder(lists["first_night"], lists["other_nights"], where)


def place_by_number(base: list[str], custom: list[str], numbers: dict, night: str, script: Script, where: str, report: Report) -> list[str]:
    """The library's order with each custom character inserted at its firstNight/otherNight number, read on the
    official scale (the number of the library step it follows: a character numbered 25 wakes after official step 25).
    Characters without a usable number go just before dawn, with a warning."""
    steps = list(base)
    numbered = sorted(
        (cid for cid in custom if cid not in base and number_or_last(numbers.get(cid, {}).get(night)) != float("inf")),
        key=lambda cid: numbers[cid][night],
    )
    unnumbered = [cid for cid in custom if cid not in base and cid not in numbered]
    official = {step: place for place, step in enumerate(base, start=1)}
    for cid in reversed(numbered):  # reversed, so equal numbers keep the script's order
        value = numbers[cid][night]
        at = next((i for i, step in enumerate(steps) if official.get(step, 0) > value), len(steps))
        if "dawn" in steps and at > steps.index("dawn"):
            at = steps.index("dawn")  # a custom character wakes at night, not among the morning announcements
        steps.insert(at, cid)
    if unnumbered:
        names = ", ".join(script.custom_characters[cid].name for cid in unnumbered)
        key = "firstNight" if night == "first_night" else "otherNight"
        report.warning(
            "night-order-guessed",
            f"{names}: {key} 숫자도 _meta의 {key} 순서도 없어 밤 순서의 끝(새벽 앞)에 넣었습니다. "
            f"정확한 자리는 캐릭터의 {key} 숫자(공식 순서의 번호)나 _meta에 적어 주세요.",
            where=where,
        )
        at = steps.index("dawn") if "dawn" in steps else len(steps)
        steps[at:at] = unnumbered
    return steps


def number_or_last(value) -> float:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else float("inf")


def with_fixed_steps(steps: list[str], night: str, library_order) -> list[str]:
    """Adds dusk, dawn and (first night) minion and demon info where a publisher order left them out."""
    steps = list(steps)
    if "dusk" not in steps:
        steps.insert(0, "dusk")
    if night == "first_night":
        reference = library_order.steps(night) if library_order else list(FIXED_STEPS)
        for step in ("minioninfo", "demoninfo"):
            if step in steps:
                continue
            after_in_library = reference[reference.index(step) + 1 :] if step in reference else []
            at = next((i for i, s in enumerate(steps) if s in after_in_library or s == "dawn"), len(steps))
            if step == "demoninfo" and "minioninfo" in steps:
                at = max(at, steps.index("minioninfo") + 1)
            steps.insert(at, step)
    if "dawn" not in steps:
        steps.append("dawn")
    return steps
