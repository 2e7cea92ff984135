"""Game → grimoire.pdf: a paper grimoire for one game night, one page per copy.

For the game's player count (RenderOptions.players, else the top of the script's range) the page has that many
numbered seats round a circle, each with room for the player's name, character and reminders; inside the circle
three boxes for the demon's bluffs and the bag for that count with the script's setup changes; below, this
script's first-night and other-nights order (steps that need more players than the game has are left out) with a
blank after each step for the seat to wake, and a day tracker for nominations, votes and executions.
"""

from __future__ import annotations

import io
import math

from generator.documents.parts import icon_color
from generator.art.icons import character_icon
from generator.art.icon_drawing import draw_icon
from generator.load.bag import player_count
from generator.load.bag import all_bag_rows, ordered_modifiers
from generator.model import BAG_TEAMS, NIGHTS
from generator.read.theme import color, font_name, labels, mm, paper_size_pt, team_color, theme
from generator.typeset.fonts import register_fonts
from generator.typeset.styles import credit_line, draw_page_furniture


def grimoire_theme() -> dict:
    return theme()["grimoire"]


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
    for _ in range(max(1, options.grimoire_copies)):
        draw_page(canvas, game, icons, player_count(game, options), width, height)
        canvas.showPage()
    canvas.save()
    return [("grimoire.pdf", buffer.getvalue())]


def draw_page(canvas, game, icons, seats: int, width: float, height: float) -> None:
    t = grimoire_theme()
    margin = mm(theme()["page"]["margin"])
    x0, x1, top, bottom = margin, width - margin, height - margin, margin + 10
    top = draw_heading(canvas, game, seats, x0, x1, top)
    circle_bottom = top - (top - bottom) * t["circle_share"]
    draw_seats(canvas, seats, (x0 + x1) / 2, (top + circle_bottom) / 2, x1 - x0, top - circle_bottom)
    draw_centre(canvas, game, seats, (x0 + x1) / 2, (top + circle_bottom) / 2)
    draw_lower(canvas, game, icons, seats, x0, x1, circle_bottom - mm(3), bottom)
    draw_page_furniture(canvas, width, height, game.script.title, None, credit_line())


def draw_heading(canvas, game, seats: int, x0: float, x1: float, top: float) -> float:
    from reportlab.lib.colors import HexColor

    t, words = grimoire_theme(), labels("grimoire")
    canvas.saveState()
    canvas.setFillColor(HexColor(color("ink")))
    canvas.setFont(font_name("serif_bold"), t["title_pt"])
    y = top - t["title_pt"] - 4
    canvas.drawString(x0, y, f"{words['title']} · {words['players'].format(n=seats)}")
    canvas.setFont(font_name("sans"), t["label_pt"] + 1)
    blanks = f"{words['date']}  ______________    {words['storyteller']}  ______________"
    canvas.drawRightString(x1, y, blanks)
    canvas.setFillColor(HexColor(color("muted")))
    canvas.setFont(font_name("sans"), t["label_pt"])
    canvas.drawString(x0, y - t["label_pt"] * 1.9, words["how_to"])
    canvas.restoreState()
    return y - t["label_pt"] * 2.6


def seat_centres(seats: int, cx: float, cy: float, rx: float, ry: float) -> list[tuple[float, float]]:
    """Seat 1 at the bottom middle (the storyteller's left as they face the table), then clockwise."""
    return [(cx + rx * math.sin(-2 * math.pi * k / seats), cy - ry * math.cos(2 * math.pi * k / seats)) for k in range(seats)]


def seat_boxes(seats: int, cx: float, cy: float, band_w: float, band_h: float):
    """(box width, box height, centres): the theme's box, made smaller until no two neighbours overlap."""
    t = grimoire_theme()
    scale = 1.0
    while True:
        box_w, box_h = mm(t["seat_w"]) * scale, mm(t["seat_h"]) * scale
        centres = seat_centres(seats, cx, cy, (band_w - box_w) / 2, (band_h - box_h) / 2)
        pairs = zip(centres, centres[1:] + centres[:1])
        if scale <= 0.6 or all(abs(a[0] - b[0]) >= box_w + 2 or abs(a[1] - b[1]) >= box_h + 2 for a, b in pairs):
            return box_w, box_h, centres
        scale -= 0.02


def draw_seats(canvas, seats: int, cx: float, cy: float, band_w: float, band_h: float) -> None:
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase.pdfmetrics import stringWidth

    t, words = grimoire_theme(), labels("grimoire")
    box_w, box_h, centres = seat_boxes(seats, cx, cy, band_w, band_h)
    scale = box_w / mm(t["seat_w"])
    canvas.saveState()
    for number, (x, y) in enumerate(centres, start=1):
        left, low = x - box_w / 2, y - box_h / 2
        canvas.setStrokeColor(HexColor(color("ink")))
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.setLineWidth(0.8)
        canvas.roundRect(left, low, box_w, box_h, mm(1.5), stroke=1, fill=1)
        canvas.setFillColor(HexColor(color("ink")))
        canvas.setFont(font_name("sans_bold"), t["seat_number_pt"])
        canvas.drawString(left + mm(1.4), low + box_h - t["seat_number_pt"] - mm(0.8), str(number))
        after_number = mm(1.4) + stringWidth(str(number), font_name("sans_bold"), t["seat_number_pt"]) + mm(1.5)
        canvas.setFont(font_name("sans"), t["label_pt"])
        canvas.setFillColor(HexColor(color("muted")))
        canvas.setStrokeColor(HexColor(color("rule")))
        canvas.setLineWidth(0.4)
        for row, label in enumerate((words["seat_name"], words["seat_character"])):
            base = low + box_h - mm(6.5) * scale - row * mm(5) * scale
            label_x = left + (after_number if row == 0 else mm(1.4))
            canvas.drawString(label_x, base + 1, label)
            start = label_x + stringWidth(label, font_name("sans"), t["label_pt"]) + mm(1.5)
            canvas.line(start, base, left + box_w - mm(1.4), base)
        canvas.setDash(1, 2)
        canvas.line(left + mm(1.4), low + mm(2.5), left + box_w - mm(1.4), low + mm(2.5))  # reminders written here
        canvas.setDash()
    canvas.restoreState()


def draw_centre(canvas, game, seats: int, cx: float, cy: float) -> None:
    """The demon's three bluffs and the bag for this player count, inside the circle of seats."""
    from reportlab.lib.colors import HexColor

    t, words = grimoire_theme(), labels("grimoire")
    canvas.saveState()
    canvas.setFillColor(HexColor(color("ink")))
    canvas.setFont(font_name("sans_bold"), t["heading_pt"])
    canvas.drawCentredString(cx, cy + mm(17), words["bluffs"])
    box = mm(22)
    canvas.setStrokeColor(HexColor(team_color("demon")))
    canvas.setLineWidth(1)
    for k in range(3):
        canvas.roundRect(cx - 1.5 * box - mm(3) + k * (box + mm(3)), cy + mm(1), box, mm(12), mm(1.5), stroke=1, fill=0)
    counts, changes = bag_for(game, seats)
    canvas.setFont(font_name("sans_bold"), t["heading_pt"])
    canvas.drawCentredString(cx, cy - mm(7), words["setup"])
    canvas.setFont(font_name("sans"), t["step_pt"])
    canvas.drawCentredString(cx, cy - mm(12), words["setup_counts"].format(**counts))
    if changes:
        canvas.setFillColor(HexColor(color("muted")))
        canvas.setFont(font_name("sans"), t["label_pt"])
        canvas.drawCentredString(cx, cy - mm(16.5), words["setup_changes"].format(names=", ".join(changes)))
    canvas.restoreState()


def bag_for(game, seats: int) -> tuple[dict, list[str]]:
    """The base bag for `seats` players (travellers aside: the table's last seats) and the names of the script's
    characters that change it."""
    rows = {row.players: row for row in all_bag_rows(game, game.library.bag_table)}
    fewer = [players for players in rows if players <= seats]
    row = rows.get(seats) or (rows[max(fewer)] if fewer else None)
    counts = dict(zip(BAG_TEAMS, row.base.as_tuple())) if row is not None else dict.fromkeys(BAG_TEAMS, "?")
    return counts, [c.name for c in ordered_modifiers(game)]


def draw_lower(canvas, game, icons, seats: int, x0: float, x1: float, top: float, bottom: float) -> None:
    t, words = grimoire_theme(), labels("grimoire")
    gap = mm(5)
    day_w = (x1 - x0) * 0.24
    night_w = (x1 - x0 - day_w - 2 * gap) / 2
    steps = {night: game.night_steps(night, players=seats) for night in NIGHTS}
    most = max(len(s) for s in steps.values())
    room = top - bottom - t["heading_pt"] * 2
    row = max(mm(t["step_row_min"]), min(mm(t["step_row_max"]), room / max(1, most)))
    for index, night in enumerate(NIGHTS):
        draw_night(canvas, game, icons, steps[night], words[night], x0 + index * (night_w + gap), top, night_w, row)
    draw_day_tracker(canvas, x1 - day_w, top, day_w, bottom)


def draw_night(canvas, game, icons, steps: list[str], title: str, x: float, top: float, width: float, row: float) -> None:
    from reportlab.lib.colors import HexColor

    t, words = grimoire_theme(), labels("grimoire")
    canvas.saveState()
    canvas.setFillColor(HexColor(color("ink")))
    canvas.setFont(font_name("sans_bold"), t["heading_pt"])
    canvas.drawString(x, top - t["heading_pt"], title)
    canvas.setStrokeColor(HexColor(color("rule")))
    canvas.setLineWidth(0.6)
    canvas.line(x, top - t["heading_pt"] * 1.4, x + width, top - t["heading_pt"] * 1.4)
    y = top - t["heading_pt"] * 1.4 - row
    size = min(t["step_pt"], row * 0.62)
    blank_w = mm(16)
    for step in steps:
        character = game.character(step) if step not in game.library.fixed_steps else None
        name = character.name if character is not None else game.library.fixed_steps[step].name
        icon = row * 0.8
        if character is not None:
            draw_icon(canvas, icons.get(character.id), x, y + (row - icon) / 2 - row * 0.18, icon, icon_color(character.team))
        canvas.setFillColor(HexColor(team_color(character.team) if character is not None else color("ink")))
        canvas.setFont(font_name("sans_bold"), size)
        canvas.drawString(x + icon + mm(1.2), y + row * 0.18, name)
        if character is not None:
            canvas.setFillColor(HexColor(color("muted")))
            canvas.setFont(font_name("sans"), t["label_pt"])
            canvas.drawRightString(x + width - blank_w - mm(1), y + row * 0.18, words["seat_blank"])
            canvas.setStrokeColor(HexColor(color("ink")))
            canvas.setLineWidth(0.5)
            canvas.line(x + width - blank_w, y + row * 0.12, x + width, y + row * 0.12)
        y -= row
    canvas.restoreState()


def draw_day_tracker(canvas, x: float, top: float, width: float, bottom: float) -> None:
    from reportlab.lib.colors import HexColor

    t, words = grimoire_theme(), labels("grimoire")
    columns = words["day_columns"]
    canvas.saveState()
    canvas.setFillColor(HexColor(color("ink")))
    canvas.setFont(font_name("sans_bold"), t["heading_pt"])
    canvas.drawString(x, top - t["heading_pt"], words["day"])
    head = top - t["heading_pt"] * 1.4
    row = min(mm(9), (head - bottom) / (t["day_rows"] + 1))
    first = width * 0.16
    other = (width - first) / (len(columns) - 1)
    edges = [x, x + first, *(x + first + other * k for k in range(1, len(columns)))]
    canvas.setFont(font_name("sans"), t["label_pt"])
    for index, label in enumerate(columns):
        canvas.drawCentredString((edges[index] + edges[index + 1]) / 2, head - row * 0.65, label)
    canvas.setStrokeColor(HexColor(color("rule")))
    canvas.setLineWidth(0.5)
    low = head - row * (t["day_rows"] + 1)
    for k in range(t["day_rows"] + 2):
        canvas.line(x, head - row * k, x + width, head - row * k)
    for edge in edges[1:]:
        canvas.line(edge, head, edge, low)
    canvas.rect(x, low, width, head - low, stroke=1, fill=0)
    canvas.setFont(font_name("sans"), t["step_pt"])
    for day in range(1, t["day_rows"] + 1):
        canvas.drawCentredString(x + first / 2, head - row * day - row * 0.65, str(day))
    canvas.restoreState()
