"""The size search: the same answer as trying every size from the largest, in few tries near a good guess."""

import math

import pytest

from generator.typeset.search_size import area_guess, largest_passing


@pytest.mark.parametrize("count", [1, 2, 3, 7, 23])
def test_the_largest_passing_size_for_every_threshold_and_guess(count):
    for threshold in range(count + 1):  # passes from `threshold` on; count: never
        for guess in range(-1, count + 1):
            tried = []

            def passes(index):
                tried.append(index)
                return index >= threshold

            expected = threshold if threshold < count else None
            assert largest_passing(count, passes, guess) == expected
            assert len(tried) == len(set(tried))  # no size is set twice
            assert len(tried) <= 2 * math.ceil(math.log2(count + 1)) + 2


def test_a_good_guess_costs_two_or_three_tries():
    tried = []
    largest_passing(23, lambda i: tried.append(i) or i >= 10, guess=10)
    assert len(tried) == 2
    tried.clear()
    largest_passing(23, lambda i: tried.append(i) or i >= 10, guess=9)
    assert len(tried) <= 3


def test_no_size_at_all():
    assert largest_passing(0, lambda i: True) is None


def test_area_guess_scales_with_the_square_root_of_the_overflow():
    sizes = [12 - 0.25 * i for i in range(23)]
    assert area_guess(sizes, 0.8) == 0
    assert sizes[area_guess(sizes, 2.0)] <= 12 / math.sqrt(2) < sizes[area_guess(sizes, 2.0) - 1]
    assert area_guess(sizes, 100.0) == 22
