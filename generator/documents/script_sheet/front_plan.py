"""Game → the plan of the player sheet's front: each team's header and character rows measured for one ability size
and column width, and the layout with the largest size that fits (generator/documents/script_sheet/ draws it).

Column breaks fall between team groups, so a group is never split while the page allows it (everything shrinks
evenly first); two columns of whole groups are balanced by giving the taller side a wider column; only a script too
long for that continues a group in the next column under '(계속)'.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from generator.documents.parts import icon_color

from generator.documents.script_sheet.look import sheet_theme
from generator.typeset.paragraph import hangul_paragraph
from generator.typeset.words import NBSP
from generator.art.icon_drawing import draw_icon
from generator.typeset.markup import render
from generator.model import SHEET_TEAMS, TEAM_NAMES_KO
from generator.typeset.search_size import area_guess, largest_passing
from generator.read.theme import color, font_name, mm, team_color, theme, hex_colour as _hex
from generator.typeset.styles import style
from generator.load.wording import wording


@dataclass
class Block:
    """One piece of a column: a team header or a character row, measured for one size and column width."""

    height: float
    draw: Callable[[object, float, float], None]  # (canvas, x, top y)
    header: bool = False
    team: str | None = None


def team_header(team: str, width: float, continued: bool = False) -> Block:
    """The team's name beside a bar in its colour, a rule under it and clear space before the first row."""
    t = sheet_theme()
    size = t["team_size_pt"]
    height = size * 1.55

    def draw(canvas, x, top):
        canvas.saveState()
        canvas.setFillColor(_hex(team_color(team)))
        canvas.rect(x, top - height + 1.5, 3, height - 3, stroke=0, fill=1)
        canvas.setFont(font_name("sans_bold"), size)
        label = TEAM_NAMES_KO[team] + (" (계속)" if continued else "")
        canvas.drawString(x + 6, top - size * 1.12, label)
        canvas.setStrokeColor(_hex(team_color(team)))
        canvas.setLineWidth(theme()["page"]["rule_pt"])
        canvas.line(x + 6, top - height + 2, x + width, top - height + 2)
        canvas.restoreState()

    return Block(height + t["team_rule_gap_pt"], draw, header=True, team=team)


def character_rows(game, icons, width: float, size: float, mode: str, name_column: float, english: bool = False,
                   teams: tuple[str, ...] = SHEET_TEAMS) -> list[Block]:
    """Measured rows, team by team in sheet order; `mode` is 'stacked' (name above ability) or 'side'."""
    t = sheet_theme()
    leading = round(size * t["leading_ratio"], 2)
    name_size = size + t["name_plus_pt"]
    icon_size = size * t["icon_per_pt"]
    text_x = icon_size + mm(t["icon_gap"])
    words = wording(game)
    blocks: list[Block] = []
    for team in teams:
        members = game.by_team(team)
        if not members:
            continue
        blocks.append(team_header(team, width))
        for character in members:
            english_name = (game.english_name(character.id) or "").replace(" ", NBSP) if english else None
            markup = render(
                "sheet_row.j2", stacked=mode == "stacked", name=words.tie(character.name), ability=words.print(character.ability),
                name_font=font_name("sans_bold"), name_size=name_size, color=team_color(character.team),
                english=english_name, english_font=font_name("sans"), english_size=round(name_size * t["english_ratio"], 2),
                english_color=color("muted"),
            )
            if mode == "stacked":
                ability = hangul_paragraph(markup, style("serif", size, leading), tight=True)
                _, text_h = ability.wrap(width - text_x, 10_000)
                name = None
                name_h = 0.0
                ability_x = text_x
            else:
                name = hangul_paragraph(
                    render("sheet_name.j2", name=words.tie(character.name), color=team_color(character.team), note=english_name,
                           note_font=font_name("sans"), note_size=round(name_size * t["english_ratio"], 2), note_color=color("muted")),
                    style("sans_bold", name_size, leading), tight=True,
                )
                _, name_h = name.wrap(name_column, 10_000)
                ability_x = text_x + name_column + mm(t["icon_gap"])
                ability = hangul_paragraph(markup, style("serif", size, leading), tight=True)
                _, text_h = ability.wrap(width - ability_x, 10_000)
            row_h = max(icon_size, text_h, name_h)

            def draw(canvas, x, top, character=character, ability=ability, name=name, ability_x=ability_x,
                     text_h=text_h, row_h=row_h):
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


def flow_whole_groups(blocks: list[Block], columns: int, height: float, gap: float, team_gap: float) -> list[list[Block]] | None:
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


def flow(blocks: list[Block], columns: int, height: float, gap: float, team_gap: float, width: float = 0.0) -> list[list[Block]] | None:
    """Greedy fill, column by column, a group split where a column is full; a header never ends a column. None when
    it does not fit. The last resort, for a script too long to keep its groups whole."""
    placed: list[list[Block]] = [[]]
    used = 0.0
    i = 0
    while i < len(blocks):
        block = blocks[i]
        need = block.height
        if block.header and i + 1 < len(blocks):
            need += blocks[i + 1].height + gap  # keep with the first row
        lead = 0.0 if not placed[-1] else (team_gap if block.header else gap)
        if used + lead + need > height:
            if not placed[-1] or len(placed) == columns:
                return None
            placed.append([])
            used = 0.0
            if not block.header and block.team:  # a team carried over gets its header again
                repeat = team_header(block.team, width, continued=True)
                placed[-1].append(repeat)
                used = repeat.height
            continue
        used += lead + block.height
        placed[-1].append(block)
        i += 1
    return placed


def column_height(blocks: list[Block], gap: float, team_gap: float) -> float:
    total = 0.0
    for index, block in enumerate(blocks):
        if index:
            total += team_gap if block.header else gap
        total += block.height
    return total


def plan_front(game, icons, body_width: float, body_height: float, english: bool = False):
    """The layout with the largest ability size that fits: (size, columns, mode, placed columns, row gap, column
    widths)."""
    t = sheet_theme()
    floor = theme()["text"]["min_size_pt"]
    step = t["ability_step_pt"]
    sizes = []
    size = t["ability_max_pt"]
    while size >= floor - 1e-9:
        sizes.append(round(size, 2))
        size -= step
    # whole team groups first; a group split across columns only when no size keeps them whole
    for keep_groups in (True, False):
        best = best_layout(game, icons, sizes, body_width, body_height, keep_groups, english)
        if best is not None:
            size, columns, mode, placed, gap, column_width = best
            balanced = None
            if keep_groups and columns == 2 and mode == "stacked" and len(placed) == 2:
                balanced = balanced_columns(game, icons, sizes, sizes.index(size), placed, body_width, body_height, english)
            return balanced or (size, columns, mode, placed, gap, [column_width] * columns)
    columns, mode = t["layouts"][-1]  # does not fit even at the minimum size: two columns, overflow reported
    column_width = (body_width - mm(t["column_gap"]) * (columns - 1)) / columns
    blocks = character_rows(game, icons, column_width, floor, mode, 0.0, english)
    half = (len(blocks) + 1) // 2
    return floor, columns, mode, [blocks[:half], blocks[half:]], t["row_gap_pt"], [column_width] * columns


def balanced_columns(game, icons, sizes: list[float], index: int, placed, body_width: float, body_height: float,
                     english: bool = False):
    """Two columns of whole team groups that end together: the taller side gets the wider column (a share of the
    width from the theme's column_shares), the teams staying in the columns equal widths gave them. The largest
    size from sizes[index] up at which some share ends the columns within a line of each other wins; a few sizes
    below sizes[index] are tried too (balance_steps) before the largest size that fits at all is taken with its
    closest share. None when equal columns stay the best. Thirteen townsfolk beside nine other characters no
    longer leave a quarter of the page empty."""
    t = sheet_theme()
    gap_at = lambda size: t["row_gap_pt"] * size / t["ability_max_pt"]  # noqa: E731
    sides = tuple(tuple(block.team for block in column if block.header) for column in placed)
    left_taller = column_height(placed[0], gap_at(sizes[index]), t["team_gap_pt"]) >= column_height(placed[1], gap_at(sizes[index]), t["team_gap_pt"])
    shares = sorted(share for share in t["column_shares"] if (share >= 0.5) == left_taller or share == 0.5)
    found: dict[int, tuple] = {}  # index into sizes → (how far apart the columns end, the layout)
    for i in range(index, -1, -1):
        closest = closest_share(game, icons, sizes[i], gap_at(sizes[i]), shares, sides, body_width, body_height, english)
        if closest is None:
            break
        found[i] = closest
    for i in range(index + 1, min(len(sizes), index + 1 + t["balance_steps"])):
        closest = closest_share(game, icons, sizes[i], gap_at(sizes[i]), shares, sides, body_width, body_height, english)
        if closest is not None:
            found[i] = closest
    if not found:
        return None
    level = [i for i, (apart, _) in found.items() if apart <= sizes[i] * t["leading_ratio"]]
    best = found[min(level) if level else min(found)][1]
    if best[0] == sizes[index] and best[5][0] == best[5][1]:
        return None
    return best


def closest_share(game, icons, size: float, gap: float, shares: list[float], sides, body_width: float,
                  body_height: float, english: bool = False):
    """(how far apart the columns end, layout) at the share whose columns end closest, or None when none fits.
    The left column only shortens as its share grows, so the share is found by bisection: a few measurements."""
    t = sheet_theme()
    usable = body_width - mm(t["column_gap"])
    tried: dict[float, tuple] = {}

    def measure(share: float) -> tuple:
        if share not in tried:
            widths = [usable * share, usable * (1 - share)]
            columns = [character_rows(game, icons, width, size, "stacked", 0.0, english, teams)
                       for width, teams in zip(widths, sides)]
            heights = [column_height(column, gap, t["team_gap_pt"]) for column in columns]
            tried[share] = (heights[0] - heights[1], max(heights) <= body_height, (size, 2, "stacked", columns, gap, widths))
        return tried[share]

    low, high = 0, len(shares) - 1  # the last share whose left column is still the taller one, by bisection
    if measure(shares[low])[0] > 0:
        while low < high:
            middle = (low + high + 1) // 2
            if measure(shares[middle])[0] > 0:
                low = middle
            else:
                high = middle - 1
    candidates = [share for share in shares[max(0, low - 1):low + 2]]
    fitting = [(abs(measure(share)[0]), abs(share - 0.5), share) for share in candidates if measure(share)[1]]
    if not fitting:
        fitting = [(abs(diff), abs(share - 0.5), share) for share, (diff, fits, _) in tried.items() if fits]
    if not fitting:
        return None
    apart, _, share = min(fitting)
    return apart, tried[share][2]


def best_layout(game, icons, sizes: list[float], body_width: float, body_height: float, keep_groups: bool,
                english: bool = False):
    """The theme's layout that fits at the largest size (the earlier layout on a tie), or None.

    Each layout is tried at the largest size first; the most promising one (by how far its text overflows there) is
    searched first, and every other is then only asked whether it fits at a size the best does not reach: one try
    when it cannot."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    t = sheet_theme()
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
                    names = (stringWidth(c.name, font_name("sans_bold"), size + t["name_plus_pt"]) for c in game.characters)
                    widest = max(names, default=0.0)
                    name_column = min(widest + 1, mm(t["name_column_max"]))
                blocks = character_rows(game, icons, column_width, size, mode, name_column, english)
                gap = t["row_gap_pt"] * size / t["ability_max_pt"]
                team_gap = t["team_gap_pt"]
                overflow = column_height(blocks, gap, team_gap) / (columns * body_height)
                if keep_groups:
                    placed = flow_whole_groups(blocks, columns, body_height, gap, team_gap)
                else:
                    placed = flow(blocks, columns, body_height, gap, team_gap, column_width)
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
