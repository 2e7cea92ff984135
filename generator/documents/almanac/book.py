"""The planned pages → the reading-order PDF: page templates (cover, body with running head and folio, back),
one platypus build, and the contents page numbers filled in on save."""

from __future__ import annotations

import io

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import BaseDocTemplate, Frame, NextPageTemplate, PageBreak, PageTemplate, Spacer

from generator.documents.almanac.contents import canvas_filling_page_numbers
from generator.documents.almanac.parts import Book, Marker
from generator.documents.almanac.plan import plan
from generator.read.theme import color, font_name, mm
from generator.typeset.flowables import Stack
from generator.typeset.styles import draw_ground


def draw_furniture(canvas, doc) -> None:
    """Running head and page number, all in the gothic face: the section word at the outer edge (left on a verso,
    right on a recto), where it shows when the stapled booklet is flipped; the script title at the inner edge."""
    book: Book = doc.almanac_book
    s = book.s
    x, y, w, h = book.frame_box()
    page = canvas.getPageNumber()
    recto = page % 2 == 1
    head_y = y + h + mm(s["head_gap"])
    size = s["head_pt"]
    canvas.saveState()
    title = book.game.script.title
    font = font_name("sans")
    section_width = stringWidth(book.section, font, size) + 12
    title_size = size
    while stringWidth(title, font, title_size) > w - section_width and title_size > 5.5:
        title_size -= 0.25
    canvas.setFillColor(HexColor(color("muted")))
    canvas.setFont(font, title_size)
    if recto:
        canvas.drawString(x, head_y, title)
    else:
        canvas.drawRightString(x + w, head_y, title)
    section, section_color = book.heads.get(page, (book.section, book.section_color))
    if section:
        canvas.setFillColor(HexColor(section_color))
        canvas.setFont(font, size)
        (canvas.drawRightString if recto else canvas.drawString)(x + w if recto else x, head_y, section)
    canvas.setStrokeColor(HexColor(color("rule")))
    canvas.setLineWidth(s["rule_pt"])
    canvas.line(x, head_y - 3.5, x + w, head_y - 3.5)
    canvas.setFillColor(HexColor(color("ink")))
    canvas.setFont(font, s["folio_pt"])
    canvas.drawCentredString(x + w / 2, y - mm(s["folio_gap"]), str(page))
    canvas.restoreState()


def draw_page_ground(canvas, doc) -> None:
    """The style's ground (--style) under the page, before anything on it; nothing for the clean style."""
    book: Book = doc.almanac_book
    draw_ground(canvas, *book.reading_size, book.look)


def draw_cover_border(canvas, doc) -> None:
    draw_page_ground(canvas, doc)
    book: Book = doc.almanac_book
    width, height = book.reading_size
    inset = mm(book.s["margin"]["side"]) * 0.55
    canvas.saveState()
    canvas.setStrokeColor(HexColor(color("rule")))
    canvas.setLineWidth(book.s["rule_pt"] * 2)
    canvas.rect(inset, inset, width - 2 * inset, height - 2 * inset)
    canvas.setLineWidth(book.s["rule_pt"])
    canvas.rect(inset + 2.5, inset + 2.5, width - 2 * inset - 5, height - 2 * inset - 5)
    canvas.restoreState()


def story(book: Book) -> list:
    """The planned pages as one platypus story: each page's flowables, then a break to the next page's template."""
    pages = plan(book)
    book.heads = running_heads(book, pages)
    flowables: list = []
    for index, page in enumerate(pages):
        flowables += page.flowables
        if index + 1 < len(pages):
            flowables += [NextPageTemplate(pages[index + 1].template), PageBreak()]
    return flowables


def running_heads(book: Book, pages) -> dict[int, tuple[str, str]]:
    """{page number: (section, colour)} for the running head: the section the page opens with, which is the one
    continuing from the page before unless a new section starts above any text ('차례 (계속)' and then 소개 on one
    page is headed 차례)."""
    heads = {}
    current = ("", color("muted"))
    for number, page in enumerate(pages, 1):
        top, text_seen = None, False
        for flowable in flattened(page.flowables):
            if isinstance(flowable, Marker):
                if flowable.section is not None:
                    current = (flowable.section, flowable.section_color or color("muted"))
                    if top is None and not text_seen:
                        top = current
            elif not isinstance(flowable, Spacer):
                text_seen = True
                if top is None:
                    top = current
        heads[number] = top if top is not None else current
    return heads


def flattened(flowables: list):
    """The flowables in drawing order, those inside a Stack (an entry's head and title) included."""
    for flowable in flowables:
        if isinstance(flowable, Stack):
            yield from flattened(flowable.content)
        else:
            yield flowable


def reading_pdf(game, options) -> tuple[bytes, Book]:
    book = Book(game, options)
    buffer = io.BytesIO()
    x, y, w, h = book.frame_box()
    doc = BaseDocTemplate(
        buffer,
        pagesize=book.reading_size,
        invariant=1,
        title=f"{game.script.title} · 해설서",
        author=game.script.author or "",
        creator="botc-pnp",
        producer="botc-pnp",
        leftMargin=x,
        rightMargin=x,
        topMargin=book.reading_size[1] - y - h,
        bottomMargin=y,
    )
    doc.almanac_book = book

    def frame(name: str) -> Frame:
        return Frame(x, y, w, h, id=name, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    doc.addPageTemplates(
        [
            PageTemplate("cover", [frame("cover")], onPage=draw_cover_border),
            PageTemplate("body", [frame("body")], onPage=draw_page_ground, onPageEnd=draw_furniture),
            PageTemplate("back", [frame("back")], onPage=draw_cover_border),  # framed like the front
        ]
    )
    doc.build(story(book), canvasmaker=canvas_filling_page_numbers(book))
    return buffer.getvalue(), book
