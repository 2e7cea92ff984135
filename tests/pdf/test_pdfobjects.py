"""Booklet imposition reads reportlab's PDF objects itself: the booklet holds only what its pages use, and
anything that is not such a PDF is refused with NotReportlabPdf rather than imposed wrongly."""

import io

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from generator.pdf.impose import impose
from generator.pdf.objects import NotReportlabPdf, PdfObjects, dictionary_entry


def reading_pdf(pages: int) -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(300, 400), pageCompression=1)
    canvas.setTitle("책 (1 0 R)")
    for number in range(1, pages + 1):
        canvas.drawString(50, 200, f"page {number}")
        canvas.bookmarkPage(f"p{number}")
        canvas.addOutlineEntry(f"p{number}", f"p{number}")
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_booklet_pages_carry_the_reading_pages_text_in_saddle_stitch_order():
    booklet = PdfReader(io.BytesIO(impose(reading_pdf(5), (600, 400))), strict=True)
    texts = [page.extract_text() for page in booklet.pages]
    assert len(texts) == 4  # 5 pages padded to 8: four sheet sides
    assert "page 5" in texts[0] and "page 1" in texts[0]
    assert "page 2" in texts[1] and "page 4" not in texts[1]
    assert booklet.metadata.title == "책 (1 0 R)"  # a reference-like string in the title is left as it is


def test_booklet_drops_what_no_sheet_uses():
    source = reading_pdf(3)
    booklet = impose(source, (600, 400))
    assert b"/Outlines" in source and b"/Outlines" not in booklet
    objects = PdfObjects(booklet)
    assert len(objects.page_numbers()) == 2


@pytest.mark.parametrize("data", [b"", b"%PDF-1.4\nnot really", b"%PDF-1.4\nstartxref\n5\n%%EOF"])
def test_other_bytes_are_refused(data):
    with pytest.raises(NotReportlabPdf):
        impose(data, (600, 400))


def test_dictionary_entry_reads_nested_values():
    text = b"<< /A << /B [ 1 0 R (x]) ] >> /C 3 0 R /D (a\\)b) >>"
    assert dictionary_entry(text, "A") == b"<< /B [ 1 0 R (x]) ] >>"
    assert dictionary_entry(text, "C") == b"3 0 R"
    assert dictionary_entry(text, "D") == b"(a\\)b)"
    assert dictionary_entry(text, "E") is None
