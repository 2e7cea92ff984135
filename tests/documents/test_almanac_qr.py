"""The almanac's address as a QR code on the sheet back (issue 35): printed when a script has `_meta.almanac` or
`almanac:`, read back from the rendered page to the same address; an address that is not http(s) gets a warning
and no code. Nothing is ever fetched."""

from __future__ import annotations

import json

import pypdfium2
import pytest
import yaml
import zxingcpp
from conftest import CONTENT, pdf_page_texts, run_cli, validate, with_code

ADDRESS = "https://example.org/clocktower/trouble-brewing-almanac?lang=ko"


def sheet_back(tmp_path, script_path):
    result = run_cli("sheet", script_path, "--out", tmp_path / "out", "--quiet")
    assert result.exit_code == 0, result.output
    [pdf] = (tmp_path / "out").rglob("script.pdf")
    return pdf


def tb_yaml(tmp_path, almanac: str):
    data = yaml.safe_load((CONTENT / "scripts" / "trouble-brewing.yaml").read_text(encoding="utf-8"))
    data["almanac"] = almanac
    path = tmp_path / "tb.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def decoded(pdf) -> list[str]:
    image = pypdfium2.PdfDocument(pdf.read_bytes())[1].render(scale=3).to_pil()
    return [result.text for result in zxingcpp.read_barcodes(image)]


@pytest.mark.slow
def test_the_almanac_address_prints_as_a_qr_code_that_reads_back(tmp_path):
    pdf = sheet_back(tmp_path, tb_yaml(tmp_path, ADDRESS))
    assert decoded(pdf) == [ADDRESS]
    back = "".join(pdf_page_texts(pdf)[1].split())
    assert "휴대폰카메라로읽으면" in back and ADDRESS in back
    exported = tmp_path / "again.json"  # and it travels with the script
    assert run_cli("export-json", tb_yaml(tmp_path, ADDRESS), "-o", exported).exit_code == 0
    assert json.loads(exported.read_text(encoding="utf-8"))[0]["almanac"] == ADDRESS


@pytest.mark.slow
def test_a_publisher_json_carries_it_in_meta(tmp_path):
    exported = tmp_path / "tb.json"
    assert run_cli("export-json", "trouble-brewing", "-o", exported).exit_code == 0
    document = json.loads(exported.read_text(encoding="utf-8"))
    document[0]["almanac"] = ADDRESS
    exported.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    assert decoded(sheet_back(tmp_path, exported)) == [ADDRESS]


@pytest.mark.slow
def test_an_address_that_is_not_a_web_address_is_reported_and_not_printed(tmp_path):
    path = tb_yaml(tmp_path, "almanac.pdf")
    _, report = validate(path)
    [finding] = with_code(report, "almanac-address", "warning")
    assert "https://" in finding.message
    pdf = sheet_back(tmp_path, path)
    assert decoded(pdf) == [] and "휴대폰" not in "".join(pdf_page_texts(pdf)[1].split())


def test_no_address_no_code(kit):
    _, files = kit("a4", "trouble-brewing")
    import io

    image = pypdfium2.PdfDocument(io.BytesIO(files["script.pdf"]))[1].render(scale=2).to_pil()
    assert zxingcpp.read_barcodes(image) == []
