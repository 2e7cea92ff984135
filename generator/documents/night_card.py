"""Game → night-card.pdf: both nights on one upright page to keep beside the grimoire, every cue whole, at one size.

Each step is one row: its icon (a badge for dusk, minion info, demon info and dawn), its Korean name in the team
colour with any player-count condition, and after it on the same line its cue (the content's own, else one derived
from its night text: generator/load/night_cue.py), continued on as many lines as it needs (generator/typeset/cue_lines.py):
a cue is never cut. All cues of the card share one size, the largest of the theme's sizes at which each night fits its
column (10 pt for the official editions where it fits, never under 9 pt); a card less than half full at 10 pt (a
teensy script) is zoomed whole, cues, icons, title and headings, to the largest of the theme's larger sizes at which
both nights still fit. When a night does not fit one column even at 9 pt, the card becomes two: one page for each
night, its steps in two columns. Each column has its own row heights and spreads a little into room it has to spare.
Only a night too long for a whole page (a homebrew script) continues on another page under a "(계속)" heading, with a
warning.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from generator.art.icon_drawing import draw_icon
from generator.art.icons import character_icon
from generator.documents.parts import draw_badge, icon_color, step_label
from generator.load.night_cue import card_cue
from generator.load.notes import unplayed_note
from generator.model import NIGHT_NAMES_KO, NIGHTS
from generator.read.theme import color, font_name, look, mm, paper_size_pt, theme
from generator.read.theme import hex_colour as _hex
from generator.typeset.cue_lines import (
    card_theme,
    condition_size,
    cue_lines,
    icon_side,
    name_size,
    name_width,
    run_width,
    scaled,
    space_width,
    text_width,
    word_width,
)
from generator.typeset.fonts import register_fonts
from generator.typeset.glyphs import text_width as text_width_of
from generator.typeset.styles import credit_line, draw_ground, draw_page_furniture

GUIDE = "위에서 아래로 진행하세요. 게임에 없거나 깨울 수 없는 캐릭터는 건너뜁니다. 밑줄 친 굵은 글자는 알림 토큰입니다."


@dataclass
class Row:
    """One step on the night card: the character or fixed step, its cue's lines and their height."""

    step_id: str
    name: str
    name_color: str
    condition: str | None
    lines: list
    height: float


@dataclass
class Column:
    """One column of a night on the card, with its heading or continuation line."""

    night: str
    rows: list[Row]
    heading: bool = True  # the night's name above it (the second column of a night on its own page has none)
    continued: bool = False
    note: str | None = None


@dataclass
class Plan:
    """The card at one text size: its pages of columns, and whether they overflow."""

    size: float
    pages: list[list[Column]] = field(default_factory=list)
    overflow: bool = False


def make_rows(game, night: str, size: float, paper: str, english: bool = False) -> list[Row]:
    t = card_theme()
    leading = size * t["leading"]
    room = text_width(paper, size)
    rows = []
    for step_id in game.night_steps(night):
        name, name_color, condition = step_label(game, step_id, night)
        condition = f"{condition}일 때만" if condition else (game.english_name(step_id) if english else None)
        cue = card_cue(game, step_id, night)
        lines = cue_lines(cue, size, room - name_width(name, condition, size), room)
        text = name_size(size) * 1.05 + leading * (len(lines) - 1)
        height = max(icon_side(size), text) + 2 * t["row_padding_pt"] * scaled(size)
        rows.append(Row(step_id, name, name_color, condition, lines, height))
    return rows


def total(rows: list[Row]) -> float:
    return sum(row.height for row in rows)


def balanced_cut(rows: list[Row]) -> int:
    """Where to cut a night's rows into two columns so that the taller column is as short as it can be."""
    best, best_height = len(rows), total(rows)
    running = 0.0
    for cut in range(1, len(rows)):
        running += rows[cut - 1].height
        taller = max(running, total(rows) - running)
        if taller < best_height:
            best, best_height = cut, taller
    return best


def plan_card(game, area_for, paper: str, column_width: float, english: bool = False) -> Plan:
    """The size and the pages: both nights side by side at the largest size that fits, else one night a page; a card
    less than half full at the base size is set larger (larger_plan). `area_for(size)`: the columns' height at a size."""
    t = card_theme()
    sizes = t["cue_pt"]
    area = area_for(sizes[0])
    notes = {night: unplayed_note(game, night) for night in NIGHTS}
    heights = {night: area - (note_height(sizes[0], 2) if notes[night] else 0) for night in NIGHTS}
    for size in sizes:
        rows = {night: make_rows(game, night, size, paper, english) for night in NIGHTS}
        if all(total(rows[n]) <= heights[n] + 0.01 for n in NIGHTS):
            if size == sizes[0] and max(total(rows[n]) / heights[n] for n in NIGHTS) < t["least_fill"]:
                return larger_plan(game, size, area_for, notes, paper, column_width, english) or Plan(
                    size, [[Column(n, rows[n], note=notes[n]) for n in NIGHTS]]
                )
            return Plan(size, [[Column(n, rows[n], note=notes[n]) for n in NIGHTS]])
    for size in sizes:
        rows = {night: make_rows(game, night, size, paper, english) for night in NIGHTS}
        pages = []
        for night in NIGHTS:
            cut = balanced_cut(rows[night])
            first, second = rows[night][:cut], rows[night][cut:]
            if max(total(first), total(second)) > heights[night] + 0.01:
                break
            pages.append([Column(night, first, note=notes[night]), Column(night, second, heading=False)])
        else:
            return Plan(size, pages)
    return overflowing_plan(game, sizes[-1], area, paper, notes, english)


def larger_plan(
    game, size: float, area_for, notes: dict, paper: str, column_width: float, english: bool = False
) -> Plan | None:
    """A short script (a teensy) whose card would be less than half full: the whole card zoomed (cues, icons, title and
    headings) to the largest of the theme's larger sizes at which both nights still fit their columns, so that it is
    read at arm's length rather than left half empty."""
    for larger in sorted(card_theme()["larger_cue_pt"], reverse=True):
        if larger <= size:
            continue
        heights = {
            night: area_for(larger)
            - (note_height(larger, len(note_lines(notes[night], larger, column_width))) if notes[night] else 0)
            for night in NIGHTS
        }
        rows = {night: make_rows(game, night, larger, paper, english) for night in NIGHTS}
        if all(total(rows[n]) <= heights[n] + 0.01 and lines_fit(rows[n], larger, paper) for n in NIGHTS):
            return Plan(larger, [[Column(n, rows[n], note=notes[n]) for n in NIGHTS]])
    return None


def lines_fit(rows: list[Row], size: float, paper: str) -> bool:
    """Whether every cue line stays inside its column: a long name with its condition can leave the first line too
    little room for the cue's first word at a large size, and the word would run into the next column."""
    room = text_width(paper, size)
    space = space_width(size)
    for row in rows:
        for number, line in enumerate(row.lines):
            limit = room - name_width(row.name, row.condition, size) if number == 0 else room
            if line and sum(word_width(word, size) for word in line) + space * (len(line) - 1) > limit + 0.01:
                return False
    return True


def overflowing_plan(game, size: float, area: float, paper: str, notes: dict, english: bool = False) -> Plan:
    """A night longer than a page even at the smallest size: its steps fill columns in turn, pages as needed."""
    plan = Plan(size, overflow=True)
    for night in NIGHTS:
        rows = make_rows(game, night, size, paper, english)
        columns, current, used = [], [], 0.0
        for row in rows:
            if current and used + row.height > area:
                columns.append(current)
                current, used = [], 0.0
            current.append(row)
            used += row.height
        columns.append(current)
        page = []
        for number, column in enumerate(columns):
            page.append(
                Column(
                    night,
                    column,
                    heading=number % 2 == 0,
                    continued=number >= 2,
                    note=notes[night] if number == 0 else None,
                )
            )
            if len(page) == 2:
                plan.pages.append(page)
                page = []
        if page:
            plan.pages.append(page)
    return plan


def note_lines(note: str, size: float, width: float) -> list:
    return cue_lines(note, size - 1, width, width)


def note_height(size: float, lines: int = 1) -> float:
    return size * 1.6 + (lines - 1) * (size - 1) * 1.25


def spread(rows: list[Row], room: float) -> float:
    """Extra height each row gets from room the column has to spare, at most the theme's share of a row."""
    if not rows:
        return 0.0
    spare = room - total(rows)
    return max(0.0, min(spare / len(rows), total(rows) / len(rows) * (card_theme()["row_spread"] - 1)))


def draw_runs(canvas, line: list, x: float, y: float, size: float) -> None:
    """One cue line: plain words in the gothic, reminder names in gothic bold, underlined, in the reminder colour
    (the colour is only a second cue: the card is mostly printed in black and white)."""
    space = space_width(size)
    for number, word in enumerate(line):
        if number:
            x += space
        for run in word:
            width = run_width(run, size)
            face = font_name("sans_bold" if run.marked else "sans")
            canvas.setFillColor(_hex(color("reminder") if run.marked else color("ink")))
            canvas.setFont(face, size)
            canvas.drawString(x, y, run.text.replace("\u00a0", " "))
            if run.marked:
                canvas.setStrokeColor(_hex(color("reminder")))
                canvas.setLineWidth(max(0.5, size * 0.06))
                canvas.line(x, y - size * 0.14, x + width, y - size * 0.14)
            x += width


def draw_row(canvas, game, icons, row: Row, x: float, top: float, height: float, size: float) -> None:
    t = card_theme()
    icon = icon_side(size)
    leading = size * t["leading"]
    text_height = name_size(size) * 1.05 + leading * (len(row.lines) - 1)
    block = max(icon, text_height)
    block_top = top - (height - block) / 2
    icon_y = block_top - block / 2 - icon / 2
    if row.step_id in game.library.fixed_steps:
        draw_badge(canvas, row.step_id, x, icon_y, icon)
    else:
        draw_icon(canvas, icons.get(row.step_id), x, icon_y, icon, icon_color(game.character(row.step_id).team))
    text_x = x + icon + mm(t["icon_gap"])
    baseline = block_top - (block - text_height) / 2 - name_size(size) * 0.82
    bold = font_name("sans_bold")
    canvas.setFillColor(_hex(row.name_color))
    canvas.setFont(bold, name_size(size))
    canvas.drawString(text_x, baseline, row.name)
    after = text_x + text_width_of(row.name, "sans_bold", name_size(size)) + t["name_gap_pt"]
    if row.condition:
        canvas.setFillColor(_hex(color("muted")))
        canvas.setFont(font_name("sans"), condition_size(size))
        canvas.drawString(after, baseline, row.condition)
        after += text_width_of(row.condition, "sans", condition_size(size)) + t["name_gap_pt"]
    for number, line in enumerate(row.lines):
        draw_runs(canvas, line, after if number == 0 else text_x, baseline - number * leading, size)


def zoom(size: float) -> float:
    """How much larger than the card's base the title and headings are: a teensy card set larger is zoomed whole."""
    return max(1.0, size / card_theme()["cue_pt"][0])


def heading_height(size: float) -> float:
    return card_theme()["heading_pt"] * zoom(size) * 1.45 + 2


def draw_column(
    canvas, game, icons, column: Column, x: float, top: float, width: float, area: float, size: float
) -> None:
    t = card_theme()
    heading_pt = t["heading_pt"] * zoom(size)
    if column.heading or column.continued:
        canvas.setFillColor(_hex(color("ink")))
        canvas.setFont(font_name("sans_bold"), heading_pt)
        canvas.drawString(x, top - heading_pt, NIGHT_NAMES_KO[column.night] + (" (계속)" if column.continued else ""))
    canvas.setStrokeColor(_hex(color("ink")))
    canvas.setLineWidth(0.8)
    rule_y = top - heading_pt * 1.45
    canvas.line(x, rule_y, x + width, rule_y)
    y = rule_y - 2
    room = area
    if column.note:
        lines = note_lines(column.note, size, width)
        canvas.setFillColor(_hex(color("muted")))
        canvas.setFont(font_name("sans"), size - 1)
        for number, line in enumerate(lines):
            canvas.drawString(
                x, y - size * 1.1 - number * (size - 1) * 1.25, " ".join("".join(r.text for r in w) for w in line)
            )
        y -= note_height(size, len(lines))
        room -= note_height(size, len(lines))
    extra = spread(column.rows, room)
    for number, row in enumerate(column.rows):
        height = row.height + extra
        draw_row(canvas, game, icons, row, x, y, height, size)
        y -= height
        if number < len(column.rows) - 1:
            canvas.setStrokeColor(_hex(t["rule_color"]))
            canvas.setLineWidth(t["rule_pt"])
            canvas.line(x + icon_side(size) + mm(t["icon_gap"]), y, x + width, y)


def build(game, options) -> list[tuple[str, bytes]]:
    """Game + RenderOptions → [("night-card.pdf", bytes)]."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas as pdfcanvas

    register_fonts()
    t = card_theme()
    width, height = paper_size_pt(options.paper)
    margin = mm(theme().page.margin)
    x0, x1 = margin, width - margin
    gap = mm(t["column_gap"])
    column_width = (x1 - x0 - gap) / 2
    nights = {night: game.night_steps(night) for night in NIGHTS}
    icons = {c.id: character_icon(c, game, options) for c in game.characters if any(c.id in s for s in nights.values())}

    bold = font_name("sans_bold")

    def title_size_at(size: float) -> float:
        title_size = t["title_pt"] * zoom(size)
        while title_size > t["subtitle_pt"] + 1 and stringWidth(game.script.title, bold, title_size) > x1 - x0:
            title_size -= 0.5
        return title_size

    def area_top_at(size: float) -> float:
        return height - margin - (title_size_at(size) + 4 + t["subtitle_pt"] + mm(4))

    def area_at(size: float) -> float:
        return area_top_at(size) - (margin + mm(2)) - heading_height(size)

    plan = plan_card(game, area_at, options.paper, column_width, options.english)
    title_size, area_top, area = title_size_at(plan.size), area_top_at(plan.size), area_at(plan.size)
    if plan.overflow:
        longest = max(len(s) for s in nights.values())
        options.report.warning(
            "night-card-overflow",
            f"밤 순서가 길어({longest}단계) 한 밤을 한 쪽에 다 담지 못해 한 장 밤 순서를 {len(plan.pages)}쪽으로 나눴습니다. "
            "밤 안내를 모두 그대로 싣고, 이어지는 단에는 '(계속)'을 붙였습니다.",
            subject=game.script.id,
        )

    buffer = io.BytesIO()
    canvas = pdfcanvas.Canvas(buffer, pagesize=(width, height), invariant=1)
    canvas.setTitle(f"{game.script.title} · 한 장 밤 순서")
    canvas.setAuthor(game.script.author or "")
    canvas.setCreator("botc-pnp")
    for number, page in enumerate(plan.pages):
        draw_ground(canvas, width, height, look(options.style))
        canvas.setFillColor(_hex(color("ink")))
        canvas.setFont(bold, title_size)
        canvas.drawString(x0, height - margin - title_size, game.script.title)
        canvas.setFillColor(_hex(color("muted")))
        canvas.setFont(font_name("sans"), t["subtitle_pt"])
        canvas.drawString(x0, height - margin - title_size - 4 - t["subtitle_pt"], "한 장 밤 순서 · " + GUIDE)
        for index, column in enumerate(page):
            draw_column(
                canvas, game, icons, column, x0 + index * (column_width + gap), area_top, column_width, area, plan.size
            )
        canvas.setStrokeColor(_hex(t["rule_color"]))
        canvas.setLineWidth(t["rule_pt"])
        canvas.setDash(2, 2)
        canvas.line(
            x0 + column_width + gap / 2,
            margin + mm(2),
            x0 + column_width + gap / 2,
            area_top - heading_height(plan.size),
        )
        canvas.setDash()
        draw_page_furniture(canvas, width, height, "", number + 1, credit_line())
        canvas.showPage()
    canvas.save()
    return [("night-card.pdf", buffer.getvalue())]
