"""A seat count, the board's size and the tokens' sizes → where every place lies on the Town Square board, and what
the places leave inside for the title and the tables; the sheets the board is printed on (one A3 page, or two A4 or
Letter pages glued at the seam); where the life tokens lie on their pages, the backs mirrored for a long-edge flip.

Pure geometry in millimetres, origin at the board's (or the page's) lower-left corner as in PDF; no reportlab here.

A place is a box on the board's edge: its life circle outermost (the player's name faces them), the vote circle
inside it, pushed to one side so the seat number (or 여행자) stands beside it. The places go round the edge, not
round an ellipse: a row along the top and one along the bottom that reach into the corners, and a column down each
side between them. Seat 1 sits in the middle of the bottom row (just right of the middle when the row is even) and
the numbers go clockwise, as in the grimoire worksheet; the traveller places follow the last seat. On two sheets
every row holds an even number of places, so the seam runs between the two middle ones and never through a place.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.read.theme import theme

SIDES = ("bottom", "left", "top", "right")


def square_theme():
    return theme().town_square


@dataclass(frozen=True)
class PlaceSize:
    """A place's drawn circles and its box: `breadth` along the board's edge, `depth` in from it."""

    life: float  # diameter of the life circle (the token's cut plus the clearance all round)
    vote: float  # diameter of the vote circle
    breadth: float
    depth: float


@dataclass(frozen=True)
class Place:
    """One seat (or traveller place) on the board: its box, its life and vote circles and its label."""

    number: int  # 1-based, clockwise from seat 1; traveller places follow the seats
    traveller: bool
    side: str  # the board edge it stands on: bottom, left, top or right
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 on the board
    life: tuple[float, float]  # the life circle's centre
    vote: tuple[float, float]  # the vote circle's centre
    label: tuple[float, float]  # the middle of the number (or 여행자) beside the vote circle


@dataclass(frozen=True)
class Board:
    """The board's layout: its size, the places round it, its centre and where two sheets meet."""

    width: float
    height: float
    size: PlaceSize
    places: tuple[Place, ...]
    centre: tuple[float, float, float, float]  # x0, y0, x1, y1 inside the places, past the centre gap
    seam: float | None  # the x where two sheets meet, or None on one A3 sheet
    vote_shrunk: bool  # the vote place is smaller than the vote token (a reminder size the board cannot hold)


def place_size(life_mm: float, vote_mm: float) -> PlaceSize:
    t = square_theme()
    life = life_mm + 2 * t.place_clear
    vote = vote_mm + 2 * t.place_clear
    breadth = max(life, vote + t.label_gap + t.label_w) + 2 * t.place_pad
    depth = 2 * t.place_pad + life + t.circle_gap + vote
    return PlaceSize(life, vote, breadth, depth)


def traveller_places(seats: int, most_travellers: int, most_seats: int) -> int:
    """Places for travellers who join: up to `most_travellers`, never past the game's `most_seats` in all (a table of
    20 seats already counts its travellers among them)."""
    return max(0, min(most_travellers, most_seats - seats))


def plan_board(
    seats: int, travellers: int, width: float, height: float, life_mm: float, vote_mm: float, seam: bool
) -> Board:
    """The places of `seats` seats and `travellers` traveller places on a board `width` × `height`; on two sheets
    (`seam`) the seam at the middle. The vote place shrinks (in half-millimetre steps, to least_vote_mm) only when the
    board cannot hold the places at the vote token's size; ValueError when even that does not fit."""
    t = square_theme()
    total = seats + travellers
    vote = vote_mm
    while True:
        size = place_size(life_mm, vote)
        arrangement = best_arrangement(total, width, height, size, seam)
        if arrangement is not None:
            break
        if vote - 0.5 < t.least_vote_mm:
            raise ValueError(f"{total} places do not fit a {width:g} × {height:g} mm board")
        vote -= 0.5
    boxes = place_boxes(arrangement, width, height, size)
    places = tuple(
        make_place(number, number > seats, side, box, size)
        for number, (side, box) in enumerate(clockwise_from_seat_one(boxes, arrangement), start=1)
    )
    return Board(
        width,
        height,
        size,
        places,
        centre_of(arrangement, width, height, size),
        width / 2 if seam else None,
        vote < vote_mm,
    )


Arrangement = tuple[int, int, int, int]  # places along the bottom, left, top, right


def row_fits(count: int, width: float, size: PlaceSize, seam: bool) -> bool:
    """A row of `count` spread from corner to corner keeps its places `place_spacing` apart (on two sheets: an even
    count, the middle gap wide enough for the seam to pass between the boxes)."""
    t = square_theme()
    if count == 0:
        return True
    if seam and count % 2:
        return False
    if count == 1:
        return size.breadth <= width - 2 * t.ring_inset
    return row_gap(count, width, size) >= t.place_spacing - 1e-9


def row_gap(count: int, width: float, size: PlaceSize) -> float:
    t = square_theme()
    return (width - 2 * t.ring_inset - count * size.breadth) / (count - 1)


def side_span(height: float, size: PlaceSize) -> float:
    """The height a column has between the top and the bottom row's boxes."""
    return height - 2 * square_theme().ring_inset - 2 * size.depth


def column_fits(count: int, height: float, size: PlaceSize) -> bool:
    t = square_theme()
    return count * size.breadth + (count + 1) * t.place_spacing <= side_span(height, size) + 1e-9


def best_arrangement(total: int, width: float, height: float, size: PlaceSize, seam: bool) -> Arrangement | None:
    """The arrangement whose neighbours stand most evenly apart round the ring (the ratio of the longest step between
    two neighbours' centres to the shortest), rows no more than two apart and columns no more than one; then seat 1 in
    the middle of an odd bottom row, then the fuller rows. None when no arrangement fits."""
    candidates = []
    for bottom in range(total + 1):
        for top in range(total - bottom + 1):
            sides = total - bottom - top
            left = sides // 2
            right = sides - left
            if abs(top - bottom) > 2 or bottom < top or not (bottom and top):
                continue
            if not (row_fits(bottom, width, size, seam) and row_fits(top, width, size, seam)):
                continue
            if not column_fits(right, height, size):
                continue
            arrangement = (bottom, left, top, right)
            boxes = place_boxes(arrangement, width, height, size)
            candidates.append((unevenness(boxes), bottom % 2 == 0, -(bottom + top), arrangement))
    if not candidates:
        return None
    return min(candidates)[3]


def unevenness(boxes: dict[str, list[tuple[float, float, float, float]]]) -> float:
    ring = [box for side in SIDES for box in boxes[side]]
    centres = [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in ring]
    steps = [math.dist(centres[k], centres[(k + 1) % len(centres)]) for k in range(len(centres))]
    return max(steps) / max(min(steps), 1e-9)


def place_boxes(arrangement: Arrangement, width: float, height: float, size: PlaceSize) -> dict[str, list]:
    """Each side's boxes (x0, y0, x1, y1) in clockwise order: the bottom row right to left, the left column bottom
    to top, the top row left to right, the right column top to bottom."""
    t = square_theme()
    bottom, left, top, right = arrangement
    inset, b, d = t.ring_inset, size.breadth, size.depth

    def across(count: int) -> list[float]:  # left edges, left to right
        if count == 1:
            return [(width - b) / 2]
        step = (width - 2 * inset - b) / (count - 1)
        return [inset + k * step for k in range(count)]

    def down(count: int) -> list[float]:  # lower edges, bottom to top, spread evenly between the rows
        low = inset + d
        gap = (side_span(height, size) - count * b) / (count + 1)
        return [low + gap * (k + 1) + b * k for k in range(count)]

    return {
        "bottom": [(x, inset, x + b, inset + d) for x in reversed(across(bottom))],
        "left": [(inset, y, inset + d, y + b) for y in down(left)],
        "top": [(x, height - inset - d, x + b, height - inset) for x in across(top)],
        "right": [(width - inset - d, y, width - inset, y + b) for y in reversed(down(right))],
    }


def clockwise_from_seat_one(boxes: dict[str, list], arrangement: Arrangement) -> list[tuple[str, tuple]]:
    ring = [(side, box) for side in SIDES for box in boxes[side]]
    bottom = arrangement[0]
    start = bottom - 1 - bottom // 2  # the bottom row's middle (just right of it when the row is even)
    return ring[start:] + ring[:start]


def make_place(number: int, traveller: bool, side: str, box: tuple, size: PlaceSize) -> Place:
    """The circles and the label in a box: along its depth from the board's edge inwards the life circle, then the
    vote circle pushed to one side with the label beside it (right of it on the rows, above it on the columns, as
    read from the board's bottom edge)."""
    t = square_theme()
    pad = t.place_pad
    life_along = pad + size.life / 2
    vote_along = pad + size.life + t.circle_gap + size.vote / 2
    vote_across = pad + size.vote / 2  # from the box's left (rows) or lower (columns) edge
    label_across = pad + size.vote + t.label_gap + t.label_w / 2
    x0, y0, x1, y1 = box
    middle_x, middle_y = (x0 + x1) / 2, (y0 + y1) / 2
    if side == "bottom":
        life, vote, label = (
            (middle_x, y0 + life_along),
            (x0 + vote_across, y0 + vote_along),
            (x0 + label_across, y0 + vote_along),
        )
    elif side == "top":
        life, vote, label = (
            (middle_x, y1 - life_along),
            (x0 + vote_across, y1 - vote_along),
            (x0 + label_across, y1 - vote_along),
        )
    elif side == "left":
        life, vote, label = (
            (x0 + life_along, middle_y),
            (x0 + vote_along, y0 + vote_across),
            (x0 + vote_along, y0 + label_across),
        )
    else:
        life, vote, label = (
            (x1 - life_along, middle_y),
            (x1 - vote_along, y0 + vote_across),
            (x1 - vote_along, y0 + label_across),
        )
    return Place(number, traveller, side, box, life, vote, label)


def centre_of(arrangement: Arrangement, width: float, height: float, size: PlaceSize) -> tuple[float, ...]:
    t = square_theme()
    bottom, left, top, right = arrangement
    inner = t.ring_inset + size.depth + t.centre_gap
    return (
        inner if left else t.ring_inset,
        inner if bottom else t.ring_inset,
        width - (inner if right else t.ring_inset),
        height - (inner if top else t.ring_inset),
    )


# --- sheets -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """One page of the board: its size and where the board's origin lies on it, and the part of the board it shows
    (x from, x to, on the board)."""

    page: tuple[float, float]
    origin: tuple[float, float]
    shows: tuple[float, float]
    side: str  # "whole", "left" or "right"


def board_sheets(
    paper: tuple[float, float], a3: tuple[float, float] | None, margin: float
) -> tuple[float, float, list[Sheet]]:
    """(board width, board height, sheets). One A3 sheet on its side (`a3`: its size upright), the board within the
    margin; or two upright sheets of `paper`, each showing half the board: the left one with the glue flap past the
    seam, the right one with a strip left of the seam to cut off, the flap's width wide."""
    if a3 is not None:
        page = (a3[1], a3[0])
        width, height = page[0] - 2 * margin, page[1] - 2 * margin
        return width, height, [Sheet(page, (margin, margin), (0.0, width), "whole")]
    flap = square_theme().flap
    half = paper[0] - 2 * margin - flap
    width, height = 2 * half, paper[1] - 2 * margin
    return (
        width,
        height,
        [
            Sheet(paper, (margin, margin), (0.0, half), "left"),
            Sheet(paper, (margin + flap - half, margin), (half, width), "right"),
        ],
    )


# --- life token pages -------------------------------------------------------------------------------------------


def token_grid(
    count: int, diameter: float, bleed: float, gap: float, page: tuple[float, float], frame: tuple[float, ...]
) -> list[list[tuple[float, float]]]:
    """The tokens' centres page by page: a square grid centred across the page (so the mirrored backs fall on the
    same grid), rows from the top of `frame` (x0, y0, x1, y1), tokens `gap` apart between their bleed edges."""
    pitch = diameter + 2 * bleed + gap
    x0, y0, x1, y1 = frame
    columns = max(1, int((x1 - x0 + gap) // pitch))
    rows = max(1, int((y1 - y0 + gap) // pitch))
    first_x = page[0] / 2 - (columns - 1) * pitch / 2
    spots = [
        (first_x + column * pitch, y1 - (diameter / 2 + bleed) - row * pitch)
        for row in range(rows)
        for column in range(columns)
    ]
    return [spots[: len(chunk)] for chunk in chunks(list(range(count)), len(spots))]


def chunks(items: list, size: int) -> list[list]:
    return [items[k : k + size] for k in range(0, len(items), size)]


def mirrored(point: tuple[float, float], page_width: float) -> tuple[float, float]:
    """Where a token's back lies on the back page of a sheet printed double-sided with a long-edge flip (an upright
    sheet turned over sideways): mirrored across the page's vertical centre line."""
    return page_width - point[0], point[1]
