"""Setup brackets and bag table of a Game → findings: bracket vs structured setup, and counts the script cannot fill."""

from __future__ import annotations

import re

from generator.bag import bag_rows, shortfalls
from generator.findings import Report
from generator.josa import with_particle
from generator.model import TEAM_NAMES_KO, Game

BRACKET = re.compile(r"\[([^\[\]]*)\]")
TEAM_BY_KOREAN = {name: team for team, name in TEAM_NAMES_KO.items() if team in ("townsfolk", "outsider", "minion", "demon")}
DELTA = re.compile(r"([+\-−]\s*\d+)\s*명?")
TEAM_WORD = re.compile("|".join(TEAM_BY_KOREAN))


def parse_bracket(inner: str) -> dict[str, list[int]] | None:
    """'외지인 -1명 또는 +1명' or '-1 또는 +1 외지인' → {'outsider': [-1, 1]}; None when it is not a setup bracket."""
    teams = TEAM_WORD.findall(inner)
    deltas = [int(d.replace(" ", "").replace("−", "-")) for d in DELTA.findall(inner)]
    if len(set(teams)) != 1 or not deltas:
        return None
    leftover = TEAM_WORD.sub("", DELTA.sub("", inner)).replace("또는", "").replace(",", "").replace("/", "").strip()
    if leftover:
        return None
    return {TEAM_BY_KOREAN[teams[0]]: sorted(set(deltas))}


def bracket_changes(ability: str) -> tuple[dict[str, list[int]], list[str]]:
    changes: dict[str, list[int]] = {}
    unreadable = []
    for match in BRACKET.finditer(ability):
        parsed = parse_bracket(match.group(1))
        if parsed is None:
            unreadable.append(match.group(0))
        else:
            for team, deltas in parsed.items():
                changes[team] = sorted(set(changes.get(team, [])) | set(deltas))
    return changes, unreadable


def describe(changes: dict[str, list[int]]) -> str:
    if not changes:
        return "없음"
    parts = []
    for team, deltas in changes.items():
        parts.append(f"{TEAM_NAMES_KO[team]} " + " 또는 ".join(f"{d:+d}명" for d in deltas))
    return ", ".join(parts)


def check_character_setup(character, report: Report) -> None:
    from_bracket, unreadable = bracket_changes(character.ability)
    for bracket in unreadable:
        report.error(
            "setup-bracket-unreadable",
            f"{character.name}의 능력에 있는 괄호 {bracket}를 이해할 수 없습니다. "
            "'[외지인 +1명]', '[외지인 -1명]', '[외지인 -1명 또는 +1명]' 같은 형식으로 써 주세요.",
            subject=character.id,
            where=character.source,
        )
    structured = character.bag_changes
    if from_bracket != structured:
        report.error(
            "setup-mismatch",
            f"{character.name}: 능력의 괄호({describe(from_bracket)})와 setup 항목({describe(structured)})이 다릅니다. 둘을 맞춰 주세요.",
            subject=character.id,
            where=character.source,
        )


def check(game: Game, report: Report) -> None:
    for character in game.characters:
        check_character_setup(character, report)
    if not game.library.bag_table:
        return
    check_shortfalls(game, bag_rows(game, game.library.bag_table), report)


def check_shortfalls(game: Game, rows, report: Report) -> None:
    """One finding per team (and per modifier combination), listing every player count it cannot be filled at."""
    base: dict[str, dict[int, int]] = {}
    modified: dict[tuple, dict[int, int]] = {}
    available: dict[str, int] = {}
    gaps = shortfalls(game, rows)
    for gap in gaps:
        available[gap.team] = gap.available
        if not gap.modifiers:
            base.setdefault(gap.team, {}).setdefault(gap.players, gap.needed)
    for gap in gaps:
        if gap.modifiers and gap.players not in base.get(gap.team, {}):
            needed = modified.setdefault((gap.team, gap.modifiers), {})
            needed[gap.players] = max(needed.get(gap.players, 0), gap.needed)
    for team, needed in base.items():
        report.error(
            "setup-shortfall",
            f"{with_particle(TEAM_NAMES_KO[team], '이')} 모자랍니다: 스크립트에는 {available[team]}명뿐인데 "
            f"{players_list(needed)} 필요합니다.",
            where=game.script.source,
        )
    for (team, modifiers), needed in modified.items():
        who = ", ".join(modifier_label(game, character_id, delta) for character_id, delta in modifiers)
        report.warning(
            "setup-shortfall",
            f"{with_particle(who, '이')} 게임에 있으면 {with_particle(TEAM_NAMES_KO[team], '이')} 모자랍니다: "
            f"스크립트에는 {available[team]}명뿐인데 {players_list(needed)} 필요합니다.",
            where=game.script.source,
        )


def players_list(needed: dict[int, int]) -> str:
    """{14: 10, 15: 10} → '14명 게임에 10명, 15명 게임에 10명이' (the subject particle follows the last count)."""
    return ", ".join(f"{players}명 게임에 {count}명" for players, count in sorted(needed.items())) + "이"


def modifier_label(game: Game, character_id: str, delta: int) -> str:
    character = game.character(character_id)
    return f"{character.name}({delta:+d})" if delta and len(modifier_deltas(character)) > 1 else character.name


def modifier_deltas(character) -> list[int]:
    return [d for deltas in character.bag_changes.values() for d in deltas]
