"""Bad requests to `botc-pnp serve` and the status each must get: the corpus that the Flask test client
(tests/test_serve_api.py) and the real server over loopback (tests/test_serve_security.py) both send.

Each entry is (id, path with query, body, status). Bodies are bytes, built so that JSON escapes such as \\ud800 reach
the server as written: a lone surrogate cannot be typed into a UTF-8 file, only escaped.
"""

from __future__ import annotations

import json

TROUBLE_BREWING = [
    "washerwoman", "librarian", "investigator", "chef", "empath", "fortuneteller", "undertaker", "monk", "ravenkeeper",
    "virgin", "slayer", "soldier", "mayor", "butler", "drunk", "recluse", "saint", "poisoner", "spy", "scarletwoman",
    "baron", "imp", "beggar", "bureaucrat", "gunslinger", "scapegoat", "thief",
]
SURROGATE = "\\ud800"  # as the six characters of a JSON escape


def script(*items: str, meta: str = '{"id": "_meta", "name": "시험"}') -> bytes:
    """A publisher JSON list from items already written as JSON (so an escape stays an escape)."""
    return ("[" + ", ".join([meta, *items]) + "]").encode("utf-8")


def quoted(ids) -> list[str]:
    return [json.dumps(i) for i in ids]


TB = script(*quoted(TROUBLE_BREWING))
CUSTOM = '{"id": "x", "name": "%s", "team": "townsfolk", "ability": "능력", "reminders": ["%s"]}'


def envelope(**fields: str) -> bytes:
    """The page's envelope around Trouble Brewing, with fields written as JSON text."""
    parts = [f'"script": {TB.decode()}'] + [f'"{key}": {value}' for key, value in fields.items()]
    return ("{" + ", ".join(parts) + "}").encode("utf-8")


BAD_REQUESTS = [
    # a name that matches its pattern only up to a final newline
    ("name-newline-save", "/api/save?name=abc%0A", TB, 400),
    ("name-newline-build", "/api/build?force=1&documents=script_sheet&name=abc%0A", TB, 400),
    ("name-newline-document", "/api/document/night_card?name=abc%0A", TB, 400),
    ("name-newline-export", "/api/export?force=1&name=abc%0A", TB, 400),
    # text no answer can carry, in every field
    ("surrogate-title", "/api/validate", script(*quoted(TROUBLE_BREWING), meta='{"id": "_meta", "name": "%s"}' % SURROGATE), 400),
    ("surrogate-author", "/api/export?force=1", script('"imp"', meta='{"id": "_meta", "name": "a", "author": "%s"}' % SURROGATE), 400),
    ("surrogate-id", "/api/build?force=1&documents=script_sheet", script('"imp"', f'"{SURROGATE}"'), 400),
    ("surrogate-custom-name", "/api/validate", script('"imp"', CUSTOM % (SURROGATE, "ok")), 400),
    ("surrogate-reminder", "/api/document/tokens?force=1", script('"imp"', CUSTOM % ("엑스", SURROGATE)), 400),
    ("surrogate-notes", "/api/build?force=1&documents=almanac", envelope(notes=f'"{SURROGATE}"'), 400),
    ("surrogate-named", "/api/validate", envelope(named_characters='{"%s": "imp"}' % SURROGATE), 400),
    ("surrogate-save", "/api/save?name=s", script(*quoted(TROUBLE_BREWING), meta='{"id": "_meta", "name": "%s"}' % SURROGATE), 400),
    # scripts with nothing to print, even when forced
    ("empty-build", "/api/build?force=1", script(), 422),
    ("empty-document", "/api/document/script_sheet?force=1", script(), 422),
    ("empty-preview", "/api/preview", script(), 422),
    ("empty-export", "/api/export?force=1", script(), 422),
    ("no-known-character", "/api/build?force=1&documents=script_sheet,tokens", script('"nosuchrole"'), 422),
    # token choices as the CLI checks them
    ("copies-superscript", "/api/document/tokens?copies=imp%3D%C2%B2", TB, 400),
    ("copies-superscript-build", "/api/build?copies=imp%3D%C2%B2", TB, 400),
    ("copies-unknown-id", "/api/document/tokens?copies=impp%3D2", TB, 400),
    ("only-unknown-id", "/api/build?only=nosuch", TB, 400),
    ("only-too-many", "/api/document/tokens?only=" + ",".join(["imp"] * 253), TB, 400),
    # an export forced past errors that the publisher format itself cannot hold (fewer than 5 items)
    ("export-forced-too-short", "/api/export?force=1", script('"imp"', '"washerwoman"'), 422),
]
