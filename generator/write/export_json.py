"""A Game → the publisher's script JSON: `_meta` with the Korean title (and the night order, when the script has its
own), then every character in full.

Texts keep our '*토큰*' marks (the format's own emphasis for reminder-token names), get ' :reminder:' after
sentences that put a marked token down, and have '{named}' placeholders filled. Anything longer than the schema
allows is shortened with '…' and reported as a warning naming the character and field.
"""

from __future__ import annotations

import json

from generator.findings import Report
from generator.josa import with_particle
from generator.load.players import players_text
from generator.load.publisher.schema import load_schema
from generator.load.publisher.text import (
    JSON_NIGHT_KEYS,
    JSON_REMINDER_KEYS,
    META_ID,
    OUR_STEPS,
    REMINDER_ICON_IN_TEXT,
    normalize_id,
    to_publisher_text,
)
from generator.load.standard_order import StandardOrder
from generator.model import NIGHTS, Character, Game

ELLIPSIS = "…"
FIELD_NAMES_KO = {
    "name": "이름",
    "ability": "능력",
    "flavor": "분위기 글",
    "firstNightReminder": "첫날 밤 안내",
    "otherNightReminder": "다른 밤 안내",
    "reminders": "알림 토큰",
    "remindersGlobal": "전역 알림 토큰",
    "jinxes": "징크스",
    "title": "제목",
    "author": "작성자",
    "bootlegger": "자체 규칙",
}


def limits() -> dict[str, int]:
    """maxLength / maxItems of the fields we write, read from the schema itself so the two never disagree."""
    forms = load_schema()["items"]["oneOf"]
    character, meta = forms[0]["properties"], forms[2]["properties"]
    return {
        "name": character["name"]["maxLength"],
        "ability": character["ability"]["maxLength"],
        "flavor": character["flavor"]["maxLength"],
        "firstNightReminder": character["firstNightReminder"]["maxLength"],
        "otherNightReminder": character["otherNightReminder"]["maxLength"],
        "reminders": character["reminders"]["items"]["maxLength"],
        "reminders.count": character["reminders"]["maxItems"],
        "remindersGlobal": character["remindersGlobal"]["items"]["maxLength"],
        "remindersGlobal.count": character["remindersGlobal"]["maxItems"],
        "jinxes": character["jinxes"]["items"]["properties"]["reason"]["maxLength"],
        "id": character["id"]["maxLength"],
        "title": meta["name"]["maxLength"],
        "author": meta["author"]["maxLength"],
        "bootlegger.count": meta["bootlegger"]["maxItems"],
        "order.count": meta["firstNight"]["maxItems"],
    }


class Shortener:
    def __init__(self, report: Report):
        self.report = report
        self.limits = limits()

    def text(self, value: str, field: str, who: str, subject: str | None = None) -> str:
        limit = self.limits[field]
        if len(value) <= limit:
            return value
        if field in JSON_REMINDER_KEYS.values():
            without_icons = REMINDER_ICON_IN_TEXT.sub("", value)
            if len(without_icons) <= limit:
                return without_icons  # the icons are a nicety; the words are not
            value = without_icons
        shortened = value[: limit - 1].rstrip() + ELLIPSIS
        self.report.warning(
            "export-shortened",
            f"{who}의 {with_particle(FIELD_NAMES_KO.get(field, field) + f'({field!r})', '이')} 출판사 형식의 한도({limit}자)보다 길어"
            f"({len(value)}자) 줄여서 썼습니다: …{shortened[-20:]}",
            subject=subject,
        )
        return shortened

    def items(self, values: list[str], field: str, who: str, subject: str | None = None) -> list[str]:
        limit = self.limits[f"{field}.count"]
        if len(values) > limit:
            self.report.warning(
                "export-shortened",
                f"{who}의 {FIELD_NAMES_KO.get(field, field)}('{field}')가 {len(values)}개라 앞의 {limit}개만 썼습니다.",
                subject=subject,
            )
            values = values[:limit]
        if field in ("bootlegger",):
            return values
        return [self.text(v, field, who, subject) for v in values]


def night_numbers(game: Game) -> dict[str, dict[str, float]]:
    """Night → character id → its place on the official scale: the 1-based position of the step in the library's
    (official) night order, so other tools that sort by these numbers put minion and demon info in the right place.
    A character the library's order lacks (a custom one) gets a number between its neighbours in this script."""
    numbers: dict[str, dict[str, float]] = {}
    for night in NIGHTS:
        official = {step: place for place, step in enumerate(game.library.night_order.steps(night), start=1)}
        steps = game.night_steps(night, all_players=True)
        placed: dict[str, float] = {}
        previous = 0.0
        index = 0
        while index < len(steps):
            if steps[index] in official:
                previous = placed[steps[index]] = float(official[steps[index]])
                index += 1
                continue
            run = [steps[index]]
            while index + len(run) < len(steps) and steps[index + len(run)] not in official:
                run.append(steps[index + len(run)])
            following = official.get(steps[index + len(run)]) if index + len(run) < len(steps) else previous + 1
            for k, step in enumerate(run, start=1):
                placed[step] = round(previous + (following - previous) * k / (len(run) + 1), 3)
            index += len(run)
        numbers[night] = {step: (int(value) if value == int(value) else value) for step, value in placed.items()}
    return numbers


def export_character(character: Character, game: Game, numbers: dict, short: Shortener) -> dict:
    """One character as the publisher's object, in the printed wording (aliases and glossary terms as the PDFs)."""
    from generator.load.wording import wording

    words = wording(game).words
    named = game.named_character(character.id)
    named_name = named.name if named else None
    who = f"{character.name}({character.id})"
    entry: dict = {
        "id": normalize_id(character.id),
        "name": short.text(character.name, "name", who, character.id),
        "team": character.team,
        "ability": short.text(
            to_publisher_text(words(character.ability), named_name, False), "ability", who, character.id
        ),
    }
    icon = homebrew_icon(character, game)
    if icon is not None:
        entry["image"] = icon_file_name(
            character, icon
        )  # the picture itself is written beside the JSON (export_icon_files)
    elif character.image:
        entry["image"] = character.image  # as the script gave it: a URL, or a path beside the script
    if character.flavor:
        entry["flavor"] = short.text(
            to_publisher_text(words(character.flavor), named_name, False), "flavor", who, character.id
        )
    for night in NIGHTS:
        number_key, reminder_key = JSON_NIGHT_KEYS[night], JSON_REMINDER_KEYS[night]
        entry[number_key] = numbers[night].get(character.id, 0)
        text = to_publisher_text(words(character.night_reminder(night)) or None, named_name)
        entry[reminder_key] = short.text(text, reminder_key, who, character.id)
    entry["reminders"] = short.items([words(r) for r in character.reminders], "reminders", who, character.id)
    entry["remindersGlobal"] = short.items(
        [words(r) for r in character.global_reminders], "remindersGlobal", who, character.id
    )
    entry["setup"] = character.changes_setup
    jinxes = [
        {"id": normalize_id(jinx.characters[1]), "reason": short.text(words(jinx.text), "jinxes", who, character.id)}
        for jinx in game.jinxes
        if jinx.characters[0] == character.id
    ]
    if jinxes:
        entry["jinxes"] = jinxes
    return entry


def export_meta(game: Game, short: Shortener) -> dict:
    script = game.script
    meta: dict = {"id": META_ID, "name": short.text(script.title, "title", "스크립트")}
    if script.author:
        meta["author"] = short.text(script.author, "author", "스크립트")
    if game.has_own_night_order:  # in the official order, the characters' night numbers say it all
        for night, key in JSON_NIGHT_KEYS.items():
            meta[key] = [
                OUR_STEPS.get(step) or normalize_id(step) for step in game.night_steps(night, all_players=True)
            ]
    if script.bootlegger:
        meta["bootlegger"] = short.items(list(script.bootlegger), "bootlegger", "스크립트")
    if script.players:
        meta["players"] = players_text(script.players)
    if script.almanac:
        meta["almanac"] = script.almanac
    from generator.load.publisher.extras import EXTRAS_KEY, extras_block

    block = extras_block([c for c in game.listed if c.custom and c.id not in game.library.characters])
    if block:
        meta[EXTRAS_KEY] = block  # almanac parts, cues and the untranslated original: the format has no room for them
    return meta


ICON_SUFFIXES = {b"\x89PNG": ".png", b"\xff\xd8\xff": ".jpg"}


def icon_suffix(data: bytes) -> str:
    return next((suffix for head, suffix in ICON_SUFFIXES.items() if data.startswith(head)), ".svg")


def icon_file_name(character: Character, data: bytes | None = None) -> str:
    """Where a homebrew icon is written beside the exported JSON: `icons/<id>.png` (a relative path, which the
    loader reads from the script's folder)."""
    return f"icons/{normalize_id(character.id)}{icon_suffix(character.icon_data if data is None else data)}"


def homebrew_icon(character: Character, game: Game) -> bytes | None:
    """The picture of a character the bundled library does not have: uploaded in the page, or its icon file in the
    content folder it came from (an official character's icon is the publisher's own, which other tools have)."""
    if character.icon_data is not None:
        return character.icon_data
    from generator import DEFAULT_CONTENT_DIR
    from generator.disk import NotReadable, read_capped

    if character.image or (DEFAULT_CONTENT_DIR / "characters" / f"{character.id}.yaml").exists():
        return None  # a JSON character's image is kept as the script gave it
    from generator.art.icons import resolve_icon_path
    from generator.limits import MAX_ICON_BYTES

    path = resolve_icon_path(character.id, character.icon, game.library.content_dir, None, [])
    if path is None or path.suffix.lower() not in (".png", ".jpg", ".jpeg", ".svg"):
        return None
    try:
        return read_capped(path, MAX_ICON_BYTES, follow_links=False)
    except (NotReadable, OSError):
        return None  # validate and build report the icon already; the JSON keeps no image


def export_icon_files(game: Game) -> list[tuple[str, bytes]]:
    """(path beside the JSON, bytes) of every homebrew icon of the script's characters (homebrew_icon)."""
    files = []
    for character in game.listed:
        data = homebrew_icon(character, game)
        if data is not None:
            files.append((icon_file_name(character, data), data))
    return files


def export_game(game: Game, report: Report | None = None, sort: bool = False) -> list:
    """The script as the publisher's JSON document (a list); warnings for shortened texts go to the report. `sort`
    lists the characters in the publisher's order (generator.load.standard_order) instead of the script's."""
    report = report if report is not None else Report()
    short = Shortener(report)
    numbers = night_numbers(game)
    document: list = [export_meta(game, short)]
    listed = (game.library.standard_order or StandardOrder()).sorted(game.listed) if sort else game.listed
    document.extend(export_character(c, game, numbers, short) for c in listed)
    schema_errors(document, report)
    return document


def schema_errors(document: list, report: Report) -> None:
    """A last guard: the export must pass the schema; anything else is a bug worth a loud message."""
    from jsonschema import Draft202012Validator

    for error in Draft202012Validator(load_schema()).iter_errors(document):
        path = "/".join(str(p) for p in error.absolute_path)
        report.error("export-invalid", f"내보낸 JSON이 출판사 형식에 맞지 않습니다({path}): {error.message}")


def export_json_bytes(game: Game, report: Report | None = None, sort: bool = False) -> bytes:
    document = export_game(game, report, sort)
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
