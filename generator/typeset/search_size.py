"""A list of sizes, largest first, and a test that holds from some size down → the largest size that passes, in
few tries when a guess is near.

Layouts shrink text until it fits; trying every size (or halving the whole range for each layout) made the
character sheet's cost grow faster than its characters. The search starts at a guess worked out from how much
the text overflows at the largest size, gallops (1, 2, 4 … steps) away from it until the answer is bracketed,
then halves the bracket: a good guess costs two or three tries, a bad one still only about 2·log₂ of the list.
"""

from __future__ import annotations

from collections.abc import Callable
from math import sqrt


def largest_passing(count: int, passes: Callable[[int], bool], guess: int = 0) -> int | None:
    """The smallest index i (largest size) with passes(i), assuming passes is False then True along the list;
    None when even the last fails. Each index is tried at most once."""
    if count <= 0:
        return None
    tried: dict[int, bool] = {}

    def ok(index: int) -> bool:
        if index not in tried:
            tried[index] = passes(index)
        return tried[index]

    guess = min(max(guess, 0), count - 1)
    if ok(guess):
        fail, fit, step = guess - 1, guess, 1
        while fail >= 0 and ok(fail):
            fit, step = fail, step * 2
            fail = fit - step
        fail = max(fail, -1)
    else:
        fail, step = guess, 1
        fit = guess + 1
        while fit < count and not ok(fit):
            fail, step = fit, step * 2
            fit = fail + step
        if fit >= count:
            if fail == count - 1 or not ok(count - 1):
                return None
            fit = count - 1
    while fit - fail > 1:
        middle = (fit + fail) // 2
        if ok(middle):
            fit = middle
        else:
            fail = middle
    return fit


def area_guess(sizes: list[float], overflow: float) -> int:
    """The index of the size whose text would just fill the room, when text at sizes[0] needs `overflow` times
    the room: area grows with the square of the size."""
    if overflow <= 1:
        return 0
    target = sizes[0] / sqrt(overflow)
    for index, size in enumerate(sizes):
        if size <= target + 1e-9:
            return index
    return len(sizes) - 1
