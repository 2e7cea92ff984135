"""Words and their widths (generator.typeset.words) → lines: whole-paragraph line breaking for Korean text, and how a
justified line spreads the width it has left.

Lines break between 어절 (at ASCII spaces; a no-break space U+00A0 ties a name, a bracket or a bound noun to its word),
and in a justified paragraph also between two syllables of a word (Korean needs no hyphen), at a cost above the
loosest line the word gaps can justify, so only where ending the line between words would open them past the limit:
never inside a name or a number, never after a word's first syllable, never before a bound ending ('선택할/지는'), in
a tied unit only inside its first word, and a cut leaving a lone syllable or a particle ('합니/다.', '하수인/에게')
costs more still (generator.typeset.words.syllable_pieces). A word wider than the column (a run without spaces:
Chinese text, a long Latin run) breaks between any two characters. The breaks of a paragraph are chosen together for
the least total demerits (Knuth–Plass total fit): a justified line opens its word spaces, or closes them slightly, and
no word gap grows past the theme's maximum (0.5 em: a Korean book keeps its gaps near a space); syllables are never
spaced apart (자간 stays as the font sets it). A line that cannot reach the width within those limits is stretched as
far as they allow and ends short, chosen only when nothing else fits. Ragged and centred paragraphs get even line
lengths the same way (a centred title balances its last line too). Every paragraph also pays for: a line shorter than
a quarter of the width that the paragraph goes on after (as good as never: '당신이' alone), a short last line in a
ragged paragraph, a short line holding a cut word, a line ending between the words of a common term ('오늘 / 밤',
templates/theme.yaml text.keep_pairs), a dangling one-syllable word, a stranded opening quote, and a runt (a last
line of one short word). Limits and costs are in templates/theme.yaml (text.justify).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain, islice

from generator.caches import remembered
from generator.read.theme import theme
from generator.typeset.words import (
    Word,
    cached_segments,
    kept_index,
    merged,
    opens,
    pair_breaks,
    split_at_ties,
    syllable_pieces,
)

INFEASIBLE = float("inf")
UNDERFULL = 1e6  # demerits of a line that cannot be stretched to full width, and more the shorter it ends: one that
# ends a hair short costs about what a syllable break does, one that ends an em short more than a weak one


@remembered(maxsize=1)
def spacing() -> dict:
    """Justification limits from the theme, in ems of the paragraph's font size."""
    return theme().text.justify


@dataclass(slots=True)
class Line:
    """One set line: its words, natural width and the extra spacing that justifies it."""

    words: list[Word]
    natural: float  # words and natural spaces
    word_extra: float = 0.0  # added to each breaking space
    letter_extra: float = 0.0  # added between glyphs (PDF Tc)
    justified: bool = False


def stretch_line(
    extra: float, spaces: int, gaps: int, widest: float, em: float, limits: dict
) -> tuple[float, float, float]:
    """(word-space extra, letter extra, width left over) for `extra` ≥ 0 points spread over a line.

    First words and syllables open together (letters get `letter_ratio` of the word stretch) up to the comfortable
    word stretch; then syllables alone up to `letter_max_em`; then word spaces alone up to the largest word gap.
    """
    ratio = limits["letter_ratio"]
    comfort = limits["word_space_comfort_em"] * em
    letter_most = limits["letter_max_em"] * em
    word_most = max(0.0, limits["word_gap_max_em"] * em - widest - letter_most) if spaces else 0.0
    word = min(extra / (spaces + gaps * ratio), comfort) if spaces + gaps * ratio else 0.0
    word = min(word, word_most) if spaces else 0.0
    letter = min(word * ratio, letter_most) if gaps else 0.0
    left = extra - word * spaces - letter * gaps
    if left > 0 and gaps:
        more = min(left / gaps, letter_most - letter)
        letter += more
        left -= more * gaps
    if left > 0 and spaces:
        more = min(left / spaces, word_most - word)
        word += more
        left -= more * spaces
    return word, letter, max(0.0, left)


def demerits_function(widest: float, em: float, tight: bool, limits: dict):
    """demerits(extra, spaces, gaps, last) for one segment: a line `extra` points short of the width (negative:
    too long) with that many word spaces and glyph gaps; INFEASIBLE when it cannot be set. Constants are worked
    out once here: this runs for every candidate line."""
    penalty = limits["line_penalty"] * (limits["tight_line_factor"] if tight else 1)
    ratio = limits["letter_ratio"]
    letter_most = limits["letter_max_em"] * em
    word_most = max(0.0, limits["word_gap_max_em"] * em - widest - letter_most)
    comfort = limits["word_space_comfort_em"] * em
    shrink_most = limits["word_space_shrink_em"] * em
    last_cost = penalty * penalty
    relief = 0.5 if tight else 1.0

    def demerits(extra: float, spaces: int, gaps: int, last: bool) -> float:
        if extra >= 0:
            if last:  # the last line keeps natural spacing
                return last_cost
            left = extra - spaces * word_most - gaps * letter_most  # what stretch_line could not place
            if left > 0.01:  # underfull: stretched as far as allowed, the rest left at the line end
                return UNDERFULL + (left / em) ** 2 * 1e8  # two lines a little short beat one very short
            comfortable = (spaces + gaps * ratio) * comfort
            badness = 100 * (extra / comfortable) ** 3 if comfortable else 0.0
        else:  # tighter than natural: word spaces shrink, and syllables close up a little with them
            if not spaces:
                return INFEASIBLE
            shrink = -extra / (spaces + gaps * ratio) / shrink_most
            if shrink > 1:
                return INFEASIBLE
            badness = 100 * shrink * shrink * shrink * relief
        return (penalty + badness) ** 2

    return demerits


def set_line(
    words: list[Word], natural: float, width: float, widest: float, em: float, last: bool, limits: dict
) -> Line:
    """The chosen line with its word and letter spacing."""
    line = Line(words, natural)
    extra = width - natural
    if last and extra >= 0:
        return line
    spaces, gaps = len(words) - 1, sum(w.glyphs for w in words) - 1
    if extra >= 0:
        line.word_extra, line.letter_extra, left = stretch_line(extra, spaces, gaps, widest, em, limits)
        if left > 0.01:  # cannot reach the width within the word gaps: stretched as far as they allow, the rest
            line.justified = True  # left at the line's end (it ends a little short rather than ragged)
            return line
    elif spaces:
        shrink = min(-extra / (spaces + gaps * limits["letter_ratio"]), limits["word_space_shrink_em"] * em)
        line.word_extra, line.letter_extra = -shrink, -shrink * limits["letter_ratio"]
    line.justified = True
    return line


def break_segment(
    words: list[Word],
    widths: tuple[float, float],
    first: bool,
    em: float,
    justify: bool,
    tight: bool,
    balance: bool = False,
):
    """The lines of one segment with the least total demerits (ragged lines when the style is not justified)."""
    return lines_at(words, line_ends(words, widths, first, em, justify, tight, balance), widths, first, em, justify)


def worst_justified(widest: float, em: float, limits: dict) -> float:
    """The demerits of the loosest line the word gaps can justify (each gap at word_gap_max_em), at the paragraph's
    own line penalty (not a tight one): what a syllable break costs over its own demerits, so that a line ends inside
    a word only where no break between words keeps the gaps within the limit."""
    word_most = max(0.0, limits["word_gap_max_em"] * em - widest - limits["letter_max_em"] * em)
    comfort = limits["word_space_comfort_em"] * em
    badness = 100 * (word_most / comfort) ** 3 if comfort else 0.0
    return (limits["line_penalty"] + badness) ** 2


def cut_free_bound(
    words: list[Word],
    widths: tuple[float, float],
    em: float,
    tight: bool,
    limits: dict,
    advance: list[float],
    open_count: list[int],
    glyph_count: list[int],
    cut_cost: float,
) -> float:
    """A cost every set of lines of these words (of a justified paragraph) that ends a line inside a word exceeds, or 0
    when the theme's costs allow no bound (a negative one).

    Such a set pays the cut (cut_cost) and, for each line, at least the least a line costs (line_penalty², or an
    underfull line's UNDERFULL), unless one of its lines runs past the width without a space and costs 1e12. It has at
    least two lines, and at least as many as the words need at the widest measure with every space shrunk as far as
    allowed: each line's words, less what its spaces may shrink, fit its width, and the space after a line's last word
    is not in the line. So when the best lines between words alone cost less than this, no set with a cut costs as
    little, and the search over all the pieces would find those same lines (line_ends)."""
    n = len(words)
    factor = limits["tight_line_factor"] if tight else 1
    penalty = limits["line_penalty"] * factor
    shrink = limits["word_space_shrink_em"] * em
    ratio = limits["letter_ratio"]
    added = (
        cut_cost,
        limits["weak_cut_demerits"],
        limits["dangling_word_demerits"] * factor,
        limits["pair_break_demerits"] * factor,
        limits["runt_demerits"],
        limits["stranded_opening_demerits"],
        limits["short_line_demerits"],
        limits["short_cut_demerits"],
    )
    room = max(widths) + max(word.space for word in words)
    if min(penalty, shrink, ratio, *added) < 0 or room <= 0:
        return 0.0
    fewest = (advance[n] - shrink * (open_count[n] + glyph_count[n] * ratio)) / room
    lines = max(2, math.ceil(fewest - 1e-6))
    least_line = min(penalty * penalty, UNDERFULL)
    return min(1e12, cut_cost + lines * least_line) * (1 - 1e-9)  # the margin: rounding in the sums of costs


def gaps_fit_between_words(
    words: list[Word],
    widths: tuple[float, float],
    first: bool,
    em: float,
    limits: dict,
    advance: list[float],
    open_count: list[int],
) -> bool:
    """Whether lines filled one after another with whole words (each space shrunk as far as allowed) keep every gap
    within word_gap_max_em. When they do, the best lines between words nearly always stand (cut_free_bound proves
    it each time), so line_ends searches those first; when they do not, the paragraph nearly always needs a cut, and
    that first search would be wasted. A guess that decides only how long the search takes, never its lines."""
    word_most = max(0.0, (limits["word_gap_max_em"] - limits["letter_max_em"]) * em - max(w.space for w in words))
    shrink = limits["word_space_shrink_em"] * em
    width = widths[0] if first else widths[1]
    start = fits = 0  # the current line's first word, and the last word end it holds
    n = len(words)
    for end in range(1, n + 1):
        if end < n and words[end - 1].joined:
            continue
        spaces = open_count[end - 1] - open_count[start]
        if not fits or advance[end] - advance[start] - words[end - 1].space - spaces * shrink <= width:
            fits = end
            continue
        natural = advance[fits] - advance[start] - words[fits - 1].space
        if width - natural > (open_count[fits - 1] - open_count[start]) * word_most + 0.01:
            return False
        start, fits, width = fits, end, widths[1]
    return True


def _advances(words: list[Word]) -> list[float]:
    advance = [0.0]  # advance[i]: width of words[:i] with the space after each
    for word in words:
        advance.append(advance[-1] + word.width + word.space)
    return advance


def line_ends(
    words: list[Word],
    widths: tuple[float, float],
    first: bool,
    em: float,
    justify: bool,
    tight: bool,
    balance: bool = False,
    pairs: frozenset[int] | None = None,
) -> list[int]:
    """Where the lines of one segment end (word indices, the last is len(words)), for the least total demerits.

    In a justified paragraph, candidate lines shorter than `shortest_line` of the width are not tried (except the last
    line and lone words): they could only be set underfull. Besides each line's own demerits: a line shorter than
    `short_line` of the width that the paragraph goes on after (as good as never), a short last line under a ragged
    paragraph, a short line holding a word cut between syllables, a break inside a common two-word term (`pairs`:
    line ends between its words, by default found from the words' texts: generator.typeset.words.pair_breaks), a
    dangling one-syllable word, a stranded opening quote, a runt.

    Two things only make it quicker, never change its lines: a start that cannot make a line end cheaper is passed
    over, and words cut into syllable pieces are first searched with line ends between whole words (cut_free_bound).
    """
    limits = spacing()
    n = len(words)
    if not n:
        return []
    advance = _advances(words)
    glyph_count, open_count = [0], [0]  # open_count[i]: word boundaries with a space among words[:i]
    for word in words:
        glyph_count.append(glyph_count[-1] + word.glyphs)
        open_count.append(open_count[-1] + (0 if word.joined else 1))
    widest = max((w.space for w in words), default=0.0)
    cut_cost = limits["syllable_break_demerits"] or 0.0
    if justify:
        cut_cost += worst_justified(widest, em, limits) * limits["syllable_break_lines"]
    weak_cut = limits["weak_cut_demerits"]  # '합니/다.', '하수인/에게': only where the paragraph would go ragged
    shrink = limits["word_space_shrink_em"] * em
    ratio = limits["letter_ratio"]
    factor = limits["tight_line_factor"] if tight else 1
    penalty = limits["line_penalty"] * factor
    shortest = limits["shortest_line"] if justify else 0.0  # ragged lines are never underfull: any length is tried
    short, short_line, short_cut = limits["short_line"], limits["short_line_demerits"], limits["short_cut_demerits"]
    short_cut_line = limits["short_cut_line"]
    short_last = 0.0 if justify else limits["short_last_demerits"]  # a book's justified paragraph may end short
    # in a tight paragraph a line costs tight_line_factor² more: the kerb on dangling words and split terms grows with it
    dangling = limits["dangling_word_demerits"] * factor
    split_pair = limits["pair_break_demerits"] * factor
    pairs = pair_breaks(words) if pairs is None else pairs
    runt, runt_glyphs = limits["runt_demerits"], limits["runt_glyphs"]
    stranded = limits["stranded_opening_demerits"]
    demerits = demerits_function(widest, em, tight, limits)
    # what ending a (not last) line after each word adds: a dangling one-syllable word, a stranded opening quote
    dangles = [word.glyphs == 1 for word in words]
    strands = [stranded if opens(word) else 0.0 for word in words]
    # a line adds no negative cost (demerits are squares; the theme's added costs are not negative): a start whose best
    # is already no less than the best found for this end cannot make it cheaper, and is passed over
    costs_grow = min(dangling, runt, short_line, short_last, short_cut, stranded, cut_cost, weak_cut, split_pair) >= 0
    # When the words hold cuts between syllables, a first search ends lines only between words; its lines are the
    # lines the whole search would find whenever they cost less than any set of lines with a cut can (cut_free_bound),
    # which is nearly always, and it tries only a fraction of the lines. `nodes`: the places a line may start and end
    # (None: after every piece).
    passes: list[list[int] | None] = [None]
    bound = 0.0
    if (
        justify
        and any(word.joined for word in islice(words, n - 1))
        and gaps_fit_between_words(words, widths, first, em, limits, advance, open_count)
    ):
        bound = cut_free_bound(words, widths, em, tight, limits, advance, open_count, glyph_count, cut_cost)
    if bound:
        passes.insert(0, [0, *(end for end in range(1, n + 1) if end == n or not words[end - 1].joined)])
    for nodes in passes:
        best = [0.0] + [INFEASIBLE] * n
        came_from = [0] * (n + 1)
        for end in range(1, n + 1):
            last = end == n
            if nodes is not None and not last and words[end - 1].joined:
                continue
            tail = words[end - 1].space
            # the longest start still giving a line of `shortest` width (shorter ones could only be underfull)
            longest = (
                end - 1 if last else min(end - 1, bisect_right(advance, advance[end] - tail - widths[1] * shortest) - 1)
            )
            if nodes is None:
                below: Iterable[int] = range(longest, -1, -1)
                alone = longest < end - 1
            else:  # the same starts in the same order, less those inside a word
                below = map(nodes.__getitem__, range(bisect_right(nodes, longest) - 1, -1, -1))
                alone = longest < end - 1 and (end == 1 or not words[end - 2].joined)
            starts = chain((end - 1,), below) if alone else below
            least = INFEASIBLE  # a start whose own best is no less than this cannot give a cheaper line end
            for start in starts:
                width = widths[0] if (first and start == 0) else widths[1]
                natural = advance[end] - advance[start] - tail
                spaces = open_count[end - 1] - open_count[start]  # breaking spaces inside the line (not inside a word)
                gaps = glyph_count[end] - glyph_count[start] - 1
                if spaces and natural - (spaces + gaps * ratio) * shrink > width:
                    break
                if not spaces and end - start > 1 and natural - gaps * ratio * shrink > width:
                    # pieces of a run without spaces, already wider than the line: an earlier start only adds to it (a
                    # run of ten thousand letters once made every end try every start)
                    break
                if best[start] >= least or (spaces and not last and natural < width * shortest):
                    continue
                if justify:
                    cost = demerits(width - natural, spaces, gaps, last)
                else:  # ragged: even line lengths; a centred paragraph (a title) balances its last line too
                    slack = 0 if (last and not balance) else (width - natural) / em
                    cost = INFEASIBLE if natural > width else (penalty + slack) ** 2
                if cost == INFEASIBLE and not spaces:
                    cost = 1e12  # a lone word that cannot be justified is set ragged
                elif not last and dangles[end - 1] and cost < UNDERFULL:
                    cost += dangling  # a one-syllable word (이, 그, 수 …) left hanging at the end of a line
                if last and start and spaces == 0 and words[start].glyphs < runt_glyphs:
                    cost += runt  # a runt: the last line holds one short word ('됩니다.' alone)
                if natural < width * short and (start or not last):  # a short line in a paragraph of several
                    cost += short_last if last else short_line
                if natural < width * short_cut_line and (
                    (start and words[start - 1].joined) or (not last and words[end - 1].joined)
                ):
                    # a short line holding a cut word's end or start ('성자라 / 는 것을 알게 됩니다.')
                    cost += short_cut
                if not last:
                    # an opening quote or bracket left at the end of a line ('‘이' / '플레이어가…')
                    cost += strands[end - 1]
                    if words[end - 1].joined:
                        cost += cut_cost + (weak_cut if words[end - 1].weak else 0.0)  # a word broken between syllables
                    if end in pairs:
                        cost += split_pair  # '오늘 / 밤'
                total = best[start] + cost
                if total < best[end]:
                    best[end] = total
                    came_from[end] = start
                    if costs_grow:
                        least = total
        if nodes is None or best[n] < bound:
            break
    ends = []
    end = n
    while end > 0:
        ends.append(end)
        end = came_from[end]
    return ends[::-1]


def lines_at(
    words: list[Word], ends: list[int], widths: tuple[float, float], first: bool, em: float, justify: bool
) -> list[Line]:
    """The lines of one segment broken after the given word indices, with their spacing."""
    if not words:
        return []
    limits = spacing()
    advance = _advances(words)
    widest = max((w.space for w in words), default=0.0)
    lines = []
    start = 0
    for end in ends:
        width = widths[0] if (first and start == 0) else widths[1]
        natural = advance[end] - advance[start] - words[end - 1].space
        line_words = whole_words(words[start:end])
        if justify:
            lines.append(set_line(line_words, natural, width, widest, em, end == len(words), limits))
        else:
            lines.append(Line(line_words, natural))
        start = end
    return lines


def whole_words(pieces: list[Word]) -> list[Word]:
    """A line's words with the pieces of a word that stayed together joined again (a word cut at the line's end
    stays a piece: it is drawn without a hyphen and without the space)."""
    result, chain = [], []
    for piece in pieces:
        chain.append(piece)
        if not piece.joined:
            result.append(merged(chain))
            chain = []
    if chain:
        result.append(merged(chain))
    return result


def break_lines(frags, widths: tuple[float, float], em: float, justify: bool, tight: bool, balance: bool) -> list[Line]:
    """The lines of a paragraph (reportlab frags) in `widths` (first line, other lines)."""
    return break_lines_at(frags, widths, em, justify, tight, balance)[0]


def break_lines_at(
    frags,
    widths: tuple[float, float],
    em: float,
    justify: bool,
    tight: bool,
    balance: bool,
    known: list | None = None,
    kept: frozenset[str] = frozenset(),
) -> tuple[list[Line], list[list[int]]]:
    """(lines, line ends of each segment). `known` ends, from an earlier run of the same paragraph and width, skip
    the search; ends that do not fit the words (another version) are searched again. `kept`: one-word names a
    justified line never cuts between syllables.

    A segment's ends come in one of two forms: a tuple of word counts when every line ends between words (most
    paragraphs), a list of piece counts when a line ends inside a word (see word_ends). Lines that end between
    words are set from the words themselves, found or kept alike, so kept ends of that form skip cutting the
    paragraph's words into syllables."""
    lines: list[Line] = []
    all_ends: list[tuple[int, ...] | list[int]] = []
    segments = cached_segments(frags)
    known = known if isinstance(known, list) and len(known) == len(segments) else None
    syllables = justify and spacing()["syllable_break_demerits"] is not None
    names = kept_index(kept) if syllables and kept else {}
    for index, segment in enumerate(segments):
        ends = known[index] if known is not None else None
        between_words = type(ends) is tuple and _valid_ends(list(ends), len(segment.words))
        if not (between_words and _no_wide_word(segment.words, widths[1])):
            words, pairs = breakable_words(segment, widths[1], syllables, kept, names)
            if not _valid_ends(ends, len(words)):
                ends = line_ends(words, widths, index == 0, em, justify, tight, balance, pairs)
            found = word_ends(ends, words, segment.words, widths[1])
            if found is None:
                all_ends.append(ends)
                lines += lines_at(words, ends, widths, index == 0, em, justify) or ([Line([], 0.0)] if index else [])
                continue
            ends = found
        all_ends.append(ends)
        lines += lines_at(segment.words, list(ends), widths, index == 0, em, justify) or (
            [Line([], 0.0)] if index else []
        )
    if lines and not lines[-1].words:
        lines.pop()
    return lines, all_ends


def _no_wide_word(words: list[Word], width: float) -> bool:
    """Whether every word fits the column: then the pieces a line may end after are the words and their syllables
    only (breakable_words), each word's last piece the only one not joined to the next."""
    return all(word.width <= width for word in words)


def word_ends(ends: list[int], pieces: list[Word], words: list[Word], width: float) -> tuple[int, ...] | None:
    """Line ends given in pieces → the same ends in words, or None when a line ends inside a word (or a word wider
    than the column was split into pieces of its own)."""
    if not _no_wide_word(words, width) or any(pieces[end - 1].joined for end in ends):
        return None
    whole_before = [0]  # whole words among the first i pieces
    for piece in pieces:
        whole_before.append(whole_before[-1] + (not piece.joined))
    return tuple(whole_before[end] for end in ends)


def breakable_words(
    segment, width: float, syllables: bool, kept: frozenset[str], names: dict
) -> tuple[list, frozenset[int]]:
    """(the segment's words as pieces a line may end after, the line ends inside a common two-word term); the same
    paragraph is broken at several widths and leadings (and again in each build of a long-running server), so both
    are kept on the segment."""
    key = (width, syllables, kept if syllables else None)
    found = segment.pieces.get(key)
    if found is None:
        words = []
        for word in segment.words:
            if word.width <= width:
                words += syllable_pieces(word, names) if syllables else [word]
                continue
            pieces = split_at_ties(word, width)
            words += [part for piece in pieces for part in syllable_pieces(piece, names)] if syllables else pieces
        found = segment.pieces[key] = (words, pair_breaks(words))
    return found


def _valid_ends(ends, count: int) -> bool:
    if not isinstance(ends, list) or not all(type(end) is int for end in ends):
        return False
    if not count:
        return ends == []
    return bool(ends) and ends[-1] == count and all(a < b for a, b in zip([0, *ends], ends))
