"""Game → the plan of the player sheet's front: each team's header and character rows measured for one ability size
and column width, and the layout with the largest size that fits (generator/documents/script_sheet/ draws it).

Columns are always of equal width, so every ability is set to the same measure. Column breaks fall between team
groups where the columns end level (within a line, their rows spread up to the theme's largest gap); where whole
groups leave one column much taller (thirteen townsfolk beside nine others), a group continues at the top of the next
column under '(계속)', at the cut where the columns end together. A short script's type grows up to
`ability_largest_pt`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.art.icon_drawing import draw_icon
from generator.documents.parts import icon_color
from generator.documents.script_sheet.look import sheet_theme
from generator.load.wording import wording
from generator.model import SHEET_TEAMS, TEAM_NAMES_KO
from generator.read.theme import color, font_name, mm, team_color, theme
from generator.read.theme import hex_colour as _hex
from generator.typeset.markup import render
from generator.typeset.paragraph import hangul_paragraph
from generator.typeset.search_size import area_guess, largest_passing
from generator.typeset.styles import style
from generator.typeset.words import NBSP


@dataclass
class Block:
    """One piece of a column: a team header or a character row, measured for one size and column width."""

    height: float
    draw: Callable[[object, float, float], None]  # (canvas, x, top y)
    header: bool = False
    team: str | None = None


def header_size(ability_size: float) -> float:
    """A team heading's size: the theme's, and above the names under it however large a short script sets them."""
    t = sheet_theme()
    return max(t["team_size_pt"], ability_size + t["name_plus_pt"] + t["team_over_name_pt"])


def team_header(team: str, width: float, size: float, continued: bool = False) -> Block:
    """The team's name (at `size`) beside a bar in its colour, a rule under it and clear space before the first row."""
    t = sheet_theme()
    height = size * 1.55

    def draw(canvas, x, top):
        canvas.saveState()
        canvas.setFillColor(_hex(team_color(team)))
        canvas.rect(x, top - height + 1.5, 3, height - 3, stroke=0, fill=1)
        canvas.setFont(font_name("sans_bold"), size)
        label = TEAM_NAMES_KO[team] + (" (계속)" if continued else "")
        canvas.drawString(x + 6, top - size * 1.12, label)
        canvas.setStrokeColor(_hex(team_color(team)))
        canvas.setLineWidth(theme().page.rule_pt)
        canvas.line(x + 6, top - height + 2, x + width, top - height + 2)
        canvas.restoreState()

    return Block(height + t["team_rule_gap_pt"], draw, header=True, team=team)


# Where a size is filled in (SizedMarkup): game text never holds a NUL (one that did is rendered the plain way).
OPEN = "\x00{}\x00"


class SizedMarkup:
    """A markup template (templates/markup/) rendered once with its size fields left open, then filled in for each size
    the front tries: only those numbers change between tries. The template prints a size as it is (no test, no
    filter); render's tidying of spaces and ties never reaches into a number, so the text is render's at that size."""

    def __init__(self, template: str, open_fields: tuple[str, ...], **data):
        self.template, self.fields, self.data = template, open_fields, data
        self.text = None
        if not any(isinstance(value, str) and "\x00" in value for value in data.values()):
            self.text = render(template, **data, **{field: OPEN.format(n) for n, field in enumerate(open_fields)})

    def at(self, **sizes) -> str:
        if self.text is None:
            return render(self.template, **self.data, **sizes)
        text = self.text
        for number, field in enumerate(self.fields):
            text = text.replace(OPEN.format(number), str(sizes[field]))
        return text


def row_texts(game, character, mode: str, english: bool) -> tuple[SizedMarkup, SizedMarkup | None]:
    """A character's row as markup open in its sizes: (the ability, with the name run in when stacked; the name in
    its own column when side by side)."""
    words = wording(game)
    english_name = (game.english_name(character.id) or "").replace(" ", NBSP) if english else None
    name = words.tie(character.name)
    ability = SizedMarkup(
        "sheet_row.j2",
        ("name_size", "english_size"),
        stacked=mode == "stacked",
        name=name,
        ability=words.print(character.ability),
        name_font=font_name("sans_bold"),
        color=team_color(character.team),
        english=english_name,
        english_font=font_name("sans"),
        english_color=color("muted"),
    )
    if mode == "stacked":
        return ability, None
    beside = SizedMarkup(
        "sheet_name.j2",
        ("note_size",),
        name=name,
        color=team_color(character.team),
        note=english_name,
        note_font=font_name("sans"),
        note_color=color("muted"),
    )
    return ability, beside


def character_rows(
    game,
    icons,
    width: float,
    size: float,
    mode: str,
    name_column: float,
    english: bool = False,
    teams: tuple[str, ...] = SHEET_TEAMS,
    texts: dict[tuple[str, str], tuple[SizedMarkup, SizedMarkup | None]] | None = None,
) -> list[Block]:
    """Measured rows, team by team in sheet order; `mode` is 'stacked' (name above ability) or 'side'. `texts` keeps
    each character's markup (row_texts) for the next size."""
    t = sheet_theme()
    leading = round(size * t["leading_ratio"], 2)
    name_size = size + t["name_plus_pt"]
    english_size = round(name_size * t["english_ratio"], 2)
    icon_size = size * t["icon_per_pt"]
    text_x = icon_size + mm(t["icon_gap"])
    texts = {} if texts is None else texts
    blocks: list[Block] = []
    for team in teams:
        members = game.by_team(team)
        if not members:
            continue
        blocks.append(team_header(team, width, header_size(size)))
        for character in members:
            if (character.id, mode) not in texts:
                texts[character.id, mode] = row_texts(game, character, mode, english)
            row_text, name_text = texts[character.id, mode]
            markup = row_text.at(name_size=name_size, english_size=english_size)
            if name_text is None:
                ability = hangul_paragraph(markup, style("serif", size, leading), tight=True)
                _, text_h = ability.wrap(width - text_x, 10_000)
                name = None
                name_h = 0.0
                ability_x = text_x
            else:
                name = hangul_paragraph(
                    name_text.at(note_size=english_size),
                    style("sans_bold", name_size, leading),
                    tight=True,
                )
                _, name_h = name.wrap(name_column, 10_000)
                ability_x = text_x + name_column + mm(t["icon_gap"])
                ability = hangul_paragraph(markup, style("serif", size, leading), tight=True)
                _, text_h = ability.wrap(width - ability_x, 10_000)
            row_h = max(icon_size, text_h, name_h)

            def draw(
                canvas,
                x,
                top,
                character=character,
                ability=ability,
                name=name,
                ability_x=ability_x,
                text_h=text_h,
                row_h=row_h,
            ):
                draw_icon(canvas, icons.get(character.id), x, top - icon_size, icon_size, icon_color(character.team))
                text_top = top - max(0.0, (min(row_h, icon_size) - text_h) / 2)
                if name is not None:
                    name.drawOn(canvas, x + text_x, text_top - name.height)
                ability.drawOn(canvas, x + ability_x, text_top - text_h)

            blocks.append(Block(row_h, draw, team=character.team))
    return blocks


def team_groups(blocks: list[Block]) -> list[list[Block]]:
    groups: list[list[Block]] = []
    for block in blocks:
        if block.header or not groups:
            groups.append([])
        groups[-1].append(block)
    return groups


def flow_whole_groups(
    blocks: list[Block], columns: int, height: float, gap: float, team_gap: float
) -> list[list[Block]] | None:
    """The team groups in at most `columns` columns, each group whole, cut where the tallest column is shortest;
    None when no such cut fits `height`."""
    from itertools import combinations

    groups = team_groups(blocks)
    best = None
    for count in range(1, min(columns, len(groups)) + 1):
        for cuts in combinations(range(1, len(groups)), count - 1):
            bounds = (0, *cuts, len(groups))
            placed = [[b for group in groups[a:z] for b in group] for a, z in zip(bounds, bounds[1:])]
            tallest = max(column_height(column, gap, team_gap) for column in placed)
            if tallest <= height and (best is None or tallest < best[0] - 1e-6):
                best = (tallest, placed)
    return best[1] if best else None


def flow(
    blocks: list[Block],
    columns: int,
    height: float,
    gap: float,
    team_gap: float,
    width: float,
    header_pt: float,
    slack: float = 0.0,
) -> list[list[Block]] | None:
    """The blocks in at most `columns` columns, a group continued in the next column under its header and '(계속)'
    where that keeps the columns level: the cut (never after a header) where the tallest column is shortest; of the
    cuts within `slack` of that (a line), the one that keeps the most rows of a cut group on its shorter side (a cut
    between groups best). None when it does not fit."""
    if columns <= 1 or len(blocks) < 2:
        return [blocks] if column_height(blocks, gap, team_gap) <= height else None
    found = []  # (tallest, rows kept on the shorter side of a cut group, placed)
    for cut in range(1, len(blocks)):
        if blocks[cut - 1].header:
            continue  # a header never ends a column
        rest = blocks[cut:]
        if not rest[0].header and rest[0].team:  # a team carried over gets its header again
            rest = [team_header(rest[0].team, width, header_pt, continued=True), *rest]
        placed = [blocks[:cut], *(flow(rest, columns - 1, height, gap, team_gap, width, header_pt, slack) or [rest])]
        if len(placed) <= columns:
            tallest = max(column_height(column, gap, team_gap) for column in placed)
            found.append((tallest, len(blocks) if blocks[cut].header else min(rows_beside(blocks, cut)), placed))
        if column_height(blocks[:cut], gap, team_gap) > height:
            break  # the first column only grows from here
    fitting = [item for item in found if item[0] <= height]
    if not fitting:
        return None
    shortest = min(item[0] for item in fitting)
    return max((item for item in fitting if item[0] <= shortest + slack), key=lambda item: (item[1], -item[0]))[2]


def rows_beside(blocks: list[Block], cut: int) -> tuple[int, int]:
    """The rows of the group cut before blocks[cut]: (before the cut, after it)."""
    before = 0
    for block in reversed(blocks[:cut]):
        if block.header:
            break
        before += 1
    after = 0
    for block in blocks[cut:]:
        if block.header:
            break
        after += 1
    return before, after


def column_height(blocks: list[Block], gap: float, team_gap: float) -> float:
    total = 0.0
    for index, block in enumerate(blocks):
        if index:
            total += team_gap if block.header else gap
        total += block.height
    return total


class Measured:
    """The front's rows for each column width, size and layout a search tries, measured once (the searches for whole
    and continued team groups try mostly the same), and each character's markup put together once."""

    def __init__(self, game, icons, english: bool):
        self.game, self.icons, self.english = game, icons, english
        self._rows: dict[tuple, list[Block]] = {}
        self._texts: dict[tuple[str, str], tuple[SizedMarkup, SizedMarkup | None]] = {}

    def rows(self, width: float, size: float, mode: str, name_column: float) -> list[Block]:
        key = (width, size, mode, name_column)
        if key not in self._rows:
            self._rows[key] = character_rows(
                self.game, self.icons, width, size, mode, name_column, self.english, texts=self._texts
            )
        return self._rows[key]


def plan_front(game, icons, body_width: float, body_height: float, english: bool = False):
    """The layout with the largest ability size that fits: (size, columns, mode, placed columns, row gap, column
    widths). Whole team groups where the columns end level; otherwise a group continues in the next column at the
    cut that levels them (flow)."""
    t = sheet_theme()
    floor = theme().text.min_size_pt
    step = t["ability_step_pt"]
    sizes = []
    size = t["ability_largest_pt"]
    while size >= floor - 1e-9:
        sizes.append(round(size, 2))
        size -= step
    measured = Measured(game, icons, english)  # both searches try mostly the same sizes: each is measured once
    best = best_layout(game, icons, sizes, body_width, body_height, True, english, measured)
    if best is None or not level(best[3], best[4], body_height, best[0]):
        split = best_layout(game, icons, sizes, body_width, body_height, False, english, measured)
        best = split if split is not None else best
    if best is not None:
        size, columns, mode, placed, gap, column_width = best
        return size, columns, mode, placed, gap, [column_width] * columns
    columns, mode = t["layouts"][-1]  # does not fit even at the minimum size: two columns, overflow reported
    column_width = (body_width - mm(t["column_gap"]) * (columns - 1)) / columns
    blocks = character_rows(game, icons, column_width, floor, mode, 0.0, english)
    half = (len(blocks) + 1) // 2
    return floor, columns, mode, [blocks[:half], blocks[half:]], t["row_gap_pt"], [column_width] * columns


def level(placed: list[list[Block]], gap: float, room: float, size: float) -> bool:
    """Whether the columns end within a line of each other once their rows are spread (spreads)."""
    team_gap = sheet_theme()["team_gap_pt"]
    ends = [
        column_height(column, gap, team_gap) + extra * (len(column) - 1)
        for column, extra in zip(placed, spreads(placed, gap, room, size))
    ]
    return max(ends) - min(ends) <= size * sheet_theme()["leading_ratio"] + 0.01


def spreads(placed: list[list[Block]], gap: float, room: float, size: float) -> list[float]:
    """What each column adds to every gap between its blocks (above a row or a team heading): spare height on a short
    script spread in the tallest column (half of it, the row gap growing at most to the theme's largest, which grows
    with the ability size), and each other column spread so that it ends level with that one, as far as the same
    largest gap allows."""
    t = sheet_theme()
    most = max(0.0, t["row_gap_max_pt"] * size / t["ability_max_pt"] - gap)
    heights = [column_height(column, gap, t["team_gap_pt"]) for column in placed]
    tallest = max(range(len(placed)), key=lambda index: heights[index])
    gaps = [max(1, len(column) - 1) for column in placed]
    extra = min(most, max(0.0, room - heights[tallest]) / gaps[tallest] / 2)
    level = heights[tallest] + extra * gaps[tallest]
    return [min(most, max(0.0, level - height) / count) for height, count in zip(heights, gaps)]


def best_layout(
    game,
    icons,
    sizes: list[float],
    body_width: float,
    body_height: float,
    keep_groups: bool,
    english: bool = False,
    measured: Measured | None = None,
):
    """The theme's layout that fits at the largest size (the earlier layout on a tie), or None: whole team groups,
    or with keep_groups false a group continued in the next column where that levels the columns (flow). The rows
    measured for a layout and size are kept in `measured` for the next search.

    Each layout is tried at the largest size first; the most promising one (by how far its text overflows there) is
    searched first, and every other is then only asked whether it fits at a size the best does not reach: one try
    when it cannot."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    t = sheet_theme()
    measured = Measured(game, icons, english) if measured is None else measured
    searches = []
    for order, (columns, mode) in enumerate(t["layouts"]):
        column_width = (body_width - mm(t["column_gap"]) * (columns - 1)) / columns
        tries: dict[int, tuple] = {}

        def attempt(index, columns=columns, mode=mode, column_width=column_width, tries=tries):
            """(placed columns or None, row gap, needed height ÷ room) at sizes[index]."""
            if index not in tries:
                size = sizes[index]
                name_column = 0.0
                if mode == "side":
                    names = (
                        stringWidth(c.name, font_name("sans_bold"), size + t["name_plus_pt"]) for c in game.characters
                    )
                    widest = max(names, default=0.0)
                    name_column = min(widest + 1, mm(t["name_column_max"]))
                gap = t["row_gap_pt"] * size / t["ability_max_pt"]
                team_gap = t["team_gap_pt"]
                blocks = measured.rows(column_width, size, mode, name_column)
                overflow = column_height(blocks, gap, team_gap) / (columns * body_height)
                if keep_groups:
                    placed = flow_whole_groups(blocks, columns, body_height, gap, team_gap)
                else:
                    placed = flow(
                        blocks,
                        columns,
                        body_height,
                        gap,
                        team_gap,
                        column_width,
                        header_size(size),
                        size * t["leading_ratio"],
                    )
                tries[index] = (placed, gap, overflow)
            return tries[index]

        placed, _, overflow = attempt(0)
        guess = 0 if placed is not None else area_guess(sizes, overflow)
        searches.append((guess, order, columns, mode, column_width, attempt))
    best = None  # (index into sizes, layout order, result)
    for guess, order, columns, mode, column_width, attempt in sorted(searches, key=lambda item: item[:2]):
        # sizes this layout must reach to win: larger than the best, or as large when it comes first in the theme
        count = len(sizes) if best is None else best[0] + (1 if order < best[1] else 0)
        index = largest_passing(count, lambda i, attempt=attempt: attempt(i)[0] is not None, guess)
        if index is not None:
            placed, gap, _ = attempt(index)
            best = (index, order, (sizes[index], columns, mode, placed, gap, column_width))
    return None if best is None else best[2]
