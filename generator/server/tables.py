"""Characters, games and findings → the plain JSON the page and API clients read (the setup table, the script's
state with the ids the library lacks, one entry per character in the printed wording, the jinxes, both nights).
Same facts and words as the CLI and the PDFs print, in a shape a browser can draw."""

from __future__ import annotations

import json
import re
from dataclasses import asdict

from generator.josa import PLACEHOLDER, fill_named
from generator.load.search import IdLookup
from generator.load.standard_order import StandardOrder
from generator.load.wording import is_latin
from generator.model import BAG_TEAMS, NIGHTS, Character

TEXT_FIELDS_WITH_NAMES = ("ability", "first_night", "other_nights")
# the publisher's _meta keys the page carries along untouched (the title and author are edited on the page)
NIGHT_KEYS = ("firstNight", "otherNight")
META_PASSED_ON = (
    "bootlegger",
    "players",
    "firstNight",
    "otherNight",
    "logo",
    "hideTitle",
    "background",
    "almanac",
    "botc_pnp",
)


def names_a_character(character: Character) -> bool:
    """The character's texts say '{named}': the script names a character for it (the Storm Catcher)."""
    return any(PLACEHOLDER.search(getattr(character, key) or "") for key in TEXT_FIELDS_WITH_NAMES)


def character_entry(character: Character, named_name: str | None = None, words=None, order=None) -> dict:
    """The API's `{id, name, team, edition, ability}` (the same fields as `characters --json`) in the printed wording
    (`words`, see generator.load.wording), plus whether it names a character and the Latin name it is found by."""
    ability = fill_named(character.ability, named_name) if PLACEHOLDER.search(character.ability) else character.ability
    return {
        "id": character.id,
        "name": character.name,
        "team": character.team,
        "edition": character.edition or "custom",
        "ability": words(ability) if words else ability,
        "names_character": names_a_character(character),
        "english": latin_name(character),
        # its place in the publisher's order within its team (공식 순서로 정렬; generator.load.standard_order)
        "standard": (order or StandardOrder()).place(character),
    }


def latin_name(character: Character) -> str:
    """The Latin name a search in English finds it by: a declared English alias ('Storm Catcher'), else its id."""
    return next((name for name in character.known_names if is_latin(name)), character.id)


def library_entries(characters, library) -> list[dict]:
    """Some of the library's characters → entries in the printed wording, as the PDFs show them."""
    from generator.load.publisher.characters import library_words

    words = library_words(library.characters)
    return [character_entry(c, words=words, order=library.standard_order) for c in characters]


def findings_json(report) -> list[dict]:
    """The objects `validate --json` prints, each with the Korean label of its kind (`kind`) for people."""
    return [finding_json(f) for f in report.findings]


def finding_json(finding) -> dict:
    from generator.findings import kind_label

    return {**asdict(finding), "kind": kind_label(finding.code)}


MAX_HEADER_BYTES = 4_000  # a findings header stays far under what browsers and proxies accept (often 8 KB in all)
MAX_HEADER_FINDINGS = 20
MAX_HEADER_MESSAGE = 300  # characters of one message in the header


def findings_header(findings) -> str:
    """Rendering findings → one header value: URL-quoted JSON, at most MAX_HEADER_BYTES. Long messages are cut, and
    findings past the cap become one last entry that counts them (the CLI's build prints them all)."""
    from urllib.parse import quote

    def encoded(items: list[dict]) -> str:
        return quote(json.dumps(items, ensure_ascii=False))

    shown: list[dict] = []
    for finding in findings[:MAX_HEADER_FINDINGS]:
        item = finding_json(finding)
        item["message"] = item["message"][:MAX_HEADER_MESSAGE]
        item["subject"] = item["subject"][:MAX_HEADER_MESSAGE] if item["subject"] else item["subject"]
        if len(encoded([*shown, item, more_entry(len(findings))])) > MAX_HEADER_BYTES:
            break
        shown.append(item)
    left = len(findings) - len(shown)
    return encoded(shown + [more_entry(left)] if left else shown)


def more_entry(count: int) -> dict:
    text = f"인쇄물을 만들며 나온 경고가 {count}개 더 있습니다. 명령줄의 build로 모두 볼 수 있습니다."
    return {
        "level": "warning",
        "code": "more-findings",
        "message": text,
        "subject": None,
        "where": None,
        "kind": "경고 더 있음",
    }


def setup_table(game) -> dict | None:
    from generator.pipeline.checking import setup_table as table

    return table(game)


def script_state(game, meta: dict | None = None, written: list[str] | None = None, guessed: dict | None = None) -> dict:
    """The script as the page edits it: title, author, notes, characters in order (an id the library lacks stays in
    its place, marked unknown, with the closest library characters), named characters, the custom characters as
    publisher objects (so the page can send them back; a night place the loader guessed stays unnumbered, see
    `guessed_places`), and the _meta extras it passes on."""
    from generator.findings import Report
    from generator.load.wording import wording
    from generator.write.export_json import Shortener, export_character, night_numbers

    script = game.script
    words = wording(game).words
    present = {c.id: c for c in game.listed}
    lookup = IdLookup(game.library.characters)
    entries = []
    shown = set()
    for raw in written if written is not None else script.character_ids:
        resolved = raw if raw in present else lookup.id_for(raw)
        key = resolved if resolved in present else raw
        if key in shown:
            continue  # a repeated entry is a finding; the page lists the character once
        shown.add(key)
        character = present.get(key)
        if character is None:
            entries.append(unknown_entry(raw, game.library.characters))
            continue
        named = game.named_character(character.id)
        entry = character_entry(character, named.name if named else None, words, game.library.standard_order)
        entry["custom"] = character.custom
        entries.append(entry)
    custom = {}
    customised = [c for c in game.characters if c.custom]
    if customised:
        numbers, short = night_numbers(game), Shortener(Report())
        custom = {c.id: export_character(c, game, numbers, short) for c in customised}
        for cid, keys in (guessed or {}).items():
            for key in keys:
                if cid in custom:
                    custom[cid][key] = 0
    return {
        "title": script.title,
        "author": script.author or "",
        "notes": script.notes or "",
        "characters": entries,
        "named_characters": dict(script.named_characters),
        "custom": custom,
        "meta": passed_on_meta(game, meta),
        "edition": edition_state(game),
    }


def edition_state(game) -> dict | None:
    """When the script is one of the editions: its sheet's title, author and characters, so the page can hand the
    script to the club (a title of its own, no publisher credit) once its characters change."""
    order = game.library.standard_order
    sheet = order.edition_of(game.characters, game.library.characters) if order is not None else None
    if sheet is None:
        return None
    library = game.library.characters
    ids = [cid for cid in sheet.ids if cid in library and library[cid].team in BAG_TEAMS]
    name = next(key for key, value in order.sheets.items() if value is sheet)
    return {"id": name, "title": sheet.title, "author": sheet.author or "", "ids": ids}


def unknown_entry(raw: str, library: dict) -> dict:
    """An id or name the library lacks: kept as written, with up to three close library characters to pick."""
    return {
        "id": raw,
        "name": raw,
        "team": None,
        "edition": None,
        "ability": "",
        "unknown": True,
        "suggestions": [{"id": c.id, "name": c.name, "team": c.team} for c in close_characters(raw, library)],
    }


def close_characters(raw: str, library: dict, count: int = 3) -> list[Character]:
    """The library characters whose id (for Latin input) or Korean name (for Hangul) is closest to `raw`."""
    import difflib

    from generator.load.search import ascii_key, compact

    key = ascii_key(raw)
    if key and not re.search("[가-힣ㄱ-ㅎ]", raw):
        ids = difflib.get_close_matches(key, [ascii_key(cid) for cid in library], n=count, cutoff=0.5)
        by_key = {ascii_key(cid): cid for cid in library}
        return [library[by_key[k]] for k in ids]
    names = {compact(name): c.id for c in library.values() for name in c.known_names}
    found = difflib.get_close_matches(compact(raw), list(names), n=count * 2, cutoff=0.4)
    return [library[cid] for cid in dict.fromkeys(names[n] for n in found)][:count]


def jinx_list(game) -> list[dict]:
    """The script's jinxes in the printed wording: both characters and the rule."""
    from generator.load.wording import wording

    words = wording(game).words
    rows = []
    for jinx in game.jinxes:
        pair = [game.character(cid) for cid in jinx.characters]
        rows.append(
            {"characters": [{"id": c.id, "name": c.name, "team": c.team} for c in pair], "text": words(jinx.text)}
        )
    return rows


def advice_list(game) -> list[dict]:
    """Script-design advice as `validate --advice` gives it, for the page's advice panel: the severity (and its Korean
    label), the rule's title, the reason, what to change, and the characters it is about. Never a finding."""
    from generator.pipeline.checking import advice

    return [
        {
            "severity": a.severity,
            "label": a.severity_label,
            "code": a.code,
            "title": a.title,
            "reason": a.reason,
            "change": a.change,
            "characters": [{"id": c.id, "name": c.name, "team": c.team} for c in map(game.character, a.characters)],
        }
        for a in advice(game)
    ]


def added_characters(game) -> list[dict]:
    """Characters printed though the script does not list them (the Djinn), each with why."""
    from generator.model import JINX_FABLED

    reasons = {
        JINX_FABLED: "이 스크립트에 징크스가 있어, 공식 시트처럼 지니를 전설 캐릭터로 함께 인쇄합니다. "
        "지니는 시트에 인쇄된 징크스를 모든 플레이어가 알게 합니다."
    }
    return [
        {"id": cid, "name": game.character(cid).name, "team": game.character(cid).team, "why": reasons.get(cid, "")}
        for cid in game.added
    ]


def night_lists(game) -> dict:
    """First night and other nights as the sheet prints them: each step's id, name and team (None for a fixed
    step such as 황혼), in the script's order (its own, or the official one), and why a teensy script's night lacks
    minion and demon information (`note`, else None)."""
    from generator.load.notes import unplayed_note
    from generator.model import NIGHT_NAMES_KO

    nights = {}
    for night in NIGHTS:
        steps = []
        for step in game.night_steps(night):
            fixed = game.library.fixed_steps.get(step)
            if fixed is not None:
                steps.append(
                    {
                        "id": step,
                        "name": fixed.name,
                        "team": None,
                        "fixed": True,
                        "condition": f"{fixed.min_players}명 이상" if fixed.min_players else None,
                    }
                )
            else:
                character = game.character(step)
                steps.append(
                    {"id": step, "name": character.name, "team": character.team, "fixed": False, "condition": None}
                )
        nights[night] = {"name": NIGHT_NAMES_KO[night], "steps": steps, "note": unplayed_note(game, night)}
    return nights


def passed_on_meta(game, meta: dict | None) -> dict:
    """The _meta extras as sent (JSON), or built from a YAML script's own night order and house rules. A night order
    that is the official one for these characters is left out: the page then keeps the script in the official order."""
    script = game.script
    if meta is not None:
        own_order = game.has_own_night_order
        return {key: meta[key] for key in META_PASSED_ON if key in meta and (own_order or key not in NIGHT_KEYS)}
    extras: dict = {}
    if script.bootlegger:
        extras["bootlegger"] = list(script.bootlegger)
    if script.players:
        from generator.load.players import players_text

        extras["players"] = players_text(script.players)
    if game.has_own_night_order:
        for night, key in zip(NIGHTS, NIGHT_KEYS):
            extras[key] = list(script.night_order.steps(night))
    return extras


def guessed_places(report, text: str) -> dict[str, list[str]]:
    """Homebrew characters the loader placed by guess (`night-order-guessed`) → the night-number keys they were
    written without. The page keeps those unnumbered: the number an export gives such a character is only the guess,
    and a script sent back with it would no longer say so. The warning then stays until a place is chosen (in the
    character editor, which numbers it)."""
    from generator.load.publisher.text import JSON_NIGHT_KEYS, normalize_id

    guessed = {f.subject for f in report.findings if f.code == "night-order-guessed" and f.subject}
    if not guessed:
        return {}
    try:
        items = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    found: dict[str, list[str]] = {}
    for item in items if isinstance(items, list) else []:
        cid = normalize_id(item.get("id")) if isinstance(item, dict) and isinstance(item.get("id"), str) else None
        if cid in guessed:
            found[cid] = [key for key in JSON_NIGHT_KEYS.values() if not is_night_number(item.get(key))]
    return found


def is_night_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0


def written_ids(text: str) -> list[str] | None:
    """The script's character entries as written in its publisher JSON (ids or names), None when it is not a list."""
    try:
        items = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(items, list):
        return None
    written = [item if isinstance(item, str) else item.get("id") if isinstance(item, dict) else None for item in items]
    return [raw for raw in written if isinstance(raw, str) and raw != "_meta"]


def left_out(text: str, game, lookup) -> list[str]:
    """The script's entries, as written, that did not become a character (unknown ids or names): the page says so."""
    present = set(game.ids)
    return [raw for raw in written_ids(text) or [] if (lookup.id_for(raw) or raw) not in present]
