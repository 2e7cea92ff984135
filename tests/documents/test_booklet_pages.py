"""The booklet (issue 35): the reading almanac fills a multiple of four pages with ruled notes pages (노트) before the
back cover, so the imposition leaves no blank page, and every sheet side has short fold marks at the middle of its
top and bottom edges."""

from __future__ import annotations

import pytest
from conftest import pdf_chars

pytestmark = pytest.mark.slow  # reads whole kits


@pytest.mark.parametrize("script", ["trouble-brewing", "bad-moon-rising", "sects-and-violets", "in-space"])
def test_no_blank_page_only_notes_before_the_back_cover(kit, script):
    _, files = kit("a4", script)
    pages = pdf_chars(files["almanac.pdf"])
    assert len(pages) % 4 == 0
    texts = ["".join(c["text"] for c in page["chars"]) for page in pages]
    assert all(text.strip() for text in texts)  # no empty page anywhere
    credits = max(i for i, text in enumerate(texts) if "출처와 라이선스" in text)
    assert all("노트" in text for text in texts[credits + 1 : -1])
    assert len(pdf_chars(files["almanac-booklet.pdf"])) * 2 == len(pages)


def test_every_sheet_side_has_fold_marks(kit):
    import pypdfium2
    import pypdfium2.raw as raw

    _, files = kit("a4", "trouble-brewing")
    document = pypdfium2.PdfDocument(files["almanac-booklet.pdf"])
    try:
        for page in document:
            middle, height = page.get_width() / 2, page.get_height()
            marks = [obj.get_bounds() for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH])]
            at_fold = [b for b in marks if abs((b[0] + b[2]) / 2 - middle) < 1 and b[2] - b[0] < 2]
            assert any(b[1] < 1 for b in at_fold) and any(b[3] > height - 1 for b in at_fold), at_fold
    finally:
        document.close()
