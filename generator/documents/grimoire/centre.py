"""What lies inside the seats on the grimoire's front: the demon's three bluffs, the bag for this player count with
the script's setup changes, and both nights' steps with a box for the seat to wake (steps this count skips left
out). How tall that is for a given width, and drawing it.

A centre at least three columns wide sets the nights side by side with the bluffs and bag in a column beside them;
a narrower one sets the bluffs and bag above the two nights. What the columns leave below them is ruled for notes.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.art.icon_drawing import draw_icon
from generator.documents.parts import icon_color
from generator.load.bag import all_bag_rows, ordered_modifiers
from generator.model import BAG_TEAMS, NIGHTS
from generator.read.theme import color, font_name, labels, mm, team_color, theme
from generator.typeset.fonts import font_runs, text_width


@dataclass(frozen=True)
class Step:
    """One step of a night in the worksheet's centre."""

    name: str
    team: str | None  # None: a fixed step (dusk, minion info …), no one to wake by seat
    icon: object


@dataclass(frozen=True)
class Centre:
    """What the worksheet's centre shows: each night's steps, the setup counts and the script's changes to them."""

    nights: dict[str, list[Step]]
    counts: str
    changes: str | None


def centre_of(game, icons, seats: int) -> Centre:
    words = labels("grimoire")
    nights = {}
    for night in NIGHTS:
        steps = []
        for step in game.night_steps(night, players=seats):
            fixed = game.library.fixed_steps.get(step)
            if fixed is not None:
                steps.append(Step(fixed.name, None, None))
            else:
                character = game.character(step)
                steps.append(Step(character.name, character.team, icons.get(character.id)))
        nights[night] = steps
    counts, changes = bag_for(game, seats)
    return Centre(
        nights,
        words["setup_counts"].format(**counts),
        words["setup_changes"].format(names=", ".join(changes)) if changes else None,
    )


def bag_for(game, seats: int) -> tuple[dict, list[str]]:
    """The base bag for `seats` players (travellers aside: the table's last seats) and the names of the script's
    characters that change it."""
    rows = {row.players: row for row in all_bag_rows(game, game.library.bag_table)}
    fewer = [players for players in rows if players <= seats]
    row = rows.get(seats) or (rows[max(fewer)] if fewer else None)
    counts = dict(zip(BAG_TEAMS, row.base.as_tuple())) if row is not None else dict.fromkeys(BAG_TEAMS, "?")
    return counts, [c.name for c in ordered_modifiers(game)]


# --- measures ---------------------------------------------------------------------------------------------------


def is_wide(width: float) -> bool:
    t = theme().grimoire
    return width >= 2 * mm(t["night"]["column_min"]) + mm(t["info_column"]) + 2 * mm(t["night"]["column_gap"])


def info_width(width: float) -> float:
    return mm(theme().grimoire["info_column"]) if is_wide(width) else width


def height_needed(centre: Centre, width: float, row: float) -> float:
    """The centre's height at this width with the nights' rows `row` high."""
    nights = night_height(centre, row)
    info = info_height(centre, info_width(width), stacked=not is_wide(width))
    return max(nights, info) if is_wide(width) else nights + info + mm(theme().grimoire["block_gap"])


def night_height(centre: Centre, row: float) -> float:
    t = theme().grimoire
    return t["heading_pt"] * 1.6 + max(len(steps) for steps in centre.nights.values()) * row


def info_height(centre: Centre, width: float, stacked: bool) -> float:
    t = theme().grimoire
    b = t["bluffs"]
    boxes = mm(b["box_h"]) if stacked else 3 * mm(b["box_h"]) + 2 * mm(2)
    return (
        2 * t["heading_pt"] * 1.6
        + boxes
        + mm(4)
        + t["text_pt"] * 1.4
        + len(change_lines(centre, width)) * t["label_pt"] * 1.3
    )


def change_lines(centre: Centre, width: float) -> list[str]:
    from reportlab.lib.utils import simpleSplit

    return simpleSplit(centre.changes, font_name("sans"), theme().grimoire["label_pt"], width) if centre.changes else []


# --- drawing ----------------------------------------------------------------------------------------------------


def draw_centre(canvas, centre: Centre, box: tuple[float, float, float, float]) -> None:
    """The bluffs, the bag and the nights in `box` (x0, y0, x1, y1), the nights' rows as tall as the height allows
    (up to row_max; a night too long for any seat layout at row_floor gets smaller rows, never a row outside)."""
    t = theme().grimoire
    x0, y0, x1, y1 = box
    width, wide = x1 - x0, is_wide(x1 - x0)
    info_w = info_width(width)
    info_h = info_height(centre, info_w, stacked=not wide)
    most = max(len(steps) for steps in centre.nights.values())
    nights_top = y1 if wide else y1 - info_h - mm(t["block_gap"])
    room = nights_top - y0 - t["heading_pt"] * 1.6
    row = min(mm(t["night"]["row_max"]), room / max(1, most))
    gap = mm(t["night"]["column_gap"])
    column = (width - (info_w + gap if wide else 0) - gap) / 2
    if not wide:
        draw_info(canvas, centre, x0, y1, width, stacked=True)
    ends = []  # (left, right, the y under what is drawn there) of each column, for the notes under them
    for index, night in enumerate(NIGHTS):
        left = x0 + index * (column + gap)
        ends.append(
            (left, left + column, draw_night(canvas, centre.nights[night], night, left, nights_top, column, row))
        )
    if wide:
        ends.append((x1 - info_w, x1, draw_info(canvas, centre, x1 - info_w, y1, info_w, stacked=False)))
    draw_notes(canvas, ends, y0)


def draw_info(canvas, centre: Centre, x: float, top: float, width: float, stacked: bool) -> float:
    """The bluffs' three boxes (in a row, or one under another in a side column) and the bag under them; returns the
    y under the bag."""
    from reportlab.lib.colors import HexColor

    t, words = theme().grimoire, labels("grimoire")
    b = t["bluffs"]
    ink = HexColor(color("ink"))
    canvas.saveState()
    y = heading(canvas, words["bluffs"], x, top, width)
    box_h = mm(b["box_h"])
    box_w = min(mm(b["box_w"]) * 1.25, (width - 2 * mm(3)) / 3) if stacked else width
    canvas.setStrokeColor(HexColor(team_color("demon")))
    canvas.setLineWidth(b["line_pt"])
    for k in range(3):
        if stacked:
            left = x + (width - 3 * box_w - 2 * mm(3)) / 2 + k * (box_w + mm(3))
            canvas.roundRect(left, y - box_h, box_w, box_h, mm(1.5), stroke=1, fill=0)
        else:
            canvas.roundRect(x, y - box_h - k * (box_h + mm(2)), box_w, box_h, mm(1.5), stroke=1, fill=0)
    y -= (box_h if stacked else 3 * box_h + 2 * mm(2)) + mm(4)
    y = heading(canvas, words["setup"], x, y, width)
    canvas.setFillColor(ink)
    size = t["text_pt"]
    while size > t["label_pt"] and text_width(centre.counts, font_name("sans"), size) > width:
        size -= 0.25
    draw_text(canvas, x, y - size, centre.counts, "sans", size)
    y -= t["text_pt"] * 1.4
    for line in change_lines(centre, width):
        draw_text(canvas, x, y - t["label_pt"], line, "sans", t["label_pt"])
        y -= t["label_pt"] * 1.3
    canvas.restoreState()
    return y


def draw_notes(canvas, ends: list[tuple[float, float, float]], bottom: float) -> None:
    """'메모' and ruled lines in what the centre's columns leave below them (the red herring's seat, a changed
    character …): the heading under the shortest column, each line running across every neighbouring column that
    has ended above it."""
    from reportlab.lib.colors import HexColor

    t = theme().grimoire
    pitch, clear = mm(t["notes_pitch"]), mm(4)
    first = max(ends, key=lambda end: end[2])
    top = first[2] - clear - t["heading_pt"] * 1.6
    if top - 2 * pitch < bottom:  # a heading over a single line reads as a leftover
        return
    canvas.saveState()
    heading(canvas, labels("grimoire")["notes"], first[0], first[2] - clear, first[1] - first[0])
    canvas.setStrokeColor(HexColor(t["line_color"]))
    canvas.setLineWidth(t["line_pt"])
    y = top - pitch
    while y >= bottom:
        free = [(left, right) for left, right, end in sorted(ends) if end - clear - pitch * 0.5 >= y]
        runs: list[list[float]] = []
        for left, right in free:  # neighbours merge into one line across the gap between them
            if runs and [r for r in sorted(ends) if runs[-1][1] < r[0] < left] == []:
                runs[-1][1] = right
            else:
                runs.append([left, right])
        for left, right in runs:
            canvas.line(left, y, right, y)
        y -= pitch
    canvas.restoreState()


def heading(canvas, text: str, x: float, top: float, width: float, right: str | None = None) -> float:
    """A bold heading with a rule under it (and a label at its right end); returns the y under the rule."""
    from reportlab.lib.colors import HexColor

    t = theme().grimoire
    size = t["heading_pt"]
    canvas.setFillColor(HexColor(color("ink")))
    canvas.setFont(font_name("sans_bold"), size)
    canvas.drawString(x, top - size, text)
    if right:
        canvas.setFont(font_name("sans"), t["label_pt"])
        canvas.drawRightString(x + width, top - size, right)
    canvas.setStrokeColor(HexColor(color("ink")))
    canvas.setLineWidth(0.6)
    canvas.line(x, top - size * 1.35, x + width, top - size * 1.35)
    return top - size * 1.6


def draw_night(canvas, steps: list[Step], night: str, x: float, top: float, width: float, row: float) -> float:
    """A night's heading ('첫날 밤 … 자리') and a row per step: icon, name in its team's colour, a box for the seat;
    returns the y under the last row."""
    from reportlab.lib.colors import HexColor

    t, words = theme().grimoire, labels("grimoire")
    n = t["night"]
    canvas.saveState()
    y = heading(canvas, words[night], x, top, width, right=words["seat_blank"])
    box_w = mm(n["seat_box_w"])
    icon = row * 0.78
    room = width - icon - mm(1.2) - box_w - mm(1.5)
    for step in steps:
        y -= row
        size = min(t["step_pt"], row / 1.5)
        while size > 6 and text_width(step.name, font_name("sans_bold"), size) > room:
            size -= 0.25
        if step.team is not None:
            draw_icon(canvas, step.icon, x, y + (row - icon) / 2, icon, icon_color(step.team))
        canvas.setFillColor(HexColor(team_color(step.team) if step.team else color("ink")))
        draw_text(canvas, x + icon + mm(1.2), y + (row - size * 0.72) / 2, step.name, "sans_bold", size, room)
        if step.team is not None:
            canvas.setStrokeColor(HexColor(color("ink")))
            canvas.setLineWidth(n["box_line_pt"])
            canvas.rect(x + width - box_w, y + mm(0.5), box_w, row - mm(1), stroke=1, fill=0)
    canvas.restoreState()
    return y


def draw_text(canvas, x: float, y: float, text: str, font: str, size: float, room: float | None = None) -> None:
    """One line in a theme font, letters it lacks in its fallback; squeezed sideways to `room` when even the least
    size is wider (a homebrew name of twenty syllables)."""
    name = font_name(font)
    wide = text_width(text, name, size)
    squeeze = 100.0 if room is None or wide <= room else 100.0 * room / wide
    text_object = canvas.beginText(x, y)
    text_object.setHorizScale(squeeze)
    for piece, face in font_runs(text, name):
        text_object.setFont(face, size)
        text_object.textOut(piece)
    canvas.drawText(text_object)
