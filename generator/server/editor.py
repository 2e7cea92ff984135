"""The character editor's fields (JSON from the page) → a publisher character object and its `_meta.botc_pnp` extras,
placed in the script's night order, with an id suggested from the name; and the script's findings → the editor's
fields they concern.

A request is the page's envelope (see requests.py) with two more keys: `character` (the fields below) and `icon`
(the picture as a data: address, or absent). The character is then checked the way `validate` checks it: it is put
into the script as a homebrew character object, the whole script is loaded and checked by the CLI's own stages
(server/games.py), and the findings about it are handed back per field.

    {"id": "", "editing": "", "name": "독약상", "team": "minion", "ability": "…[외지인 +1명]", "flavor": "", "setup": true,
     "first_night_after": "poisoner", "first_night": "…", "first_cue": "", "other_nights_after": "", "other_nights": "",
     "other_cue": "", "reminders": ["…"], "global_reminders": [], "jinxes": [{"with": "spy", "text": "…"}],
     "overview": "", "examples": [], "how_to_run": [], "tips": [], "original": {"name": "…"}}
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field

from generator.keep.patterns import compiled
from generator.limits import MAX_ID_LENGTH, MAX_LIST_ITEMS, MAX_REMINDERS, MAX_TEXT_LENGTH
from generator.model import NIGHTS, TEAMS
from generator.server.errors import message, refuse

TEXT_KEYS = (
    "id",
    "editing",
    "name",
    "team",
    "ability",
    "flavor",
    "first_night_after",
    "first_night",
    "first_cue",
    "other_nights_after",
    "other_nights",
    "other_cue",
    "overview",
)
LIST_KEYS = {
    "reminders": MAX_REMINDERS,
    "global_reminders": MAX_REMINDERS,
    "examples": MAX_LIST_ITEMS,
    "how_to_run": MAX_LIST_ITEMS,
    "tips": MAX_LIST_ITEMS,
}
NIGHT_FIELDS = {
    "first_night": ("first_night_after", "first_night", "first_cue"),
    "other_nights": ("other_nights_after", "other_nights", "other_cue"),
}
ID_SHAPE = compiled(
    rf"[a-z][a-z0-9]{{0,{MAX_ID_LENGTH - 1}}}"
)  # the publisher's ids: lowercase letters and digits (export keeps them)
PLACE = "editor:"  # a finding placed at 'editor:<field>' is about that field of the character being edited
# findings whose place is the character's item rather than one of its fields: the field they are about
CODE_FIELDS = {
    "setup-unchecked": "ability",
    "setup-unknown": "ability",
    "setup-invalid": "ability",
    "setup-shortfall": "ability",
    "reminder-unknown": "reminders",
    "night-order-guessed": "first_night_after",
    "cue-unused": "first_cue",
    "cue-long": "first_cue",
    "bad-id": "id",
    "duplicate-id": "id",
    "night-every": "other_nights_after",
    "night-star": "first_night_after",
    "night-start": "first_night_after",
    "night-missing": "first_night_after",
    "night-extra": "first_night_after",
    "night-rule": "first_night_after",
    "night-dawn": "first_night_after",
}

# Hangul syllables → Latin letters (Revised Romanization, letter by letter): an id suggested from a Korean name
_INITIALS = "g kk n d tt r m b pp s ss _ j jj ch k t p h".split()
_MEDIALS = "a ae ya yae eo e yeo ye o wa wae oe yo u wo we wi yu eu ui i".split()
_FINALS = ["", *"k k k n n n t l k m l l l p l m p p t t ng t t k t p t".split()]


def romanized(text: str) -> str:
    out = []
    for ch in unicodedata.normalize("NFC", text):
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            initial = _INITIALS[code // 588]
            out.append(("" if initial == "_" else initial) + _MEDIALS[(code % 588) // 28] + _FINALS[code % 28])
        else:
            out.append(ch)
    return "".join(out)


def suggested_id(name: str, taken: set[str]) -> str:
    """An id for a new character from its name (Hangul romanized), unique against `taken`."""
    from generator.load.publisher.text import normalize_id

    base = normalize_id(romanized(name or ""))[:40].lstrip("0123456789") or "homebrew"
    candidate, number = base, 2
    while candidate in taken:
        candidate, number = f"{base}{number}", number + 1
    return candidate


@dataclass
class Fields:
    """The editor's fields as sent, checked for type and size (a wrong one is a Korean 400)."""

    text: dict = field(default_factory=dict)
    lists: dict = field(default_factory=dict)
    setup: bool = False
    jinxes: list = field(default_factory=list)
    original: dict = field(default_factory=dict)

    def __getitem__(self, key: str):
        return self.lists[key] if key in LIST_KEYS else self.text.get(key, "")


def read_fields(raw) -> Fields:
    from generator.load.publisher.extras import original_of

    if not isinstance(raw, dict):
        raise refuse(400, "editor_fields", field="character")
    fields = Fields()
    for key in TEXT_KEYS:
        value = raw.get(key, "")
        if value is None:
            value = ""
        if not isinstance(value, str) or len(value) > MAX_TEXT_LENGTH:
            raise refuse(400, "editor_text", field=key, limit=MAX_TEXT_LENGTH)
        fields.text[key] = unicodedata.normalize("NFC", value).strip()
    for key, limit in LIST_KEYS.items():
        value = raw.get(key) or []
        if (
            not isinstance(value, list)
            or len(value) > limit
            or not all(isinstance(v, str) and len(v) <= MAX_TEXT_LENGTH for v in value)
        ):
            raise refuse(400, "editor_list", field=key, limit=limit)
        fields.lists[key] = [unicodedata.normalize("NFC", v).strip() for v in value if v.strip()]
    fields.setup = raw.get("setup") is True
    jinxes = raw.get("jinxes") or []
    if (
        not isinstance(jinxes, list)
        or len(jinxes) > MAX_REMINDERS
        or not all(
            isinstance(j, dict)
            and isinstance(j.get("with"), str)
            and isinstance(j.get("text"), str)
            and len(j["text"]) <= MAX_TEXT_LENGTH
            for j in jinxes
        )
    ):
        raise refuse(400, "editor_list", field="jinxes", limit=MAX_REMINDERS)
    fields.jinxes = [
        {"with": j["with"].strip(), "text": j["text"].strip()}
        for j in jinxes
        if j["with"].strip() and j["text"].strip()
    ]
    fields.original = original_of(raw.get("original"))
    if fields.text["team"] not in TEAMS:
        fields.text["team"] = "townsfolk"
    return fields


def item_id(item) -> str | None:
    return item if isinstance(item, str) else item.get("id") if isinstance(item, dict) else None


def split_script(envelope: dict, editing: str) -> tuple[dict, int]:
    """The envelope without the character being edited, and the place it had in the list (-1: a new one)."""
    items = envelope.get("script")
    if not isinstance(items, list):
        raise refuse(400, "envelope_script")
    at = next((i for i, item in enumerate(items) if editing and item_id(item) == editing), -1)
    rest = dict(envelope, script=[item for i, item in enumerate(items) if i != at])
    icons = dict(rest.get("icons") or {}) if isinstance(rest.get("icons"), dict) else rest.get("icons")
    if isinstance(icons, dict):
        icons.pop(editing, None)
        rest["icons"] = icons
    return rest, at


def night_choices(game) -> dict:
    """Night → the steps a character can wake after, in the order the script prints (all player counts): id and
    Korean name, dawn left out (nobody wakes after it)."""
    choices = {}
    for night in NIGHTS:
        steps = [s for s in game.night_steps(night, all_players=True) if s != "dawn"]
        choices[night] = [
            {
                "id": s,
                "name": (game.library.fixed_steps[s].name if s in game.library.fixed_steps else game.character(s).name),
            }
            for s in steps
        ]
    return choices


def current_places(game, character_id: str) -> dict:
    """Night → the step `character_id` wakes right after in the game's printed order ('' when it does not wake)."""
    places = {}
    for night in NIGHTS:
        steps = game.night_steps(night, all_players=True)
        at = steps.index(character_id) if character_id in steps else -1
        places[night] = steps[at - 1] if at > 0 else ""
    return places


def night_number(game, night: str, after: str) -> float:
    """A firstNight/otherNight number that puts a character right after `after` in this script's order."""
    from generator.write.export_json import night_numbers

    numbers = night_numbers(game)[night]
    steps = game.night_steps(night, all_players=True)
    if after not in numbers:
        return 0
    following = steps[steps.index(after) + 1] if steps.index(after) + 1 < len(steps) else None
    low = numbers[after]
    high = numbers.get(following, low + 1) if following else low + 1
    return round(min(low + 0.5, (low + high) / 2), 4)  # right after it in the library's whole order too


def character_object(fields: Fields, character_id: str, base_game) -> dict:
    """The publisher's object for the fields (Korean text; night numbers from the script without the character)."""
    from generator.load.publisher.text import JSON_NIGHT_KEYS, JSON_REMINDER_KEYS

    item: dict = {
        "id": character_id,
        "name": fields["name"] or character_id,
        "team": fields["team"],
        "ability": fields["ability"] or "…",
    }
    if fields["flavor"]:
        item["flavor"] = fields["flavor"]
    for night, (after_key, text_key, _cue) in NIGHT_FIELDS.items():
        after = fields[after_key]
        item[JSON_NIGHT_KEYS[night]] = night_number(base_game, night, after) if after and base_game is not None else 0
        item[JSON_REMINDER_KEYS[night]] = fields[text_key] if after else ""
    item["reminders"] = fields["reminders"]
    item["remindersGlobal"] = fields["global_reminders"]
    item["setup"] = fields.setup
    if fields.jinxes:
        item["jinxes"] = [{"id": j["with"], "reason": j["text"]} for j in fields.jinxes]
    return item


def character_extras(fields: Fields) -> dict:
    extras: dict = {}
    if fields["overview"]:
        extras["overview"] = fields["overview"]
    for key in ("examples", "how_to_run", "tips"):
        if fields[key]:
            extras[key] = fields[key]
    cues = {night: fields[keys[2]] for night, keys in NIGHT_FIELDS.items() if fields[keys[2]] and fields[keys[0]]}
    if cues:
        extras["cues"] = cues
    if fields.original:
        extras["original"] = fields.original
    return extras


def with_character(rest: dict, at: int, item: dict, extras: dict, icon: str | None, fields: Fields) -> dict:
    """The envelope with the character object in its place (or at the end), its extras in `_meta.botc_pnp` and its
    icon among the icons; a script with its own night order gets the character in it, after the chosen steps."""
    from generator.load.publisher.extras import EXTRAS_KEY

    items = list(rest["script"])
    at = at if 0 <= at <= len(items) else len(items)
    items.insert(at, item)
    meta_at = next((i for i, it in enumerate(items) if isinstance(it, dict) and it.get("id") == "_meta"), None)
    if meta_at is None:
        items.insert(0, {"id": "_meta", "name": "스크립트"})
        meta_at = 0
    meta = json.loads(json.dumps(items[meta_at]))
    block = meta.get(EXTRAS_KEY) if isinstance(meta.get(EXTRAS_KEY), dict) else {}
    characters = dict(block.get("characters") or {}) if isinstance(block.get("characters"), dict) else {}
    characters.pop(item["id"], None)
    if extras:
        characters[item["id"]] = extras
    if characters:
        meta[EXTRAS_KEY] = {**block, "characters": characters}
    else:
        meta.pop(EXTRAS_KEY, None)
    for night, key in (("first_night", "firstNight"), ("other_nights", "otherNight")):
        steps = meta.get(key)
        if isinstance(steps, list):  # the script's own order: the character goes in after the step chosen
            steps = [s for s in steps if s != item["id"]]
            after = fields[NIGHT_FIELDS[night][0]]
            if after:
                at_step = (
                    steps.index(after) + 1
                    if after in steps
                    else (steps.index("dawn") if "dawn" in steps else len(steps))
                )
                steps.insert(at_step, item["id"])
            meta[key] = steps
    items[meta_at] = meta
    envelope = dict(rest, script=items)
    icons = dict(rest.get("icons") or {})
    if icon:
        icons[item["id"]] = icon
    if icons:
        envelope["icons"] = icons
    return envelope


def mark_fields(character_id: str):
    """A `prepare` for games.game_from_request: the edited character's fields are placed at 'editor:<field>'."""
    keys = (
        "name",
        "team",
        "ability",
        "flavor",
        "overview",
        "examples",
        "how_to_run",
        "tips",
        "notes",
        "reminders",
        "global_reminders",
        "first_night",
        "other_nights",
        "cues",
        "icon",
        "setup",
    )

    def prepare(script) -> None:
        character = script.custom_characters.get(character_id)
        if character is not None:
            character.places = {key: PLACE + key for key in keys}
            character.source = PLACE + "general"

    return prepare


def field_of(finding) -> str:
    where = finding.where or ""
    if where.startswith(PLACE):
        key = where[len(PLACE) :].split("[")[0]
        if key == "cues":
            return "first_cue" if "first_night" in finding.message else "other_cue"
        if key == "general":  # placed at the character as a whole: its code says which field
            return "icon" if finding.code.startswith("icon-") else CODE_FIELDS.get(finding.code, "general")
        return key
    if finding.code.startswith("icon-"):
        return "icon"
    return CODE_FIELDS.get(finding.code, "general")


def findings_by_field(report, character_id: str, name: str) -> dict[str, list[dict]]:
    """The findings about the edited character, by the field they concern (in Korean, with their kind)."""
    from generator.server.tables import finding_json

    by_field: dict[str, list[dict]] = {}
    for finding in report.findings:
        about = (
            finding.subject == character_id
            or (finding.where or "").startswith(PLACE)
            or (finding.code == "night-order-guessed" and name and name in finding.message)
        )
        if about:
            item = finding_json(finding)
            if finding.code == "icon-missing":  # the editor has an upload field of its own: --icons is no help here
                item["message"] = message("editor_icon_missing", name=name or character_id)
            by_field.setdefault(field_of(finding), []).append(item)
    return by_field
