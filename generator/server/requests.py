"""A request body and query → what the engine needs: the publisher JSON text, the extras botc-pnp keeps beside it
(named characters, notes), and a script name that is safe to use as a file name.

The body is the publisher's script JSON (a list), exactly what `botc-pnp validate x.json` reads. The page sends an
envelope instead, `{"script": [...], "named_characters": {...}, "notes": "..."}`, for the two facts the publisher
format has no room for (which character a loric names, the script's notes); the list inside is read the same way.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from generator.content_fields import MAX_TEXT_LENGTH
from generator.server.errors import refuse
from generator.yamlio import MAX_FILE_BYTES

MAX_BODY_BYTES = MAX_FILE_BYTES  # the same limit as a script file read by the CLI
ENVELOPE_KEYS = {"script", "named_characters", "notes"}
# one file name: Hangul, Latin letters, digits, '-' and '_'; no dots, no separators, nothing hidden. Always used with
# fullmatch: `$` would also match before a final newline ('abc\n')
NAME_PATTERN = re.compile(r"[0-9A-Za-z가-힣][0-9A-Za-z가-힣_-]{0,59}")
DEFAULT_NAME = "script"


@dataclass
class ScriptRequest:
    text: str  # the publisher JSON as the loader reads it
    name: str = DEFAULT_NAME  # the script's id and file name (checked against NAME_PATTERN)
    named: dict[str, str] = field(default_factory=dict)
    notes: str | None = None
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
        unwrap(parsed, request)
    elif isinstance(parsed, list):
        request.meta = first_meta(parsed)
    return request


def unwrap(envelope: dict, request: ScriptRequest) -> None:
    unknown = sorted(set(envelope) - ENVELOPE_KEYS)
    if unknown:
        raise refuse(400, "envelope_keys", keys=", ".join(repr(k) for k in unknown))
    script = envelope["script"]
    if not isinstance(script, list):
        raise refuse(400, "envelope_script")
    named = envelope.get("named_characters") or {}
    if not isinstance(named, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in named.items()):
        raise refuse(400, "envelope_named")
    notes = envelope.get("notes")
    if notes is not None and (not isinstance(notes, str) or len(notes) > MAX_TEXT_LENGTH):
        raise refuse(400, "envelope_notes", limit=MAX_TEXT_LENGTH)
    refuse_unencodable({"named_characters": named, "notes": notes})  # the script list: the loader names the item
    # one item a line, so a finding's line number points at the item it is about
    request.text = "[\n" + ",\n".join(json.dumps(item, ensure_ascii=False) for item in script) + "\n]\n"
    request.named = dict(named)
    request.notes = notes.strip() or None if isinstance(notes, str) else None
    request.meta = first_meta(script)


def refuse_unencodable(fields: dict) -> None:
    """400 when a field holds text no answer can carry (a lone surrogate, see generator.encodable)."""
    from generator import encodable
    from generator.server.errors import ApiError

    found = encodable.first_unencodable(fields)
    if found is not None:
        path, code_point = found
        raise ApiError(400, encodable.message(f"'{encodable.field_name(path)}'", code_point))


def first_meta(items: list) -> dict:
    return next((item for item in items if isinstance(item, dict) and item.get("id") == "_meta"), {})
