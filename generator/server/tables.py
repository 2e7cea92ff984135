"""Characters, games and findings → the plain JSON the page and API clients read (the setup table, the script's
state, one entry per character). Same facts as the CLI prints, in a shape a browser can draw."""

from __future__ import annotations

import json
from dataclasses import asdict

from generator.josa import PLACEHOLDER, fill_named
from generator.model import BAG_TEAMS, NIGHTS, TEAM_NAMES_KO, Character

TEXT_FIELDS_WITH_NAMES = ("ability", "first_night", "other_nights")
# the publisher's _meta keys the page carries along untouched (the title and author are edited on the page)
META_PASSED_ON = ("bootlegger", "players", "firstNight", "otherNight", "logo", "hideTitle", "background", "almanac")


def names_a_character(character: Character) -> bool:
    """The character's texts say '{named}': the script names a character for it (the Storm Catcher)."""
    return any(PLACEHOLDER.search(getattr(character, key) or "") for key in TEXT_FIELDS_WITH_NAMES)


def character_entry(character: Character, named_name: str | None = None) -> dict:
    """The API's `{id, name, team, edition, ability}` (the same fields as `characters --json`), plus whether it names a character."""
    return {
        "id": character.id,
        "name": character.name,
        "team": character.team,
        "edition": character.edition or "custom",
        "ability": fill_named(character.ability, named_name) if PLACEHOLDER.search(character.ability) else character.ability,
        "names_character": names_a_character(character),
    }


def findings_json(report) -> list[dict]:
    """Exactly the objects `validate --json` prints."""
    return [asdict(f) for f in report.findings]


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
        item = asdict(finding)
        item["message"] = item["message"][:MAX_HEADER_MESSAGE]
        item["subject"] = item["subject"][:MAX_HEADER_MESSAGE] if item["subject"] else item["subject"]
        if len(encoded([*shown, item, more_entry(len(findings))])) > MAX_HEADER_BYTES:
            break
        shown.append(item)
    left = len(findings) - len(shown)
    return encoded(shown + [more_entry(left)] if left else shown)


def more_entry(count: int) -> dict:
    text = f"인쇄물을 만들며 나온 경고가 {count}개 더 있습니다. 명령줄의 build로 모두 볼 수 있습니다."
    return {"level": "warning", "code": "more-findings", "message": text, "subject": None, "where": None}


def setup_table(game) -> dict | None:
    """The player-count table `validate` prints (5–15, or the script's range): each team's range with the script's modifiers, the base counts, and
    which characters change the setup."""
    from generator.bag import bag_rows, team_range
    from generator.checks.setup import describe_setup

    if not game.library.bag_table:
        return None
    rows = []
    for row in bag_rows(game, game.library.bag_table):
        ranges = {team: list(team_range(row, team)) for team in BAG_TEAMS}
        rows.append({"players": row.players, "base": list(row.base.as_tuple()), "ranges": ranges})
    names = {c.id: c.name for c in game.library.characters.values()}
    modifiers = [
        {"id": c.id, "name": c.name, "team": c.team, "change": describe_setup(c, names)}
        for c in game.characters
        if c.changes_setup
    ]
    return {"teams": [{"id": t, "name": TEAM_NAMES_KO[t]} for t in BAG_TEAMS], "rows": rows, "modifiers": modifiers}


def script_state(game, meta: dict | None = None) -> dict:
    """The script as the page edits it: title, author, notes, characters in order, named characters, the custom
    characters as publisher objects (so the page can send them back), and the _meta extras it passes on."""
    from generator.export_json import export_character, night_numbers
    from generator.export_json import Shortener
    from generator.findings import Report

    script = game.script
    entries = []
    for character in game.listed:
        named = game.named_character(character.id)
        entry = character_entry(character, named.name if named else None)
        entry["custom"] = character.custom
        entries.append(entry)
    custom = {}
    customised = [c for c in game.characters if c.custom]
    if customised:
        numbers, short = night_numbers(game), Shortener(Report())
        custom = {c.id: export_character(c, game, numbers, short) for c in customised}
    return {
        "title": script.title,
        "author": script.author or "",
        "notes": script.notes or "",
        "characters": entries,
        "named_characters": dict(script.named_characters),
        "custom": custom,
        "meta": passed_on_meta(script, meta),
    }


def passed_on_meta(script, meta: dict | None) -> dict:
    """The _meta extras as sent (JSON), or built from a YAML script's own night order and house rules."""
    if meta is not None:
        return {key: meta[key] for key in META_PASSED_ON if key in meta}
    extras: dict = {}
    if script.bootlegger:
        extras["bootlegger"] = list(script.bootlegger)
    if script.players:
        from generator.players import players_text

        extras["players"] = players_text(script.players)
    if script.night_order is not None:
        for night, key in zip(NIGHTS, ("firstNight", "otherNight")):
            extras[key] = list(script.night_order.steps(night))
    return extras


def left_out(text: str, game, lookup) -> list[str]:
    """The script's entries, as written, that did not become a character (unknown ids or names): the page says so."""
    import json

    try:
        items = json.loads(text)
    except (ValueError, RecursionError):
        return []
    present = set(game.ids)
    written = [item if isinstance(item, str) else item.get("id") if isinstance(item, dict) else None for item in items]
    return [raw for raw in written if isinstance(raw, str) and raw != "_meta" and (lookup.id_for(raw) or raw) not in present]
