"""The check of advances read back from the user's cache: a font's real table passes, and every way a damaged or
foreign entry could mislead the measuring (runs out of order or overlapping, a width that is not a number or out of
range, a code point past Unicode) is refused, so the table is measured again instead."""

from __future__ import annotations

import math

import pytest

from generator.typeset.glyphs import _measured, _widths_shape


@pytest.fixture(scope="module")
def table():
    runs, default = _measured("sans")
    return runs, default


def test_a_fonts_own_table_passes(table):
    runs, default = table
    assert len(runs) > 1000
    assert _widths_shape((runs, default))
    assert _widths_shape(([], default))


def damaged(runs: list, at: int, run) -> list:
    return runs[:at] + [run] + runs[at + 1 :]


@pytest.mark.parametrize(
    "damage",
    [
        lambda runs: damaged(runs, 5, (runs[5][0], runs[5][1], -1)),  # negative width
        lambda runs: damaged(runs, 5, (runs[5][0], runs[5][1], 10_001)),  # wider than ten ems
        lambda runs: damaged(runs, 5, (runs[5][0], runs[5][1], math.nan)),
        lambda runs: damaged(runs, 5, (runs[5][0], runs[5][1], True)),  # a bool is not a width
        lambda runs: damaged(runs, 5, (runs[5][0], runs[5][1], "500")),
        lambda runs: damaged(runs, 5, (runs[5][1], runs[5][0] - 1, 500)),  # last before first
        lambda runs: damaged(runs, 5, (runs[4][1], runs[5][1], 500)),  # overlaps the run before
        lambda runs: damaged(runs, 5, (float(runs[5][0]), runs[5][1], 500)),
        lambda runs: damaged(runs, 5, (runs[5][0], runs[5][1])),  # two items
        lambda runs: damaged(runs, 5, [runs[5][0], runs[5][1], 500]),  # a list, not a tuple
        lambda runs: runs[:10] + runs[9:],  # a run repeated
        lambda runs: list(reversed(runs)),
        lambda runs: [(-1, 5, 500)] + runs[1:],
        lambda runs: runs[:-1] + [(runs[-1][0], 0x110000, 500)],
        lambda runs: tuple(runs),
    ],
)
def test_a_damaged_table_is_refused(table, damage):
    runs, default = table
    assert not _widths_shape((damage(list(runs)), default))


@pytest.mark.parametrize("kept", [None, [], ([],), ([], 500, 0), ([], "500"), ([], None), "runs"])
def test_a_value_of_another_form_is_refused(kept):
    assert not _widths_shape(kept)
