"""Game → the player-count table of the sheet back (인원별 구성): for each player count the script is for, how many
townsfolk, outsiders, minions and demons go in the bag (the library's bag table, the script's house rules applied).

One band across the page: a row per team, a column per player count, the columns far enough apart (at least
min_gap_em between two cells' text) that each number reads as a cell of its own, not as words of a line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.load.bag import house_base, player_range
from generator.model import BAG_TEAMS, TEAM_NAMES_KO
from generator.read.theme import color, font_name, labels, mm, team_color, theme

TABLE_ROWS = 1 + len(BAG_TEAMS)  # the player counts, then a row per team


def counts_theme() -> dict:
    return theme().script_sheet["back"]["counts"]


def count_rows(game) -> list[tuple[int, tuple[int, int, int, int]]]:
    """(players, (townsfolk, outsider, minion, demon)) for each count of the script's player range."""
    table = game.library.bag_table
    if not table:
        return []
    low, high = player_range(game, table)
    return [
        (players, house_base(game, table[players]).as_tuple()) for players in sorted(table) if low <= players <= high
    ]


def count_table(
    game, width: float, tint: str, grow: float = 0.0
) -> tuple[float, Callable[[object, float, float], None]] | None:
    """(height, draw(canvas, x, top)) of the table set in `width` points, every other team row in `tint`, its rows
    `grow` points taller than the theme's, or None when the library has no bag table or the cells would stand closer
    than the theme allows."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    rows = count_rows(game)
    if not rows:
        return None
    t = counts_theme()
    size = t["size_pt"]
    row_h = mm(t["row"]) + grow
    bold = font_name("sans_bold")
    head = labels("sheet")["players"]
    names = [TEAM_NAMES_KO[team] for team in BAG_TEAMS]
    label_w = max(stringWidth(text, bold, size) for text in [head, *names]) + mm(t["label_pad"]) * 2
    cell = min(mm(t["cell_max"]), (width - label_w) / len(rows))
    widest = stringWidth("00", bold, size)
    if cell - widest < t["min_gap_em"] * size:
        return None
    grid = CountGrid(rows, head, size, row_h, label_w, mm(t["label_pad"]), cell)

    def draw(canvas, x, top):
        canvas.saveState()
        draw_count_grid(canvas, grid, x, top, tint, label_rule=True)
        canvas.restoreState()

    return grid.height, draw


@dataclass(frozen=True)
class CountGrid:
    """Where the player-count table's text and rules stand: a label column, then a cell per player count; the first
    row holds the counts, a row per team follows."""

    rows: list  # (players, (townsfolk, outsider, minion, demon)), as count_rows gives them
    head: str  # the first row's label
    size: float
    row_h: float
    label_w: float
    label_pad: float
    cell: float

    @property
    def height(self) -> float:
        return self.row_h * TABLE_ROWS

    @property
    def width(self) -> float:
        return self.label_w + self.cell * len(self.rows)


def draw_count_grid(canvas, grid: CountGrid, x: float, top: float, tint: str, label_rule: bool) -> None:
    """The table with its top left at (x, top): every other team row in `tint`, a heavy rule under the counts, a rule
    at the foot and, with `label_rule`, one after the labels. The sheet's back and the Town Square draw it alike."""
    from reportlab.lib.colors import HexColor

    sans, bold = font_name("sans"), font_name("sans_bold")
    width, height, row_h, rule = grid.width, grid.height, grid.row_h, theme().page.rule_pt
    canvas.setFillColor(HexColor(tint))
    for number in range(1, len(BAG_TEAMS) + 1, 2):  # every other team row tinted
        canvas.rect(x, top - row_h * (number + 1), width, row_h, stroke=0, fill=1)
    canvas.setStrokeColor(HexColor(color("ink")))
    canvas.setLineWidth(rule * 2)
    canvas.line(x, top - row_h, x + width, top - row_h)
    canvas.setStrokeColor(HexColor(color("rule")))
    canvas.setLineWidth(rule)
    canvas.line(x, top - height, x + width, top - height)
    if label_rule:
        canvas.line(x + grid.label_w, top, x + grid.label_w, top - height)
    lift = (row_h - grid.size * 0.72) / 2  # a baseline that centres a digit's height in its row
    labels_ = [(grid.head, color("ink"))] + [(TEAM_NAMES_KO[team], team_color(team)) for team in BAG_TEAMS]
    values = [[players for players, _ in grid.rows]] + [[c[k] for _, c in grid.rows] for k in range(len(BAG_TEAMS))]
    for number, ((label, label_color), line) in enumerate(zip(labels_, values)):
        baseline = top - row_h * (number + 1) + lift
        canvas.setFillColor(HexColor(label_color))
        canvas.setFont(bold, grid.size)
        canvas.drawString(x + grid.label_pad, baseline, label)
        canvas.setFillColor(HexColor(color("ink")))
        canvas.setFont(bold if number == 0 else sans, grid.size)
        for column, value in enumerate(line):
            canvas.drawCentredString(x + grid.label_w + grid.cell * (column + 0.5), baseline, str(value))
