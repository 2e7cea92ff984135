"""Setup brackets and bag table of a Game → findings: bracket vs structured setup, and counts the script cannot fill."""

from __future__ import annotations

import re

from generator.bag import bag_rows, shortfalls
from generator.findings import Report
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
    rows = bag_rows(game, game.library.bag_table)
    reported = set()
    for gap in shortfalls(game, rows):
        key = (gap.players, gap.team, gap.modifiers == ())
        if key in reported:
            continue
        reported.add(key)
        who = ", ".join(game.character(cid).name for cid, _ in gap.modifiers) or "수정 효과 없음"
        message = (
            f"{gap.players}명 게임({who})에는 {TEAM_NAMES_KO[gap.team]} {gap.needed}명이 필요하지만 "
            f"스크립트에는 {gap.available}명뿐입니다."
        )
        if gap.modifiers:
            report.warning("setup-shortfall", message, where=game.script.source)
        else:
            report.error("setup-shortfall", message, where=game.script.source)
