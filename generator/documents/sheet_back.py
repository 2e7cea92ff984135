"""Game → the back of the player sheet (script.pdf page 2): both night orders side by side in the upper band, and
below them jinxes, travellers, loric, fabled and the script's bootlegger rules in two balanced columns.

Everything reads upright: a sheet is read by the player holding it, and a column turned for the player across the
table left two quarters of the page empty. The extras are set at the front's ability size when the page has room
(smaller, down to the theme minimum, when it has not); the night rows take the height that is left, within the
theme's range, and any spare height opens the gap between the two bands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from generator.documents.sheet_parts import draw_badge, icon_color, sheet_theme, step_label, team_label, unplayed_note
from generator.typeset.paragraph import hangul_paragraph
from generator.art.icons import character_icon, draw_icon
from generator.josa import with_particle
from generator.typeset.markup import render
from generator.model import NIGHT_NAMES_KO, NIGHTS, TEAM_NAMES_KO
from generator.typeset.search_size import area_guess, largest_passing
from generator.read.theme import color, font_name, labels, mm, team_color, theme
from generator.typeset.styles import credit_line, draw_page_furniture, style
from generator.load.links import almanac_address
from generator.load.wording import wording

EXTRA_TEAMS = ("traveller", "loric", "fabled")


def back_theme() -> dict:
    return sheet_theme()["back"]


def _hex(value: str):
    from reportlab.lib.colors import HexColor

    return HexColor(value)


# ---------------------------------------------------------------- the night band


def night_band_height(game, row: float) -> float:
    b = back_theme()
    return b["heading_size_pt"] * 1.45 + mm(b["heading_gap"]) + row * max(len(game.night_steps(n)) for n in NIGHTS)


def draw_night_column(canvas, game, icons, night: str, x: float, top: float, width: float, row: float,
                      pitch: float | None = None) -> None:
    """One night's steps, icon and name (with its team in words, or its player-count condition) per row; icons and
    names are sized for `row`, and rows stand `pitch` apart (more than `row` in a column with room to spare)."""
    pitch = row if pitch is None else pitch
    b = back_theme()
    heading = b["heading_size_pt"]
    canvas.saveState()
    canvas.setFillColor(_hex(color("ink")))
    canvas.setFont(font_name("sans_bold"), heading)
    canvas.drawString(x, top - heading, NIGHT_NAMES_KO[night])
    skipped = unplayed_note(game, night, short=True)
    if skipped:  # a teensy script: minion and demon information are left out, and the heading says so
        canvas.setFillColor(_hex(color("muted")))
        canvas.setFont(font_name("sans"), b["night_note_size_pt"])
        canvas.drawRightString(x + width, top - heading, skipped)
    canvas.setStrokeColor(_hex(color("rule")))
    canvas.setLineWidth(theme()["page"]["rule_pt"])
    canvas.line(x, top - heading * 1.45, x + width, top - heading * 1.45)
    canvas.restoreState()
    y = top - heading * 1.45 - mm(b["heading_gap"])
    icon = min(row * 0.86, mm(b["night_icon_max"]))
    name_size = min(b["night_name_size_pt"], row * 0.5)
    note_size = max(b["night_note_size_pt"], name_size * 0.72)
    words = wording(game)
    for step_id in game.night_steps(night):
        name, name_color, condition = step_label(game, step_id, night)
        icon_y = y - pitch + (pitch - icon) / 2
        if step_id in game.library.fixed_steps:
            draw_badge(canvas, step_id, x, icon_y, icon)
        else:
            draw_icon(canvas, icons.get(step_id), x, icon_y, icon, icon_color(game.character(step_id).team))
        para = hangul_paragraph(
            render("sheet_name.j2", name=words.tie(name), color=name_color, note=condition or team_label(game, step_id),
                   note_font=font_name("sans"), note_size=round(note_size, 2), note_color=color("muted")),
            style("sans_bold", round(name_size, 2)), tight=True,
        )
        _, h = para.wrap(width - icon - 4, row)
        para.drawOn(canvas, x + icon + 4, y - pitch / 2 - h / 2 + name_size * 0.1)
        y -= pitch


# ---------------------------------------------------------------- the extras band


@dataclass
class Item:
    """A section heading or an entry of the extras band, measured for one text size and column width."""

    height: float
    draw: Callable[[object, float, float], None]  # (canvas, x, top y)
    heading: bool = False
    title: tuple[str, str] | None = None  # a heading's (title, colour), to draw it again across both columns
    width: float = 0.0  # a heading's column width
    of: "Item | None" = None  # a heading repeated at the top of the next column: the heading it continues


def section_heading(title: str, section_color: str, width: float, continued: bool = False) -> Item:
    b = back_theme()
    label = f"{title} (계속)" if continued else title
    size = b["section_size_pt"]
    height = size * 1.5 + mm(b["heading_gap"])

    def draw(canvas, x, top):
        canvas.saveState()
        canvas.setFillColor(_hex(section_color))
        canvas.rect(x, top - size * 1.3, 3, size * 1.3, stroke=0, fill=1)
        canvas.setFont(font_name("sans_bold"), size)
        canvas.drawString(x + 6, top - size * 1.05, label)
        canvas.setStrokeColor(_hex(section_color))
        canvas.setLineWidth(theme()["page"]["rule_pt"])
        canvas.line(x + 6, top - size * 1.5, x + width, top - size * 1.5)
        canvas.restoreState()

    return Item(height, draw, heading=True, title=(title, section_color), width=width)


def continued_heading(heading: Item) -> Item:
    """The heading of a section cut in two, again at the top of the right column, marked '(계속)'."""
    again = section_heading(*heading.title, heading.width, continued=True)
    again.of = heading
    return again


def entry(game, icons, options, pictured: list, markup: str, width: float, size: float) -> Item:
    """An entry: its icons (none for a bootlegger rule, which is then indented like the others) and its text."""
    icon = size * back_theme()["icon_per_pt"]
    text_x = icon * max(1, len(pictured)) + mm(1.5)
    para = hangul_paragraph(markup, style("serif", size, round(size * sheet_theme()["leading_ratio"], 2)), tight=True)
    _, text_h = para.wrap(width - text_x, 10_000)
    height = max(icon if pictured else 0.0, text_h)

    def draw(canvas, x, top):
        for number, character in enumerate(pictured):
            picture = icons.get(character.id) if character.id in icons else character_icon(character, game, options)
            draw_icon(canvas, picture, x + number * icon, top - icon, icon * 0.94, icon_color(character.team))
        para.drawOn(canvas, x + text_x, top - max(0.0, (min(height, icon) - text_h) / 2) - text_h)

    return Item(height, draw)


def extra_items(game, icons, options, width: float, size: float) -> list[Item]:
    """Jinxes, travellers, loric, fabled and bootlegger rules as headings and entries, in that order."""
    words = wording(game)
    ink = color("ink")
    name_font = font_name("sans_bold")
    items: list[Item] = []
    if game.jinxes:
        items.append(section_heading("징크스", ink, width))
        for jinx in game.jinxes:
            first, second = (game.character(cid) for cid in jinx.characters)
            markup = render("side_entry.j2", name=f"{words.tie(first.name)} · {words.tie(second.name)}", text=words.print(jinx.text),
                            color=ink, name_font=name_font, note=None)
            items.append(entry(game, icons, options, [first, second], markup, width, size))
    for team in EXTRA_TEAMS:
        members = game.by_team(team)
        if members:
            items.append(section_heading(TEAM_NAMES_KO[team], team_color(team), width))
        for character in members:
            target = game.named_character(character.id)
            note = None
            if target is not None:
                note = f"이 스크립트에서 {with_particle(character.name, '이')} 지정한 캐릭터: {target.name} ({TEAM_NAMES_KO[target.team]})"
            markup = render("side_entry.j2", name=words.tie(character.name), text=words.print(character.ability), color=team_color(team),
                            name_font=name_font, note=note, note_font=name_font,
                            note_color=team_color(target.team) if target is not None else ink)
            items.append(entry(game, icons, options, [character] + ([target] if target is not None else []), markup, width, size))
    rules = [rule for rule in game.script.bootlegger if rule and rule.strip()]
    if rules:
        items.append(section_heading(labels("almanac")["house_rules"], team_color("loric"), width))
        for rule in rules:
            items.append(entry(game, icons, options, [], render("almanac_text.j2", text=words.print(rule.strip())), width, size))
    address, _ = almanac_address(game.script)
    if address:
        items.append(section_heading(labels("sheet")["almanac_online"], ink, width))
        items.append(qr_entry(address, width, size))
    return items


def qr_entry(address: str, width: float, size: float) -> Item:
    """The almanac's address as a QR code with a caption beside it: printed only, never fetched."""
    from reportlab.graphics import renderPDF
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.graphics.shapes import Drawing

    from reportlab.pdfbase.pdfmetrics import stringWidth

    side = mm(back_theme()["qr_mm"])
    text_x = side + mm(3)
    one_pt = stringWidth(address, font_name("sans"), 1) or 1.0  # the address on one line, smaller when it is long
    address_size = round(min(max(6.0, size - 2), (width - text_x) / one_pt), 2)
    widget = QrCodeWidget(address, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(side, side, transform=[side / (x1 - x0), 0, 0, side / (y1 - y0), 0, 0])
    drawing.add(widget)
    caption = hangul_paragraph(render("qr_caption.j2", text=labels("sheet")["almanac_caption"], address=address,
                                      address_font=font_name("sans"), address_size=address_size,
                                      address_color=color("muted")),
                               style("serif", size, size * 1.3))
    _, text_h = caption.wrap(width - text_x, 10_000)
    height = max(side, text_h)

    def draw(canvas, x, top):
        renderPDF.draw(drawing, canvas, x, top - side)
        caption.drawOn(canvas, x + text_x, top - (height + text_h) / 2 if text_h < side else top - text_h)

    return Item(height, draw)


def stack_height(items: list[Item]) -> float:
    b = back_theme()
    total = 0.0
    for number, item in enumerate(items):
        if number:
            total += mm(b["section_gap"]) if item.heading else mm(b["entry_gap"])
        total += item.height
    return total


def split_columns(items: list[Item], spaces: tuple[float, float]) -> tuple[list[Item], list[Item], float] | None:
    """The items in two columns under the two nights, cut where the column that comes nearest to its bottom has the
    most room left: (left, right, least room left), or None when no cut fits. A heading never ends a column; a
    section cut in two repeats its heading, marked '(계속)', at the top of the right column. Heights come from
    running sums, so trying every cut costs one pass over the items."""
    b = back_theme()
    section_gap, entry_gap = mm(b["section_gap"]), mm(b["entry_gap"])
    count = len(items)
    reach = [0.0]  # reach[i]: the height of items[:i] stacked, the gaps between them included
    for number, item in enumerate(items):
        if number:
            reach[-1] += section_gap if item.heading else entry_gap
        reach.append(reach[-1] + item.height)
    best = None  # (room, cut, repeated heading or None)
    heading = None  # the last heading left of the cut
    for cut in range(0, count + 1):
        if cut and items[cut - 1].heading:
            heading = items[cut - 1]
            continue
        rest = reach[count] - reach[cut] - ((section_gap if items[cut].heading else entry_gap) if 0 < cut < count else 0.0)
        repeated = heading if cut < count and not items[cut].heading else None
        if repeated is not None:
            rest += repeated.height + entry_gap
        room = min(spaces[0] - reach[cut], spaces[1] - rest)
        if room >= 0 and (best is None or room > best[0] + 1e-6):
            best = (room, cut, repeated)
    if best is None:
        return None
    room, cut, repeated = best
    return items[:cut], ([continued_heading(repeated)] if repeated is not None else []) + items[cut:], room


def draw_column(canvas, items: list[Item], x: float, top: float) -> None:
    b = back_theme()
    y = top
    for number, item in enumerate(items):
        if number:
            y -= mm(b["section_gap"]) if item.heading else mm(b["entry_gap"])
        item.draw(canvas, x, y)
        y -= item.height


# ---------------------------------------------------------------- the page


def text_sizes(largest: float) -> list[float]:
    floor = theme()["text"]["min_size_pt"]
    sizes, size = [], largest
    while size >= floor - 1e-9:
        sizes.append(round(size, 2))
        size -= sheet_theme()["ability_step_pt"]
    return sizes or [floor]


def largest_row(items: list[Item], spaces, row_min: float, row_max: float):
    """(row, split) with the tallest night rows (from row_max down in 0.25 mm steps) at which `spaces(row)` holds
    the items; None."""
    rows, row = [], row_max
    while row > row_min + 1e-6:
        rows.append(row)
        row -= mm(0.25)
    rows.append(row_min)
    splits: dict[int, tuple | None] = {}

    def split_at(index: int):
        if index not in splits:
            splits[index] = split_columns(items, spaces(rows[index]))
        return splits[index]

    index = largest_passing(len(rows), lambda i: split_at(i) is not None)  # shorter rows leave more room
    return None if index is None else (rows[index], split_at(index))


def draw_back(canvas, game, icons, width: float, height: float, options, front_size: float) -> None:
    b = back_theme()
    margin = mm(theme()["page"]["margin"])
    x0, x1 = margin, width - margin
    draw_page_furniture(canvas, width, height, game.script.title, 2, credit_line())
    top, bottom = height - margin - 4, margin + 4
    gap = mm(b["column_gap"])
    half = (x1 - x0 - gap) / 2
    band_gap = mm(b["band_gap"])
    row_min, row_max = mm(b["night_row_min"]), mm(b["night_row_max"])
    counts = [len(game.night_steps(night)) for night in NIGHTS]
    fixed = b["heading_size_pt"] * 1.45 + mm(b["heading_gap"])

    def under_each(row: float) -> tuple[float, float]:  # the room under each night
        return tuple(top - bottom - fixed - row * n - band_gap for n in counts)

    def under_both(row: float) -> tuple[float, float]:  # one band, level under the longer night
        return (min(under_each(row)),) * 2

    # the largest text size (up to the front's) at which the extras fit under the nights at the smallest rows
    sizes = text_sizes(min(front_size, b["text_max_pt"]))
    measured: dict[int, list[Item]] = {}

    def items_at(index: int) -> list[Item]:
        if index not in measured:
            measured[index] = extra_items(game, icons, options, half, sizes[index])
        return measured[index]

    def fits(index: int) -> bool:
        return not items_at(index) or split_columns(items_at(index), under_each(row_min)) is not None

    # a smaller text size leaves more room: search from the size the overflow at the largest suggests
    first = items_at(0)
    free = sum(under_each(row_min))
    guess = 0 if fits(0) else area_guess(sizes, (sum(item.height for item in first) / free) if free > 0 else 1e9)
    index = largest_passing(len(sizes), fits, guess)
    size, items = (sizes[-1], items_at(len(sizes) - 1)) if index is None else (sizes[index], items_at(index))
    if index is None:
        options.report.warning(
            "sheet-back-overflow",
            f"밤 순서와 여행자·설화가 많아 캐릭터 시트 뒷면에 다 들어가지 않습니다(최소 글자 크기 {size}pt에서도 넘칩니다).",
            subject=game.script.id,
        )
    # then the tallest rows; one level band when it costs the rows little, else each column under its own night
    separate = largest_row(items, under_each, row_min, row_max)
    band = largest_row(items, under_both, row_min, row_max) if items else None
    level = band is not None and (separate is None or band[0] >= b["level_band_share"] * separate[0])
    chosen = band if level else separate
    if chosen is None:  # reported above: the extras run past the bottom margin
        middle = (len(items) + 1) // 2
        chosen = (row_min, (items[:middle], items[middle:], 0.0))
    row, (left, right, room) = chosen
    # a night with room to spare spreads its rows (up to night_pitch_max × the row) down to what follows it: the level
    # band, or its own extras right below it; no white band between a short night and its extras
    if level:
        band_top = min(top - fixed - row * n for n in counts) - band_gap - max(0.0, room)
        pitches = [spread_pitch(row, n, top - fixed - band_top - band_gap) for n in counts]
    else:
        pitches = [spread_pitch(row, n, top - bottom - fixed - band_gap - stack_height(column))
                   for n, column in zip(counts, (left, right))]
    for index, night in enumerate(NIGHTS):
        draw_night_column(canvas, game, icons, night, x0 + index * (half + gap), top, half, row, pitches[index])
    night_bottoms = [top - fixed - pitch * n for pitch, n in zip(pitches, counts)]
    divider = x0 + half + gap / 2
    breaks = []  # (top, bottom) of a heading drawn across the divider
    if level:
        if left and right and right[0].of is left[0]:  # the band's first section cut in two: one heading across it
            across = section_heading(*right[0].title, x1 - x0)
            across.draw(canvas, x0, band_top)
            breaks.append((band_top, band_top - across.height))
            draw_column(canvas, left[1:], x0, band_top - across.height)
            draw_column(canvas, right[1:], x0 + half + gap, band_top - across.height)
        else:
            draw_column(canvas, left, x0, band_top)
            draw_column(canvas, right, x0 + half + gap, band_top)
    else:  # each column's extras right under its own night
        for index, column in enumerate((left, right)):
            draw_column(canvas, column, x0 + index * (half + gap), night_bottoms[index] - band_gap)
    draw_divider(canvas, divider, top - b["heading_size_pt"] * 1.45, bottom, breaks)


def spread_pitch(row: float, count: int, free: float) -> float:
    """The distance between a night's rows when `free` points are left for them: at least the row, at most
    night_pitch_max times it."""
    if not count:
        return row
    return min(max(row, free / count), row * back_theme()["night_pitch_max"])


def draw_divider(canvas, x: float, top: float, bottom: float, breaks: list[tuple[float, float]]) -> None:
    """The dashed line between the two columns, interrupted where a heading runs across it."""
    canvas.saveState()
    canvas.setStrokeColor(_hex(color("rule")))
    canvas.setLineWidth(theme()["page"]["rule_pt"])
    canvas.setDash(2, 2)
    y = top
    for upper, lower in sorted(breaks, reverse=True):
        canvas.line(x, y, x, upper + 2)
        y = lower - 2
    canvas.line(x, y, x, bottom)
    canvas.restoreState()
