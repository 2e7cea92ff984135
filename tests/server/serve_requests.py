"""Bad requests to `botc-pnp serve` and the status each must get: the corpus that the Flask test client
(tests/server/test_serve_api.py) and the real server over loopback (tests/server/test_serve_security.py) both send; and a way to
send a request exactly as written to the real server.

Each entry is (id, path with query, body, status). Bodies are bytes, built so that JSON escapes such as \\ud800 reach
the server as written: a lone surrogate cannot be typed into a UTF-8 file, only escaped.
"""

from __future__ import annotations

import json

from support.content import script_ids

TROUBLE_BREWING = script_ids("trouble-brewing")
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
    (
        "surrogate-title",
        "/api/validate",
        script(*quoted(TROUBLE_BREWING), meta=f'{{"id": "_meta", "name": "{SURROGATE}"}}'),
        400,
    ),
    (
        "surrogate-author",
        "/api/export?force=1",
        script('"imp"', meta=f'{{"id": "_meta", "name": "a", "author": "{SURROGATE}"}}'),
        400,
    ),
    ("surrogate-id", "/api/build?force=1&documents=script_sheet", script('"imp"', f'"{SURROGATE}"'), 400),
    ("surrogate-custom-name", "/api/validate", script('"imp"', CUSTOM % (SURROGATE, "ok")), 400),
    ("surrogate-reminder", "/api/document/tokens?force=1", script('"imp"', CUSTOM % ("엑스", SURROGATE)), 400),
    ("surrogate-notes", "/api/build?force=1&documents=almanac", envelope(notes=f'"{SURROGATE}"'), 400),
    ("surrogate-named", "/api/validate", envelope(named_characters=f'{{"{SURROGATE}": "imp"}}'), 400),
    (
        "surrogate-save",
        "/api/save?name=s",
        script(*quoted(TROUBLE_BREWING), meta=f'{{"id": "_meta", "name": "{SURROGATE}"}}'),
        400,
    ),
    # scripts with nothing to print, even when forced
    ("empty-build", "/api/build?force=1", script(), 422),
    ("empty-document", "/api/document/script_sheet?force=1", script(), 422),
    ("empty-preview", "/api/preview", script(), 422),
    ("empty-export", "/api/export?force=1", script(), 422),
    ("no-known-character", "/api/build?force=1&documents=script_sheet,tokens", script('"nosuchrole"'), 422),
    ("empty-save", "/api/save?name=s", script(), 422),
    ("empty-save-overwrite", "/api/save?name=s&overwrite=1", script(), 422),
    # more entries than any script can have: refused before a single id is looked up
    ("script-100000-ids", "/api/validate", script(*[f'"x{i}q"' for i in range(100_000)]), 413),
    (
        "envelope-100000-ids",
        "/api/validate",
        ('{"script": ' + script(*[f'"x{i}q"' for i in range(100_000)]).decode() + "}").encode(),
        413,
    ),
    # token choices as the CLI checks them
    ("copies-superscript", "/api/document/tokens?copies=imp%3D%C2%B2", TB, 400),
    ("copies-superscript-build", "/api/build?copies=imp%3D%C2%B2", TB, 400),
    ("copies-unknown-id", "/api/document/tokens?copies=impp%3D2", TB, 400),
    ("only-unknown-id", "/api/build?only=nosuch", TB, 400),
    ("only-too-many", "/api/document/tokens?only=" + ",".join(["imp"] * 253), TB, 400),
    # an export forced past errors that the publisher format itself cannot hold (fewer than 5 items)
    ("export-forced-too-short", "/api/export?force=1", script('"imp"', '"washerwoman"'), 422),
]


# --- raw HTTP over loopback ----------------------------------------------------------------------------------
# http.client and urllib add or fix headers (Host, Content-Type); these tests must send exactly what an attacker
# would, so requests are written by hand on a plain socket.


class Answer:
    def __init__(self, raw: bytes):
        head, _, self.body = raw.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
        self.headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            self.headers[name.strip().lower()] = value.strip()

    def json(self):
        return json.loads(self.body.decode("utf-8"))


def request_bytes(
    method: str, path: str, port: int, headers: dict | None = None, body: bytes = b"", host: str | None = None
) -> bytes:
    """One HTTP/1.1 request; Host is 127.0.0.1:<port> unless `host` is given (False: no Host header at all)."""
    lines = [f"{method} {path} HTTP/1.1"]
    if host is None:
        host = f"127.0.0.1:{port}"
    if host is not False:
        lines.append(f"Host: {host}")
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    if body and not {"Transfer-Encoding", "Content-Length"} & set(headers or {}):
        lines.append(f"Content-Length: {len(body)}")
    lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8") + body


def send(
    port: int, method: str, path: str, headers: dict | None = None, body: bytes = b"", host=None, timeout: float = 60
) -> Answer:
    """Sends one request to 127.0.0.1:<port> and reads the whole answer (the server closes the connection)."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request_bytes(method, path, port, headers, body, host))
        return Answer(read_all(sock))


def read_all(sock) -> bytes:
    chunks = []
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:  # the server closed while the rest of a refused body was still arriving
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)
