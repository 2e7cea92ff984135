"""A request body and query → what the engine needs: the publisher JSON text, the extras botc-pnp keeps beside it
(named characters, notes), and a script name that is safe to use as a file name.

The body is the publisher's script JSON (a list), exactly what `botc-pnp validate x.json` reads. The page sends an
envelope instead, `{"script": [...], "named_characters": {...}, "notes": "...", "logo_image": "data:image/png;base64,…"}`,
for what the publisher format has no room for (which character a loric names, the script's notes, the logo as the
picture itself: a script sent here names no file on this computer); the list inside is read the same way.

At the door, before any of it is used: text no answer can carry (a lone surrogate) in any field of a JSON body, and an
id longer than MAX_ID_LENGTH, are refused with a Korean message naming the field (json_body, refuse_unencodable,
refuse_long_ids; a plain publisher list's text is named by the loader, with its line).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from generator.keep.patterns import compiled
from generator.limits import (
    MAX_FILE_BYTES,
    MAX_ID_LENGTH,
    MAX_SCRIPT_ENTRIES,
    MAX_TEXT_LENGTH,
    MAX_UPLOADED_IMAGE_BYTES,
)
from generator.server.errors import refuse

IMAGE_KEYS = ("logo_image",)
# homebrew characters' icons sent as pictures ({"icons": {id: data: address}}): each within the upload limit, all of
# them within this many bytes (a script of a dozen homebrew characters with small PNGs fits many times over)
MAX_ICONS_BYTES = 8_000_000
# the script itself within the limit of a script file the CLI reads, and room for the pictures as base64 text
MAX_BODY_BYTES = (
    MAX_FILE_BYTES + len(IMAGE_KEYS) * (MAX_UPLOADED_IMAGE_BYTES * 4 // 3 + 64) + MAX_ICONS_BYTES * 4 // 3 + 64_000
)
ENVELOPE_KEYS = {"script", "named_characters", "notes", "icons", *IMAGE_KEYS}
DATA_URL = compiled(r"data:image/(png|jpeg|svg\+xml);base64,([A-Za-z0-9+/=\s]*)", re.ASCII)
# one file name: Hangul, Latin letters, digits, '-' and '_'; no dots, no separators, nothing hidden. Always used with
# fullmatch: `$` would also match before a final newline ('abc\n')
NAME_PATTERN = compiled(r"[0-9A-Za-z가-힣][0-9A-Za-z가-힣_-]{0,59}")
DEFAULT_NAME = "script"


@dataclass
class ScriptRequest:
    text: str  # the publisher JSON as the loader reads it
    name: str = DEFAULT_NAME  # the script's id and file name (checked against NAME_PATTERN)
    named: dict[str, str] = field(default_factory=dict)
    notes: str | None = None
    logo_image: bytes | None = None  # the logo picture the page sent
    icons: dict = field(default_factory=dict)  # character id → icon picture bytes the page sent (homebrew characters)
    meta: dict = field(default_factory=dict)  # the _meta object as sent, for answering with the script's state

    @property
    def where(self) -> str:
        """The file name findings are placed at: `<name>.json`, as the CLI says for a file of that name."""
        return f"{self.name}.json"


def script_name(raw: str | None) -> str:
    if raw is None or raw == "":
        return DEFAULT_NAME
    if not NAME_PATTERN.fullmatch(raw):
        raise refuse(400, "bad_name", name=shown(raw, 80))
    return raw


def shown(text: str, limit: int = 80) -> str:
    """`text` (a name, a header) cut to `limit` characters and safe to quote in a message: anything unprintable,
    such as a newline, escaped."""
    cut = text[:limit]
    return cut.encode("unicode_escape").decode("ascii") if not cut.isprintable() else cut


def body_text(data: bytes) -> str:
    if not data or not data.strip():
        raise refuse(400, "body_empty")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise refuse(400, "body_not_utf8") from None


def script_request(data: bytes, name: str | None = None) -> ScriptRequest:
    """The body as a ScriptRequest; a body that is not JSON at all is passed on, so the loader explains it in Korean."""
    text = body_text(data)
    request = ScriptRequest(text=text, name=script_name(name))
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        return request  # the loader reports it with line and column, as the CLI does
    if isinstance(parsed, dict) and "script" in parsed:
        refuse_too_long(parsed["script"])
        refuse_unencodable(parsed)
        unwrap(parsed, request)
    elif isinstance(parsed, list):
        refuse_too_long(parsed)
        refuse_long_ids(parsed)
        request.meta = first_meta(parsed)
    if not (isinstance(parsed, dict) and "script" in parsed) and len(data) > MAX_FILE_BYTES:
        raise refuse(413, "body_too_big", limit=MAX_FILE_BYTES)  # a script alone: the limit of a script file
    return request


def refuse_too_long(items) -> None:
    """A list longer than any script can be is refused whole: looking up each of 100,000 unknown ids would keep the
    server busy for minutes."""
    if isinstance(items, list) and len(items) > MAX_SCRIPT_ENTRIES:
        raise refuse(413, "script_too_long", count=len(items), limit=MAX_SCRIPT_ENTRIES)


def refuse_long_ids(items: list) -> None:
    """400 when an id of the script list (a string item or an object's "id") is longer than any id may be
    (MAX_ID_LENGTH): it could name no character, and a homebrew one's id becomes a file name."""
    for index, item in enumerate(items):
        raw = item if isinstance(item, str) else item.get("id") if isinstance(item, dict) else None
        if isinstance(raw, str) and len(raw) > MAX_ID_LENGTH:
            raise long_id(f"{index + 1}번째 항목", raw)


def long_id(place: str, raw: str):
    return refuse(400, "id_too_long", place=place, start=shown(raw, 20), length=len(raw), limit=MAX_ID_LENGTH)


def unwrap(envelope: dict, request: ScriptRequest) -> None:
    unknown = sorted(set(envelope) - ENVELOPE_KEYS)
    if unknown:
        raise refuse(400, "envelope_keys", keys=", ".join(repr(k) for k in unknown))
    script = envelope["script"]
    if not isinstance(script, list):
        raise refuse(400, "envelope_script")
    refuse_long_ids(script)
    named = envelope.get("named_characters") or {}
    if not isinstance(named, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in named.items()):
        raise refuse(400, "envelope_named")
    for raw in (text for pair in named.items() for text in pair):
        if len(raw) > MAX_ID_LENGTH:
            raise long_id("'named_characters'", raw)
    notes = envelope.get("notes")
    if notes is not None and (not isinstance(notes, str) or len(notes) > MAX_TEXT_LENGTH):
        raise refuse(400, "envelope_notes", limit=MAX_TEXT_LENGTH)
    request.logo_image = uploaded_image(envelope, "logo_image")
    request.icons = uploaded_icons(envelope.get("icons"))
    # one item a line, so a finding's line number points at the item it is about
    request.text = "[\n" + ",\n".join(json.dumps(item, ensure_ascii=False) for item in script) + "\n]\n"
    if len(request.text.encode("utf-8")) > MAX_FILE_BYTES:
        raise refuse(413, "body_too_big", limit=MAX_FILE_BYTES)
    request.named = dict(named)
    request.notes = notes.strip() or None if isinstance(notes, str) else None
    request.meta = first_meta(script)


def uploaded_image(envelope: dict, key: str) -> bytes | None:
    """A picture the page sent as a data: address → its bytes (checked as a picture later, like any icon file)."""
    import base64
    import binascii

    value = envelope.get(key)
    if value is None or value == "":
        return None
    match = (
        DATA_URL.fullmatch(value)
        if isinstance(value, str) and len(value) <= MAX_UPLOADED_IMAGE_BYTES * 4 // 3 + 64
        else None
    )
    if match is None:
        raise refuse(400, "envelope_image", field=key, limit=MAX_UPLOADED_IMAGE_BYTES)
    try:
        data = base64.b64decode(match.group(2), validate=False)
    except (binascii.Error, ValueError):
        raise refuse(400, "envelope_image", field=key, limit=MAX_UPLOADED_IMAGE_BYTES) from None
    if not data or len(data) > MAX_UPLOADED_IMAGE_BYTES:
        raise refuse(400, "envelope_image", field=key, limit=MAX_UPLOADED_IMAGE_BYTES)
    return data


def uploaded_icons(value) -> dict[str, bytes]:
    """The envelope's `icons` ({character id: data: address}) → id → picture bytes, each checked as `logo_image` is."""
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise refuse(400, "envelope_icons")
    for key in value:
        if len(key) > MAX_ID_LENGTH:
            raise long_id("'icons'", key)
    icons = {key: uploaded_image(value, key) for key in value}
    if sum(len(data) for data in icons.values() if data) > MAX_ICONS_BYTES:
        raise refuse(413, "icons_too_big", limit=MAX_ICONS_BYTES)
    return {key: data for key, data in icons.items() if data}


def json_body(data: bytes, refused_key: str):
    """A body that must be JSON (the editor's, the zip's envelope) → the parsed value: not JSON is a 400 with the
    message `refused_key`, text no answer can carry a 400 naming its field (refuse_unencodable)."""
    try:
        parsed = json.loads(body_text(data))
    except (ValueError, RecursionError):
        raise refuse(400, refused_key) from None
    refuse_unencodable(parsed)
    return parsed


def refuse_unencodable(data) -> None:
    """400 naming the field when any text of a request body, a value or a key, holds a lone surrogate (see
    generator.read.encodable): checked at the door, before any of it is put in a script, a file or an answer."""
    from generator.read import encodable

    found = encodable.first_unencodable(data)
    if found is not None:
        path, code_point = found
        raise refuse(400, "text_unencodable", text=encodable.message(body_place(path), code_point))


def body_place(path: tuple) -> str:
    """Where in a body: an item of the script list as the loader names it (3번째 항목의 'name'), else the field's
    path ('character.reminders[2]')."""
    from generator.read import encodable

    if path[:1] == ("script",) and len(path) > 1:
        return encodable.item_place(path[1:])
    return f"'{encodable.field_name(path)}'" if path else "요청 본문"


def first_meta(items: list) -> dict:
    return next((item for item in items if isinstance(item, dict) and item.get("id") == "_meta"), {})
