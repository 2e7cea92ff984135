"""A Game's facts → the Korean lines printed about them: what a character's setup changes, and why a small
script's night has no minion or demon information. Every document and both doors word these the same way."""

from __future__ import annotations

from generator.load.brackets import TEAM_BY_KOREAN
from generator.load.wording import tie_phrases
from generator.model import TEAM_NAMES_KO


def describe(changes: dict) -> str:
    if not changes:
        return "없음"
    parts = []
    for team, deltas in changes.items():
        if deltas == "?":
            parts.append(f"{TEAM_NAMES_KO[team]} 이야기꾼이 정한 수만큼")
        else:
            parts.append(f"{TEAM_NAMES_KO[team]} " + " 또는 ".join(f"{d:+d}명" for d in deltas))
    return ", ".join(parts)


def describe_setup(character, names_by_id: dict[str, str] | None = None, include_hidden: bool = True) -> str:
    """Everything the character's setup does, in one Korean line (counts, hidden slot, required characters, rules)."""
    parts = []
    counts = {team: deltas for team, deltas in character.setup.items() if team in TEAM_BY_KOREAN.values()}
    if counts:
        parts.append(describe(counts))
    hidden = character.setup.get("hidden_as")
    if hidden and include_hidden:
        parts.append(f"자기 자리에 {TEAM_NAMES_KO[hidden]} 토큰이 대신 들어감")
    for required in character.required_characters:
        parts.append(f"{(names_by_id or {}).get(required, required)} 추가")
    parts += character.setup_rules
    return ", ".join(parts) if parts else ("" if not include_hidden else "없음")


def unplayed_note(game, night: str, short: bool = False) -> str | None:
    """Why a teensy script's night lacks minion and demon information, in one line (`short`: for a heading), or None."""
    skipped = game.unplayed_steps(night)
    if not skipped:
        return None
    low, high = game.script.players
    counts = f"{low}–{high}명" if low != high else f"{high}명"
    steps = game.library.fixed_steps
    names = "·".join(steps[s].name for s in skipped)
    least = max(steps[s].min_players for s in skipped)
    if short:
        return tie_phrases(f"{counts}: {names} 없음")
    return tie_phrases(f"{counts} 스크립트이므로 {names} 단계는 없습니다({least}명 이상일 때만 진행합니다).")
