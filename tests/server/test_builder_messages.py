"""Issue 21's messages, through the CLI and the API alike: findings labelled in Korean (codes only in --json and the
API), JSON syntax errors in Korean with line and character, Korean edition names, the Huntsman's message pointing
at the script, unknown ids kept with close matches, one vocabulary (the printed words), jinxes and nights for the
page, and refusals that say why."""

from __future__ import annotations

import json
import re
import urllib.parse

import pytest
import yaml

from generator import DEFAULT_CONTENT_DIR
from tests.conftest import run_cli

HANGUL_SYNTAX = re.compile(r"(\d+)번째 줄 (\d+)번째 글자: [가-힣]")
CODE_IN_PARENS = re.compile(r"\(([a-z]+(?:-[a-z0-9]+)+)\)")


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from generator.server import create_app

    return create_app(workspace=tmp_path_factory.mktemp("workspace")).test_client()


def envelope(ids, title="시험") -> bytes:
    return json.dumps(
        {"script": [{"id": "_meta", "name": title}, *ids], "named_characters": {}, "notes": ""}, ensure_ascii=False
    ).encode()


def avoided_words() -> list[str]:
    glossary = yaml.safe_load((DEFAULT_CONTENT_DIR / "glossary.yaml").read_text(encoding="utf-8"))
    return [word for entry in glossary if entry.get("print", True) is not False for word in entry["avoid"]]


# --- CLI ---------------------------------------------------------------------------------------------------


def test_cli_lines_carry_a_korean_kind_and_json_keeps_the_code(tmp_path):
    script = tmp_path / "오타.json"
    script.write_text(
        '[{"id": "_meta", "name": "오타"}, "fortune_teler", "imp", "washerwoman", "spy", "chef"]', encoding="utf-8"
    )
    result = run_cli("validate", script)
    assert result.exit_code == 1
    line = next(line for line in result.stderr.splitlines() if "fortuneteler" in line)
    assert line.endswith("(모르는 캐릭터)") and "점쟁이('fortuneteller')" in line
    assert not CODE_IN_PARENS.search(result.stderr), result.stderr
    as_json = json.loads(run_cli("validate", script, "--json").stdout)
    assert any(f["code"] == "unknown-id" for f in as_json) and all("kind" not in f for f in as_json)


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ('[{"id": "_meta", "name": "x"},\n "imp",\n ]', 3, 2, "값이 있어야 할 자리"),
        ('["imp" "spy"]', 1, 8, "쉼표(,)가 있어야"),
        ('[{"id": "_meta", name: "x"}]', 1, 18, "큰따옴표"),
        ('["imp"] x', 1, 9, "목록이 끝난 뒤"),
    ],
)
def test_a_json_syntax_error_reads_in_korean_with_line_and_character(tmp_path, text, line, column, words):
    script = tmp_path / "문법.json"
    script.write_text(text, encoding="utf-8")
    result = run_cli("validate", script)
    assert result.exit_code == 2
    assert f"{line}번째 줄 {column}번째 글자: " in result.stderr and words in result.stderr
    assert "Expecting" not in result.stderr and "Extra data" not in result.stderr
    assert "(JSON 문법)" in result.stderr


def test_editions_are_named_and_listed_in_korean():
    by_korean = json.loads(run_cli("characters", "--edition", "핏빛", "--json").stdout)
    by_id = json.loads(run_cli("characters", "--edition", "bmr", "--json").stdout)
    assert by_korean == by_id and by_korean
    assert json.loads(run_cli("characters", "--edition", "전설", "--json").stdout)[0]["edition"] == "fabled"
    refused = run_cli("characters", "--edition", "없는판")
    assert refused.exit_code == 2
    for listed in ("불길한 조짐(tb)", "전설(fabled)", "설화(loric)", "자작(custom)"):
        assert listed in refused.output
    assert "fabled, loric, custom" not in refused.output


def test_the_huntsman_message_speaks_of_the_script_and_points_at_its_line(tmp_path):
    script = tmp_path / "사냥.yaml"
    script.write_text(
        "id: hunt\ntitle: 사냥\ncharacters:\n  - washerwoman\n  - librarian\n  - huntsman\n  - imp\n  - spy\n",
        encoding="utf-8",
    )
    result = run_cli("validate", script)
    [line] = [line for line in result.stderr.splitlines() if "아가씨도 가방에" in line]
    assert f"{script}:6:" in line  # the script's line naming the Huntsman, not content/characters/huntsman.yaml
    assert "characters에" not in line and "스크립트에 아가씨(damsel)를 넣어 주세요." in line


def test_characters_prints_the_printed_words():
    [virgin] = json.loads(run_cli("characters", "virgin", "--json").stdout)
    assert "지명" in virgin["ability"] and "지목" not in virgin["ability"]


# --- API ---------------------------------------------------------------------------------------------------


def test_the_library_and_export_use_the_printed_words(client):
    library = client.get("/api/characters").get_json()
    text = " ".join(c["ability"] for c in library)
    assert not [w for w in avoided_words() if w in text]
    byid = {c["id"]: c for c in library}
    assert "지명" in byid["virgin"]["ability"] and "등록" in byid["recluse"]["ability"]
    exported = client.post(
        "/api/export?force=1", data=envelope(["virgin", "recluse", "spy", "innkeeper", "imp"])
    ).get_data(as_text=True)
    assert not [w for w in avoided_words() if w in exported]
    assert "황혼" in exported


def test_an_english_match_carries_its_english_name(client):
    [found] = client.get("/api/characters", query_string={"q": "Storm Catcher"}).get_json()
    assert found["english"] == "Storm Catcher"
    assert client.get("/api/characters", query_string={"q": "fortune"}).get_json()[0]["english"] == "fortuneteller"


def test_findings_carry_a_korean_kind_and_unknown_ids_stay_with_close_matches(client):
    body = client.post("/api/validate", data=envelope(["fortune_teler", "imp", "점쟁이2", "spy", "chef"])).get_json()
    assert all(f["kind"] and not re.fullmatch(r"[a-z-]+", f["kind"]) for f in body["findings"])
    entries = body["script"]["characters"]
    assert [e["id"] for e in entries] == ["fortune_teler", "imp", "점쟁이2", "spy", "chef"]  # in place, as written
    typo = entries[0]
    assert typo["unknown"] and typo["suggestions"][0] == {"id": "fortuneteller", "name": "점쟁이", "team": "townsfolk"}
    assert entries[2]["unknown"] and entries[2]["suggestions"][0]["id"] == "fortuneteller"


def test_jinxes_the_djinn_and_both_nights_come_with_the_checks(client):
    body = client.post("/api/validate", data=envelope(["washerwoman", "chef", "alchemist", "spy", "imp"])).get_json()
    [jinx] = body["jinxes"]
    assert [c["name"] for c in jinx["characters"]] == ["연금술사", "첩자"] and "첩자" in jinx["text"]
    [djinn] = body["added"]
    assert djinn["name"] == "지니" and "징크스" in djinn["why"]
    first = [s["id"] for s in body["nights"]["first_night"]["steps"]]
    official = yaml.safe_load((DEFAULT_CONTENT_DIR / "night_order.yaml").read_text(encoding="utf-8"))["first_night"]
    assert first == [s for s in official if s in first] and first[0] == "dusk" and "spy" in first
    assert body["nights"]["first_night"]["name"] == "첫날 밤"
    fixed = next(s for s in body["nights"]["first_night"]["steps"] if s["id"] == "minioninfo")
    assert fixed["fixed"] and fixed["condition"] == "7명 이상"
    none = client.post("/api/validate", data=envelope(["washerwoman", "chef", "spy", "imp", "butler"])).get_json()
    assert none["jinxes"] == [] and none["added"] == []


@pytest.mark.slow
def test_a_refusal_says_why_and_nothing_answers_500(client):
    empty = client.post("/api/document/script_sheet?force=1", data=envelope([]))
    assert empty.status_code == 422 and empty.get_json()["reason"] == "no_characters"
    with_errors = client.post("/api/document/script_sheet", data=envelope(["imp"]))
    assert with_errors.status_code == 422 and with_errors.get_json()["reason"] == "has_errors"
    for path in ("/api/build", "/api/export", "/api/preview", "/api/document/tokens", "/api/validate"):
        for ids in ([], ["zzz"], ["imp"]):
            assert client.post(f"{path}?force=1", data=envelope(ids)).status_code < 500, (path, ids)


def test_a_single_document_is_named_after_the_script(client):
    answer = client.post(
        "/api/document/script_sheet?force=1&name=우리-스크립트",
        data=envelope(["washerwoman", "imp", "spy", "chef", "butler"]),
    )
    assert answer.status_code == 200
    assert "filename*=UTF-8''" + urllib.parse.quote("우리-스크립트-script.pdf") in answer.headers["Content-Disposition"]


def test_bundled_scripts_come_in_edition_order(client):
    bundled = [s["name"] for s in client.get("/api/scripts").get_json() if s["source"] == "bundled"]
    assert bundled[:3] == ["trouble-brewing", "bad-moon-rising", "sects-and-violets"]


def emitted_codes() -> set[str]:
    """Every finding code generator/ passes to Report.error/warning/info/cannot_read (the first argument, when literal),
    and the codes the text checks keep in tables ('level', 'code', label)."""
    import ast

    from generator import PACKAGE_DIR

    codes = set()
    for path in PACKAGE_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("error", "warning", "info", "cannot_read")
            ):
                if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                    codes.add(node.args[0].value)
            if (
                isinstance(node, ast.Tuple)
                and len(node.elts) == 3
                and all(isinstance(e, ast.Constant) for e in node.elts)
            ):
                level, code, _label = (e.value for e in node.elts)
                if level in ("error", "warning", "info") and isinstance(code, str):
                    codes.add(code)
    return {code for code in codes if re.fullmatch(r"[a-z]+(-[a-z0-9]+)+", code)}


def test_every_finding_code_has_a_korean_label():
    from generator.findings import kind_labels

    codes = emitted_codes()
    assert {"unknown-id", "setup-shortfall", "json-syntax", "text-invisible"} <= codes  # the scan finds them
    assert not sorted(codes - set(kind_labels()))
