"""Pieces several documents draw alike (the player sheet, the night sheet, the night card, the grimoire): icon colours,
fixed-step badges, step labels and team words."""

from __future__ import annotations

from generator.model import TEAM_NAMES_KO
from generator.read.theme import font_name, team_color, theme

# Fixed steps have no character icon: a small badge with one syllable stands in for it.
FIXED_BADGES = {
    "dusk": ("황", "fixed"),
    "minioninfo": ("하", "minion"),
    "demoninfo": ("악", "demon"),
    "dawn": ("새", "fixed"),
}


def icon_color(team: str) -> str:
    """Good icons blue, evil icons red, as players expect; travellers and loric keep their own colour."""
    if team in ("townsfolk", "outsider"):
        return team_color("townsfolk")
    if team in ("minion", "demon"):
        return team_color("minion")
    return team_color(team)


def draw_badge(canvas, step_id: str, x: float, y: float, size: float) -> None:
    """A fixed step's stand-in icon: a rounded square in the step's colour with one syllable."""
    from reportlab.lib.colors import HexColor, white

    syllable, key = FIXED_BADGES.get(step_id, ("·", "fixed"))
    col = HexColor(team_color(key) if key != "fixed" else theme().colors.teams["fixed"])
    inset = size * 0.1
    canvas.saveState()
    canvas.setFillColor(col)
    canvas.roundRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset, size * 0.18, stroke=0, fill=1)
    canvas.setFillColor(white)
    font_size = size * 0.5
    canvas.setFont(font_name("sans_bold"), font_size)
    canvas.drawCentredString(x + size / 2, y + size / 2 - font_size * 0.36, syllable)
    canvas.restoreState()


def step_label(game, step_id: str, night: str) -> tuple[str, str, str | None]:
    """(name, colour, condition) for a night step."""
    fixed = game.library.fixed_steps.get(step_id)
    if fixed is not None:
        key = FIXED_BADGES.get(step_id, ("", "fixed"))[1]
        condition = f"{fixed.min_players}명 이상" if fixed.min_players else None
        return fixed.name, theme().colors.teams["fixed"] if key == "fixed" else team_color(key), condition
    character = game.character(step_id)
    return character.name, team_color(character.team), None


def team_label(game, step_id: str) -> str | None:
    """A character step's team in words, beside its name: team colours alone merge when printed in greyscale."""
    if step_id in game.library.fixed_steps:
        return None
    return TEAM_NAMES_KO.get(game.character(step_id).team)
