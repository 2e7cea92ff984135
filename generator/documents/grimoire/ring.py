"""A player count and the front page's body → the seats round its edge (one size for all, the largest the page and
the centre allow) and the rectangle they leave inside; a seat → its drawn box.

The seats go round the page's edge, not an ellipse: a row along the top, a row along the bottom and (when the centre
stays wide enough for the nights) a column down each side, so the corners hold seats instead of blank paper. Seat 1
sits at the middle of the bottom row and the numbers go clockwise, as the players sit round the table.

A seat has four rows: its number with two squares to tick (dead, ghost vote used), a name line and a character line
that each hold five handwritten syllables of 5 mm, and three marks for the reminders on that player.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.read.theme import color, font_name, labels, mm, theme


def seat_theme() -> dict:
    return theme().grimoire["seat"]


@dataclass(frozen=True)
class Ring:
    """The seats round the worksheet: their size, each seat's corner, and the centre they leave free."""

    width: float  # one seat, points
    height: float
    corners: tuple[tuple[float, float], ...]  # each seat's lower-left corner, seat 1 first
    centre: tuple[float, float, float, float]  # x0, y0, x1, y1 inside the seats, past the centre gap


def plan_ring(seats: int, body: tuple[float, float, float, float], centre_height) -> Ring:
    """The seats' layout in `body` (x0, y0, x1, y1) with the largest seats whose centre still holds
    centre_height(width, row) at the nights' least row height (row_min, else row_floor); with no such layout (a
    homebrew night too long for any), the largest seats the minimum centre width allows (the nights' rows then
    shrink to fit); never nothing."""
    t = theme().grimoire
    for row, least in (
        (mm(t["night"]["row_min"]), True),
        (mm(t["night"]["row_floor"]), True),
        (None, True),
        (None, False),
    ):
        holds = (lambda width, row=row: centre_height(width, row)) if row else None
        fits = [
            found
            for top, sides, bottom in arrangements(seats)
            if (found := sized(top, sides, bottom, body, holds, least))
        ]
        if fits:
            largest = max(area for area, _ in fits)
            near = [size for area, size in fits if area >= largest * seat_theme()["near_largest"]]
            width, height, top, sides, bottom = max(near, key=lambda size: (size[4] % 2, -uneven(*size[2:], body)))
            return place(width, height, top, sides, bottom, body)
    raise ValueError(f"no seat layout for {seats} seats")  # unreachable: without a least size every count has one


def uneven(top: int, sides: int, bottom: int, body) -> float:
    """How far the seats' spacing along the rows is from their spacing down the sides: among seats of about the
    largest size, seat 1 at the bottom row's middle first, then the most even ring (the least of this)."""
    x0, y0, x1, y1 = body
    return abs((x1 - x0) / max(top, bottom) - (y1 - y0) / (sides + 2))


def arrangements(seats: int) -> list[tuple[int, int, int]]:
    """(top row, seats down each side, bottom row): rows of equal length or one apart, bottom row preferring the odd
    count so that seat 1 sits at its middle."""
    found = []
    for sides in range(0, seats // 2):
        rows = seats - 2 * sides
        if rows < 2:
            break
        top, bottom = rows // 2, rows - rows // 2
        if bottom % 2 == 0 and top % 2 == 1:
            top, bottom = bottom, top
        found.append((top, sides, bottom))
    return found


def sized(top: int, sides: int, bottom: int, body, centre_height, least: bool = True) -> tuple[float, tuple] | None:
    """(area, (width, height, top, sides, bottom)) of the largest seats this arrangement allows, or None when they
    fall under the seat's minimum size (with `least`) or have no size at all."""
    t, s = theme().grimoire, seat_theme()
    x0, y0, x1, y1 = body
    gap, inner = mm(s["gap"]), mm(t["centre_gap"])
    across = max(top, bottom)
    width = min(mm(s["max_w"]), (x1 - x0 - (across - 1) * gap) / across)
    if sides:
        width = min(width, (x1 - x0 - mm(t["night"]["column_min"]) * 2 - mm(t["night"]["column_gap"]) - 2 * inner) / 2)
    height = min(mm(s["max_h"]), (y1 - y0 - (sides + 1) * gap) / (sides + 2))
    closing = closing_rows(top, sides, bottom)
    if centre_height is not None and closing:
        centre_width = (x1 - x0) - (2 * (width + inner) if sides else 0)
        height = min(height, (y1 - y0 - centre_height(centre_width) - closing * inner) / closing)
    if width <= 0 or height <= 0 or least and (width < mm(s["min_w"]) - 0.01 or height < mm(s["min_h"]) - 0.01):
        return None
    return width * height, (width, height, top, sides, bottom)


def closing_rows(top: int, sides: int, bottom: int) -> int:
    """The rows with a seat above or below the centre: a row of two over side columns has them at its corners,
    and the centre reaches up (or down) between them."""
    return sum(1 for count in (top, bottom) if not (sides and count == 2))


def place(width: float, height: float, top: int, sides: int, bottom: int, body) -> Ring:
    x0, y0, x1, y1 = body
    inner = mm(theme().grimoire["centre_gap"])

    def across(count: int) -> list[float]:
        if count == 1:
            return [(x0 + x1 - width) / 2]
        step = (x1 - x0 - width) / (count - 1)
        return [x0 + k * step for k in range(count)]

    low, high = y0, y1 - height
    step = (high - low) / (sides + 1)
    column = [low + k * step for k in range(1, sides + 1)]  # bottom to top
    bottom_row = [(x, low) for x in reversed(across(bottom))]  # right to left
    left_side, top_row = [(x0, y) for y in column], [(x, high) for x in across(top)]
    right_side = [(x1 - width, y) for y in reversed(column)]
    clockwise = bottom_row + left_side + top_row + right_side
    start = bottom - 1 - (bottom // 2)  # the middle of the bottom row (just right of it for an even row)
    corners = tuple(clockwise[start:] + clockwise[:start])
    side = width + inner if sides else 0
    below = y0 + height + inner if not (sides and bottom == 2) else y0
    above = y1 - height - inner if not (sides and top == 2) else y1
    return Ring(width, height, corners, (x0 + side, below, x1 - side, above))


def draw_seat(canvas, number: int, left: float, low: float, width: float, height: float) -> None:
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase.pdfmetrics import stringWidth

    t, s, words = theme().grimoire, seat_theme(), labels("grimoire")
    ink, pad, label_pt = HexColor(color("ink")), mm(s["pad"]), t["label_pt"]
    canvas.saveState()
    canvas.setStrokeColor(ink)
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.setLineWidth(s["line_pt"])
    canvas.roundRect(left, low, width, height, mm(1.8), stroke=1, fill=1)
    shares = s["rows"]
    unit = (height - 2 * pad) / sum(shares)
    edges = [low + height - pad]
    for share in shares:
        edges.append(edges[-1] - share * unit)  # each row's bottom, top row first
    canvas.setFillColor(ink)
    canvas.setFont(font_name("sans_bold"), t["seat_number_pt"])
    canvas.drawString(left + pad, edges[1] + (edges[0] - edges[1] - t["seat_number_pt"] * 0.7) / 2, str(number))
    draw_ticks(canvas, left + width - pad, (edges[0] + edges[1]) / 2)
    labelled = (words["seat_name"], words["seat_character"], words["seat_reminders"])
    label_w = max(stringWidth(word, font_name("sans"), label_pt) for word in labelled)
    start, end = left + pad + label_w + mm(1.5), left + width - pad
    canvas.setFont(font_name("sans"), label_pt)
    canvas.setStrokeColor(HexColor(t["line_color"]))
    canvas.setLineWidth(t["line_pt"])
    for row, label in ((2, words["seat_name"]), (3, words["seat_character"])):
        base = edges[row] + mm(0.9)
        canvas.drawString(left + pad, base + mm(0.4), label)
        canvas.line(start, base, end, base)
    reminder_low, reminder_high = edges[4], edges[3]
    mark_h = min(mm(s["mark_max_h"]), reminder_high - reminder_low - mm(0.8))
    canvas.drawString(left + pad, reminder_low + (mark_h - label_pt * 0.7) / 2, words["seat_reminders"])
    draw_marks(canvas, start, end, reminder_low, mark_h)
    canvas.restoreState()


def draw_ticks(canvas, right: float, middle: float) -> None:
    """'사망 □  투표 □' at the top right: ticked when the player dies and when their ghost vote is spent."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase.pdfmetrics import stringWidth

    t, s, words = theme().grimoire, seat_theme(), labels("grimoire")
    size, label_pt = mm(s["tick"]), t["label_pt"]
    canvas.setStrokeColor(HexColor(color("ink")))
    canvas.setLineWidth(s["tick_line_pt"])
    canvas.setFont(font_name("sans"), label_pt)
    x = right
    for word in (words["seat_vote"], words["seat_dead"]):
        x -= size
        canvas.rect(x, middle - size / 2, size, size, stroke=1, fill=0)
        x -= mm(0.8) + stringWidth(word, font_name("sans"), label_pt)
        canvas.drawString(x, middle - label_pt * 0.35, word)
        x -= mm(2.5)


def draw_marks(canvas, start: float, end: float, low: float, mark_h: float) -> None:
    """Three rounded boxes, one reminder word each (중독, 취함, 레드 헤링 …)."""
    from reportlab.lib.colors import HexColor

    s = seat_theme()
    gap = mm(1.4)
    mark_w = min(mm(s["mark_max_w"]), (end - start - 2 * gap) / 3)
    canvas.setStrokeColor(HexColor(color("ink")))
    canvas.setLineWidth(s["mark_line_pt"])
    for k in range(3):
        canvas.roundRect(start + k * (mark_w + gap), low, mark_w, mark_h, min(mark_h / 2, mm(2.2)), stroke=1, fill=0)
