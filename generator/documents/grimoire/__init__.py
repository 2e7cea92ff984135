"""Game → grimoire.pdf: a paper grimoire a storyteller fills in with a pen, two pages per game (one sheet printed
double-sided), repeated for --copies.

For the game's player count (RenderOptions.players, else the top of the script's range) the front has that many
numbered seats round the page's edge, each with a name line, a character line, three reminder marks and squares
for death and the ghost vote (ring.py); inside them the demon's three bluffs, the bag for that count with the
script's setup changes, and this script's first-night and other-nights order (steps that need more players than
the game has are left out) with a box for the seat to wake, and ruled notes in what they leave (centre.py). The
back is the day log: eight days of nominations, votes and executions (day_log.py).

Why two pages at every count: at 15–20 seats one page cannot hold seats a hand can write in (41 × 27 mm at least)
with the nights and a day log of 8 days beside them; the nights belong with the seats (they are read together in
the dark), the day log is read on its own. One layout for every count keeps the sheet where the storyteller
expects it, printed double-sided it stays one sheet a game, and printed single-sided the two sheets lie side by
side at the table.
"""

from __future__ import annotations

import io

from generator.art.icons import character_icon
from generator.documents.grimoire.centre import centre_of, draw_centre, draw_text, height_needed
from generator.documents.grimoire.day_log import draw_day_log
from generator.documents.grimoire.ring import draw_seat, plan_ring
from generator.load.bag import player_count
from generator.read.theme import color, font_name, labels, look, mm, paper_size_pt, theme
from generator.typeset.fonts import register_fonts, text_width
from generator.typeset.styles import credit_line, draw_ground, draw_page_furniture


def build(game, options) -> list[tuple[str, bytes]]:
    register_fonts()
    from reportlab.pdfgen import canvas as pdf_canvas

    width, height = paper_size_pt(options.paper)
    buffer = io.BytesIO()
    canvas = pdf_canvas.Canvas(buffer, pagesize=(width, height), invariant=1)
    canvas.setTitle(f"{game.script.title} · {labels('grimoire')['title']}")
    canvas.setAuthor(game.script.author or "")
    canvas.setCreator("botc-pnp")
    icons = {c.id: character_icon(c, game, options) for c in game.characters}
    seats = player_count(game, options)
    centre = centre_of(game, icons, seats)
    chosen = look(options.style)  # --style: the ground under each page (the seats stay white to write on)
    for _ in range(max(1, options.grimoire_copies)):
        draw_ground(canvas, width, height, chosen)
        draw_front(canvas, game, centre, seats, width, height)
        canvas.showPage()
        draw_ground(canvas, width, height, chosen)
        draw_back(canvas, game, seats, width, height)
        canvas.showPage()
    canvas.save()
    return [("grimoire.pdf", buffer.getvalue())]


def body(width: float, height: float) -> tuple[float, float, float, float]:
    margin = mm(theme().page.margin)
    return margin, margin + mm(1), width - margin, height - margin


def draw_front(canvas, game, centre, seats: int, width: float, height: float) -> None:
    words = labels("grimoire")
    x0, y0, x1, y1 = body(width, height)
    title = f"{words['title']} · {words['players'].format(n=seats)}"
    top = draw_heading(canvas, title, words["how_to"], x0, x1, y1, blanks=True)
    ring = plan_ring(seats, (x0, y0, x1, top), lambda w, row: height_needed(centre, w, row))
    for number, (left, low) in enumerate(ring.corners, start=1):
        draw_seat(canvas, number, left, low, ring.width, ring.height)
    draw_centre(canvas, centre, ring.centre)
    draw_page_furniture(canvas, width, height, game.script.title, None, credit_line())


def draw_back(canvas, game, seats: int, width: float, height: float) -> None:
    words = labels("grimoire")
    x0, y0, x1, y1 = body(width, height)
    title = words["day_title"].format(title=words["title"], players=words["players"].format(n=seats))
    top = draw_heading(canvas, title, words["day_how_to"], x0, x1, y1, blanks=False)
    draw_day_log(canvas, x0, x1, top, y0)
    draw_page_furniture(canvas, width, height, game.script.title, None, credit_line())


def draw_heading(canvas, title: str, how_to: str, x0: float, x1: float, top: float, blanks: bool) -> float:
    """The page's title (with the date and storyteller blanks on the front) and its note; returns the y under them."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.utils import simpleSplit

    t, words = theme().grimoire, labels("grimoire")
    canvas.saveState()
    canvas.setFillColor(HexColor(color("ink")))
    y = top - t["title_pt"] - 2
    canvas.setFont(font_name("serif_bold"), t["title_pt"])
    canvas.drawString(x0, y, title)
    if blanks:
        canvas.setFont(font_name("sans"), t["text_pt"])
        canvas.setStrokeColor(HexColor(t["line_color"]))
        canvas.setLineWidth(t["line_pt"])
        right = x1
        for label in (words["storyteller"], words["date"]):
            canvas.line(right - mm(30), y - 1.5, right, y - 1.5)
            right -= mm(30) + mm(1.5)
            canvas.drawRightString(right, y, label)
            right -= text_width(label, font_name("sans"), t["text_pt"]) + mm(5)
    size = t["label_pt"]
    y -= t["title_pt"] * 0.6
    for line in simpleSplit(how_to, font_name("sans"), size, x1 - x0):
        y -= size * 1.35
        draw_text(canvas, x0, y, line, "sans", size)
    canvas.restoreState()
    return y - mm(3)
