"""A night-card cue → its lines at one size: words broken only at spaces (a no-break space, a reminder name in *marks*
and a bound noun with its modifier stay whole), the first line starting after the step's name, each line's words as
runs of plain and marked text. The night card draws these lines, and the check stage measures the same ones (with the
fonts' advance widths: generator.typeset.glyphs, no reportlab needed), so a cue the card cannot hold is reported
before anything is printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.read.theme import mm, paper_size_pt, theme
from generator.typeset.glyphs import text_width as text_width_of


@dataclass(frozen=True)
class Run:
    """A piece of a night-card cue set in one way: plain, or a reminder name (bold, underlined)."""

    text: str
    marked: bool  # a reminder name: bold, underlined


def card_theme() -> dict:
    return theme().night_card


def words_of(cue: str) -> list[list[Run]]:
    """The cue's words, each a list of runs: spaces inside *marks* do not end a word."""
    words: list[list[Run]] = [[]]
    for index, part in enumerate(cue.split("*")):
        marked = index % 2 == 1
        if marked:
            if part:
                words[-1].append(Run(part, True))
            continue
        pieces = part.split(" ")
        for number, piece in enumerate(pieces):
            if number:
                words.append([])
            if piece:
                words[-1].append(Run(piece, False))
    return [word for word in words if word]


def run_width(run: Run, size: float) -> float:
    return text_width_of(run.text.replace("\u00a0", " "), "sans_bold" if run.marked else "sans", size)


def word_width(word: list[Run], size: float) -> float:
    return sum(run_width(run, size) for run in word)


def space_width(size: float) -> float:
    return text_width_of(" ", "sans", size)


def cue_lines(cue: str, size: float, first_room: float, room: float) -> list[list[list[Run]]]:
    """The cue's words on lines: the first line has `first_room` points (after the name), the others `room`. A line
    never ends before the last word when that word would be alone on the next line and the line before could give it
    a companion. A word wider than a whole line (a run without spaces: Chinese text, a long Latin run) starts a line
    and is cut between its characters, a piece a line, so it never leaves its column (the card is measured by the
    check)."""
    words = words_of(cue)
    space = space_width(size)
    lines: list[list[list[Run]]] = [[]]
    used = 0.0
    for word in words:
        width = word_width(word, size)
        limit = first_room if len(lines) == 1 else room
        if width > room + 0.01:
            if lines[-1]:
                lines.append([])
                limit = room
            pieces = cut_word(word, size, limit, room)
            for piece in pieces[:-1]:
                lines[-1].append(piece)
                lines.append([])
            lines[-1].append(pieces[-1])
            used = word_width(pieces[-1], size)
            continue
        needed = width if not lines[-1] else used + space + width
        if lines[-1] and needed > limit + 0.01:
            lines.append([word])
            used = width
        else:
            lines[-1].append(word)
            used = needed
    if len(lines) > 1 and len(lines[-1]) == 1 and len(lines[-2]) >= 3:  # no lone last word under a full line
        moved = lines[-2].pop()
        together = word_width(moved, size) + space + word_width(lines[-1][0], size)
        if together <= room + 0.01:
            lines[-1].insert(0, moved)
        else:
            lines[-2].append(moved)
    return [line for line in lines if line] or [[]]


def cut_word(word: list[Run], size: float, first: float, room: float) -> list[list[Run]]:
    """A word wider than a line → pieces cut between characters, the first at most `first` points wide, the others
    `room` (each piece holds a character at the least)."""
    pieces: list[list[Run]] = [[]]
    used, limit = 0.0, first
    for run in word:
        for ch in run.text:
            width = run_width(Run(ch, run.marked), size)
            if pieces[-1] and used + width > limit + 0.01:
                pieces.append([])
                used, limit = 0.0, room
            if pieces[-1] and pieces[-1][-1].marked == run.marked:
                pieces[-1][-1] = Run(pieces[-1][-1].text + ch, run.marked)
            else:
                pieces[-1].append(Run(ch, run.marked))
            used += width
    return pieces


def scaled(size: float) -> float:
    """Icons and padding grow and shrink with the cue size, from their size at the largest."""
    return size / card_theme()["cue_pt"][0]


def icon_side(size: float) -> float:
    return mm(card_theme()["icon"]) * scaled(size)


def text_width(paper: str, size: float) -> float:
    """The width a cue's lines have in a column of the two-column card (points): the column less its icon."""
    t = card_theme()
    width, _ = paper_size_pt(paper)
    margin = mm(theme().page.margin)
    column = (width - 2 * margin - mm(t["column_gap"])) / 2
    return column - icon_side(size) - mm(t["icon_gap"])


def name_width(name: str, condition: str | None, size: float) -> float:
    """What the step's name (and its player-count condition) takes of the first line, gap included."""
    t = card_theme()
    width = text_width_of(name, "sans_bold", name_size(size)) + t["name_gap_pt"]
    if condition:
        width += text_width_of(condition, "sans", condition_size(size)) + t["name_gap_pt"]
    return width


def name_size(size: float) -> float:
    return size + card_theme()["name_over_cue_pt"]


def condition_size(size: float) -> float:
    return size - 1.5


def line_count(cue: str, name: str, condition: str | None, size: float, paper: str) -> int:
    room = text_width(paper, size)
    return len(cue_lines(cue, size, room - name_width(name, condition, size), room))
