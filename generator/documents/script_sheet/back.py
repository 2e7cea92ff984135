"""Game → the back of the player sheet (script.pdf page 2): the player-count table across the top, both night
orders side by side under it, and below them jinxes, travellers, loric, fabled and the script's bootlegger rules in
two balanced columns.

Everything reads upright: a sheet is read by the player holding it, and a column turned for the player across the
table left two quarters of the page empty. The night rows stand at their natural pitch from the theme (closer only
when the page is full): a list of icons and names stretched to fill the band read as filled, not designed. The
extras are set at the front's ability size when the page has room (smaller, down to the theme minimum, when it has
not); the table stands only when the rest still fits with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.art.icon_drawing import draw_icon
from generator.documents.parts import draw_badge, icon_color, step_label, team_label
from generator.documents.script_sheet.counts import TABLE_ROWS, count_table
from generator.documents.script_sheet.extras import Item, draw_column, extra_items, section_heading, split_columns
from generator.documents.script_sheet.look import back_theme, sheet_theme
from generator.documents.script_sheet.title import script_logo, title_block
from generator.load.notes import unplayed_note
from generator.load.wording import wording
from generator.model import NIGHT_NAMES_KO, NIGHTS
from generator.read.theme import color, font_name, labels, look, mm, theme
from generator.read.theme import hex_colour as _hex
from generator.typeset.markup import render
from generator.typeset.paragraph import hangul_paragraph
from generator.typeset.search_size import area_guess, largest_passing
from generator.typeset.styles import credit_line, draw_page_furniture, style

# ---------------------------------------------------------------- the night band


def draw_night_column(canvas, game, icons, night: str, x: float, top: float, width: float, row: float) -> None:
    """One night's steps, icon and name (with its team in words, or its player-count condition) per row; icons and
    names are sized for `row`, the rows `row` apart."""
    pitch = row
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
    canvas.setLineWidth(theme().page.rule_pt)
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
            render(
                "sheet_name.j2",
                name=words.tie(name),
                color=name_color,
                note=condition or team_label(game, step_id),
                note_font=font_name("sans"),
                note_size=round(note_size, 2),
                note_color=color("muted"),
            ),
            style("sans_bold", round(name_size, 2)),
            tight=True,
        )
        _, h = para.wrap(width - icon - 4, row)
        para.drawOn(canvas, x + icon + 4, y - pitch / 2 - h / 2 + name_size * 0.1)
        y -= pitch


# ---------------------------------------------------------------- the page


def text_sizes(largest: float) -> list[float]:
    floor = theme().text.min_size_pt
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


@dataclass
class BackPlan:
    """The body of the back under its head: text size, night row, the extras split in two columns."""

    size: float
    row: float
    level: bool  # the extras start level in both columns (else each under its own night)
    left: list[Item]
    right: list[Item]
    room: float  # the least room left at the bottom of a column
    fits: bool


def plan_body(
    game, icons, options, front_size: float, top: float, bottom: float, half: float, measured: dict[int, list[Item]]
) -> BackPlan:
    """The largest text size (up to the front's) at which the extras fit under the nights at the smallest rows,
    then the tallest night rows up to the natural row (never more: a row takes the room its icon and name need)."""
    b = back_theme()
    band_gap = mm(b["band_gap"])
    row_min, row_max = mm(b["night_row_min"]), mm(b["night_row"])
    counts = [len(game.night_steps(night)) for night in NIGHTS]
    fixed = b["heading_size_pt"] * 1.45 + mm(b["heading_gap"])

    def under_each(row: float) -> tuple[float, float]:  # the room under each night
        return tuple(top - bottom - fixed - row * n - band_gap for n in counts)

    def under_both(row: float) -> tuple[float, float]:  # one band, level under the longer night
        return (min(under_each(row)),) * 2

    sizes = text_sizes(min(front_size, b["text_max_pt"]))

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

    def arranged(items: list[Item]):
        """(row, level, (left, right, room)): one level band when the nights end within level_rows rows of each other
        and it costs the rows little, else each column's extras right under its own night (no white band under the
        shorter night)."""
        separate = largest_row(items, under_each, row_min, row_max)
        band = None
        if items and abs(counts[0] - counts[1]) <= b["level_rows"]:
            band = largest_row(items, under_both, row_min, row_max)
        level = band is not None and (separate is None or band[0] >= b["level_band_share"] * separate[0])
        chosen = band if level else separate
        if chosen is None:  # reported by the caller: the extras run past the bottom margin
            middle = (len(items) + 1) // 2
            chosen = (row_min, (items[:middle], items[middle:], 0.0))
        return chosen[0], level, chosen[1]

    if index is None:
        size, items = sizes[-1], items_at(len(sizes) - 1)
        row, level, (left, right, room) = arranged(items)
        return BackPlan(size, row, level, left, right, room, False)
    # the text may give up a step or a few (size_for_rows_pt) where that lets the night rows stand nearer their natural
    # pitch, or leaves the room the table and the gaps open into (growth_room): a front set large must not squeeze
    # the nights behind it, nor leave one column's foot empty beside a full one
    wanted = growth_room()
    best = None
    for candidate in range(index, len(sizes)):
        if sizes[index] - sizes[candidate] > b["size_for_rows_pt"] + 1e-9:
            break
        row, level, split = arranged(items_at(candidate))
        score = (round(row, 3), round(min(split[2], wanted), 1))
        if best is None or score > best[0]:
            best = (score, sizes[candidate], row, level, split)
        if score >= (round(row_max, 3), round(wanted, 1)):
            break
    _, size, row, level, (left, right, room) = best
    return BackPlan(size, row, level, left, right, room, True)


def growth_room() -> float:
    """The room at the foot the back opens into the gap under the nights, the table's rows and the gap under it."""
    b = back_theme()
    counts = b["counts"]
    return mm(
        b["band_gap_max"]
        - b["band_gap"]
        + b["head_gap_max"]
        - b["head_gap"]
        + TABLE_ROWS * (counts["row_max"] - counts["row"])
    )


def head_parts(game, width: float, tint: str, grow: float = 0.0) -> list[Item]:
    """What stands across the whole width above the nights: the player-count table under its heading, every other
    row in `tint`, its rows `grow` points taller than the theme's."""
    table = count_table(game, width, tint, grow)
    if table is None:
        return []
    height, draw = table
    return [section_heading(labels("sheet")["player_table"], color("ink"), width), Item(height, draw)]


def draw_back(canvas, game, icons, width: float, height: float, options, front_size: float) -> None:
    b = back_theme()
    margin = mm(theme().page.margin)
    x0, x1 = margin, width - margin
    top, bottom = height - margin - 4, margin + 4
    gap = mm(b["column_gap"])
    half = (x1 - x0 - gap) / 2
    measured: dict[int, list[Item]] = {}
    tint = look(options.style)["tint"]
    head = head_parts(game, x1 - x0, tint)
    head_h = sum(part.height for part in head) + (mm(b["head_gap"]) if head else 0.0)
    plan = plan_body(game, icons, options, front_size, top - head_h, bottom, half, measured)
    if head and not plan.fits:  # the table stands only where the script's own back fits with it
        plain = plan_body(game, icons, options, front_size, top, bottom, half, measured)
        if plain.fits:
            head, head_h, plan = [], 0.0, plain
    # the front's title block above it all when the page has the room: at the same text size or a little smaller
    # (size_for_rows_pt), the rows at most a little closer (title_row_share)
    title, title_h = None, 0.0
    if plan.fits:
        block_h, draw_title = title_block(game, x0, x1, script_logo(game, options), look(options.style))
        block_h += mm(sheet_theme()["header_gap"])
        above = height - margin  # the block stands on the margin, as on the front
        titled = plan_body(game, icons, options, front_size, above - block_h - head_h, bottom, half, measured)
        near = titled.size >= plan.size - b["size_for_rows_pt"] - 1e-9
        if titled.fits and near and titled.row >= b["title_row_share"] * plan.row - 1e-6:
            title, title_h, plan, top = draw_title, block_h, titled, above
    draw_page_furniture(canvas, width, height, "" if title else game.script.title, 2, credit_line())
    if not plan.fits:
        options.report.warning(
            "sheet-back-overflow",
            f"밤 순서와 여행자·설화가 많아 캐릭터 시트 뒷면에 다 들어가지 않습니다(최소 글자 크기 {plan.size}pt에서도 넘칩니다).",
            subject=game.script.id,
        )
    row, left, right = plan.row, plan.left, plan.right
    counts = [len(game.night_steps(night)) for night in NIGHTS]
    # each column's extras start level under the longer night (a level band, or a section continued from the left,
    # whose '(계속)' never stands above its start), else right under its own night; `shorter`: the white that leaves
    # under the shorter night
    continued = bool(left and right and right[0].of is not None)
    if plan.level:
        shorter = row * abs(counts[0] - counts[1])
    else:
        shorter = row * max(0, counts[0] - counts[1]) if continued else 0.0
    # the room left at the foot opens, in turn and each up to the theme's most, the gap under the nights, the table's
    # rows and the gap under the table; what is still left stays at the foot
    spare = max(0.0, plan.room)
    band_gap = mm(b["band_gap"]) + max(0.0, min(spare, mm(b["band_gap_max"] - b["band_gap"]) - shorter))
    spare -= band_gap - mm(b["band_gap"])
    head_gap = mm(b["head_gap"])
    if head:
        rows = TABLE_ROWS
        grow = max(0.0, min(spare / rows, mm(b["counts"]["row_max"] - b["counts"]["row"])))
        head = head_parts(game, x1 - x0, tint, grow)
        spare -= grow * rows
        head_gap += max(0.0, min(spare, mm(b["head_gap_max"] - b["head_gap"])))
    y = top
    if title is not None:
        title(canvas, y)
        y -= title_h
    for part in head:
        part.draw(canvas, x0, y)
        y -= part.height
    body_top = y - head_gap if head else y
    for index, night in enumerate(NIGHTS):
        draw_night_column(canvas, game, icons, night, x0 + index * (half + gap), body_top, half, row)
    fixed = b["heading_size_pt"] * 1.45 + mm(b["heading_gap"])
    night_bottoms = [body_top - fixed - row * n for n in counts]
    starts = (
        [min(night_bottoms)] * 2
        if plan.level
        else [night_bottoms[0], min(night_bottoms) if continued else night_bottoms[1]]
    )
    breaks = []  # (top, bottom) of a heading drawn across the divider
    if plan.level and continued and right[0].of is left[0]:  # the band's first section cut in two: one heading
        across = section_heading(*right[0].title, x1 - x0)
        across.draw(canvas, x0, starts[0] - band_gap)
        breaks.append((starts[0] - band_gap, starts[0] - band_gap - across.height))
        left, right = left[1:], right[1:]
        starts = [start - across.height for start in starts]
    for index, column in enumerate((left, right)):
        draw_column(canvas, column, x0 + index * (half + gap), starts[index] - band_gap)
    draw_divider(canvas, x0 + half + gap / 2, body_top - b["heading_size_pt"] * 1.45, bottom, breaks)


def draw_divider(canvas, x: float, top: float, bottom: float, breaks: list[tuple[float, float]]) -> None:
    """The dashed line between the two columns, interrupted where a heading runs across it."""
    canvas.saveState()
    canvas.setStrokeColor(_hex(color("rule")))
    canvas.setLineWidth(theme().page.rule_pt)
    canvas.setDash(2, 2)
    y = top
    for upper, lower in sorted(breaks, reverse=True):
        canvas.line(x, y, x, upper + 2)
        y = lower - 2
    canvas.line(x, y, x, bottom)
    canvas.restoreState()
