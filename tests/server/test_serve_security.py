"""`botc-pnp serve` against requests a foreign page or a careless client can send, over real loopback sockets to the
real server (waitress behind the guard), not the Flask test client: foreign Origin and simple content types refused
on every route that writes or costs; foreign Host refused on every route; security headers on every answer; bodies
over the limit refused whole, chunked or not; every bad input of the corpus a Korean 4xx.
"""

from __future__ import annotations

import re

import pytest

from tests.server.serve_requests import BAD_REQUESTS, TB, send

HANGUL = re.compile(r"[가-힣]")
JSON = {"Content-Type": "application/json"}
COSTLY = [
    "/api/validate",
    "/api/build",
    "/api/document/script_sheet",
    "/api/export",
    "/api/preview",
    "/api/save?name=x",
]
EVERY_ROUTE = [
    ("GET", "/"),
    ("GET", "/static/app.css"),
    ("GET", "/static/js/core.js"),
    ("GET", "/team-colours.css"),
    ("GET", "/fonts/sans.ttf"),
    ("GET", "/fonts/OFL.txt"),
    ("GET", "/icons/imp"),
    ("GET", "/credits"),
    ("GET", "/api/characters?q=imp"),
    ("GET", "/api/scripts"),
    ("GET", "/api/scripts/bundled/in-space"),
    ("GET", "/nothing"),
    *[("POST", path) for path in COSTLY],
]
SECURITY = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """(port, workspace folder) of a real server for this module."""
    from generator.server import create_app
    from generator.server.run import running_in_thread

    workspace = tmp_path_factory.mktemp("security") / "scripts"
    app = create_app(workspace=workspace)
    app.extensions["botc"]["warm"].warm_up()
    with running_in_thread(app) as url:
        yield int(url.rsplit(":", 1)[1]), workspace


def korean(answer) -> str:
    text = answer.json()["error"]
    assert HANGUL.search(text), text
    return text


def saved(workspace) -> list[str]:
    return sorted(p.name for p in workspace.iterdir()) if workspace.exists() else []


def assert_secured(answer) -> None:
    for name, value in SECURITY.items():
        assert answer.headers.get(name) == value, (name, answer.status)
    policy = answer.headers.get("content-security-policy", "")
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, answer.status


# --- cross-site requests ------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", COSTLY)
@pytest.mark.parametrize(
    "foreign",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "null"},  # a sandboxed frame or a file:// page
        {"Origin": "http://127.0.0.1:1"},  # this computer, another port: another origin
        {"Origin": "http://localhost.evil.example"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},  # localhost:3000 is the same site as localhost:8000, not the same origin
    ],
)
def test_a_foreign_origin_can_neither_write_nor_spend(server, path, foreign):
    port, workspace = server
    before = saved(workspace)
    answer = send(port, "POST", path + ("&" if "?" in path else "?") + "force=1&overwrite=1", {**JSON, **foreign}, TB)
    assert answer.status == 403, answer.body[:200]
    assert "다른 곳" in korean(answer)
    assert_secured(answer)
    assert saved(workspace) == before


@pytest.mark.parametrize("path", COSTLY)
@pytest.mark.parametrize(
    "kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None]
)
def test_a_body_a_page_can_send_without_asking_is_refused(server, path, kind):
    """A form or text/plain needs no CORS preflight, so any page could send one, even without an Origin (old browsers)."""
    port, workspace = server
    before = saved(workspace)
    answer = send(port, "POST", path, {"Content-Type": kind} if kind else {}, TB)
    assert answer.status == 403 and "application/json" in korean(answer)
    assert saved(workspace) == before


def test_a_preflight_from_another_origin_is_refused(server):
    port, _ = server
    headers = {
        "Origin": "http://evil.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
    }
    answer = send(port, "OPTIONS", "/api/save?name=x", headers)
    assert answer.status == 403
    assert not [name for name in answer.headers if name.startswith("access-control-")]


@pytest.mark.slow
def test_the_page_and_the_command_line_are_served(server, tmp_path):
    port, workspace = server
    own = {"Origin": f"http://127.0.0.1:{port}", "Sec-Fetch-Site": "same-origin", **JSON}
    assert send(port, "POST", "/api/validate", own, TB).status == 200
    assert (
        send(
            port, "POST", "/api/validate", {**own, "Origin": f"http://localhost:{port}"}, TB, host=f"localhost:{port}"
        ).status
        == 200
    )
    assert (
        send(port, "POST", "/api/validate", {"Content-Type": "application/json; charset=utf-8"}, TB).status == 200
    )  # curl
    answer = send(port, "POST", "/api/save?name=own-page&overwrite=1", own, TB)
    assert answer.status == 201 and "own-page.yaml" in saved(workspace)
    (workspace / "own-page.yaml").unlink()


# --- DNS rebinding: the Host header ---------------------------------------------------------------------------


@pytest.mark.parametrize("method, path", EVERY_ROUTE)
@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:{port}",
        "localhost.evil.example:{port}",
        "attacker.127.0.0.1.nip.io:{port}",
        "",
        "127.0.0.1",
        "127.0.0.1:1",
        "127.0.0.1:{port}x",
        "localhost.:{port}",
        "127.1:{port}",
    ],
)
def test_a_foreign_host_gets_nothing_on_any_route(server, method, path, host):
    port, workspace = server
    before = saved(workspace)
    answer = send(port, method, path, JSON, TB if method == "POST" else b"", host=host.format(port=port))
    assert answer.status == 421, (host, answer.status)
    korean(answer)
    assert_secured(answer)
    assert saved(workspace) == before


def test_no_host_at_all_gets_nothing(server):
    port, _ = server
    assert send(port, "GET", "/api/scripts", host=False).status in (400, 421)


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}", "[::1]:{port}"])
def test_this_computers_names_are_answered(server, host):
    port, _ = server
    answer = send(port, "GET", "/", host=host.format(port=port))
    assert answer.status == 200 and "스크립트 만들기".encode() in answer.body


@pytest.mark.parametrize(
    "bound, host, allowed",
    [
        ("0.0.0.0", "192.168.1.5:8000", True),  # another device on the club network, by address
        ("0.0.0.0", "[fe80::1]:8000", True),
        ("0.0.0.0", "club.example:8000", False),  # a name can be rebound
        ("192.168.1.5", "192.168.1.5:8000", True),
        ("192.168.1.5", "192.168.1.6:8000", False),
        ("192.168.1.5", "localhost:8000", True),
        ("::1", "[::1]:8000", True),
        ("mypc.local", "MYPC.local:8000", True),
        ("127.0.0.1", "127.0.0.1:8001", False),
    ],
)
def test_the_host_given_to_serve_is_answered_and_no_other(bound, host, allowed):
    from generator.server.guard import Guard

    assert Guard(None, bound, 8000).host_allowed(host) is allowed


# --- headers and bodies ---------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("method, path", EVERY_ROUTE)
def test_every_answer_carries_the_security_headers(server, method, path):
    port, workspace = server
    answer = send(port, method, path, JSON, TB if method == "POST" else b"")
    assert answer.status < 500
    assert_secured(answer)
    (workspace / "x.yaml").unlink(missing_ok=True)  # the save route's file: other tests count the folder


def test_a_chunked_body_over_the_limit_is_refused_whole(server):
    """Was cut at 2,000,000 bytes and saved; now 413 before the app reads a byte, and nothing is written."""
    port, workspace = server
    piece = b" " * 65536
    from generator.server.requests import MAX_BODY_BYTES

    chunks = (
        b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for _ in range(MAX_BODY_BYTES // len(piece) + 2)) + b"0\r\n\r\n"
    )
    body = b"%x\r\n[\r\n" % 1 + chunks
    answer = send(port, "POST", "/api/save?name=big&overwrite=1", {**JSON, "Transfer-Encoding": "chunked"}, body)
    assert answer.status == 413 and f"{MAX_BODY_BYTES:,}" in korean(answer)
    assert_secured(answer)
    assert "big.yaml" not in saved(workspace)


def test_a_body_over_the_limit_with_its_length_is_refused_unread(server):
    from generator.server.requests import MAX_BODY_BYTES

    port, _ = server
    answer = send(
        port, "POST", "/api/validate", {**JSON, "Content-Length": str(MAX_BODY_BYTES + 1)}, b"[" + b" " * 1000
    )
    assert answer.status == 413 and f"{MAX_BODY_BYTES:,}" in korean(answer)


def test_oversized_headers_are_refused_in_korean(server):
    port, _ = server
    answer = send(port, "GET", "/api/scripts", {"X-Padding": "a" * 100_000})
    assert answer.status in (400, 431)
    korean(answer)
    assert_secured(answer)


# --- every bad input: a Korean 4xx, never a 500 ----------------------------------------------------------------


@pytest.mark.parametrize("path, body, status", [pytest.param(*case[1:], id=case[0]) for case in BAD_REQUESTS])
def test_each_bad_request_gets_its_korean_4xx_from_the_real_server(server, path, body, status):
    port, workspace = server
    answer = send(port, "POST", path, JSON, body)
    assert answer.status == status, answer.body[:300]
    korean(answer)
    assert not [name for name in saved(workspace) if not name.endswith(".yaml") or "\n" in name]


@pytest.mark.slow
def test_findings_travel_in_a_header_a_browser_accepts(server):
    import json

    custom = {"id": "x", "name": "가" * 10_000, "team": "townsfolk", "ability": "능력"}
    body = json.dumps([{"id": "_meta", "name": "긴 이름"}, custom], ensure_ascii=False).encode()
    port, _ = server
    answer = send(port, "POST", "/api/document/tokens?force=1", JSON, body)
    assert answer.status == 200
    assert len(answer.headers.get("x-botc-findings", "")) <= 4_000


def test_an_empty_script_never_replaces_a_saved_one(server):
    from tests.server.serve_requests import script

    port, workspace = server
    first = send(port, "POST", "/api/save?name=kept", JSON, TB)
    assert first.status == 201, first.body[:300]
    before = (workspace / "kept.yaml").read_bytes()
    answer = send(port, "POST", "/api/save?name=kept&overwrite=1", JSON, script())
    assert answer.status == 422 and "캐릭터가 없어 저장하지 않았습니다" in korean(answer)
    assert (workspace / "kept.yaml").read_bytes() == before


def test_a_hundred_thousand_unknown_ids_are_refused_before_any_is_looked_up(server, monkeypatch):
    """A megabyte of distinct unknown ids once kept /api/validate busy for minutes (a close match for each). The
    server runs in this process's thread, so its close-match searches are counted: none."""
    import difflib

    from tests.server.serve_requests import script

    port, _ = server
    searches: list[str] = []
    search = difflib.get_close_matches
    monkeypatch.setattr(
        difflib, "get_close_matches", lambda word, *rest, **named: searches.append(word) or search(word, *rest, **named)
    )
    body = script(*[f'"x{i}q"' for i in range(100_000)])
    answer = send(port, "POST", "/api/validate", JSON, body)
    assert answer.status == 413 and "300개 항목까지" in korean(answer)
    assert searches == []
