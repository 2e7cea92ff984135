"""Korean line breaks in every document of every bundled script, A4 and Letter, read from the PDFs (issue 32): no line
starts with a bound noun (수, 것, 때, 줄, 뿐, 데, 적, and since issue 55 채, 듯, 만큼, with up to two particles:
'않는 / 때에만', '모른 / 채') after the modifier it belongs to ('선택할 / 수 있습니다'), and a numeral keeps its
counter ('두 / 명')."""

from __future__ import annotations

import re

import pytest
from conftest import bundled_kit, pdf_chars

PAPERS = ["a4", "letter"]
SCRIPTS = ["in-space", "trouble-brewing", "bad-moon-rising", "sects-and-violets"]
# the documents set in lines (tokens set names on arcs; the booklet is the almanac imposed, page for page)
READ = ["script.pdf", "night-order.pdf", "night-card.pdf", "info-cards.pdf", "almanac.pdf"]

# a bound noun as a word: alone or with a particle or the copula ('수도', '것을', '때마다'), not '수도사', '데몬'
TAIL = (
    "이|가|은|는|을|를|도|만|에|에는|에도|에서|으로|로|의|와|과|이나|나|까지|부터|마다|처럼|밖에|조차|이라도|라도|"
    "이다|입니다|이에요|예요|이고|이며|이라|이라는|인|일|이지만|이므로|이니|이면"
)
BOUND_START = re.compile(rf"^(수|것|때|줄|뿐|데|적|채|듯|만큼)(?:{TAIL}){{0,2}}(?=[\s.,!?)\]”’…:]|$)")
# '정보를 줄 수 있고': a one-syllable word before a bound noun is a verb's modifier (주다 → 줄), free to start a line
VERB_FORM = re.compile(r"^(줄|데|적)\s+(수|것|때)")
NUMERAL_END = re.compile(r"(?<![가-힣])(한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|스무)$")
COUNTER_START = re.compile(r"^(명|개|번|표|밤|쪽|장|가지|칸|사람)(?:[가-힣]{0,3})(?=[\s.,!?)\]”’…:]|$)")


def ends_with_modifier(text: str) -> bool:
    """The line's last syllable is an -ㄴ/-ㄹ form (받침 ㄴ or ㄹ), as a modifier before a bound noun is."""
    last = text.rstrip()[-1:]
    code = ord(last) - 0xAC00 if last else -1
    return 0 <= code <= 11171 and code % 28 in (4, 8)


def lines_of(page: dict) -> list[tuple[str, str]]:
    """(a line, the line below it in the same column) for every line of type on a page with one below."""
    rows: dict[tuple, list] = {}
    for ch in page["chars"]:
        rows.setdefault((round(ch["bottom"] * 2) / 2, round(ch["size"], 1)), []).append(ch)
    pieces = []
    for (bottom, size), chars in rows.items():
        chars.sort(key=lambda c: c["x0"])
        current = [chars[0]]
        for a, b in zip(chars, chars[1:]):
            if b["x0"] - a["x1"] > 2 * size:  # a table's or a column's gap
                pieces.append((bottom, size, current))
                current = []
            current.append(b)
        pieces.append((bottom, size, current))
    pairs = []
    for bottom, size, chars in pieces:
        x0, x1 = chars[0]["x0"], chars[-1]["x1"]
        below = [
            (b, s, c)
            for b, s, c in pieces
            if 0.5 * size < b - bottom < 2.4 * size
            and abs(s - size) < 0.6
            and c[0]["x0"] < x1
            and c[-1]["x1"] > x0
            and abs(c[0]["x0"] - x0) < 3 * size  # the next line of the same paragraph starts near this one
        ]
        if below:
            nxt = min(below, key=lambda p: p[0])
            pairs.append(("".join(c["text"] for c in chars), "".join(c["text"] for c in nxt[2])))
    return pairs


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("script", SCRIPTS)
def test_no_line_starts_with_a_bound_noun_or_a_counter_after_its_word(paper, script):
    _, files = bundled_kit(paper, script)
    found, pairs = [], 0
    assert set(READ) <= set(files)
    for name in READ:
        for number, page in enumerate(pdf_chars(files[name]), 1):
            for line, below in lines_of(page):
                pairs += 1
                line, below = line.replace("\u00a0", " ").rstrip(), below.replace("\u00a0", " ").lstrip()
                if BOUND_START.match(below) and not VERB_FORM.match(below) and ends_with_modifier(line):
                    found.append((name, number, f"{line[-12:]} / {below[:12]}"))
                if COUNTER_START.match(below) and NUMERAL_END.search(line):
                    found.append((name, number, f"{line[-12:]} / {below[:12]}"))
    assert pairs > 500  # the reading saw lines followed by lines
    assert not found, found[:10]


def test_the_reading_sees_a_bound_noun_starting_a_line():
    """The checks above flag what they should, and pass the verb form and a plain noun."""
    assert BOUND_START.match("수 있습니다.") and ends_with_modifier("플레이어를 선택할")
    assert BOUND_START.match("것을 알게 됩니다") and ends_with_modifier("주장하는")
    assert VERB_FORM.match("줄 수 있고") and not VERB_FORM.match("수 있고")
    assert not BOUND_START.match("수도사를 고릅니다") and not ends_with_modifier("고릅니다.")
    assert COUNTER_START.match("명이 죽습니다") and NUMERAL_END.search("플레이어 두")
    assert not BOUND_START.match("수도사를") and not NUMERAL_END.search("손을 든")
    assert BOUND_START.match("때에만 투표하게") and BOUND_START.match("채 플레이합니다") and ends_with_modifier("모른")
