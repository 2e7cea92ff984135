"""reportlab paragraph fragments → words: runs of one font, size and colour with their widths, between the spaces
where a line may break (a no-break space U+00A0 ties a name or a setup bracket into one word); a tied unit or a word
wider than the column → pieces that fit (a run without spaces, one piece a character); a Korean word → the pieces a
justified line may end between; a paragraph's common two-word terms ('오늘 밤'). generator.typeset.linebreak breaks
the words into lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.caches import kept, remembered

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
    """Text between two places a line may break: its runs, width and glyph count, and the space after it."""

    runs: list[Run]
    width: float
    glyphs: int
    space: float = 0.0  # natural width of the space that follows the word (0 at a forced break)
    joined: bool = False  # a piece of a word, the rest of which follows with no space (see syllable_pieces)
    weak: bool = False  # a joined piece whose rest starts with a lone syllable or an ending ('합니/다.', '하수인/에게')
    # on the first piece of a word cut between syllables: the word itself, which its pieces make again when a line
    # holds them all (merged)
    whole: Word | None = field(default=None, compare=False, repr=False)


@dataclass(slots=True)
class Segment:
    """Words between forced line breaks (<br/>)."""

    words: list[Word] = field(default_factory=list)
    # the words as the breaker sees them, by (column width, syllable breaks, kept names): see breakable_words
    pieces: dict = field(default_factory=dict, compare=False, repr=False)


# Widths by (text, font, size): a document sets the same words (플레이어가, 밤에) in the same few styles again and again.
_WIDTHS: dict[tuple[str, str, float], float] = kept({})


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

    words = segments[-1].words
    for frag in frags:
        if getattr(frag, "lineBreak", False):
            finish_word(0.0)
            if words:
                words[-1].space = 0.0
            segments.append(Segment())
            words = segments[-1].words
            continue
        text = getattr(frag, "text", "")
        if not text:
            continue
        parts = text.replace("\n", " ").replace("\t", " ").split(" ")
        font, size, color = frag.fontName, frag.fontSize, frag.textColor
        space = width_of(" ", font, size)
        underline = any(line[1] == "underline" for line in getattr(frag, "us_lines", ()))
        for index, part in enumerate(parts):
            if index:  # a space: the word before it ends (finish_word, written out: this runs for every word)
                if len(runs) == 1:
                    run = runs[0]
                    words.append(Word([run], run.width, len(run.text), space))
                    runs.clear()
                elif runs:
                    words.append(Word(list(runs), sum(r.width for r in runs), sum(len(r.text) for r in runs), space))
                    runs.clear()
                elif words and space:
                    words[-1].space = words[-1].space or space
            if part:
                runs.append(Run(part, font, size, color, width_of(part, font, size), underline))
    finish_word(0.0)
    if segments[-1].words:
        segments[-1].words[-1].space = 0.0
    return [s for s in segments] or [Segment()]


def split_at_ties(word: Word, width: float) -> list[Word]:
    """A word wider than the column → pieces a line may end after: a tied unit (a setup bracket or a name joined by
    no-break spaces) breaks at its no-break spaces, as ordinary words, before anything would cut a word between
    letters; what is still wider (a run without spaces: Chinese text, a long Latin run, an address) is cut between
    its characters (split_long_word)."""
    if not any(NBSP in run.text for run in word.runs):
        return split_long_word(word, width)
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
                runs.append(Run(part, run.font, run.size, run.color, width_of(part, run.font, run.size), run.underline))
    pieces.append(Word(runs, sum(r.width for r in runs), sum(len(r.text) for r in runs), word.space, word.joined))
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
            result[index] = frag.clone(
                text=" ".join(token.replace(NBSP, " ") if too_wide else token for token, too_wide in zip(tokens, wide))
            )
    return frags if result is None else result


def split_long_word(word: Word, width: float) -> list[Word]:
    """A word wider than the column (a run without spaces: Chinese text, a long Latin run, an address) → one piece per
    character, each but the last joined to the next: the breaker ends its lines between any two of them, so the run
    fills each line and never leaves its column. The only place a word is cut between any two characters."""
    if word.width <= width:
        return [word]
    pieces: list[Word] = []
    for run in word.runs:
        for ch in run.text:
            w = width_of(ch, run.font, run.size)
            pieces.append(Word([Run(ch, run.font, run.size, run.color, w, run.underline)], w, 1, 0.0, joined=True))
    if not pieces:
        return [word]
    pieces[-1].space, pieces[-1].joined = word.space, word.joined
    return pieces


OPENING = "‘“([{「『〈《"


def opens(word: Word) -> bool:
    """A word that ends in an opening quote or bracket, or is one only with a single syllable after it ('‘이')."""
    text = "".join(run.text for run in word.runs)
    return bool(text) and (text[-1] in OPENING or (text[0] in OPENING and len(text.lstrip(OPENING)) <= 1))


# Words of a paragraph's frags by id(frags) (the frags are kept, so the id stays theirs): the almanac's planner sets
# the same parsed paragraph at several widths and leadings, and the words and their widths do not change.
_SEGMENTS: dict[int, tuple[list, list[Segment]]] = kept({})


def cached_segments(frags) -> list[Segment]:
    found = _SEGMENTS.get(id(frags))
    if found is not None and found[0] is frags:
        return found[1]
    if len(_SEGMENTS) > 20_000:
        _SEGMENTS.clear()
    segments = segments_of(frags)
    _SEGMENTS[id(frags)] = (frags, segments)
    return segments


# -- breaking between syllables --------------------------------------------------------------------------------
# Korean may break a line between any two syllables of a word (a word processor's 글자 단위), with no hyphen. The
# breaker uses it only where a justified line could not be set otherwise within the word gaps (it costs demerits):
# never in a character's or a reminder's name (generator.load.wording.Wording.kept, passed in), never in a tied unit,
# a number or a marked word, never after a word's first syllable ('첫/날' would read as two words), never before its
# last ('재우세/요.', '성자라/는 것을' leave a particle alone), and never before a bound ending or a particle that
# would read as a word of its own ('선택할/지는', '사망하/지만', '황혼/까지'): templates/theme.yaml
# (text.justify.syllable_cut).


@remembered(maxsize=1)
def cut_rules() -> tuple[int, int, tuple[str, ...], int, tuple[str, ...]]:
    """(syllables before a cut, syllables after it, at the least; the endings no line starts with; a cut leaving this
    many syllables or fewer, or one of these endings, is weak: it costs more)."""
    from generator.read.theme import theme

    rules = theme().text.justify["syllable_cut"]
    return rules["head"], rules["tail"], tuple(rules["never_before"]), rules["weak_tail"], tuple(rules["weak_before"])


def _is_syllable(ch: str) -> bool:
    return "가" <= ch <= "힣"


@remembered(maxsize=64)
def kept_index(kept: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """Names kept whole by their first character, longest first."""
    index: dict[str, list[str]] = {}
    for name in kept:
        index.setdefault(name[0], []).append(name)
    return {first: tuple(sorted(names, key=lambda n: (-len(n), n))) for first, names in index.items()}


def _inside_kept(text: str, index: dict[str, tuple[str, ...]]) -> set[int]:
    """Cut positions that fall inside a name kept whole, wherever in the word the name stands."""
    inside: set[int] = set()
    for start, ch in enumerate(text):
        for name in index.get(ch, ()):
            if text.startswith(name, start):
                inside.update(range(start + 1, start + len(name)))
                break
    return inside


# Pieces by the word's text, style and space and by the kept names: a new paragraph is mostly words set before
# (플레이어가, 선택합니다; the in-space almanac cuts 13,660 words, 5,270 different), and a process that builds again
# (serve, a test worker) finds them here instead of cutting them again. The pieces are never changed once made, so
# paragraphs share them. Each entry holds its names index, so the id in its key cannot be another index's.
_PIECES: dict[tuple, tuple[dict, list[Word] | None]] = kept({})  # None: the word is not cut
_NO_NAMES: dict[str, tuple[str, ...]] = kept({})


def syllable_pieces(word: Word, kept: dict[str, tuple[str, ...]]) -> list[Word]:
    """The word as pieces that may end a line, or [word] when it may not be cut: one run of plain Hangul syllables
    (trailing punctuation stays with the last piece), cut where cut_rules allow and not inside a name kept
    whole."""
    if len(word.runs) != 1 or word.joined:
        return [word]
    run = word.runs[0]
    head, tail = cut_rules()[:2]
    if run.underline or len(run.text) < head + tail or (head + tail and not _is_syllable(run.text[0])):
        return [word]  # too short to cut, or not starting with a syllable: what _cut_into_syllables would find
    names = kept or _NO_NAMES
    key = (run.text, run.font, run.size, type(run.color), run.color, run.underline, word.space, id(names))
    found = _PIECES.get(key)
    if found is None or found[0] is not names:
        pieces = _cut_into_syllables(word, names)
        if len(_PIECES) > 100_000:
            _PIECES.clear()
        found = _PIECES[key] = (names, None if pieces[0] is word else pieces)
    return found[1] or [word]


def _cut_into_syllables(word: Word, kept: dict[str, tuple[str, ...]]) -> list[Word]:
    run = word.runs[0]
    text = run.text
    tie = text.find(NBSP)  # a tied unit ('선택할 수', '점쟁이라는 것을') may be cut only in its first word
    body = len(text) if tie < 0 else tie
    while tie < 0 and body and not _is_syllable(text[body - 1]):
        body -= 1
    head, tail, never_before, weak_tail, weak_before = cut_rules()
    if body < head + tail or run.underline or not all(_is_syllable(ch) for ch in text[:body]):
        return [word]
    inside = _inside_kept(text, kept) if kept else set()
    cuts = [cut for cut in range(head, body - tail + 1) if cut not in inside and not text.startswith(never_before, cut)]
    if not cuts:
        return [word]
    pieces, start = [], 0
    for cut in cuts:
        part = text[start:cut]
        weak = body - cut <= weak_tail or text.startswith(weak_before, cut)
        pieces.append(
            Word(
                [Run(part, run.font, run.size, run.color, width_of(part, run.font, run.size))],
                0.0,
                len(part),
                0.0,
                joined=True,
                weak=weak,
            )
        )
        start = cut
    rest = text[start:]
    pieces.append(
        Word([Run(rest, run.font, run.size, run.color, width_of(rest, run.font, run.size))], 0.0, len(rest), word.space)
    )
    for piece in pieces:
        piece.width = piece.runs[0].width
    pieces[0].whole = word
    return pieces


def merged(pieces: list[Word]) -> Word:
    """Pieces of one word that share a line → the word they make there (its space: the last piece's); neighbouring
    runs of one style become one run again."""
    if len(pieces) == 1:
        return pieces[0]
    whole = pieces[0].whole
    if whole is not None and not pieces[-1].joined:  # all the pieces of one word: the word, as it was before the cut
        return whole
    runs: list[Run] = []
    for piece in pieces:
        for run in piece.runs:
            last = runs[-1] if runs else None
            if last and (last.font, last.size, last.color, last.underline) == (
                run.font,
                run.size,
                run.color,
                run.underline,
            ):
                runs[-1] = Run(last.text + run.text, run.font, run.size, run.color, 0.0, run.underline)
            else:
                runs.append(Run(run.text, run.font, run.size, run.color, 0.0, run.underline))
    for run in runs:
        run.width = width_of(run.text, run.font, run.size)
    return Word(
        runs, sum(run.width for run in runs), sum(len(run.text) for run in runs), pieces[-1].space, pieces[-1].joined
    )


# -- common two-word terms -------------------------------------------------------------------------------------
# '오늘 밤', '매일 밤' read as one term: a line may end between their words, at a cost (templates/theme.yaml:
# text.keep_pairs, text.justify.pair_break_demerits), only where nothing else fits.


@remembered(maxsize=1)
def keep_pairs() -> dict[str, tuple[str, ...]]:
    """{first word: the second words that make a term with it}."""
    from generator.read.theme import theme

    pairs: dict[str, list[str]] = {}
    for term in theme().text.keep_pairs:
        first, _, second = term.partition(" ")
        if first and second:
            pairs.setdefault(first, []).append(second)
    return {first: tuple(seconds) for first, seconds in pairs.items()}


def word_text(word: Word) -> str:
    return "".join(run.text for run in word.runs)


def pair_breaks(words: list[Word]) -> frozenset[int]:
    """The line ends (word counts, as the breaker's line ends are) that would fall between the two words of a common
    term: the first word as written (after an opening bracket or quote), the next word starting with the second."""
    pairs = keep_pairs()
    if not pairs:
        return frozenset()
    found = set()
    for index in range(len(words) - 1):
        word = words[index]
        if word.joined or not word.space:
            continue
        runs = word.runs
        seconds = pairs.get((runs[0].text if len(runs) == 1 else word_text(word)).lstrip(OPENING))
        if seconds and word_text(words[index + 1]).startswith(seconds):
            found.add(index + 1)
    return frozenset(found)
