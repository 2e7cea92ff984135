"""A planned Board (plan.py) and one of its sheets → the sheet drawn: the board's frame, the places that lie on that
sheet (box, life and vote circles, seat number or 여행자), the centre's panels (centre.py); on two sheets the seam's
alignment marks, the left sheet's glue flap and the right sheet's strip to cut off.

Everything is drawn in board millimetres through `mm`, on a canvas moved to the board's origin; dark lines on light
ground, no large fills, so a greyscale print keeps every mark and spends little toner.
"""

from __future__ import annotations

from generator.documents.town_square.plan import Board, Place, Sheet, square_theme
from generator.read.theme import color, font_name, hex_colour, labels, mm


def draw_sheet(canvas, board: Board, sheet: Sheet, draw_centre) -> None:
    """The board's part on `sheet`: what lies left of the seam on the left sheet, right of it on the right one, all of
    it on one A3 sheet. `draw_centre(canvas, part)` draws the centre's panels of that part ("left", "right")."""
    canvas.saveState()
    canvas.translate(mm(sheet.origin[0]), mm(sheet.origin[1]))
    clip(canvas, sheet, board)
    draw_frame(canvas, board)
    for place in board.places:
        if sheet.shows[0] <= place.box[0] and place.box[2] <= sheet.shows[1]:
            draw_place(canvas, place, board)
    parts = {"whole": ("left", "right"), "left": ("left",), "right": ("right",)}[sheet.side]
    for part in parts:
        draw_centre(canvas, part)
    canvas.restoreState()
    if sheet.side != "whole":
        canvas.saveState()
        canvas.translate(mm(sheet.origin[0]), mm(sheet.origin[1]))
        draw_marks(canvas, board, sheet.side)
        if sheet.side == "left":
            draw_flap(canvas, board)
        else:
            draw_cut_strip(canvas, board, sheet)
        canvas.restoreState()


def clip(canvas, sheet: Sheet, board: Board) -> None:
    """Nothing of the board past the seam: the left sheet ends at it, the right sheet starts at it."""
    if sheet.side == "whole":
        return
    page_left, page_bottom = -sheet.origin[0], -sheet.origin[1]
    left = page_left if sheet.side == "left" else sheet.shows[0]
    right = sheet.shows[1] if sheet.side == "left" else page_left + sheet.page[0]
    path = canvas.beginPath()
    path.rect(mm(left), mm(page_bottom), mm(right - left), mm(sheet.page[1]))
    canvas.clipPath(path, stroke=0, fill=0)


def draw_frame(canvas, board: Board) -> None:
    t = square_theme()
    canvas.setStrokeColor(hex_colour(t.frame_color))
    canvas.setLineWidth(t.frame_pt)
    canvas.roundRect(0, 0, mm(board.width), mm(board.height), mm(3), stroke=1, fill=0)


def draw_place(canvas, place: Place, board: Board) -> None:
    """A place's box (dashed for a traveller), its two circles with a faint word each, and its number."""
    t, words = square_theme(), labels("town_square")
    x0, y0, x1, y1 = place.box
    canvas.saveState()
    canvas.setStrokeColor(hex_colour(t.box_color))
    canvas.setLineWidth(t.box_pt)
    if place.traveller:
        canvas.setDash(list(t.box_dash))
    canvas.roundRect(mm(x0), mm(y0), mm(x1 - x0), mm(y1 - y0), mm(2.5), stroke=1, fill=0)
    canvas.setDash([])
    canvas.setStrokeColor(hex_colour(t.circle_color))
    canvas.setLineWidth(t.circle_pt)
    for (cx, cy), diameter, word in (
        (place.life, board.size.life, words["life"]),
        (place.vote, board.size.vote, words["vote"]),
    ):
        canvas.circle(mm(cx), mm(cy), mm(diameter) / 2, stroke=1, fill=0)
        canvas.setFillColor(hex_colour(t.circle_label_color))
        canvas.setFont(font_name("sans"), t.circle_label_pt)
        canvas.drawCentredString(mm(cx), mm(cy) - t.circle_label_pt * 0.35, word)
    canvas.setFillColor(hex_colour(color("ink")))
    lx, ly = mm(place.label[0]), mm(place.label[1])
    if place.traveller:
        draw_traveller_label(canvas, lx, ly, words["traveller"], upright=place.side in ("bottom", "top"))
    else:
        canvas.setFont(font_name("sans_bold"), t.number_pt)
        canvas.drawCentredString(lx, ly - t.number_pt * 0.36, str(place.number))
    canvas.restoreState()


def draw_traveller_label(canvas, x: float, y: float, word: str, upright: bool) -> None:
    """여행자 beside the vote circle: on a row, where the room is narrow and tall, one syllable a line; on a column,
    where it is wide and low, on one line."""
    size = square_theme().traveller_pt
    canvas.setFont(font_name("sans_bold"), size)
    if not upright:
        canvas.drawCentredString(x, y - size * 0.36, word)
        return
    leading = size * 1.15
    top = y + leading * (len(word) - 1) / 2
    for k, syllable in enumerate(word):
        canvas.drawCentredString(x, top - k * leading - size * 0.36, syllable)


def mark_heights(board: Board) -> list[float]:
    """Where the alignment marks cross the seam: above and below the board (in the margin) and across the middle of
    the centre, where the panels keep clear of the seam."""
    t = square_theme()
    return [-t.mark_out, (board.centre[1] + board.centre[3]) / 2, board.height + t.mark_out]


def draw_marks(canvas, board: Board, side: str) -> None:
    """Short lines that end at the seam on the left sheet and start at it on the right one: glued right, each pair
    is one straight line."""
    t = square_theme()
    seam = board.seam
    start, end = (seam - t.mark_len, seam) if side == "left" else (seam, seam + t.mark_len)
    canvas.setStrokeColor(hex_colour(color("ink")))
    canvas.setLineWidth(t.mark_pt)
    for y in mark_heights(board):
        canvas.line(mm(start), mm(y), mm(end), mm(y))


def draw_flap(canvas, board: Board) -> None:
    """The left sheet past the seam: the seam dashed (the right sheet's cut edge goes on it), light diagonal lines
    and what to do, turned to run along the flap."""
    t, words = square_theme(), labels("town_square")
    seam, flap, height = board.seam, t.flap, board.height
    canvas.saveState()
    canvas.setStrokeColor(hex_colour(color("ink")))
    canvas.setLineWidth(t.cut_pt)
    canvas.setDash(list(t.seam_dash))
    canvas.line(mm(seam), 0, mm(seam), mm(height))
    canvas.setDash([])
    path = canvas.beginPath()
    path.rect(mm(seam), 0, mm(flap), mm(height))
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.setStrokeColor(hex_colour(t.flap_color))
    canvas.setLineWidth(t.flap_hatch_pt)
    step = t.flap_hatch
    y = -flap
    while y < height:
        canvas.line(mm(seam), mm(y), mm(seam + flap), mm(y + flap))
        y += step
    canvas.restoreState()
    turned_words(canvas, words["flap"], seam + flap / 2, height / 2)


def draw_cut_strip(canvas, board: Board, sheet: Sheet) -> None:
    """The right sheet left of the seam: the cut line from margin to margin and what to do, along the strip."""
    t, words = square_theme(), labels("town_square")
    seam = board.seam
    canvas.setStrokeColor(hex_colour(color("ink")))
    canvas.setLineWidth(t.cut_pt)
    below = -sheet.origin[1] + 4  # the printable part of the bottom margin
    canvas.line(mm(seam), mm(below), mm(seam), mm(board.height + sheet.origin[1] - 4))
    strip_left = -sheet.origin[0]
    turned_words(canvas, words["cut_strip"], (strip_left + seam) / 2, board.height / 2)


def turned_words(canvas, text: str, x: float, y: float) -> None:
    """One line turned a quarter to read upwards, centred on (x, y) in board millimetres, on a white strip of its own
    (the flap's lines stop round it)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    size = square_theme().flap_pt
    canvas.saveState()
    canvas.translate(mm(x), mm(y))
    canvas.rotate(90)
    half = stringWidth(text, font_name("sans"), size) / 2 + mm(1.5)
    canvas.setFillColor(hex_colour("#ffffff"))
    canvas.rect(-half, -size * 1.2, 2 * half, size * 2.4, stroke=0, fill=1)
    canvas.setFillColor(hex_colour(color("ink")))
    canvas.setFont(font_name("sans"), size)
    canvas.drawCentredString(0, -size * 0.36, text)
    canvas.restoreState()
