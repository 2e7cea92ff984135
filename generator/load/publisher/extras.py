"""What a homebrew character has beyond the publisher's character object ↔ `_meta.botc_pnp` of a script JSON.

The format's character object allows no other keys (the schema says additionalProperties: false), but `_meta` does.
botc-pnp keeps there, per homebrew character, the almanac parts (overview, examples, how to run, notes, tips), the
night-card cues, and the text the character came with before it was translated (`original`: the publisher's keys
with their English values), so that an exported script opened again gives the same characters back, and a
translation never loses the original. Other tools ignore the key.

    {"id": "_meta", "name": "…", "botc_pnp": {"characters": {"<id>": {"overview": "…", "how_to_run": ["…"],
                                                               "cues": {"first_night": "…"}, "original": {"name": "…"}}}}}
"""

from __future__ import annotations

import unicodedata

from generator.findings import Report
from generator.limits import MAX_CUE_LENGTH, MAX_LIST_ITEMS
from generator.model import NIGHTS

EXTRAS_KEY = "botc_pnp"
TEXT_PARTS = ("overview",)
LIST_PARTS = ("examples", "how_to_run", "notes", "tips")
# the publisher keys an original may hold: what a translator writes Korean for
ORIGINAL_TEXT_KEYS = ("name", "ability", "flavor", "firstNightReminder", "otherNightReminder")
ORIGINAL_LIST_KEYS = ("reminders", "remindersGlobal")
MAX_EXTRA_TEXT = 5_000


def _text(value) -> str | None:
    if not isinstance(value, str):
        return None
    value = unicodedata.normalize("NFC", value).strip()
    return value[:MAX_EXTRA_TEXT] if value else None


def _texts(value) -> list[str] | None:
    if not isinstance(value, list):
        return None
    return [t for t in (_text(v) for v in value[:MAX_LIST_ITEMS]) if t]


def original_of(value) -> dict:
    """An `original` mapping as read: only the publisher's text keys, strings and lists of strings."""
    if not isinstance(value, dict):
        return {}
    found: dict = {}
    for key in ORIGINAL_TEXT_KEYS:
        text = _text(value.get(key))
        if text:
            found[key] = text
    for key in ORIGINAL_LIST_KEYS:
        texts = _texts(value.get(key))
        if texts:
            found[key] = texts
    return found


def apply_extras(meta: dict, custom: dict, report: Report, where: str) -> None:
    """Sets the almanac parts, cues and originals of `_meta.botc_pnp` on the script's custom characters (id →
    Character). Entries for characters the script does not give in full are ignored; a wrong shape is a warning."""
    block = meta.get(EXTRAS_KEY) if isinstance(meta, dict) else None
    if block is None:
        return
    characters = block.get("characters") if isinstance(block, dict) else None
    if not isinstance(characters, dict):
        report.warning(
            "extras-invalid",
            f"_meta의 '{EXTRAS_KEY}'는 {{\"characters\": {{캐릭터 id: {{...}}}}}} 묶음이어야 합니다. 읽지 않았습니다.",
            where=where,
        )
        return
    for character_id, extras in characters.items():
        character = custom.get(character_id)
        if character is None or not isinstance(extras, dict):
            continue
        for key in TEXT_PARTS:
            if _text(extras.get(key)):
                setattr(character, key, _text(extras[key]))
        for key in LIST_PARTS:
            if _texts(extras.get(key)):
                setattr(character, key, _texts(extras[key]))
        cues = extras.get("cues")
        if isinstance(cues, dict):
            for night in NIGHTS:
                cue = _text(cues.get(night))
                if cue and len(cue) <= MAX_CUE_LENGTH and "\n" not in cue:
                    character.cues[night] = cue
        character.original = original_of(extras.get("original"))


def extras_of(character) -> dict:
    """One character's entry of `_meta.botc_pnp.characters`: only what it has."""
    entry: dict = {}
    for key in TEXT_PARTS:
        if getattr(character, key):
            entry[key] = getattr(character, key)
    for key in LIST_PARTS:
        if getattr(character, key):
            entry[key] = list(getattr(character, key))
    if character.cues:
        entry["cues"] = {night: character.cues[night] for night in NIGHTS if character.cues.get(night)}
    if character.original:
        entry["original"] = dict(character.original)
    return entry


def extras_block(characters) -> dict | None:
    """`_meta.botc_pnp` for the homebrew characters among `characters`, or None when none has anything to keep."""
    kept = {c.id: extras_of(c) for c in characters}
    kept = {cid: entry for cid, entry in kept.items() if entry}
    return {"characters": kept} if kept else None
