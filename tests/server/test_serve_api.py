"""botc-pnp serve's API through Flask's test client, compared with what the CLI says and makes for the same script."""

from __future__ import annotations

import io
import json
import re
import urllib.parse
import zipfile
from pathlib import Path

import pytest

from tests.conftest import pdf_page_texts, run_cli
from tests.server.serve_requests import BAD_REQUESTS, TROUBLE_BREWING

HANGUL = re.compile(r"[가-힣]")


def publisher_json(ids, title="시험 스크립트", author="시험") -> str:
    return json.dumps([{"id": "_meta", "name": title, "author": author}, *ids], ensure_ascii=False, indent=1)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from generator.server import create_app

    return create_app(workspace=tmp_path_factory.mktemp("workspace"))


@pytest.fixture
def client(app):
    return app.test_client()


def korean(answer) -> str:
    text = answer.get_json()["error"]
    assert HANGUL.search(text), text
    return text


def page_text(pdf: bytes) -> str:
    return re.sub(r"\s+", "", "".join(pdf_page_texts(pdf)))


# --- search --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, expected",
    [
        ({"q": "ㅅㅌㅂ"}, "washerwoman"),
        ({"q": "세탁"}, "washerwoman"),
        ({"q": "Fang Gu"}, "fanggu"),
        ({"q": "ㅍㄱ"}, "fanggu"),
    ],
)
def test_search_finds_by_initials_name_and_english(client, query, expected):
    found = client.get("/api/characters", query_string=query).get_json()
    assert expected in [c["id"] for c in found]
    assert set(found[0]) >= {"id", "name", "team", "edition", "ability"}


def test_search_answers_what_the_characters_command_prints(client):
    for args in (["ㅅ"], ["--team", "악마", "--edition", "tb"], ["monk"]):
        cli = json.loads(run_cli("characters", *args, "--json").stdout)
        query = {"q": args[0]} if not args[0].startswith("--") else dict(zip(("team", "edition"), args[1::2]))
        found = client.get("/api/characters", query_string=query).get_json()
        assert [{k: c[k] for k in ("id", "name", "team", "edition", "ability")} for c in found] == cli


def test_search_refuses_an_unknown_team_in_korean(client):
    answer = client.get("/api/characters?team=wizard")
    assert answer.status_code == 400
    assert "wizard" in korean(answer) and "마을주민" in korean(answer)


# --- validate ------------------------------------------------------------------------------------------------


@pytest.fixture
def client_here(tmp_path, monkeypatch):
    """A client of a server started in tmp_path: findings name files relative to where the process runs, so the
    CLI and the server are compared running in the same folder (a script there is just '<name>.json')."""
    from generator.server import create_app

    monkeypatch.chdir(tmp_path)
    return create_app(workspace=tmp_path / "scripts").test_client()


def without_kind(findings: list[dict]) -> list[dict]:
    return [{k: v for k, v in f.items() if k != "kind"} for f in findings]


def cli_findings(tmp_path: Path, name: str, text: str):
    (tmp_path / f"{name}.json").write_text(text, encoding="utf-8")
    result = run_cli("validate", f"{name}.json", "--json")
    return result, json.loads(result.stdout)


def test_validate_findings_equal_the_cli_json_for_the_same_script(client_here, tmp_path):
    ids = [i for i in TROUBLE_BREWING if i not in ("butler", "saint")] + ["세탁부", "virgn", "stormcatcher"]
    text = publisher_json(ids)
    result, expected = cli_findings(tmp_path, "my-script", text)
    assert result.exit_code == 1 and any(f["code"] == "unknown-id" for f in expected)
    answer = client_here.post("/api/validate?name=my-script", data=text.encode("utf-8"))
    assert answer.status_code == 200
    body = answer.get_json()
    assert without_kind(body["findings"]) == expected  # the CLI's objects, each with its Korean label added
    assert all(f["kind"] and f["kind"] != f["code"] for f in body["findings"])
    assert body["errors"] == sum(f["level"] == "error" for f in expected)
    names = [c["name"] for c in body["script"]["characters"]]
    assert "세탁부" in names and names.count("세탁부") == 1
    assert body["left_out"] == ["virgn"]  # the typo; the repeated 세탁부 is a finding, not left out


def test_the_setup_table_is_the_one_validate_prints(client, tmp_path, monkeypatch):
    text = publisher_json(TROUBLE_BREWING)
    (tmp_path / "tb.json").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    printed = run_cli("validate", "tb.json").stdout.splitlines()
    rows = {}
    for line in printed:
        match = re.match(r"\s*(\d+)명 \|(.*)\| ([\d/]+)$", line)
        if match:
            rows[int(match[1])] = ([c.strip() for c in match[2].split("|")], match[3])
    table = client.post("/api/validate", data=text.encode("utf-8")).get_json()["setup"]
    assert [row["players"] for row in table["rows"]] == list(range(5, 16)) == sorted(rows)
    for row in table["rows"]:
        cells, base = rows[row["players"]]
        shown = [f"{lo}" if lo == hi else f"{lo}–{hi}" for lo, hi in (row["ranges"][t["id"]] for t in table["teams"])]
        assert shown == cells and "/".join(map(str, row["base"])) == base
    assert {m["name"] for m in table["modifiers"]} == {"주정뱅이", "남작"}


def test_the_page_envelope_carries_the_named_character_and_notes(client):
    envelope = {
        "script": json.loads(publisher_json(TROUBLE_BREWING + ["stormcatcher"])),
        "named_characters": {"stormcatcher": "virgin"},
        "notes": "우리 클럽 규칙",
    }
    body = client.post("/api/validate", data=json.dumps(envelope, ensure_ascii=False).encode()).get_json()
    assert body["script"]["named_characters"] == {"stormcatcher": "virgin"}
    assert body["script"]["notes"] == "우리 클럽 규칙"
    assert not [f for f in body["findings"] if f["code"] == "named-unused"]


# --- bad bodies ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [b"", b"   ", "\ufeff".encode(), b"\xff\xfe\x00", b'{"id": "_meta"}', b"[1, 2", b"[" * 5000, b"null", b"12"],
)
def test_bad_bodies_get_a_korean_4xx_never_a_500(client, body):
    for path in ("/api/validate", "/api/build", "/api/export", "/api/preview", "/api/save"):
        answer = client.post(path, data=body)
        assert 400 <= answer.status_code < 500, (path, body[:20], answer.status_code)
        korean(answer)


@pytest.mark.parametrize("path, body, status", [pytest.param(*case[1:], id=case[0]) for case in BAD_REQUESTS])
def test_each_bad_request_of_the_corpus_gets_its_korean_4xx(client, path, body, status):
    answer = client.post(path, data=body, content_type="application/json")
    assert answer.status_code == status, answer.get_data(as_text=True)[:300]
    korean(answer)


def test_an_unknown_token_choice_gets_the_cli_suggestion(client):
    answer = client.post("/api/document/tokens?copies=impp%3D2", data=publisher_json(TROUBLE_BREWING).encode())
    assert answer.status_code == 400
    assert "impp" in korean(answer) and "imp" in korean(answer).replace("impp", "") and "--copies" in korean(answer)


@pytest.mark.slow
def test_the_findings_header_stays_small_whatever_the_findings(client):
    """A 10,000-character custom name makes a long warning per document; the header stays under 4 KB and counts
    what it leaves out, so no browser refuses the answer."""
    custom = {"id": "x", "name": "가" * 10_000, "team": "townsfolk", "ability": "능력"}
    body = json.dumps([{"id": "_meta", "name": "긴 이름"}, custom, *TROUBLE_BREWING], ensure_ascii=False).encode()
    answer = client.post("/api/build?force=1&documents=tokens,script_sheet,info_cards", data=body)
    assert answer.status_code == 200
    header = answer.headers["X-Botc-Findings"]
    assert 0 < len(header) <= 4_000
    shown = json.loads(urllib.parse.unquote(header))
    assert shown and all(len(f["message"]) <= 300 for f in shown)


def test_an_unreadable_body_carries_the_cli_findings(client_here, tmp_path):
    text = '[{"id": "_meta", "name": "x"}, "imp",]'
    result, expected = cli_findings(tmp_path, "broken", text)
    assert result.exit_code == 2
    answer = client_here.post("/api/validate?name=broken", data=text.encode())
    assert answer.status_code == 400 and without_kind(answer.get_json()["findings"]) == expected
    assert answer.get_json()["findings"][0]["kind"] == "JSON 문법"


@pytest.mark.parametrize(
    "envelope",
    [
        {"script": [], "extra": 1},
        {"script": {"id": "_meta"}},
        {"script": [], "named_characters": ["a"]},
        {"script": [], "notes": 5},
    ],
)
def test_a_wrong_envelope_is_refused_in_korean(client, envelope):
    answer = client.post("/api/validate", data=json.dumps(envelope).encode())
    assert answer.status_code == 400
    korean(answer)


def test_a_body_over_the_cap_is_refused_with_413(client):
    answer = client.post("/api/validate", data=b"[" + b" " * 2_100_000 + b"]")
    assert answer.status_code == 413 and "2,000,000" in korean(answer)


def test_unknown_addresses_and_methods_answer_in_korean(client):
    assert client.get("/api/nothing").status_code == 404 and korean(client.get("/api/nothing"))
    assert client.get("/api/build").status_code == 405 and korean(client.get("/api/build"))


def test_an_unexpected_failure_is_a_korean_500_without_traceback(client, monkeypatch, capsys):
    import generator.server.tables as tables

    monkeypatch.setattr(tables, "setup_table", lambda game: 1 / 0)
    answer = client.post("/api/validate", data=publisher_json(TROUBLE_BREWING).encode())
    assert answer.status_code == 500 and "ZeroDivisionError" in korean(answer)
    assert "Traceback" not in answer.get_data(as_text=True) + capsys.readouterr().err


# --- build, documents, export, preview -----------------------------------------------------------------------


@pytest.mark.slow
def test_build_zip_is_byte_identical_to_botc_pnp_build(client, tmp_path, monkeypatch):
    ids = TROUBLE_BREWING + ["pixie"]  # Trouble Brewing plus one change
    text = publisher_json(ids, title="불길한 조짐 하나 바꿈")
    (tmp_path / "tb.json").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run_cli("build", "tb.json", "--out", "out", "-q").exit_code == 0
    answer = client.post("/api/build?name=tb", data=text.encode())
    assert answer.status_code == 200 and answer.mimetype == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(answer.data))
    written = sorted(p.relative_to("out").as_posix() for p in Path("out").rglob("*.pdf"))
    assert sorted(archive.namelist()) == written and len(written) >= 5
    for name in written:
        assert archive.read(name) == (Path("out") / name).read_bytes(), name
    sheet = page_text(archive.read("tb/script.pdf"))
    library = {c["id"]: c["name"] for c in client.get("/api/characters").get_json()}
    for character in ids:
        assert re.sub(r"\s+", "", library[character]) in sheet
    once, twice = (client.post("/api/build?name=tb&documents=script_sheet", data=text.encode()).data for _ in range(2))
    assert once == twice  # the zip is deterministic too


def test_build_refuses_errors_unless_forced_like_the_cli(client):
    text = publisher_json(TROUBLE_BREWING + ["nosuchrole"]).encode()
    refused = client.post("/api/build?documents=script_sheet", data=text)
    assert refused.status_code == 422 and "force=1" in korean(refused)
    assert any(f["code"] == "unknown-id" for f in refused.get_json()["findings"])
    forced = client.post("/api/build?documents=script_sheet&force=1", data=text)
    assert forced.status_code == 200


@pytest.mark.slow
def test_one_document_comes_as_its_pdf_and_documents_pick_the_zip(client):
    text = publisher_json(TROUBLE_BREWING).encode()
    sheet = client.post("/api/document/script_sheet", data=text)
    assert sheet.mimetype == "application/pdf" and sheet.data.startswith(b"%PDF")
    assert "script.pdf" in sheet.headers["Content-Disposition"]
    chosen = client.post("/api/build?name=x&documents=night_sheet,script_sheet", data=text)
    assert sorted(zipfile.ZipFile(io.BytesIO(chosen.data)).namelist()) == ["x/night-order.pdf", "x/script.pdf"]
    unknown = client.post("/api/build?documents=poster", data=text)
    assert unknown.status_code == 400 and "poster" in korean(unknown)
    assert client.post("/api/document/poster", data=text).status_code == 404


@pytest.mark.slow
def test_token_options_are_the_cli_flags_with_the_cli_limits(client, tmp_path, monkeypatch):
    text = publisher_json(TROUBLE_BREWING)
    (tmp_path / "tb.json").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run_cli("tokens", "tb.json", "--token-size", "50", "--ability-text", "--out", "out", "-q").exit_code == 0
    answer = client.post("/api/document/tokens?name=tb&token_size=50&ability_text=1", data=text.encode())
    assert answer.data == (tmp_path / "out" / "tb" / "tokens.pdf").read_bytes()
    too_big = client.post("/api/document/tokens?token_size=500", data=text.encode())
    cli = run_cli("tokens", "tb.json", "--token-size", "500")
    assert too_big.status_code == 400 and cli.exit_code == 2
    assert "15–120 mm" in korean(too_big) and "15–120 mm" in cli.stderr
    for bad in ("token_size=abc", "ability_text=maybe", "paper=a3"):
        answer = client.post(f"/api/document/tokens?{bad}", data=text.encode())
        assert answer.status_code == 400, bad
        korean(answer)


def test_every_declared_option_is_a_flag_a_form_field_and_a_render_option(app):
    """generator/options.py declares each print option once: every command the table names takes it with its flags,
    the page's form offers exactly the options marked for it, and RenderOptions has the field it sets."""
    import dataclasses

    import typer

    from generator.cli import app as cli_app
    from generator.options import OPTIONS, RenderOptions
    from generator.server.options import option_fields

    commands = typer.main.get_command(cli_app).commands
    fields = {f.name for f in dataclasses.fields(RenderOptions)}
    for option in OPTIONS:
        for command in option.commands:
            params = {p.name: p for p in commands[command].params}
            assert option.name in params, (option.name, command)
            assert tuple(params[option.name].opts) == option.flags, (option.name, command)
            assert params[option.name].help == option.help
        assert option.target in fields, option.name
    with app.app_context():
        form = option_fields()
    assert [f.name for f in form] == [o.name for o in OPTIONS if o.page]
    assert all(o.kind != "path" for o in OPTIONS if o.page)  # the page never names a folder on this computer
    assert all(HANGUL.search(f.label) for f in form)
    kinds = {f.name: f.kind for f in form}
    assert kinds["token_size"] == "number" and kinds["ability_text"] == "flag" and kinds["paper"] == "text"


def test_the_page_groups_its_options_by_the_documents_they_change_and_knows_the_player_bounds(app):
    """The page shows at hand what changes every document (paper, style, names, English, players), and behind titles
    what only the tokens, the cut documents (bleed, marks: 인쇄소용) or the almanac take; the player counts and seats
    come from generator/model.py."""
    from generator.model import FEWEST_PLAYERS, MOST_PLAYERS, MOST_SEATS
    from generator.server.pages import page_data

    with app.test_request_context("/"):
        data = page_data()
    groups = {field["name"]: field["group"] for field in data["options"]}
    assert {name for name, group in groups.items() if group == "general"} >= {
        "paper",
        "style",
        "names",
        "english",
        "players",
    }
    assert {groups[name] for name in ("token_size", "reminder_size", "gap", "only", "copies")} == {"tokens"}
    assert groups["creep"] == "almanac"
    assert groups["bleed"] == groups["marks"] == "print"  # what a copy shop asks for, on every cut document
    assert groups["a3"] == "general"  # the Town Square's own choice stays at hand
    assert data["players"] == {"fewest": FEWEST_PLAYERS, "most": MOST_PLAYERS}
    players = next(field for field in data["options"] if field["name"] == "players")
    assert (players["low"], players["high"]) == (FEWEST_PLAYERS, MOST_SEATS)


LANTERN = {
    "id": "lanternkeeper",
    "name": "Lantern Keeper",
    "team": "townsfolk",
    "ability": "Each night, choose a player.",
    "firstNightReminder": "The Lantern Keeper points at a player.",
    "otherNight": 40,
    "otherNightReminder": "The Lantern Keeper points at a player.",
}


def test_a_guessed_night_place_stays_a_guess_in_the_page_state_until_a_place_is_chosen(client):
    """Issue 52: the page sends back the custom objects /validate gave it. A place the loader guessed (no firstNight)
    came back numbered, so the next check no longer warned. It comes back unnumbered on the guessed night only, and the
    warning stays; a number of its own ends it."""
    script = [{"id": "_meta", "name": "짐작"}, *TROUBLE_BREWING[:5], "poisoner", "imp", LANTERN]
    first = client.post("/api/validate", data=json.dumps(script)).get_json()
    assert [f["subject"] for f in first["findings"] if f["code"] == "night-order-guessed"] == ["lanternkeeper"]
    state = first["script"]["custom"]["lanternkeeper"]
    assert state["firstNight"] == 0 and state["otherNight"] > 0  # the other night was numbered: kept, as placed
    again = client.post("/api/validate", data=json.dumps({"script": [script[0], *script[1:-1], state]})).get_json()
    assert [f["code"] for f in again["findings"]].count("night-order-guessed") == 1
    chosen = dict(state, firstNight=first["script"]["custom"]["lanternkeeper"]["otherNight"])
    settled = client.post("/api/validate", data=json.dumps({"script": [script[0], *script[1:-1], chosen]})).get_json()
    assert "night-order-guessed" not in [f["code"] for f in settled["findings"]]


def test_export_equals_export_json(client, tmp_path, monkeypatch):
    text = publisher_json(TROUBLE_BREWING)
    (tmp_path / "tb.json").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run_cli("export-json", "tb.json", "-o", "out.json", "-q").exit_code == 0
    answer = client.post("/api/export?name=tb", data=text.encode())
    assert answer.status_code == 200 and answer.data == (tmp_path / "out.json").read_bytes()


def test_preview_is_a_png_of_the_sheet(client):
    from PIL import Image

    answer = client.post("/api/preview?paper=letter", data=publisher_json(TROUBLE_BREWING).encode())
    assert answer.mimetype == "image/png"
    image = Image.open(io.BytesIO(answer.data)).convert("L")
    width, height = image.size
    assert abs(height / width - 279.4 / 215.9) < 0.01
    assert image.getextrema()[0] < 80  # ink on the page


@pytest.mark.slow
def test_the_threaded_server_answers_at_once_and_never_forks(app, monkeypatch):
    """Requests run in threads: a build beside checks and searches must neither fork (unsafe beside threads) nor mix up."""
    import os
    import urllib.request
    from concurrent.futures import ThreadPoolExecutor

    from generator.server.run import running_in_thread

    def no_fork(*args, **kwargs):
        raise AssertionError("the server forked")

    monkeypatch.setattr(os, "fork", no_fork)
    text = publisher_json(TROUBLE_BREWING).encode()

    def request(path, body=None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        with urllib.request.urlopen(
            urllib.request.Request(url + path, data=body, headers=headers), timeout=60
        ) as answer:
            return answer.status, answer.read()

    with running_in_thread(app) as url:
        with ThreadPoolExecutor(max_workers=6) as pool:
            jobs = [pool.submit(request, "/api/build?documents=script_sheet,almanac", text)]
            jobs += [pool.submit(request, "/api/validate", text) for _ in range(4)]
            jobs += [pool.submit(request, "/api/characters?q=%E3%85%85") for _ in range(4)]
            results = [job.result() for job in jobs]
    assert all(status == 200 for status, _ in results)
    kit = zipfile.ZipFile(io.BytesIO(results[0][1]))
    assert sorted(kit.namelist()) == ["script/almanac-booklet.pdf", "script/almanac.pdf", "script/script.pdf"]
    assert len({body for _, body in results[1:5]}) == 1  # the four checks agree
