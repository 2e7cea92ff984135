"""templates/theme.yaml → the player sheet's own sizes and colours (its `script_sheet` section, and the back's)."""

from __future__ import annotations

from generator.read.theme import theme


def sheet_theme() -> dict:
    return theme().script_sheet


def back_theme() -> dict:
    return sheet_theme()["back"]
