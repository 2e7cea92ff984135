"""Checks stage: a loaded Game → findings about its night order, setup, text and text lengths (no rendering)."""

from __future__ import annotations

from generator.findings import Report
from generator.model import Game


def run_checks(game: Game, report: Report) -> Report:
    from generator.checks import lengths, night, setup, text

    night.check(game, report)
    setup.check(game, report)
    text.check(game, report)
    lengths.check(game, report)
    return report
