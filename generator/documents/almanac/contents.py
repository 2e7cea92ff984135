"""The contents (차례) → flowables whose page numbers are filled in when the PDF is saved.

Each number on the contents page is a PDF form that is defined only in the canvas's save(), after every entry's
Marker has recorded the page it landed on: the book is laid out once (laying it out twice to learn the numbers
cost half the almanac's time).
"""

from __future__ import annotations

import re

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from generator.art.icon_drawing import draw_icon
from generator.documents.almanac.parts import Book, Marker, keep_with_next, label
from generator.model import TEAM_NAMES_KO, TEAMS
from generator.read.theme import color, font_name, team_color

WIDEST_NUMBER = "00"  # dot leaders stop short of the widest page number the contents expects


def number_form_name(key: str) -> str:
    return "pageno_" + re.sub(r"[^A-Za-z0-9]", "_", key)


class ContentsLine(Flowable):
    """Icon, name, dot leader and page number on one line of the contents."""

    def __init__(self, book: Book, text: str, key: str, icon=None, icon_color: str | None = None, bold: bool = False):
        super().__init__()
        self.book, self.text, self.key = book, text, key
        self.icon, self.icon_color, self.bold = icon, icon_color, bold
        self.size, self.leading = book.s["contents_pt"], book.s["contents_leading_pt"]

    def wrap(self, avail_width, avail_height):
        self.width = avail_width
        return avail_width, self.leading

    def draw(self):
        canvas = self.canv
        baseline = (self.leading - self.size) / 2 + 1
        x = 0.0
        if self.icon_color:
            icon_size = self.size * 1.35
            draw_icon(canvas, self.icon, x, baseline - icon_size * 0.2, icon_size, self.icon_color)
            x += icon_size + 5
        font = font_name("serif_bold" if self.bold else "serif")
        canvas.setFillColor(HexColor(color("ink")))
        canvas.setFont(font, self.size)
        canvas.drawString(x, baseline, self.text)
        canvas.saveState()
        canvas.translate(self.width, baseline)
        canvas.doForm(number_form_name(self.key))
        canvas.restoreState()
        start = x + stringWidth(self.text, font, self.size) + 4
        end = self.width - stringWidth(WIDEST_NUMBER, font, self.size) - 4
        step = 3.2
        dot = start + (step - (start % step))
        if dot < end:  # the leader: round dots as one dashed line with round caps (one path, not a circle per dot)
            canvas.saveState()
            canvas.setStrokeColor(HexColor(color("rule")))
            canvas.setLineWidth(0.8)
            canvas.setLineCap(1)
            canvas.setDash([0, step])
            canvas.line(dot, baseline + 1.6, end, baseline + 1.6)
            canvas.restoreState()


def appendix_keys(book: Book) -> list[str]:
    keys = ["first_night", "other_nights", "setup_table"]
    if book.game.script.bootlegger:
        keys.append("house_rules")
    if book.game.jinxes:
        keys.append("jinxes")
    keys.append("credits")
    return keys


def contents(book: Book) -> list:
    st = book.styles
    story = [Marker(book, key="contents", section=label("contents")), *book.title(label("contents"))]
    for team in TEAMS:
        members = book.game.by_team(team)
        if not members:
            continue
        story.append(keep_with_next(book.text(TEAM_NAMES_KO[team], st.colored(st.team, team_color(team)))))
        for character in members:
            story.append(
                ContentsLine(
                    book, character.name, f"entry:{character.id}", book.icon(character), team_color(character.team)
                )
            )
    story.append(keep_with_next(book.text(label("appendix"), st.team)))
    for key in appendix_keys(book):
        story.append(ContentsLine(book, label(key), key))
    return story


def canvas_filling_page_numbers(book: Book):
    """A canvas class that, on save, defines each contents page-number form from the pages recorded while drawing."""
    size = book.s["contents_pt"]
    keys = [f"entry:{c.id}" for c in book.game.characters] + appendix_keys(book)

    class PageNumberCanvas(Canvas):
        def save(self):
            if len(self._code):
                self.showPage()
            for key in keys:
                self.beginForm(number_form_name(key), lowerx=-60, lowery=-size, upperx=0, uppery=size * 2)
                self.setFont(font_name("serif"), size)
                self.setFillColor(HexColor(color("ink")))
                self.drawRightString(0, 0, str(book.recorded.get(key, "")))
                self.endForm()
            super().save()

    return PageNumberCanvas
