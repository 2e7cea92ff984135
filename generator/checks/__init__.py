"""Checks stage: a loaded Game → findings about its night order, setup and text (no rendering involved)."""

from __future__ import annotations

from generator.findings import Report
from generator.model import Game


def run_checks(game: Game, report: Report) -> Report:
    from generator.checks import info_cards, night, setup, text

    night.check(game, report)
    setup.check(game, report)
    text.check(game, report)
    info_cards.check(game, report)
    return report
