"""reportlab paragraph fragments → words: runs of one font, size and colour with their widths, between the spaces
where a line may break (a no-break space U+00A0 ties a name or a setup bracket into one word); a tied unit or a word
wider than the column → pieces that fit. generator.typeset.linebreak breaks the words into lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.pdfbase.pdfmetrics import stringWidth

NBSP = "\u00a0"


@dataclass(slots=True)
class Run:
    """A piece of one word in one font and colour."""

    text: str
    font: str
    size: float
    color: object
    width: float
    underline: bool = False


@dataclass(slots=True)
class Word:
    runs: list[Run]
    width: float
    glyphs: int
    space: float = 0.0  # natural width of the space that follows the word (0 at a forced break)


@dataclass(slots=True)
class Segment:
    """Words between forced line breaks (<br/>)."""

    words: list[Word] = field(default_factory=list)


# Widths by (text, font, size): a document sets the same words (플레이어가, 밤에) in the same few styles again and again.
_WIDTHS: dict[tuple[str, str, float], float] = {}


def width_of(text: str, font: str, size: float) -> float:
    key = (text, font, size)
    width = _WIDTHS.get(key)
    if width is None:
        if len(_WIDTHS) > 200_000:
            _WIDTHS.clear()
        width = _WIDTHS[key] = stringWidth(text.replace(NBSP, " "), font, size)
    return width

def segments_of(frags) -> list[Segment]:
    segments = [Segment()]
    runs: list[Run] = []

    def finish_word(space: float) -> None:
        if runs:
            width = sum(r.width for r in runs)
            segments[-1].words.append(Word(list(runs), width, sum(len(r.text) for r in runs), space))
            runs.clear()
        elif segments[-1].words and space:
            segments[-1].words[-1].space = segments[-1].words[-1].space or space

    for frag in frags:
        if getattr(frag, "lineBreak", False):
            finish_word(0.0)
            if segments[-1].words:
                segments[-1].words[-1].space = 0.0
            segments.append(Segment())
            continue
        text = getattr(frag, "text", "")
        if not text:
            continue
        parts = text.replace("\n", " ").replace("\t", " ").split(" ")
        font, size, color = frag.fontName, frag.fontSize, frag.textColor
        space = width_of(" ", font, size)
        underline = any(line[1] == "underline" for line in getattr(frag, "us_lines", ()))
        for index, part in enumerate(parts):
            if index:
                finish_word(space)
            if part:
                runs.append(Run(part, font, size, color, width_of(part, font, size), underline))
    finish_word(0.0)
    if segments[-1].words:
        segments[-1].words[-1].space = 0.0
    return [s for s in segments] or [Segment()]

def split_at_ties(word: Word, width: float) -> list[Word]:
    """A tied unit (a setup bracket or a name joined by no-break spaces) wider than the column breaks at its no-break
    spaces, as ordinary words, before anything would cut a word between letters."""
    if not any(NBSP in run.text for run in word.runs):
        return [word]
    pieces: list[Word] = []
    runs: list[Run] = []
    for run in word.runs:
        parts = run.text.split(NBSP)
        for index, part in enumerate(parts):
            if index:
                space = width_of(" ", run.font, run.size)
                pieces.append(Word(runs, sum(r.width for r in runs), sum(len(r.text) for r in runs), space))
                runs = []
            if part:
                runs.append(Run(part, run.font, run.size, run.color, width_of(part, run.font, run.size)))
    pieces.append(Word(runs, sum(r.width for r in runs), sum(len(r.text) for r in runs), word.space))
    pieces = [piece for piece in pieces if piece.runs]
    return [part for piece in pieces for part in (split_long_word(piece, width) if piece.width > width else [piece])]


def untie_wide(frags, width: float):
    """reportlab paragraph fragments with every tied unit wider than `width` untied (its no-break spaces made
    breakable), so reportlab's own wrapping never cuts it between letters ('추가된 마 / 을 바보')."""
    result = None
    for index, frag in enumerate(frags):
        text = getattr(frag, "text", "")
        if not text or NBSP not in text:
            continue
        tokens = text.split(" ")
        wide = [NBSP in token and width_of(token, frag.fontName, frag.fontSize) > width for token in tokens]
        if any(wide):
            result = result if result is not None else list(frags)  # parsed frags may be shared: change a copy
            result[index] = frag.clone(text=" ".join(token.replace(NBSP, " ") if too_wide else token for token, too_wide in zip(tokens, wide)))
    return frags if result is None else result


def split_long_word(word: Word, width: float) -> list[Word]:
    """A word wider than the column (a URL) is cut between characters; the only place this module cuts a word."""
    pieces: list[Word] = []
    runs: list[Run] = []
    used = 0.0
    for run in word.runs:
        for ch in run.text:
            w = width_of(ch, run.font, run.size)
            if used + w > width and (runs or pieces):
                pieces.append(Word(runs, used, sum(len(r.text) for r in runs), 0.0))
                runs, used = [], 0.0
            if runs and runs[-1].font == run.font and runs[-1].color == run.color and runs[-1].size == run.size:
                runs[-1].text += ch
                runs[-1].width += w
            else:
                runs.append(Run(ch, run.font, run.size, run.color, w, run.underline))
            used += w
    pieces.append(Word(runs, used, sum(len(r.text) for r in runs), word.space))
    return pieces

OPENING = "‘“([{「『〈《"


def opens(word: Word) -> bool:
    """A word that ends in an opening quote or bracket, or is one only with a single syllable after it ('‘이')."""
    text = "".join(run.text for run in word.runs)
    return bool(text) and (text[-1] in OPENING or (text[0] in OPENING and len(text.lstrip(OPENING)) <= 1))


# Words of a paragraph's frags by id(frags) (the frags are kept, so the id stays theirs): the almanac's planner sets
# the same parsed paragraph at several widths and leadings, and the words and their widths do not change.
_SEGMENTS: dict[int, tuple[list, list[Segment]]] = {}


def cached_segments(frags) -> list[Segment]:
    found = _SEGMENTS.get(id(frags))
    if found is not None and found[0] is frags:
        return found[1]
    if len(_SEGMENTS) > 20_000:
        _SEGMENTS.clear()
    segments = segments_of(frags)
    _SEGMENTS[id(frags)] = (frags, segments)
    return segments
