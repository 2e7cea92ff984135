"""The almanac's front matter → flowables: the cover (kicker, balanced title, author, every character's icon, count)
and the script's notes (메모), which a script without notes does not get."""

from __future__ import annotations

from reportlab.platypus import Spacer, Table, TableStyle

from generator.art.icon_drawing import icon_flowable
from generator.documents.almanac.parts import Book, Marker, label
from generator.keep.patterns import compiled
from generator.load.wording import NBSP
from generator.read.theme import mm, team_color
from generator.typeset.flowables import Stack

ONE_SYLLABLE = compiled(r"^[가-힣]$")


def keep_phrases(title: str) -> str:
    """A one-syllable word (수, 것, 때 …) is tied to both neighbours, so a title never breaks '들을 / 수 없습니다'."""
    words = title.split(" ")
    out = words[:1]
    for before, word in zip(words, words[1:]):
        out.append((NBSP if ONE_SYLLABLE.match(before) or ONE_SYLLABLE.match(word) else " ") + word)
    return "".join(out)


def cover(book: Book) -> list:
    st = book.styles
    _, _, w, h = book.frame_box()
    story = [
        Spacer(1, mm(14)),
        book.text(label("cover_kicker"), st.cover_kicker),
        Spacer(1, mm(6)),
        book.text(keep_phrases(book.game.script.title), st.cover_title),
        Spacer(1, mm(5)),
    ]
    if book.game.script.author:
        story.append(book.text(book.game.script.author, st.cover_author))
    story.append(Spacer(1, mm(9)))
    footer = [Spacer(1, mm(6)), book.text(label("cover_count", count=len(book.game.characters)), st.center_small)]
    used = sum(f.wrap(w, h)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in story + footer)
    story.append(icon_grid(book, w, h - used - mm(2)))
    return story + footer


def icon_grid(book: Book, width: float, height: float) -> Stack:
    """Every character icon in sheet order, as large as the theme asks but shrunk until the grid fits `height`."""
    characters = book.game.characters
    per_row = max(1, min(book.s["cover_icons_per_row"], len(characters)))
    size = mm(book.s["cover_icon"])
    while True:
        row_count = -(-len(characters) // per_row)
        cell_w = min(width / per_row, size * 1.5)
        if row_count * size * 1.3 <= height or size <= mm(4):
            break
        if per_row * size * 1.5 < width:
            per_row += 1  # room for another column: fewer rows before shrinking
        else:
            size *= 0.95
    cells = [icon_flowable(book.icon(c), size, team_color(c.team)) for c in characters]
    rows = []
    for start in range(0, len(cells), per_row):
        row = cells[start : start + per_row]
        table = Table([row], colWidths=[cell_w] * len(row), rowHeights=[size * 1.3], hAlign="CENTER")
        table.setStyle(TableStyle([("ALIGN", (0, 0), (-1, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
        rows.append(table)
    return Stack(rows)


def has_notes(book: Book) -> bool:
    return bool((book.game.script.notes or "").strip())


def notes(book: Book, under_contents: bool = False) -> list:
    """The script's notes, paragraph by paragraph (printed names and terms, like every game text); under the
    contents, when they fit there, with a section title instead of a page title."""
    st = book.styles
    title = book.title(label("notes"), st.section_title if under_contents else None)
    story = [Marker(book, key="notes", section=label("notes")), *title]
    for paragraph in (p.strip() for p in book.game.script.notes.split("\n\n")):
        if paragraph:
            story.append(book.game_text(paragraph, st.body))
    return story
