"""An edited official script is the club's (issue 33): once its characters differ from the edition's, the print no
longer credits the publisher and the check asks for a title of its own; the edition itself, with or without its
travellers, keeps both."""

from __future__ import annotations

import json

import pytest
import yaml
from conftest import CONTENT, pdf_page_texts, run_cli, validate, with_code


def edited_trouble_brewing(tmp_path, swap=("mayor", "grandmother")):
    data = yaml.safe_load((CONTENT / "scripts" / "trouble-brewing.yaml").read_text(encoding="utf-8"))
    data["id"] = "tb-edit"
    data["characters"] = [swap[1] if cid == swap[0] else cid for cid in data["characters"]]
    path = tmp_path / "tb-edit.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def sheet_text(path, tmp_path) -> str:
    result = run_cli("sheet", path, "--out", tmp_path / "out", "--quiet")
    assert result.exit_code == 0, result.output
    [pdf] = (tmp_path / "out").rglob("script.pdf")
    return "".join("".join(pdf_page_texts(pdf)).split())


@pytest.mark.slow
def test_an_edited_edition_is_printed_without_the_publishers_credit_and_asks_for_a_title(tmp_path):
    path = edited_trouble_brewing(tmp_path)
    _, report = validate(path)
    [credit] = with_code(report, "publisher-credit", "warning")
    [title] = with_code(report, "official-title", "warning")
    assert "The Pandemonium Institute" in credit.message and "'불길한 조짐 변형'" in title.message
    text = sheet_text(path, tmp_path)
    assert "Pandemonium" not in text and "제작" not in text


@pytest.mark.slow
def test_the_edition_keeps_its_credit_with_or_without_its_travellers(tmp_path):
    assert "제작:ThePandemoniumInstitute" in sheet_text("trouble-brewing", tmp_path)
    exported = tmp_path / "tb.json"
    assert run_cli("export-json", "trouble-brewing", "-o", exported).exit_code == 0
    document = json.loads(exported.read_text(encoding="utf-8"))
    no_travellers = [item for item in document if not (isinstance(item, dict) and item.get("team") == "traveller")]
    assert len(no_travellers) == len(document) - 5
    path = tmp_path / "tb-no-travellers.json"
    path.write_text(json.dumps(no_travellers, ensure_ascii=False), encoding="utf-8")
    _, report = validate(path)
    assert with_code(report, "publisher-credit") == [] and with_code(report, "official-title") == []
    assert "제작:ThePandemoniumInstitute" in sheet_text(path, tmp_path / "json")


def test_the_page_is_told_which_scripts_are_an_edition(tmp_path):
    from generator.server import create_app

    client = create_app(workspace=tmp_path / "workspace").test_client()
    edition = client.get("/api/scripts/bundled/trouble-brewing").get_json()["script"]["edition"]
    assert (edition["id"], edition["title"], edition["author"]) == (
        "trouble-brewing",
        "불길한 조짐",
        "The Pandemonium Institute",
    )
    assert len(edition["ids"]) == 22 and "beggar" not in edition["ids"]  # the travellers come and go
    assert client.get("/api/scripts/bundled/in-space").get_json()["script"]["edition"] is None
