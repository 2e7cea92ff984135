"""`botc-pnp sheet --copies N`: N copies of the two-sided player sheet in duplex order, read back from script.pdf."""

from __future__ import annotations

import pytest
from conftest import pdf_page_texts, run_cli


def pages(path) -> list[str]:
    return pdf_page_texts(path)


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("sheets")
    single = run_cli("sheet", "--out", out / "one", "--quiet")
    triple = run_cli("sheet", "--copies", "3", "--out", out / "three", "--quiet")
    assert single.exit_code == 0 and triple.exit_code == 0, single.output + triple.output
    return out / "one" / "in-space" / "script.pdf", out / "three" / "in-space" / "script.pdf"


@pytest.mark.slow
def test_three_copies_are_six_pages_front_back_front_back(sheets):
    one, three = sheets
    front, back = pages(one)
    assert "첫날 밤 제외" in front and "첫날 밤 제외" not in back  # the front's footer tells them apart
    assert pages(three) == [front, back, front, back, front, back]


def test_copies_share_the_pages_instead_of_repeating_them(sheets):
    one, three = sheets
    from pypdf import PdfReader

    assert three.stat().st_size < 1.3 * one.stat().st_size
    sizes = {(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(str(three)).pages}
    assert len(sizes) == 1


@pytest.mark.parametrize("value", ["0", "51", "셋"])
def test_bad_copies_is_a_korean_usage_error(tmp_path, value):
    result = run_cli("sheet", "--copies", value, "--out", tmp_path)
    assert result.exit_code == 2
    assert "--copies" in result.output and "Traceback" not in result.output
