"""The line breaker on words of fixed widths (the way WeasyPrint tests line boxes): every glyph is one em wide and a
word space a third of one, so each test sets out exactly which breaks fit. A common two-word term stays on one line,
a bound noun or a bound ending never starts one, no line the paragraph goes on after is shorter than a quarter of the
measure and a short last line is avoided where it can be, a word is cut between syllables only where no break between
words keeps the gaps within half an em, and a run without spaces breaks inside the measure."""

from __future__ import annotations

import random

import pytest

from generator.typeset import linebreak, words
from generator.typeset.linebreak import line_ends, lines_at
from generator.typeset.words import NBSP, Run, Word, merged, pair_breaks, split_at_ties, syllable_pieces

EM = 10.0  # the text size: a glyph is EM wide
SPACE = EM / 3
FONT = "Fixed"  # no font is read: widths come from fixed_width


def fixed_width(text: str, font: str, size: float) -> float:
    return len(text.replace(NBSP, " ")) * size if text != " " else size / 3


@pytest.fixture(autouse=True)
def fixed_widths(monkeypatch):
    monkeypatch.setattr(words, "width_of", fixed_width)


def word(text: str, space: float = SPACE) -> Word:
    width = fixed_width(text, FONT, EM)
    return Word([Run(text, FONT, EM, "black", width)], width, len(text), space)


def paragraph(*texts: str) -> list[Word]:
    made = [word(text) for text in texts]
    made[-1].space = 0.0
    return made


def texts_of(lines) -> list[str]:
    return [" ".join("".join(run.text for run in w.runs) for w in line.words) for line in lines]


def ragged(words_: list[Word], width: float, pairs=None) -> list[str]:
    ends = line_ends(words_, (width, width), True, EM, False, False, pairs=pairs)
    return texts_of(lines_at(words_, ends, (width, width), True, EM, False))


def justified(words_: list[Word], width: float) -> list:
    ends = line_ends(words_, (width, width), True, EM, True, False)
    return lines_at(words_, ends, (width, width), True, EM, True)


# ---------------------------------------------------------------- terms, short lines


def test_a_common_two_word_term_stays_on_one_line():
    words_ = paragraph("가나다", "라마바", "사아자", "오늘", "밤에는", "타파", "하거나")
    width = fixed_width("가나다 라마바 사아자 오늘", FONT, EM) + 2 * SPACE  # four words and a little
    assert pair_breaks(words_) == {4}  # a line ending after '오늘' would split '오늘 밤' (templates/theme.yaml)
    split = ragged(words_, width, pairs=frozenset())
    assert split == ["가나다 라마바 사아자 오늘", "밤에는 타파 하거나"]  # without the penalty: the fullest first line
    assert ragged(words_, width) == ["가나다 라마바 사아자", "오늘 밤에는 타파 하거나"]
    assert pair_breaks(paragraph("사아자", "오늘", "아침에")) == frozenset()  # '오늘 아침' is no listed term


@pytest.mark.parametrize("tight", [False, True])
def test_no_line_shorter_than_a_quarter_of_the_measure_while_the_paragraph_goes_on(tight):
    # '당신이' alone on the first line (15 % of the measure) although '당신이 처음으로' fits: the old breaker tried no
    # line shorter than 60 % of the measure but a lone word
    width = 20 * EM
    words_ = paragraph("당신이", "처음으로", "사망하게되어도사망하지않습니다")
    ends = line_ends(words_, (width, width), True, EM, False, tight)
    lines = texts_of(lines_at(words_, ends, (width, width), True, EM, False))
    assert lines == ["당신이 처음으로", "사망하게되어도사망하지않습니다"]


@pytest.mark.parametrize("tight", [False, True])
def test_a_short_last_line_is_avoided_where_the_words_allow(tight):
    width = 18 * EM
    words_ = paragraph("가나다라마바사아", "자차카타파하가나", "다", "라")  # '다 라' alone would be 13 % of the measure
    ends = line_ends(words_, (width, width), True, EM, False, tight)
    lines = texts_of(lines_at(words_, ends, (width, width), True, EM, False))
    assert lines == ["가나다라마바사아", "자차카타파하가나 다 라"]
    lone = paragraph("가나다라마바사아자차", "카")  # the last word alone cannot be helped: nothing else fits
    assert ragged(lone, 11 * EM) == ["가나다라마바사아자차", "카"]


# ---------------------------------------------------------------- inside words


def test_a_bound_noun_never_starts_a_line():
    # '선택할 수' is tied by the wording (generator.load.wording.tie_bound_nouns): one unit, cut only in its first word
    unit = word(f"선택할{NBSP}수")
    pieces = syllable_pieces(unit, {})
    assert ["".join(r.text for r in p.runs) for p in pieces] == ["선택", f"할{NBSP}수"]
    words_ = paragraph("플레이어를", "골라", f"선택할{NBSP}수", "있습니다.")
    for width in range(8, 20):
        for line in ragged(words_, width * EM)[1:]:
            assert not line.startswith("수"), (width, line)


def test_a_bound_ending_never_starts_a_line_and_a_lone_syllable_costs_more():
    # '선택할/지는' reads as '지는' (losing); only '선택/할지는' and '선택할지/는' remain, the latter weak
    pieces = syllable_pieces(word("선택할지는"), {})
    assert ["".join(r.text for r in p.runs) for p in pieces] == ["선택", "할지", "는"]
    assert [p.weak for p in pieces[:-1]] == [False, True]
    assert ["".join(r.text for r in p.runs) for p in syllable_pieces(word("사망하지만"), {})] == ["사망", "하지", "만"]
    pieces = syllable_pieces(word("사망합니다."), {})
    assert [p.weak for p in pieces[:-1]] == [False, True, True]  # 사망|합니다. is a stem cut; 합|니다, 합니|다 are weak


def test_a_word_is_cut_only_where_no_break_between_words_keeps_the_gaps():
    # fits between words with gaps within half an em: no cut
    width = fixed_width("가나다 라마바사 아자차카타", FONT, EM) + 2 * 0.15 * EM
    words_ = [
        piece for w in paragraph("가나다", "라마바사", "아자차카타", "파하가나다라") for piece in syllable_pieces(w, {})
    ]
    lines = justified(words_, width)
    assert not any(line.words[-1].joined for line in lines[:-1]), texts_of(lines)
    assert all(line.word_extra + SPACE <= 0.5 * EM + 1e-6 for line in lines)
    # a gap would have to open past half an em: the long word is cut between syllables instead
    width = fixed_width("가나다 라마바사 아자", FONT, EM) + 0.2 * EM
    lines = justified(words_, width)
    assert lines[0].words[-1].joined, texts_of(lines)
    assert all(line.word_extra + SPACE <= 0.5 * EM + 1e-6 for line in lines)


def test_a_cut_word_whose_pieces_share_a_line_is_the_word_again():
    """The pieces of a word on one line make the word as it was (text, widths, space); a line cut inside it keeps the
    parts of the pieces it holds."""
    whole = word("사망합니다.", space=SPACE)
    pieces = syllable_pieces(whole, {})
    assert len(pieces) == 4
    again = merged(pieces)
    assert again == whole and again.space == SPACE and not again.joined
    head, tail = merged(pieces[:2]), merged(pieces[2:])
    assert ["".join(r.text for r in w.runs) for w in (head, tail)] == ["사망합", "니다."]
    assert head.joined and head.width == fixed_width("사망합", FONT, EM) and tail.space == SPACE


def test_the_first_search_between_words_finds_the_lines_of_the_whole_search(monkeypatch):
    """line_ends first tries ends between words only, where greedy lines leave no gap over the limit; the lines it
    keeps must be what the search over every syllable piece finds, ties included (random paragraphs, fixed widths:
    many ties), and it must be kept often enough to save lines tried."""
    rng = random.Random(53)
    syllables = "가나다라마바사아자차카타파하는을를이가에서도만"
    cases = []
    for _ in range(300):
        texts = [
            "".join(rng.choice(syllables) for _ in range(rng.choice((1, 2, 2, 3, 3, 3, 4, 5))))
            for _ in range(rng.randint(4, 60))
        ]
        pieces = [piece for w in paragraph(*texts) for piece in syllable_pieces(w, {})]
        width = rng.uniform(12, 40) * EM
        cases.append((pieces, (width - rng.choice((0, EM)), width), rng.random() < 0.5))
    tried = []
    real = linebreak.demerits_function

    def counting(*args):
        inner = real(*args)

        def demerits(*a):
            tried.append(1)
            return inner(*a)

        return demerits

    monkeypatch.setattr(linebreak, "demerits_function", counting)
    both = [line_ends(p, widths, True, EM, True, tight) for p, widths, tight in cases]
    tried_both = len(tried)
    tried.clear()
    monkeypatch.setattr(linebreak, "cut_free_bound", lambda *args: 0.0)  # the search over every piece only
    whole = [line_ends(p, widths, True, EM, True, tight) for p, widths, tight in cases]
    assert both == whole
    assert tried_both < 0.9 * len(tried)  # the first search was kept in enough of them to save lines tried
    assert any(p[end - 1].joined for (p, _, _), ends in zip(cases, whole) for end in ends[:-1])  # and cuts were made


def test_a_line_the_gaps_cannot_fill_is_stretched_to_their_limit():
    width = 10 * EM
    words_ = paragraph("가나", "다라", "마바", "사아자차카타파하")  # the long word fits no first line, and is not cut
    first, last = justified(words_, width)
    assert texts_of([first, last]) == ["가나 다라 마바", "사아자차카타파하"]
    assert first.justified and first.word_extra + SPACE == pytest.approx(0.5 * EM)  # gaps at half an em, no more
    assert first.natural + 2 * first.word_extra < width  # and the line ends short of the measure


# ---------------------------------------------------------------- runs without spaces


@pytest.mark.parametrize("width_em", [5, 7.5, 12])
def test_a_run_without_spaces_breaks_inside_the_measure(width_em):
    width = width_em * EM
    run = word("每个夜晚你要选择一名玩家如果他是恶魔那么你会得知这个信息否则你什么都不会得知Supercalifragilistic")
    pieces = split_at_ties(run, width)
    assert len(pieces) == run.glyphs and all(p.joined for p in pieces[:-1])
    words_ = [word("앞말"), *pieces[:-1], pieces[-1], word("뒷말", 0.0)]
    for justify in (False, True):
        ends = line_ends(words_, (width, width), True, EM, justify, False)
        lines = lines_at(words_, ends, (width, width), True, EM, justify)
        assert all(line.natural <= width + 1e-6 for line in lines), [(line.natural, width) for line in lines]
        assert "".join(texts_of(lines)).replace(" ", "") == "앞말" + "".join(r.text for r in run.runs) + "뒷말"


@pytest.fixture
def counted(monkeypatch) -> list:
    """A list that grows by one each time the breaker works out a candidate line's demerits."""
    calls: list = []
    real = linebreak.demerits_function

    def counting(*args):
        inner = real(*args)

        def demerits(*a):
            calls.append(1)
            return inner(*a)

        return demerits

    monkeypatch.setattr(linebreak, "demerits_function", counting)
    return calls


def test_the_work_grows_with_the_text_not_its_square(counted):
    """The breaker tries, for each line end, only the starts that fit one line: doubling the text doubles the work."""
    calls = {}
    for count in (200, 400):
        counted.clear()
        line_ends(paragraph(*(["가나다", "라마", "바사아자"] * count)), (30 * EM, 30 * EM), True, EM, True, False)
        calls[count] = len(counted)
    assert calls[400] < 2.2 * calls[200], calls


def test_a_run_without_spaces_costs_what_it_prints_not_its_square(counted):
    """A name of ten thousand letters with no space once made every line end try every start (a build took a minute):
    the starts stop where the pieces overflow the line, so doubling the run doubles the work."""
    calls = {}
    for count in (400, 800):
        counted.clear()
        pieces = split_at_ties(word("가나다라마바사아자차" * (count // 10)), 8 * EM)
        line_ends([word("앞말"), *pieces, word("뒷말", 0.0)], (8 * EM, 8 * EM), True, EM, True, False)
        calls[count] = len(counted)
    assert calls[800] < 2.2 * calls[400], calls
