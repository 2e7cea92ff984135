"""A Game, the seat count and the board's centre → the two panels inside the places: on the left the script's title
block and logo (the player sheet's own, script_sheet/title.py), '마을 광장 · N명' and how the board is used; on the
right the player-count table for the script's range (this game's count boxed) and the characters that change the
setup, each with what it changes (load/notes.py).

The panels keep `seam_clear` from the board's middle, where two sheets meet, so no word is cut by the seam. Each is
measured first and drawn centred in the centre's height; the setup lines are set smaller until they fit, and what
still does not fit is left out with a warning (the night sheet's setup page has them all).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.art.icon_drawing import draw_icon
from generator.art.icons import character_icon
from generator.documents.parts import icon_color
from generator.documents.script_sheet.counts import CountGrid, count_rows, draw_count_grid
from generator.documents.script_sheet.title import script_logo, title_block
from generator.documents.town_square.plan import Board, square_theme
from generator.load.bag import house_rules, ordered_modifiers
from generator.load.notes import describe_setup
from generator.load.wording import wording
from generator.model import BAG_TEAMS, MOST_PLAYERS, TEAM_NAMES_KO
from generator.read.theme import color, font_name, hex_colour, labels, mm, team_color, theme
from generator.typeset.markup import render
from generator.typeset.paragraph import hangul_paragraph
from generator.typeset.styles import style

Block = tuple[float, Callable[[object, float], None]]  # (height in points, draw(canvas, top))


@dataclass(frozen=True)
class Panels:
    """The board centre's two panels and their blocks."""

    left: list[Block]
    right: list[Block]
    bounds: dict[str, tuple[float, float]]  # each panel's x0, x1 in points
    bottom: float  # the centre's lower and upper edge, points
    top: float


def plan_panels(game, options, board: Board, seats: int, chosen: dict) -> Panels:
    t = square_theme()
    x0, y0, x1, y1 = board.centre
    middle = board.width / 2
    bounds = {"left": (mm(x0), mm(middle - t.seam_clear)), "right": (mm(middle + t.seam_clear), mm(x1))}
    room = mm(y1 - y0)
    left = title_blocks(game, options, *bounds["left"], seats, chosen)
    right = count_blocks(game, *bounds["right"], seats, chosen)
    right += setup_blocks(game, options, *bounds["right"], room - stacked(right) - mm(t.block_gap))
    return Panels(left, right, bounds, mm(y0), mm(y1))


def draw_panel(canvas, panels: Panels, part: str) -> None:
    """One panel's blocks, one under another, centred in the centre's height."""
    blocks = panels.left if part == "left" else panels.right
    top = panels.top - max(0.0, (panels.top - panels.bottom - stacked(blocks)) / 2)
    gap = mm(square_theme().block_gap)
    for height, draw in blocks:
        draw(canvas, top)
        top -= height + gap


def stacked(blocks: list[Block]) -> float:
    gap = mm(square_theme().block_gap)
    return sum(height for height, _ in blocks) + gap * max(0, len(blocks) - 1)


# --- left: the title and how to use the board ---------------------------------------------------------------------


def title_blocks(game, options, x0: float, x1: float, seats: int, chosen: dict) -> list[Block]:
    t, words = square_theme(), labels("town_square")
    blocks = [title_block(game, x0, x1, script_logo(game, options), chosen)]
    heading = words["heading"].format(players=words["players"].format(n=seats))
    blocks.append(line_block(heading, "serif_bold", t.title_pt, x0, x1, centred=True))
    blocks.append(paragraph_block(render("almanac_text.j2", text=words["how_to"]), "sans", t.how_to_pt, x0, x1))
    return blocks


def line_block(text: str, font: str, size: float, x0: float, x1: float, centred: bool = False) -> Block:
    def draw(canvas, top: float) -> None:
        canvas.setFillColor(hex_colour(color("ink")))
        canvas.setFont(font_name(font), size)
        baseline = top - size * 0.85
        if centred:
            canvas.drawCentredString((x0 + x1) / 2, baseline, text)
        else:
            canvas.drawString(x0, baseline, text)

    return size * 1.1, draw


def paragraph_block(markup: str, font: str, size: float, x0: float, x1: float) -> Block:
    para = hangul_paragraph(markup, style(font, size, round(size * 1.4, 2)))
    _, height = para.wrap(x1 - x0, 10_000)

    def draw(canvas, top: float) -> None:
        para.drawOn(canvas, x0, top - height)

    return height, draw


# --- right: the player-count table and the setup changes ----------------------------------------------------------


def count_blocks(game, x0: float, x1: float, seats: int, chosen: dict) -> list[Block]:
    t, words = square_theme(), labels("town_square")
    rows = count_rows(game)
    if not rows:
        return []
    blocks = [line_block(words["table"], "sans_bold", t.setup_pt + 1, x0, x1)]
    blocks.append(count_table(rows, x0, x1, min(seats, MOST_PLAYERS), chosen["tint"]))
    if house_rules(game):
        blocks.append(line_block(words["house_rules"], "sans", theme().text.min_size_pt + 1, x0, x1))
    return blocks


def count_table(rows, x0: float, x1: float, current: int, tint: str) -> Block:
    """A row per team and a column per player count, every other team row tinted, this game's column boxed."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    t, words = square_theme(), labels("town_square")
    size, bold = t.table_pt, font_name("sans_bold")
    while True:
        names = [words["table_players"]] + [TEAM_NAMES_KO[team] for team in BAG_TEAMS]
        label_w = max(stringWidth(name, bold, size) for name in names) + 2 * mm(t.table_label_pad)
        cell = min(mm(t.table_cell_max), (x1 - x0 - label_w) / len(rows))
        if cell >= stringWidth("00", bold, size) * 1.6 or size <= theme().text.min_size_pt:
            break
        size -= 0.5
    grid = CountGrid(rows, words["table_players"], size, mm(t.table_row), label_w, mm(t.table_label_pad), cell)
    height = grid.height
    left = x0 + (x1 - x0 - grid.width) / 2

    def draw(canvas, top: float) -> None:
        canvas.saveState()
        draw_count_grid(canvas, grid, left, top, tint, label_rule=False)
        for column, (players, _) in enumerate(rows):
            if players == current:
                canvas.setStrokeColor(hex_colour(color("ink")))
                canvas.setLineWidth(t.table_current_pt)
                inset = t.table_current_pt
                canvas.roundRect(
                    left + label_w + cell * column + inset,
                    top - height + inset,
                    cell - 2 * inset,
                    height - 2 * inset,
                    mm(1.2),
                    stroke=1,
                    fill=0,
                )
        canvas.restoreState()

    return height, draw


def setup_blocks(game, options, x0: float, x1: float, room: float) -> list[Block]:
    """'설정을 바꾸는 캐릭터' and a line for each, at the largest size (setup_pt down to the least readable) at which
    they all fit `room`; at the least size, as many as fit, and a warning."""
    t, words = square_theme(), labels("town_square")
    modifiers = ordered_modifiers(game)
    heading = line_block(words["setup_changes"], "sans_bold", t.setup_pt + 1, x0, x1)
    if not modifiers:
        return [heading, line_block(words["no_setup_changes"], "sans", t.setup_pt, x0, x1)]
    least = theme().text.min_size_pt
    size = t.setup_pt
    while True:
        entries = [setup_entry(game, options, character, x0, x1, size) for character in modifiers]
        if stacked([heading, *entries]) <= room or size <= least:
            break
        size = max(least, size - 0.5)
    kept = [heading]
    for entry in entries:
        if stacked([*kept, entry]) > room:
            left_out = len(entries) - len(kept) + 1
            options.report.warning(
                "town-square-setup-long",
                f"마을 광장 가운데에 설정을 바꾸는 캐릭터가 다 들어가지 않아 {left_out}개를 뺐습니다. 모두 보려면 밤 "
                "순서표(night-order.pdf)의 설정표를 보세요.",
                subject=game.script.id,
            )
            break
        kept.append(entry)
    return kept


def setup_entry(game, options, character, x0: float, x1: float, size: float) -> Block:
    """The character's icon and name in its team's colour, then what it changes."""
    t = square_theme()
    icon_side = mm(t.setup_icon) * size / t.setup_pt
    gap = mm(1.5)
    names = {c.id: c.name for c in game.library.characters.values()}
    text = describe_setup(character, names)
    markup = render(
        "setup_note.j2",
        name=wording(game).tie(character.name),
        text=wording(game).tie(text),
        color=team_color(character.team),
        name_font=font_name("sans_bold"),
    )
    para = hangul_paragraph(markup, style("sans", size, round(size * 1.3, 2)))
    _, text_h = para.wrap(x1 - x0 - icon_side - gap, 10_000)
    height = max(icon_side, text_h)
    icon = character_icon(character, game, options)

    def draw(canvas, top: float) -> None:
        draw_icon(canvas, icon, x0, top - (height + icon_side) / 2, icon_side, icon_color(character.team))
        para.drawOn(canvas, x0 + icon_side + gap, top - (height + text_h) / 2)

    return height, draw
