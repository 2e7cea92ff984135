"""Token layout stage: a Game and the token choices → the tokens to print (characters, spares, reminders, shrouds,
votes) → sets cut together (a character's tokens with its reminders, all shrouds, all votes) assigned to sheets →
centres packed on each sheet.

Pure geometry in millimetres with the origin at the page's lower-left corner (as in PDF); no reportlab here.
The render module (generator/documents/tokens.py) only draws what this stage decides.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from generator.findings import Report
from generator.limits import MAX_SPARES
from generator.load.bag import player_count
from generator.read.theme import theme

CHARACTER = "character"
REMINDER = "reminder"
SHROUD = "shroud"  # 수의, laid on a dead player's token
VOTE = "vote"  # a dead player's one ghost vote
EXTRAS = (SHROUD, VOTE)
_EPS = 1e-6
GRID_PHASES = 12  # heights tried for a grid that must fit under tokens already on the page
ROW_MM = 1.0  # centres this close in height read as one row
FEW_ADDED = 8  # up to this many circles placed since the last known sheet, the places near each are checked


@dataclass(frozen=True)
class TokenSpec:
    """One token to cut out."""

    kind: str  # CHARACTER, REMINDER, SHROUD or VOTE
    character_id: str  # the character it shows (a reminder's owner); "" for shrouds and votes
    label: str  # the text set on it: the character's name or the reminder's text
    diameter_mm: float  # the cut line
    number: int = 1  # 1-based, per character and kind (reminder files are named <id>-reminder-<n>)
    spare: bool = False  # an extra character token the game can need (content/spares.yaml)


@dataclass(frozen=True)
class Placement:
    """A token's centre on its sheet."""

    spec: TokenSpec
    x_mm: float  # centre, from the page's left edge
    y_mm: float  # centre, from the page's bottom edge


@dataclass
class TokenPage:
    """One cut sheet and the tokens placed on it."""

    number: int
    placements: list[Placement] = field(default_factory=list)


@dataclass(frozen=True)
class Frame:
    """The page and the rectangle tokens (with their bleed) must stay inside."""

    width: float
    height: float
    left: float
    right: float
    bottom: float
    top: float


@dataclass(frozen=True)
class Spare:
    """content/spares.yaml: extra tokens of a character, and why they are printed."""

    count: int
    reason: str


def load_spares(content_dir: Path | None, report: Report) -> dict[str, Spare]:
    """content/spares.yaml → {character id: Spare}; a broken or missing file means no spares, with a warning."""
    from generator.read.yamlio import load_yaml

    if content_dir is None:
        return {}
    path = Path(content_dir) / "spares.yaml"
    if not os.path.lexists(path):
        return {}
    local = Report()
    located = load_yaml(path, local)
    for finding in local.findings:
        report.warning(
            finding.code, f"여분 토큰 목록을 읽지 못해 여분 없이 만듭니다: {finding.message}", where=finding.where
        )
    if located is not None and located.data is not None and not isinstance(located.data, dict):
        report.warning(
            "spares-wrong-shape",
            "여분 토큰 목록은 '캐릭터 id: {count: 수, reason: 이유}' 묶음이어야 합니다(지금은 목록이나 값 하나). "
            "여분 없이 만듭니다. 예: imp: {count: 1, reason: …}",
            where=located.where(),
        )
    if located is None or not isinstance(located.data, dict):
        return {}
    spares: dict[str, Spare] = {}
    for character_id, entry in located.data.items():
        count, reason = (entry, "") if not isinstance(entry, dict) else (entry.get("count"), entry.get("reason") or "")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_SPARES:
            report.warning(
                "spares-bad-count",
                f"여분 토큰 수는 0에서 {MAX_SPARES} 사이의 정수여야 합니다: {character_id}의 값 {count!r}은 무시합니다.",
                subject=str(character_id),
                where=located.where(character_id),
            )
            continue
        spares[str(character_id)] = Spare(count, str(reason))
    return spares


def reminder_count(character) -> int:
    """Reminder tokens the character brings to the grimoire: its own plus its global ones (the leaves on top)."""
    return len(character.reminders) + len(character.global_reminders)


def token_specs(
    game,
    token_size_mm: float,
    reminder_size_mm: float,
    spares: dict[str, Spare],
    *,
    only: tuple[str, ...] | None = None,
    copies: dict[str, int] | None = None,
    reminders: bool = True,
    players: int = 0,
) -> list[TokenSpec]:
    """Every token to print: characters first (spares right after their character), then reminders, then
    `players` shrouds and votes.

    `only` (ids, "shroud", "vote") prints one of each chosen token and no spares; `copies` sets a count outright.
    """
    copies = copies or {}
    characters: list[TokenSpec] = []
    reminder_specs: list[TokenSpec] = []
    for character in game.characters:
        if only is not None and character.id not in only:
            continue
        spare = spares.get(character.id) if only is None else None
        count = copies.get(character.id, 1 + (spare.count if spare else 0))
        for n in range(count):
            characters.append(TokenSpec(CHARACTER, character.id, character.name, token_size_mm, n + 1, spare=n > 0))
        if reminders:
            for n, text in enumerate(list(character.reminders) + list(character.global_reminders)):
                reminder_specs.append(TokenSpec(REMINDER, character.id, text, reminder_size_mm, n + 1))
    extras: list[TokenSpec] = []
    for kind in EXTRAS:
        count = copies.get(kind, players if only is None or kind in only else 0)
        label = theme().tokens[kind]["label"]
        extras += [TokenSpec(kind, "", label, reminder_size_mm, n + 1) for n in range(count)]
    return characters + reminder_specs + extras


def page_frame(paper: str, footer_mm: float | None = None) -> Frame:
    """The packing area: inside the theme's page margin, clear of the running title, above the footer band."""
    tokens = theme().tokens
    width, height = theme().paper[paper]
    margin = max(theme().page.margin, theme().page.min_margin)
    footer = tokens["footer_mm"] if footer_mm is None else footer_mm
    side = max(tokens["side_margin_mm"], theme().page.min_margin)
    return Frame(width, height, side, width - side, margin + footer, height - margin - tokens["title_clear_mm"])


def _lattice(
    radius: float, gap: float, frame: Frame, hexagonal: bool, shifted: bool, drop: float
) -> list[tuple[float, float]]:
    """Centres of one regular grid in the frame, top to bottom and left to right.

    Hexagonal rows are (pitch × √3/2) apart with every other row moved half a pitch; square rows a pitch apart.
    `shifted` moves the first row instead of the second; `drop` lowers the whole grid (to fit under other tokens).
    """
    pitch = 2 * radius + gap
    row_pitch = pitch * math.sqrt(3) / 2 if hexagonal else pitch
    points = []
    y = frame.top - radius - drop
    row = 0
    while y >= frame.bottom + radius - _EPS:
        offset = pitch / 2 if hexagonal and (row % 2 == 1) != shifted else 0.0
        x = frame.left + radius + offset
        while x <= frame.right - radius + _EPS:
            points.append((x, y))
            x += pitch
        y -= row_pitch
        row += 1
    return points


def _clear(
    x: float, y: float, circle: tuple[float, float, float], radius: float, gap: float, square: bool = False
) -> bool:
    """Whether a token of `radius` centred at (x, y) stays `gap` clear of a placed circle (x, y, radius); `square`:
    of the square round it (--marks crop: each token's crop marks lie in the square its room reaches)."""
    px, py, pr = circle
    if square:
        return max(abs(x - px), abs(y - py)) >= radius + pr + gap - _EPS
    return math.hypot(x - px, y - py) >= radius + pr + gap - _EPS


class _Neighbours:
    """The placed circles by cell of a square grid, so a place is checked against those near it only: as many as
    fit around one token rather than all of a full sheet's (the sheets are laid out many times while sets are
    assigned)."""

    def __init__(self, placed: list[tuple[float, float, float]], radius: float, gap: float):
        self.cell = 2 * max([radius] + [pr for _, _, pr in placed]) + gap  # a circle that can touch is a cell away
        self.cells: dict[tuple[int, int], list[tuple[float, float, float]]] = {}
        for circle in placed:
            self.cells.setdefault((int(circle[0] // self.cell), int(circle[1] // self.cell)), []).append(circle)
        self._near: dict[tuple[int, int], list[tuple[float, float, float]]] = {}

    def near_cell(self, key: tuple[int, int]) -> list[tuple[float, float, float]]:
        """The circles that can reach a place in this cell (the cell of a place: _Grid.cells)."""
        found = self._near.get(key)
        if found is None:
            column, row = key
            found = [
                circle
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
                for circle in self.cells.get((column + dx, row + dy), ())
            ]
            # nearest the cell's middle first: a place a circle takes away is mostly found by the first test
            middle = ((column + 0.5) * self.cell, (row + 0.5) * self.cell)
            found.sort(key=lambda circle: math.hypot(circle[0] - middle[0], circle[1] - middle[1]))
            self._near[key] = found
        return found


@dataclass
class _Grid:
    """One regular grid of places (a lattice) and its rows: each place's row, and the rows of three or more."""

    points: list[tuple[float, float]]
    pitch: float  # between places in a row
    row_of: list[int]  # the row of each place
    rows_of_three: list[bool]  # whether that row holds three places or more
    lines: list[tuple[float, int, int]]  # (height, first index, index after the last) of each row as laid
    _cells: dict[float, list[tuple[int, int]]] = field(default_factory=dict)

    def cells(self, size: float) -> list[tuple[int, int]]:
        """The cell of each place in a square grid of cells `size` wide (_Neighbours)."""
        if size not in self._cells:
            self._cells[size] = [(int(x // size), int(y // size)) for x, y in self.points]
        return self._cells[size]

    def reached(self, circle: tuple[float, float, float], radius: float, gap: float, square: bool) -> set[int]:
        """The places (of `radius`) a placed circle is too near to, found among the few of its rows and columns
        that can reach it."""
        px, py, pr = circle
        reach = radius + pr + gap + 1e-3  # a place farther than this across or up and down is clear of it
        found = set()
        for y, start, end in self.lines:
            if abs(y - py) >= reach:
                continue
            x0 = self.points[start][0]
            for index in range(
                max(start, start + int((px - reach - x0) // self.pitch)),
                min(end, start + int((px + reach - x0) // self.pitch) + 2),
            ):
                if not _clear(self.points[index][0], y, circle, radius, gap, square):
                    found.add(index)
        return found


def _grid(radius: float, gap: float, frame: Frame, hexagonal: bool, shifted: bool, drop: float) -> _Grid:
    points = _lattice(radius, gap, frame, hexagonal, shifted, drop)
    rows: dict[float, int] = {}
    row_of = [rows.setdefault(round(y, 3), len(rows)) for _, y in points]
    sizes = Counter(row_of)
    lines: list[tuple[float, int, int]] = []
    for index, (_, y) in enumerate(points):
        if lines and lines[-1][0] == y:
            lines[-1] = (y, lines[-1][1], index + 1)
        else:
            lines.append((y, index, index + 1))
    return _Grid(points, 2 * radius + gap, row_of, [sizes[row] >= 3 for row in range(len(rows))], lines)


@dataclass
class _Placed:
    """What the grids of one size leave free beside one sequence of placed circles: the free places of each grid
    (by index, in the grid's order), the next longer sequences, and the best grid once asked."""

    free: list[list[int]] | None = None
    longer: dict[tuple[float, float, float], _Placed] = field(default_factory=dict)
    best: list[tuple[float, float]] | None = None


class _Grids:
    """The grids of one frame and gap, and the best of them beside circles placed one after another.

    A sheet is laid out many times while sets are assigned, and every layout places the same grids' tokens in the
    same order: a sheet of n character tokens starts as the sheet of n - 1 did. So what each grid leaves free is
    kept along the sequence of placed circles (a tree of their prefixes), and a longer sequence only checks the
    places still free against the circles it adds. `square` (--marks crop): square grids only, each token's room the
    square round it, so the crop marks at its corners stay in rows and columns of their own."""

    def __init__(self, frame: Frame, gap: float, square: bool = False):
        self.frame, self.gap, self.square = frame, gap, square
        self._grids: dict[tuple[float, bool], list[_Grid]] = {}
        self._roots: dict[float, _Placed] = {}
        self._alone: dict[float, list[tuple[float, float]]] = {}

    def grids(self, radius: float, beside_others: bool) -> list[_Grid]:
        """The grids compared, in order: hexagonal (rows as they come, then shifted), then square; each lowered in
        GRID_PHASES steps of its row pitch when it must fit under tokens already placed."""
        key = (radius, beside_others)
        if key not in self._grids:
            pitch = 2 * radius + self.gap
            grids = []
            for hexagonal in (False,) if self.square else (True, False):
                row_pitch = pitch * math.sqrt(3) / 2 if hexagonal else pitch
                for shifted in (False, True) if hexagonal else (False,):
                    for step in range(GRID_PHASES if beside_others else 1):
                        drop = row_pitch * step / GRID_PHASES
                        grids.append(_grid(radius, self.gap, self.frame, hexagonal, shifted, drop))
            self._grids[key] = grids
        return self._grids[key]

    def best(self, radius: float, placed: list[tuple[float, float, float]]) -> list[tuple[float, float]]:
        """The free centres of the grid (hex or square, phase) that holds the most tokens beside those already
        placed; a token alone in its row (where a row holds three or more) counts against a grid, so a grid that
        leaves none wins over one that holds a single token more."""
        if not placed:
            if radius not in self._alone:
                grids = self.grids(radius, False)
                self._alone[radius] = _best_of(grids, [list(range(len(grid.points))) for grid in grids])
            return self._alone[radius]
        node = self._node(radius, placed)
        if node.best is None:
            node.best = _best_of(self.grids(radius, True), node.free)
        return node.best

    def _node(self, radius: float, placed: list[tuple[float, float, float]]) -> _Placed:
        """The tree's entry for `placed`: the longest sequence kept that starts it, carried on by the rest."""
        grids = self.grids(radius, True)
        root = self._roots.get(radius)
        if root is None:
            root = self._roots[radius] = _Placed([list(range(len(grid.points))) for grid in grids])
        node, known, depth = root, root, 0
        for index, circle in enumerate(placed):
            node = node.longer.get(circle)
            if node is None:
                break
            if node.free is not None:
                known, depth = node, index + 1
        if depth == len(placed):
            return known
        added = placed[depth:]
        if len(added) <= FEW_ADDED:  # the places near each circle
            free = []
            for grid, indices in zip(grids, known.free):
                reached = set().union(*(grid.reached(circle, radius, self.gap, self.square) for circle in added))
                free.append([index for index in indices if index not in reached] if reached else indices)
        else:  # the circles near each place still free
            neighbours = _Neighbours(added, radius, self.gap)
            free = [
                _still_free(grid, indices, radius, neighbours, self.gap, self.square)
                for grid, indices in zip(grids, known.free)
            ]
        node = root
        for circle in placed:
            node = node.longer.setdefault(circle, _Placed())
        node.free = free
        return node


def _still_free(
    grid: _Grid, indices: list[int], radius: float, added: _Neighbours, gap: float, square: bool = False
) -> list[int]:
    """Of the places free before (`indices`), those the circles added leave free too."""
    points, cells, near = grid.points, grid.cells(added.cell), added.near_cell
    if square:
        return [
            index
            for index in indices
            if all(_clear(*points[index], circle, radius, gap, True) for circle in near(cells[index]))
        ]
    kept = []
    for index in indices:
        x, y = points[index]
        for px, py, pr in near(cells[index]):
            if not math.hypot(x - px, y - py) >= radius + pr + gap - _EPS:  # _clear, inline: the hot loop
                break
        else:
            kept.append(index)
    return kept


def _best_of(grids: list[_Grid], free: list[list[int]]) -> list[tuple[float, float]]:
    """The free places of the grid that scores highest (the first on a tie): its free places less lone_token_cost
    for each row of three or more places where only one is free."""
    lone_cost = theme().tokens["lone_token_cost"]
    best: list[int] = []
    best_grid = None
    best_score = 0.0
    for grid, indices in zip(grids, free):
        if len(indices) <= best_score + _EPS:
            continue  # the lone rows only lower a score: this grid cannot win
        score = len(indices) - lone_cost * _lone_rows(indices, grid)
        if score > best_score + _EPS:
            best, best_grid, best_score = indices, grid, score
    return [best_grid.points[i] for i in best] if best_grid is not None else []


def _lone_rows(free: list[int], grid: _Grid) -> int:
    """Rows of the grid where only one of three or more places is free."""
    used = Counter(grid.row_of[i] for i in free)
    return sum(1 for row, count in used.items() if count == 1 and grid.rows_of_three[row])


def pack(specs: list[TokenSpec], frame: Frame, gap_mm: float, bleed_mm: float, square: bool = False) -> list[TokenPage]:
    """Tokens cut in sets, sheet by sheet: a character's tokens and its reminders share a sheet (a set that fits on a
    fresh sheet is never split), all shrouds run together and then all votes, the sheets filled evenly enough that
    the last is worth printing (`balanced_sheets`); then each sheet is laid out (`SheetRoom.lay_out`): the largest
    tokens in the regular grid that holds the most of them, smaller ones in further grids in the room left.

    Circles are kept `gap_mm` apart measured between their bleed edges, so neither art nor cut lines touch;
    `square` (--marks crop, `packing`) lays them in square grids with the squares round them `gap_mm` apart.
    """
    for diameter in sorted({spec.diameter_mm for spec in specs}, reverse=True):
        radius = diameter / 2 + bleed_mm
        if frame.right - frame.left < 2 * radius - _EPS or frame.top - frame.bottom < 2 * radius - _EPS:
            raise ValueError(f"{diameter:g} mm 토큰은 이 용지에 들어가지 않습니다.")
    room = SheetRoom(frame, gap_mm, bleed_mm, square)
    sheets = balanced_sheets(token_sets(specs), room)
    return [room.lay_out(number, specs) for number, specs in enumerate(sheet_specs(sheets), 1)]


@dataclass
class Piece:
    """What a sheet carries of one token set: a character's tokens (spares too) and its reminders, all shrouds, or all
    votes; the whole set unless it is larger than a sheet or a shroud or vote run is cut to fill a sheet."""

    index: int  # the set's place in content order
    kind: str  # CHARACTER for a character's set, SHROUD or VOTE
    specs: list[TokenSpec]


def token_sets(specs: list[TokenSpec]) -> list[Piece]:
    """The specs grouped into sets in content order: each character's tokens with its reminders, then each extra kind."""
    sets: dict[tuple[str, str], Piece] = {}
    for spec in specs:
        key = (spec.kind, "") if spec.kind in EXTRAS else (CHARACTER, spec.character_id)
        if key not in sets:
            sets[key] = Piece(len(sets), key[0], [])
        sets[key].specs.append(spec)
    return list(sets.values())


class SheetRoom:
    """Whether tokens fit on one sheet, and the sheet laid out. A sheet's layout depends only on how many tokens of
    each size it carries (tokens of one size are interchangeable), so whether a set fits is a count held against the
    room each count of larger tokens leaves for the next size, laid out once and remembered."""

    def __init__(self, frame: Frame, gap: float, bleed: float, square: bool = False):
        self.frame, self.gap, self.bleed = frame, gap, bleed
        self._room: dict[tuple, int] = {}
        self._fill: dict[tuple, float] = {}
        self.grids = _Grids(frame, gap, square)

    def room(self, larger: tuple[tuple[float, int], ...], diameter: float) -> int:
        """How many tokens of `diameter` a sheet holds beside `larger` ((diameter, count) of larger sizes, largest
        first, each count known to fit)."""
        key = (larger, diameter)
        if key not in self._room:
            page, occupied = TokenPage(0), []
            for size, count in larger:
                _fill(page, occupied, [_stand_in(size)] * count, size / 2 + self.bleed, self.grids)
            radius = diameter / 2 + self.bleed
            area = (self.frame.right - self.frame.left) * (self.frame.top - self.frame.bottom)
            most = int(area / (math.pi * radius * radius)) + 1  # more than any sheet can hold
            left = _fill(page, occupied, [_stand_in(diameter)] * most, radius, self.grids)
            self._room[key] = most - len(left)
        return self._room[key]

    def fits(self, specs: list[TokenSpec]) -> bool:
        counts = Counter(spec.diameter_mm for spec in specs)
        larger: tuple[tuple[float, int], ...] = ()
        for diameter in sorted(counts, reverse=True):
            if counts[diameter] > self.room(larger, diameter):
                return False
            larger += ((diameter, counts[diameter]),)
        return True

    def lay_out(self, number: int, specs: list[TokenSpec]) -> TokenPage:
        """The sheet: each size, largest first, in the grids that hold the most of it. Tokens of one size take their
        places in reading order (rows top to bottom, each left to right) in the order given, so a run of shrouds or
        votes reads as one run on the sheet however the grids lie."""
        page, occupied = TokenPage(number), []
        for diameter in sorted({spec.diameter_mm for spec in specs}, reverse=True):
            group = [spec for spec in specs if spec.diameter_mm == diameter]
            start = len(page.placements)
            if _fill(page, occupied, group, diameter / 2 + self.bleed, self.grids):
                raise ValueError("tokens assigned to a sheet that cannot hold them")  # assign_sheets checked they fit
            places = reading_order([(p.x_mm, p.y_mm) for p in page.placements[start:]])
            page.placements[start:] = [Placement(spec, x, y) for spec, (x, y) in zip(group, places)]
        return page

    def fill(self, specs: list[TokenSpec]) -> float:
        """How far down the sheet's body its tokens reach (bleed included), as a share of the body's height; like the
        room, it depends only on the counts per size."""
        key = tuple(sorted(Counter(spec.diameter_mm for spec in specs).items()))
        if key not in self._fill:
            self._fill[key] = sheet_fill(self.lay_out(0, specs), self.frame, self.bleed) if specs else 0.0
        return self._fill[key]


def _stand_in(diameter: float) -> TokenSpec:
    return TokenSpec(REMINDER, "", "", diameter)


def reading_order(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Centres in reading order: rows (centres within ROW_MM of the row's first in height) top to bottom, each left to
    right."""
    rows: list[list[tuple[float, float]]] = []
    for point in sorted(points, key=lambda p: (-p[1], p[0])):
        if rows and rows[-1][0][1] - point[1] <= ROW_MM:
            rows[-1].append(point)
        else:
            rows.append([point])
    return [point for row in rows for point in sorted(row)]


def sheet_fill(page: TokenPage, frame: Frame, bleed: float) -> float:
    """How far down the body (the frame's height) the sheet's lowest token reaches, bleed included: 0 to 1."""
    if not page.placements:
        return 0.0
    lowest = min(p.y_mm - p.spec.diameter_mm / 2 - bleed for p in page.placements)
    return (frame.top - lowest) / (frame.top - frame.bottom)


def _specs(sheet: list[Piece]) -> list[TokenSpec]:
    return [spec for piece in sheet for spec in piece.specs]


def balanced_sheets(sets: list[Piece], room: SheetRoom) -> list[list[Piece]]:
    """Sets onto as few sheets as first fit needs, each sheet filled up to a budget of cut area: the largest budget
    (tried from the fullest sheet down, in steps of `budget_step` of the body's area) that leaves the last sheet worth
    printing (at least `last_sheet_least` of the fullest sheet's cut area) while every other sheet still reaches
    `sheet_fill_least` of its body; a budget that keeps the shroud and vote sets whole first, then one that may cut
    one at a sheet's end. Without such a budget the sheets are simply filled."""
    tokens = theme().tokens
    least, fill_least = tokens["last_sheet_least"], tokens["sheet_fill_least"]
    filled = assign_sheets(sets, room, math.inf)
    areas = [cut_area(_specs(sheet)) for sheet in filled]
    if len(filled) < 2 or areas[-1] >= least * max(areas):
        return filled
    step = tokens["budget_step"] * (room.frame.right - room.frame.left) * (room.frame.top - room.frame.bottom)
    for cut_extras in (False, True):
        budget = max(areas) - step
        while budget >= sum(areas) / len(filled):
            sheets = assign_sheets(sets, room, budget, cut_extras)
            areas_now = [cut_area(_specs(sheet)) for sheet in sheets]
            if (
                len(sheets) == len(filled)
                and areas_now[-1] >= least * max(areas_now)
                and all(room.fill(_specs(sheet)) >= fill_least for sheet in sheets[:-1])
            ):
                return sheets
            budget -= step
    return filled


def assign_sheets(sets: list[Piece], room: SheetRoom, budget: float, cut_extras: bool = True) -> list[list[Piece]]:
    """Sets onto sheets. Each sheet takes, in content order, every set that still fits beside what it holds within
    `budget` mm² of cut area (first fit: a later, smaller set takes room the next one does not fit), so a set that fits
    on a fresh sheet is never split. Only two kinds of set are cut at a sheet's end, the rest opening the next sheet as
    one run: a set larger than a sheet, and a shroud or vote set when the sheet would otherwise end above
    `sheet_fill_least` of its body while tokens follow (cut where the sheet reaches it; not at all without
    `cut_extras`)."""
    least = theme().tokens["sheet_fill_least"]
    remaining = list(sets)
    sheets: list[list[Piece]] = []
    carried: Piece | None = None  # the rest of a set cut at the end of the sheet before
    while remaining or carried is not None:
        sheet: list[Piece] = []
        if carried is not None:
            head, carried = _largest_part(carried, sheet, room)
            sheet.append(head)
            if carried is not None:  # a set larger than a sheet fills this one alone
                sheets.append(sheet)
                continue
        for piece in list(remaining):
            held = _specs(sheet) + piece.specs
            if room.fits(held) and (not sheet or cut_area(held) <= budget):
                sheet.append(piece)
                remaining.remove(piece)
        short = cut_extras and bool(remaining) and room.fill(_specs(sheet)) < least
        for piece in remaining:
            if not room.fits(piece.specs):
                head, carried = _largest_part(piece, sheet, room)
            elif short and piece.kind in EXTRAS:
                head, carried = _part_to_fill(piece, sheet, room, least)
            else:
                continue
            if head.specs:
                sheet.append(head)
                remaining.remove(piece)
                break
            carried = None
        if not sheet:
            raise ValueError("no token fits on a fresh sheet")  # pack() checked every size fits the frame
        sheets.append(sheet)
    return sheets


def _largest_part(piece: Piece, sheet: list[Piece], room: SheetRoom) -> tuple[Piece, Piece | None]:
    """(the most of `piece`, in its order, that fits beside `sheet`; the rest, or None)."""
    held = _specs(sheet)
    count = len(piece.specs)
    while count and not room.fits(held + piece.specs[:count]):
        count -= 1
    return _cut(piece, count)


def _part_to_fill(piece: Piece, sheet: list[Piece], room: SheetRoom, least: float) -> tuple[Piece, Piece | None]:
    """(the least of `piece` that brings `sheet` down to `least` of its body, or the most that fits; the rest)."""
    held = _specs(sheet)
    count = 0
    while count < len(piece.specs) and room.fits(held + piece.specs[: count + 1]):
        count += 1
        if room.fill(held + piece.specs[:count]) >= least:
            break
    return _cut(piece, count)


def _cut(piece: Piece, count: int) -> tuple[Piece, Piece | None]:
    head = Piece(piece.index, piece.kind, piece.specs[:count])
    return head, (Piece(piece.index, piece.kind, piece.specs[count:]) if count < len(piece.specs) else None)


def cut_area(specs) -> float:
    """The area inside the cut lines of these tokens (mm²)."""
    return sum(math.pi * (spec.diameter_mm / 2) ** 2 for spec in specs)


def sheet_specs(sheets: list[list[Piece]]) -> list[list[TokenSpec]]:
    """Each sheet's tokens in the order they take their places: a set continued from the sheet before first, a set
    that goes on to the next sheet last, the others in content order, so a run cut at a sheet's end stays one run."""
    ordered = []
    for number, sheet in enumerate(sheets):
        before = {p.index for p in sheets[number - 1]} if number else set()
        after = {p.index for p in sheets[number + 1]} if number + 1 < len(sheets) else set()
        ordered.append(
            [
                spec
                for piece in sorted(
                    sheet, key=lambda p, b=before, a=after: (0 if p.index in b else 2 if p.index in a else 1, p.index)
                )
                for spec in piece.specs
            ]
        )
    return ordered


def _fill(page: TokenPage, occupied: list, group: list[TokenSpec], radius: float, grids: _Grids) -> list[TokenSpec]:
    """Places tokens of one size on the page, grid after grid while room is left; returns those that did not fit."""
    while group:
        spots = grids.best(radius, occupied)
        if not spots:
            break
        for (x, y), spec in zip(spots, group):
            occupied.append((x, y, radius))
            page.placements.append(Placement(spec, round(x, 4), round(y, 4)))
        group = group[len(spots) :]
    return group


def split_sets(
    pages: list[TokenPage], frame: Frame, gap: float, bleed: float, square: bool = False
) -> list[tuple[str, int, list[int]]]:
    """(kind, count, page numbers) of each shroud or vote set printed on more than one page though it would fit on a
    page of its own: the kit says why (a set larger than a page is split of course)."""
    room = SheetRoom(frame, gap, bleed, square)
    found = []
    for kind in EXTRAS:
        numbers = [page.number for page in pages if any(p.spec.kind == kind for p in page.placements)]
        specs = [p.spec for page in pages for p in page.placements if p.spec.kind == kind]
        if len(numbers) > 1 and room.fits(specs):
            found.append((kind, len(specs), numbers))
    return found


def layout(game, options, report: Report | None = None) -> tuple[list[TokenSpec], list[TokenPage], Frame]:
    """The whole stage: game + RenderOptions → (token specs in content order, packed pages, page frame)."""
    report = report if report is not None else options.report
    spares = load_spares(getattr(game.library, "content_dir", None), report) if options.extras else {}
    specs = token_specs(
        game,
        options.token_size_mm,
        options.reminder_size_mm,
        spares,
        only=options.only,
        copies=options.copies,
        reminders=options.reminders,
        players=player_count(game, options) if options.extras or set(options.only or ()) & set(EXTRAS) else 0,
    )
    frame = page_frame(options.paper)
    return specs, pack(specs, frame, *packing(options)), frame


def token_bleed(options) -> float:
    """The bleed of the tokens (and the life tokens): --bleed, else the theme's."""
    return theme().tokens["bleed_mm"] if options.bleed_mm is None else options.bleed_mm


def packing(options) -> tuple[float, float, bool]:
    """(gap, reach past the cut, square) the tokens are packed by. With cut lines: the gap between bleed edges and
    the bleed, circles apart. With crop marks (--marks crop): each token's room is the square its marks reach (past
    the bleed, print_marks.crop_reach), in square grids, the rooms side by side; the gap between bleed edges is
    --gap where that is wider than the marks need, so neighbours' marks meet end to end in one line between them."""
    bleed = token_bleed(options)
    if options.marks != "crop":
        return options.gap_mm, bleed, False
    from generator.art.print_marks import crop_reach

    reach = crop_reach(bleed)
    return max(0.0, options.gap_mm - 2 * (reach - bleed)), reach, True
