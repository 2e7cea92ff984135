"""Booklet creep (issue 35), read from the imposed PDF: with --creep the pages of each inner sheet move toward the
fold by their share of the total (none on the outer sheet, all of it on the centre one, even steps between), left
pages right and right pages left, and nothing crosses the fold; without it the booklet is as before."""

from __future__ import annotations

import pytest
from conftest import pdf_chars, run_cli

from generator.read.theme import mm

pytestmark = pytest.mark.slow  # builds whole almanac booklets

CREEP_MM = 1.6  # Bad Moon Rising's 18 sheets of 80 g paper


@pytest.fixture(scope="module")
def booklets():
    """(sheet size, {creep in mm: pdf_chars of the booklet}) of Bad Moon Rising on A4, the reading PDF made once."""
    from generator.documents.almanac.book import reading_pdf
    from generator.load.game import load_game
    from generator.options import RenderOptions
    from generator.pdf.impose import impose

    game, _ = load_game("bad-moon-rising")
    reading, book = reading_pdf(game, RenderOptions())
    plain = impose(reading, book.sheet_size)
    assert impose(reading, book.sheet_size, 0.0) == plain  # no creep asked: the same bytes
    return book.sheet_size, {0.0: pdf_chars(plain), CREEP_MM: pdf_chars(impose(reading, book.sheet_size, mm(CREEP_MM)))}


def edges(side: dict) -> tuple[float, float, float, float]:
    """(left page's leftmost and rightmost ink, right page's leftmost and rightmost ink) of one sheet side."""
    half = side["width"] / 2
    glyphs = [c for c in side["chars"] if c["text"].strip()]
    left = [c for c in glyphs if (c["x0"] + c["x1"]) / 2 < half]
    right = [c for c in glyphs if (c["x0"] + c["x1"]) / 2 >= half]
    return (
        min(c["x0"] for c in left),
        max(c["x1"] for c in left),
        min(c["x0"] for c in right),
        max(c["x1"] for c in right),
    )


def test_inner_sheets_move_toward_the_fold_in_even_steps(booklets):
    _, found = booklets
    plain, creeping = found[0.0], found[CREEP_MM]
    sheets = len(plain) // 2
    assert sheets > 12  # the case creep is for
    shifts = []
    for number, (before, after) in enumerate(zip(plain, creeping)):
        (a0, a1, a2, a3), (b0, b1, b2, b3) = edges(before), edges(after)
        moved_left_page, moved_right_page = (
            b0 - a0,
            a2 - b2,
        )  # toward the fold: the left page right, the right page left
        assert moved_left_page == pytest.approx(b1 - a1, abs=0.01) and moved_right_page == pytest.approx(
            a3 - b3, abs=0.01
        )
        assert moved_left_page == pytest.approx(moved_right_page, abs=0.01)
        shifts.append((number // 2, moved_left_page))
    expected = {sheet: mm(CREEP_MM) * sheet / (sheets - 1) for sheet in range(sheets)}
    assert all(shift == pytest.approx(expected[sheet], abs=0.01) for sheet, shift in shifts), shifts
    assert shifts[0][1] == pytest.approx(0, abs=0.01) and shifts[-1][1] == pytest.approx(mm(CREEP_MM), abs=0.01)


def test_nothing_crosses_the_fold(booklets):
    _, found = booklets
    for side in found[CREEP_MM]:
        _, left_end, right_start, _ = edges(side)
        assert left_end < side["width"] / 2 < right_start


def test_the_flag_reaches_the_booklet_and_is_checked(tmp_path):
    for creep in ("0", "1"):
        result = run_cli("almanac", "trouble-brewing", "--creep", creep, "--out", tmp_path / creep, "-q")
        assert result.exit_code == 0, result.output
    [plain], [creeping] = ((tmp_path / creep).rglob("almanac-booklet.pdf") for creep in ("0", "1"))
    last_plain, last_creeping = pdf_chars(plain.read_bytes())[-1], pdf_chars(creeping.read_bytes())[-1]
    assert edges(last_creeping)[0] - edges(last_plain)[0] == pytest.approx(mm(1), abs=0.01)  # the centre sheet
    refused = run_cli("almanac", "trouble-brewing", "--creep", "9", "--out", tmp_path / "x")
    assert refused.exit_code == 2 and "--creep" in refused.stderr and "0–5 mm" in refused.stderr


def test_build_and_the_page_take_it():
    from generator.server.options import option_fields

    [field] = [f for f in option_fields() if f.name == "creep"]
    assert field.flag == "--creep" and field.kind == "number" and field.default == 0.0
