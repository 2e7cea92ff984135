"""`botc-pnp serve` against hostile bodies and half-sent requests, over real loopback sockets to the real server
(waitress behind the guard): every POST route with wrong types, huge numbers, deep nesting, lone surrogates, NUL
bytes, very long strings and wrong content types answers a Korean 4xx (or, for text it can read, its ordinary
answer), never a 500, and the server keeps answering; a request that declares a body and never sends it is answered
408 and closed, on every route, while other requests are answered meanwhile.
"""

from __future__ import annotations

import json
import re
import socket

import pytest

from tests.server.serve_requests import TROUBLE_BREWING, Answer, read_all, request_bytes, send

HANGUL = re.compile(r"[가-힣]")
JSON = {"Content-Type": "application/json"}
DOCUMENTS = ["script_sheet", "night_order", "night_card", "tokens", "almanac", "grimoire"]
POST_ROUTES = [
    "/api/validate",
    "/api/build?documents=script_sheet",
    "/api/build",
    *[f"/api/document/{d}" for d in DOCUMENTS],
    "/api/export",
    "/api/preview",
    "/api/save?name=fuzz",
    "/api/export-zip",
    "/api/open-zip",
    "/api/character/check",
    "/api/character/preview?document=tokens",
    "/api/character/preview?document=night_card",
    "/api/character/icon",
]
META = '{"id": "_meta", "name": "퍼즈"}'
CHARACTER = '{"name": "독약상", "team": "minion", "ability": "능력"}'


def deep(depth: int, opening: str = "[", closing: str = "]") -> bytes:
    return (opening * depth + closing * depth).encode()


# (id, body, refused): `refused` bodies cannot be read as a script or a character and must get a 4xx everywhere; the
# others are read, with errors (wrong types in items, a title past every limit, a NUL, which is a character like any
# other): /api/validate lists the errors, a preview shows them, a save keeps them, and none may get a 500
HOSTILE = [
    ("empty", b"", True),
    ("spaces", b"   \n ", True),
    ("null", b"null", True),
    ("number", b"0", True),
    ("huge-integer", b"9" * 5000, True),
    ("huge-float", b"1e999", True),
    ("nan", b"NaN", True),
    ("string", b'"washerwoman"', True),
    ("true", b"true", True),
    ("not-utf8", b"\xff\xfe\xfd[]", True),
    ("truncated", b'[{"id": "_meta", "name": "a"', True),
    ("nested-lists", deep(100_000), True),
    ("nested-objects", deep(50_000, '{"a":', "}"), True),
    ("nested-in-envelope", b'{"script": ' + deep(30_000) + b"}", True),
    ("nested-in-character", b'{"script": [], "character": ' + deep(30_000, '{"name":', "}") + b"}", True),
    ("list-of-numbers", ("[" + ",".join(["1e308"] * 200_000) + "]").encode(), True),
    ("list-of-lists", ("[" + META + ", " + ", ".join(["[[[]]]"] * 250) + "]").encode(), False),
    (
        "wrong-types-envelope",
        b'{"script": {"a": 1}, "named_characters": [1], "notes": 5, "icons": [], "logo_image": 3}',
        True,
    ),
    (
        "wrong-types-character",
        f'{{"script": [{META}], "character": {{"name": 5, "team": [], "ability": {{}}, "reminders": "x", '
        f'"jinxes": [{{"with": 1}}], "setup": "yes", "original": [1]}}}}'.encode(),
        True,
    ),
    ("character-not-object", f'{{"script": [{META}], "character": [1, 2, 3]}}'.encode(), True),
    (
        "wrong-types-items",
        f'[{META}, 5, null, true, {{"id": 7}}, {{"id": "x", "team": 99, "ability": []}}]'.encode(),
        False,
    ),
    (
        "huge-numbers-in-items",
        f'[{META}, {{"id": "x", "name": "엑스", "team": "townsfolk", "ability": "a", "firstNight": 1e308, '
        f'"otherNight": -1e308, "setup": 1e999}}]'.encode(),
        False,
    ),
    (
        "surrogate-everywhere",
        (
            b'{"script": [{"id": "_meta", "name": "\\ud800"}, "\\udfff"], "character": {"name": "\\ud800", '
            b'"reminders": ["\\udc00"]}, "icon": "\\ud800", "team": "\\ud800", "zip": "\\ud800"}'
        ),
        True,
    ),
    ("surrogate-key", b'{"\\ud800": 1, "script": [], "character": {"\\udbff": "x"}}', True),
    ("surrogate-list", f'[{META}, "\\ud800", {{"id": "\\udfff"}}]'.encode(), True),
    ("long-id", f'[{META}, "{"a" * 300}"]'.encode(), True),
    (
        "long-id-object",
        f'{{"script": [{META}, {{"id": "{"b" * 5000}", "name": "긴", "team": "townsfolk", "ability": "a"}}], '
        f'"character": {CHARACTER}}}'.encode(),
        True,
    ),
    (
        "long-string",
        f'{{"script": [{{"id": "_meta", "name": "{"가" * 600_000}"}}], "character": {CHARACTER}}}'.encode(),
        False,
    ),
    ("long-string-alone", ('["' + "x" * 1_900_000 + '"]').encode(), True),
    (
        "bad-data-addresses",
        f'{{"script": [{META}], "character": {CHARACTER}, "icon": "data:image/png;base64,!!!!", '
        f'"logo_image": "javascript:alert(1)", "zip": "data:application/zip;base64,UEsDBA=="}}'.encode(),
        True,
    ),
    (
        "nul-bytes",
        (
            b'{"script": [{"id": "_meta", "name": "a\\u0000b"}, "imp\\u0000"], "named_characters": {"\\u0000": "imp"}, '
            b'"character": {"name": "\\u0000", "id": "a\\u0000", "ability": "\\u0000", "reminders": ["\\u0000"]}, '
            b'"icon": "", "team": "\\u0000"}'
        ),
        False,
    ),
    (
        "nul-in-list",
        b'[{"id": "_meta", "name": "\\u0000"}, "\\u0000", {"id": "n\\u0000", "name": "\\u0000", "team": "minion", '
        b'"ability": "\\u0000"}]',
        False,
    ),
]
CONTENT_TYPES = [
    ("text/plain", 403),
    ("application/x-www-form-urlencoded", 403),
    ("multipart/form-data; boundary=x", 403),
    ("", 403),
    ("application/json; charset=latin-1", None),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from generator.server import create_app
    from generator.server.run import running_in_thread

    app = create_app(workspace=tmp_path_factory.mktemp("hostile") / "scripts")
    app.extensions["botc"]["warm"].warm_up()
    with running_in_thread(app) as url:
        yield int(url.rsplit(":", 1)[1])


def found_errors(path: str, answer: Answer) -> bool:
    """/api/validate reads what it can, as `validate` does: a script it could read is answered with its errors."""
    return path == "/api/validate" and answer.status == 200 and answer.json()["errors"] > 0


def error_text(answer: Answer) -> str:
    assert answer.headers.get("content-type", "").startswith("application/json"), (answer.status, answer.body[:200])
    return answer.json()["error"]


@pytest.mark.slow  # dozens of hostile bodies on every route: the whole suite runs it, the quick loop keeps the field tests
@pytest.mark.parametrize("path", POST_ROUTES)
def test_every_post_route_refuses_hostile_bodies_in_korean_and_never_fails(server, path):
    for name, body, refused in HOSTILE:
        answer = send(server, "POST", path, JSON, body, timeout=120)
        assert answer.status < 500, (name, answer.status, answer.body[:300])
        if refused:
            assert 400 <= answer.status < 500 or found_errors(path, answer), (name, answer.status, answer.body[:300])
        if answer.status >= 400:
            assert HANGUL.search(error_text(answer)), (name, answer.body[:300])
    for kind, status in CONTENT_TYPES:
        headers = {"Content-Type": kind} if kind else {}
        answer = send(server, "POST", path, headers, b"[]")
        assert answer.status < 500 and (status is None or answer.status == status), (kind, answer.status)
        if answer.status >= 400:
            assert HANGUL.search(error_text(answer)), kind
    assert send(server, "GET", "/api/characters?q=imp").status == 200  # still answering


def editor_fields() -> list[tuple[str, str]]:
    """(field as the message names it, the editor body with a lone surrogate there): every field the page sends."""
    from generator.server.editor import LIST_KEYS, TEXT_KEYS

    fields = [(f"character.{key}", f'"character": {{"name": "독약상", "{key}": "\\ud800"}}') for key in TEXT_KEYS]
    fields += [(f"character.{key}[1]", f'"character": {{"name": "독약상", "{key}": ["\\ud800"]}}') for key in LIST_KEYS]
    fields += [
        ("character.jinxes[1].text", '"character": {"name": "독약상", "jinxes": [{"with": "spy", "text": "\\ud800"}]}'),
        ("character.original.name", '"character": {"name": "독약상", "original": {"name": "\\ud800"}}'),
        ("notes", f'"character": {CHARACTER}, "notes": "\\ud800"'),
        ("named_characters.imp", f'"character": {CHARACTER}, "named_characters": {{"imp": "\\ud800"}}'),
        ("icon", f'"character": {CHARACTER}, "icon": "\\ud800"'),
        ("keep_places", f'"character": {CHARACTER}, "keep_places": "\\ud800"'),
    ]
    return [(name, ('{"script": [' + META + ', "imp"], ' + rest + "}").encode()) for name, rest in fields]


@pytest.mark.parametrize("field, body", editor_fields(), ids=[name for name, _ in editor_fields()])
def test_a_lone_surrogate_in_any_editor_field_is_refused_naming_it(server, field, body):
    answer = send(server, "POST", "/api/character/check", JSON, body)
    assert answer.status == 400, answer.body[:300]
    assert f"'{field}'" in error_text(answer) and "U+D800" in error_text(answer)


def test_a_lone_surrogate_is_refused_naming_its_field(server):
    body = (
        f'{{"script": [{META}, "imp"], "character": {{"name": "독약상", "reminders": ["취함", "\\ud800"]}}}}'.encode()
    )
    for path in ("/api/character/check", "/api/character/preview?document=tokens"):
        answer = send(server, "POST", path, JSON, body)
        assert answer.status == 400
        assert "character.reminders[2]" in error_text(answer) and "U+D800" in error_text(answer)
    body = f'{{"script": [{META}, "imp", {{"id": "x", "name": "\\udfff", "team": "minion", "ability": "a"}}]}}'.encode()
    for path in ("/api/validate", "/api/save?name=s", "/api/export-zip", "/api/build", "/api/preview"):
        answer = send(server, "POST", path, JSON, body)
        assert answer.status == 400, path
        assert "3번째 항목의 'name'" in error_text(answer) and "U+DFFF" in error_text(answer), path


# --- a body declared and never sent ----------------------------------------------------------------------------

STALL_DEADLINE = 20  # seconds a test waits for an answer: generous, the server answers after connections.STALL_TIMEOUT


def declared_and_not_sent(port: int, method: str, path: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=STALL_DEADLINE)
    head = request_bytes(method, path, port, {**JSON, "Content-Length": "5000"}).replace(b"Connection: close\r\n", b"")
    sock.sendall(head + b'[{"id": "_meta", ')  # a few bytes of the 5000 declared, then nothing
    return sock


@pytest.mark.slow  # waits out the server's 5 s read timeout
def test_a_body_declared_and_never_sent_is_answered_408_on_every_route(server):
    routes = [("POST", path) for path in POST_ROUTES] + [("GET", "/"), ("GET", "/api/scripts"), ("POST", "/nothing")]
    waiting = [(method, path, declared_and_not_sent(server, method, path)) for method, path in routes]
    try:
        # meanwhile, other requests are answered at once
        assert send(server, "GET", "/api/characters?q=imp", timeout=STALL_DEADLINE).status == 200
        assert (
            send(
                server,
                "POST",
                "/api/validate",
                JSON,
                json.dumps([json.loads(META), *TROUBLE_BREWING]).encode(),
                timeout=STALL_DEADLINE,
            ).status
            == 200
        )
        for method, path, sock in waiting:
            answer = Answer(read_all(sock))  # the server answers and closes; a timeout here fails the test
            assert answer.status == 408, (method, path, answer.body[:200])
            assert HANGUL.search(answer.json()["error"]), path
    finally:
        for _method, _path, sock in waiting:
            sock.close()
    assert send(server, "GET", "/api/scripts").status == 200
