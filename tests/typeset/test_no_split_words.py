"""Line breaking never cuts a word wrongly: every official ability and every text of the community scripts, set at the
column widths the sheets and the almanac use on A4 and Letter, breaks only between words on the sheets, even where a
setup bracket is too long to stay on one line ('추가된 마 / 을 바보' was printed); the almanac's justified lines may
also end between two Hangul syllables of a word (Korean book setting), never inside a name, never after one
syllable, never inside a number or a Latin word."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from generator.typeset.markup import render

CORPUS = Path(__file__).parents[1] / "community_scripts"
NBSP = "\u00a0"
# text widths in points: the sheet's ability column (stacked and beside the name) and the almanac's A5 and half-Letter
# frames, from the narrowest a 20-character edition leaves to the widest a small one does, on both papers; a size is
# set only in columns at least 12 em wide (the sheet grows its type only where the columns are wide)
WIDTHS = (96, 118, 140, 165, 190, 215, 240, 265)
SIZES = (7.5, 9.5, 12.0)
MIN_EMS = 12


def official_abilities() -> list[str]:
    from generator.load.game import load_library

    library, _ = load_library()
    return [c.ability for c in library.characters.values()]


def community_texts() -> list[str]:
    texts = []
    for path in sorted(CORPUS.glob("*.json")):
        for item in json.loads(path.read_text(encoding="utf-8")):
            if isinstance(item, dict):
                texts += [
                    item[k] for k in ("ability", "firstNightReminder", "otherNightReminder", "flavor") if item.get(k)
                ]
                texts += item.get("bootlegger", [])
    return texts


def words_of(text: str) -> set[str]:
    return set(re.split(r"[\s\u00a0]+", text.strip()))


def reportlab_lines(markup: str, size: float, width: float) -> list[str]:
    from generator.typeset.styles import paragraph, style

    para = paragraph(markup, style("serif", size))
    para.wrap(width, 100_000)
    lines = para.blPara.lines
    if para.blPara.kind == 0:
        return [" ".join(words) for _, words in lines]
    return ["".join(getattr(frag, "text", "") for frag in line.words) for line in lines]


CUT = "\u2010"  # marks, in hangul_lines, a line that ends inside a word (nothing is printed there)


def hangul_lines(markup: str, size: float, width: float) -> list[str]:
    from generator.typeset.paragraph import hangul_paragraph
    from generator.typeset.styles import style

    para = hangul_paragraph(markup, style("serif", size, alignment=4), kept=library_names())
    return [
        " ".join("".join(run.text for run in word.runs) for word in line.words)
        + (CUT if line.words and line.words[-1].joined else "")
        for line in para.lines_for(width)
    ]


@lru_cache(maxsize=1)
def library_names() -> frozenset[str]:
    from generator.load.game import load_library

    library, _ = load_library()
    return frozenset(c.name.replace(" ", NBSP) for c in library.characters.values())


def rejoined(lines: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """Lines with each word cut at a line's end joined again, and the cuts as (before, after)."""
    whole, cuts = [], []
    for line in lines:
        if whole and whole[-1].endswith(CUT):
            head, _, rest = line.partition(" ")
            cuts.append((whole[-1].rsplit(" ", 1)[-1][:-1], head))
            whole[-1] = whole[-1][:-1] + head + (" " + rest if rest else "")
            if not rest and line.endswith(CUT):
                continue
        else:
            whole.append(line)
    return whole, cuts


@pytest.fixture(scope="module")
def texts():
    from generator.typeset.fonts import register_fonts

    register_fonts()
    return official_abilities() + community_texts()


@pytest.mark.slow
@pytest.mark.parametrize("lines_of", [reportlab_lines, hangul_lines], ids=["sheet", "almanac"])
def test_no_line_break_cuts_a_word(texts, lines_of):
    cut, wrong, seen_cuts = [], [], 0
    for text in texts:
        markup = render("almanac_text.j2", text=text)  # the brackets tied as every document ties them
        whole = words_of(text)
        for size in SIZES:
            for width in (w for w in WIDTHS if w >= MIN_EMS * size):
                lines, cuts = rejoined(lines_of(markup, size, width))
                for line in lines:
                    pieces = words_of(line) - {""}
                    if not pieces <= whole:
                        cut.append((text[:40], size, width, sorted(pieces - whole)))
                wrong.extend((before, after) for before, after in cuts if not allowed_cut(before, after))
                seen_cuts += len(cuts)
    assert cut == []
    assert wrong == []
    if lines_of is hangul_lines:
        assert seen_cuts > 0  # the justified almanac lines do use breaks between syllables
    else:
        assert seen_cuts == 0


SYLLABLE = re.compile("[가-힣]")


def allowed_cut(before: str, after: str) -> bool:
    """A cut word: at least two Hangul syllables end the line, a syllable starts the next, no name is cut."""
    head = before.split(NBSP)[-1]
    if len(head) < 2 or not all(SYLLABLE.fullmatch(ch) for ch in head) or not SYLLABLE.match(after):
        return False
    return not any(name in (before + after) and not (name in before or name in after) for name in library_names())


def test_a_bracket_that_fits_stays_on_one_line():
    from generator.typeset.fonts import register_fonts

    register_fonts()
    markup = render(
        "almanac_text.j2", text="매일 밤, 플레이어 1명을 선택합니다: 그는 사망합니다. [외지인 -1명 또는 +1명]"
    )
    for lines_of in (reportlab_lines, hangul_lines):
        lines = lines_of(markup, 9.5, 140)
        assert any("[외지인 -1명 또는 +1명]" in line.replace(NBSP, " ") for line in lines), lines
