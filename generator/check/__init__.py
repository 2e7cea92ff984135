"""Check stage: a loaded Game → findings about its night order, setup, text, text lengths, night-card cues, names
players may mix up, picture files and almanac prose that disagrees with the game's own data (nothing is rendered;
text is measured with the fonts' metrics)."""

from __future__ import annotations

from generator.findings import Report
from generator.model import Game


def run_checks(game: Game, report: Report, icons_dir=None) -> Report:
    from generator.check import almanac_facts, cues, files, info_cards, lengths, names, night, setup, text

    night.check(game, report)
    setup.check(game, report)
    text.check(game, report)
    almanac_facts.check(game, report)
    names.check(game, report)
    info_cards.check(game, report)
    lengths.check(game, report)
    cues.check(game, report)
    files.check(game, report, icons_dir)
    return report
