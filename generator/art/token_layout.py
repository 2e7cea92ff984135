"""Token layout stage: a Game and the token choices → the tokens to print (characters, spares, reminders, shrouds,
votes) → centres packed on pages.

Pure geometry in millimetres with the origin at the page's lower-left corner (as in PDF); no reportlab here.
The render module (generator/documents/tokens.py) only draws what this stage decides.
"""

from __future__ import annotations

import math
import os
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
    spec: TokenSpec
    x_mm: float  # centre, from the page's left edge
    y_mm: float  # centre, from the page's bottom edge


@dataclass
class TokenPage:
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
        report.warning(finding.code, f"여분 토큰 목록을 읽지 못해 여분 없이 만듭니다: {finding.message}", where=finding.where)
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
        label = theme()["tokens"][kind]["label"]
        extras += [TokenSpec(kind, "", label, reminder_size_mm, n + 1) for n in range(count)]
    return characters + reminder_specs + extras


def page_frame(paper: str, footer_mm: float | None = None) -> Frame:
    """The packing area: inside the theme's page margin, clear of the running title, above the footer band."""
    tokens = theme()["tokens"]
    width, height = theme()["paper"][paper]
    margin = max(theme()["page"]["margin"], theme()["page"]["min_margin"])
    footer = tokens["footer_mm"] if footer_mm is None else footer_mm
    side = max(tokens["side_margin_mm"], theme()["page"]["min_margin"])
    return Frame(width, height, side, width - side, margin + footer, height - margin - tokens["title_clear_mm"])


def _lattice(radius: float, gap: float, frame: Frame, hexagonal: bool, shifted: bool, drop: float) -> list[tuple[float, float]]:
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


def _free(point: tuple[float, float], radius: float, placed: list[tuple[float, float, float]], gap: float) -> bool:
    x, y = point
    return all(math.hypot(x - px, y - py) >= radius + pr + gap - _EPS for px, py, pr in placed)


def _best_grid(radius: float, gap: float, frame: Frame, placed: list[tuple[float, float, float]]) -> list[tuple[float, float]]:
    """The free centres of the grid (hex or square, phase) that holds the most tokens beside those already placed;
    a token alone in its row (where a row holds three or more) counts against a grid, so a grid that leaves none
    wins over one that holds a single token more."""
    pitch = 2 * radius + gap
    lone_cost = theme()["tokens"]["lone_token_cost"]
    best: list[tuple[float, float]] = []
    best_score = 0.0
    for hexagonal in (True, False):
        row_pitch = pitch * math.sqrt(3) / 2 if hexagonal else pitch
        for shifted in ((False, True) if hexagonal else (False,)):
            for step in range(GRID_PHASES if placed else 1):
                drop = row_pitch * step / GRID_PHASES
                lattice = _lattice(radius, gap, frame, hexagonal, shifted, drop)
                free = [p for p in lattice if _free(p, radius, placed, gap)]
                score = len(free) - lone_cost * _lone_rows(free, lattice)
                if score > best_score + _EPS:
                    best, best_score = free, score
    return best


def _lone_rows(free: list[tuple[float, float]], lattice: list[tuple[float, float]]) -> int:
    """Rows of the grid where only one of three or more places is free."""
    rows: dict[float, list[int]] = {}
    for point in lattice:
        rows.setdefault(round(point[1], 3), [0, 0])[0] += 1
    for point in free:
        rows[round(point[1], 3)][1] += 1
    return sum(1 for size, used in rows.values() if size >= 3 and used == 1)


def pack(specs: list[TokenSpec], frame: Frame, gap_mm: float, bleed_mm: float) -> list[TokenPage]:
    """Largest tokens first, page after page; on each page a size takes the regular grid that holds the most of it,
    then further grids in the room left (beside a half row, between rows of larger tokens), so no half-empty page
    separates characters and reminders. Then a shroud or vote set the leftover room cut in two goes onto one page
    where it can (`keep_sets_whole`), and the last sheet is evened out (`even_out_last_page`).

    Circles are kept `gap_mm` apart measured between their bleed edges, so neither art nor cut lines touch.
    """
    pages: list[TokenPage] = []
    occupied: list[list[tuple[float, float, float]]] = []
    for diameter in sorted({spec.diameter_mm for spec in specs}, reverse=True):
        radius = diameter / 2 + bleed_mm
        group = [spec for spec in specs if spec.diameter_mm == diameter]
        if frame.right - frame.left < 2 * radius - _EPS or frame.top - frame.bottom < 2 * radius - _EPS:
            raise ValueError(f"{diameter:g} mm 토큰은 이 용지에 들어가지 않습니다.")
        page_index = 0
        while group:
            if page_index == len(pages):
                pages.append(TokenPage(len(pages) + 1))
                occupied.append([])
            group = _fill(pages[page_index], occupied[page_index], group, radius, gap_mm, frame)
            page_index += 1
    pages = keep_sets_whole([page for page in pages if page.placements], frame, gap_mm, bleed_mm)
    return even_out_last_page(pages, frame, gap_mm, bleed_mm)


def _fill(page: TokenPage, occupied: list, group: list[TokenSpec], radius: float, gap: float, frame: Frame) -> list[TokenSpec]:
    """Places tokens of one size on the page, grid after grid while room is left; returns those that did not fit."""
    while group:
        spots = _best_grid(radius, gap, frame, occupied)
        if not spots:
            break
        for (x, y), spec in zip(spots, group):
            occupied.append((x, y, radius))
            page.placements.append(Placement(spec, round(x, 4), round(y, 4)))
        group = group[len(spots):]
    return group


def keep_sets_whole(pages: list[TokenPage], frame: Frame, gap: float, bleed: float) -> list[TokenPage]:
    """A shroud or vote set spread over pages (the leftover room of one page took a few) goes whole onto one of them,
    the last page first (it is the emptiest), then the one holding the most, when it fits there beside what that page
    holds; pages left empty are dropped. A set that fits on none stays split (tokens.py says so in the kit)."""
    for kind in EXTRAS:
        holders = [page for page in pages if any(p.spec.kind == kind for p in page.placements)]
        if len(holders) < 2:
            continue
        count = {id(page): sum(1 for p in page.placements if p.spec.kind == kind) for page in holders}
        for target in sorted(holders, key=lambda page: (page is not pages[-1], -count[id(page)], -page.number)):
            others = [p.spec for page in holders if page is not target for p in page.placements if p.spec.kind == kind]
            if refill(target, [p.spec for p in target.placements] + others, frame, gap, bleed):
                for page in holders:
                    if page is not target:
                        page.placements = [p for p in page.placements if p.spec.kind != kind]
                break
    kept = [page for page in pages if page.placements]
    for number, page in enumerate(kept, 1):
        page.number = number
    return kept


def cut_area(page: TokenPage) -> float:
    """The area inside the cut lines of a page's tokens (mm²)."""
    return sum(math.pi * (p.spec.diameter_mm / 2) ** 2 for p in page.placements)


def even_out_last_page(pages: list[TokenPage], frame: Frame, gap: float, bleed: float) -> list[TokenPage]:
    """The last sheet is worth printing: a shroud or vote set split between the last two sheets moves onto the last
    whole when it fits there, then tokens move from the end of the sheet before (the smallest first: shrouds, votes,
    reminders) while the last holds less than `last_sheet_least` of the fullest sheet's cut area and they fit. A
    shroud or vote set moves whole or not at all: moved token by token, one shroud was left behind on Letter."""
    least = theme()["tokens"]["last_sheet_least"]
    if len(pages) < 2:
        return pages
    fullest = max(cut_area(page) for page in pages)
    last, before = pages[-1], pages[-2]
    for kind in EXTRAS:
        split = [p for p in before.placements if p.spec.kind == kind]
        if split and any(p.spec.kind == kind for p in last.placements):
            if refill(last, [p.spec for p in split] + [p.spec for p in last.placements], frame, gap, bleed):
                before.placements = [p for p in before.placements if p not in split]
    while cut_area(last) < least * fullest and len(before.placements) > 1:
        smallest = min(p.spec.diameter_mm for p in before.placements)
        index = max(i for i, p in enumerate(before.placements) if p.spec.diameter_mm == smallest)
        spec = before.placements[index].spec
        unit = [p for p in before.placements if p.spec.kind == spec.kind] if spec.kind in EXTRAS else [before.placements[index]]
        if len(unit) == len(before.placements) or \
                not refill(last, [p.spec for p in unit] + [p.spec for p in last.placements], frame, gap, bleed):
            break
        moved = {id(p) for p in unit}
        before.placements = [p for p in before.placements if id(p) not in moved]
    return pages


def split_sets(pages: list[TokenPage], frame: Frame, gap: float, bleed: float) -> list[tuple[str, int, list[int]]]:
    """(kind, count, page numbers) of each shroud or vote set printed on more than one page though it would fit on a
    page of its own: the kit says why (a set larger than a page is split of course)."""
    found = []
    for kind in EXTRAS:
        numbers = [page.number for page in pages if any(p.spec.kind == kind for p in page.placements)]
        specs = [p.spec for page in pages for p in page.placements if p.spec.kind == kind]
        if len(numbers) > 1 and refill(TokenPage(0), specs, frame, gap, bleed):
            found.append((kind, len(specs), numbers))
    return found


def refill(page: TokenPage, specs: list[TokenSpec], frame: Frame, gap: float, bleed: float) -> bool:
    """Lays `specs` out afresh on `page` (largest first) when they all fit; else leaves the page as it was."""
    specs = sorted(specs, key=lambda spec: -spec.diameter_mm)
    trial = TokenPage(page.number)
    occupied: list = []
    for diameter in sorted({spec.diameter_mm for spec in specs}, reverse=True):
        if _fill(trial, occupied, [s for s in specs if s.diameter_mm == diameter], diameter / 2 + bleed, gap, frame):
            return False
    page.placements = trial.placements
    return True


def layout(game, options, report: Report | None = None) -> tuple[list[TokenSpec], list[TokenPage], Frame]:
    """The whole stage: game + RenderOptions → (token specs in content order, packed pages, page frame)."""
    report = report if report is not None else options.report
    spares = load_spares(getattr(game.library, "content_dir", None), report) if options.extras else {}
    specs = token_specs(
        game, options.token_size_mm, options.reminder_size_mm, spares,
        only=options.only, copies=options.copies, reminders=options.reminders,
        players=player_count(game, options) if options.extras or set(options.only or ()) & set(EXTRAS) else 0,
    )
    frame = page_frame(options.paper)
    return specs, pack(specs, frame, options.gap_mm, options.bleed_mm), frame
