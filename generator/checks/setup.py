"""Setup brackets and bag table of a Game → findings: bracket vs structured setup, and counts the script cannot fill."""

from __future__ import annotations

import re

from generator.bag import bag_rows, shortfalls
from generator.findings import Report
from generator.josa import quoted, with_particle
from generator.model import TEAM_NAMES_KO, Game

BRACKET = re.compile(r"\[([^\[\]]*)\]")
TEAM_BY_KOREAN = {name: team for team, name in TEAM_NAMES_KO.items() if team in ("townsfolk", "outsider", "minion", "demon")}
DELTA = re.compile(r"([+\-−]\s*\d+)\s*명?")
ANY_COUNT = re.compile(r"(?:[+\-−]?\s*[?？X])\s*명?")
TEAM_WORD = re.compile("|".join(TEAM_BY_KOREAN))
PART_SEPARATOR = re.compile(r"(?<=[.。])\s+")
CONNECTIVES = ("또는", "에서", "부터", "까지", "~", ",", "/")


def parse_bracket(inner: str) -> dict[str, list[int] | str] | None:
    """'외지인 -1명 또는 +1명' → {'outsider': [-1, 1]}; '외지인 X명' or '외지인 -?명에서 +?명' → {'outsider': '?'};
    None when it is not a count bracket."""
    teams = TEAM_WORD.findall(inner)
    if len(set(teams)) != 1:
        return None
    leftover = TEAM_WORD.sub("", inner)
    if ANY_COUNT.search(leftover):
        leftover = ANY_COUNT.sub("", leftover)
        deltas: list[int] | str = "?"
    else:
        found = DELTA.findall(leftover)
        if not found:
            return None
        deltas = sorted({int(d.replace(" ", "").replace("−", "-")) for d in found})
        leftover = DELTA.sub("", leftover)
    for word in CONNECTIVES:
        leftover = leftover.replace(word, "")
    if leftover.strip(" .。"):
        return None
    return {TEAM_BY_KOREAN[teams[0]]: deltas}


def bracket_parts(ability: str) -> list[tuple[str, list[str]]]:
    """Each [bracket] of an ability with its sentences ('악한 캐릭터는 … 있습니다. 하수인 +1명' → two parts)."""
    found = []
    for match in BRACKET.finditer(ability):
        inner = match.group(1).strip()
        found.append((match.group(0), [part.strip().rstrip(".。").strip() for part in PART_SEPARATOR.split(inner) if part.strip(" .。")]))
    return found


def merge_counts(into: dict, parsed: dict) -> None:
    for team, deltas in parsed.items():
        if deltas == "?" or into.get(team) == "?":
            into[team] = "?"
        else:
            into[team] = sorted(set(into.get(team, [])) | set(deltas))


def bracket_changes(ability: str, rules=(), names: dict[str, str] | None = None) -> tuple[dict, list[str], list[str]]:
    """(team counts, required character ids, unexplained brackets) read from the ability's brackets.

    A bracket, or each sentence of it, is a count ('외지인 +1명'), a required character ('+아가씨', when `names`
    maps Korean names to ids) or one of the character's declared setup `rules` (taken as written).
    """
    rules = {rule.strip().rstrip(".。").strip() for rule in rules}
    changes: dict = {}
    required: list[str] = []
    unexplained = []
    for bracket, parts in bracket_parts(ability):
        if " ".join(parts) in rules or ". ".join(parts) in rules:
            continue
        for part in parts:
            if part in rules:
                continue
            parsed = parse_bracket(part)
            if parsed is not None:
                merge_counts(changes, parsed)
            elif part.startswith("+") and names and part[1:].strip() in names:
                required.append(names[part[1:].strip()])
            else:
                unexplained.append(bracket)
                break
    return changes, required, unexplained


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


def check_character_setup(character, report: Report, library_characters: dict | None = None, script_ids=None) -> None:
    library_characters = library_characters or {}
    names = {c.name: c.id for c in library_characters.values()}
    names_by_id = {c.id: c.name for c in library_characters.values()}
    from_bracket, required, unexplained = bracket_changes(character.ability, character.setup_rules, names)
    for bracket in unexplained:
        report.error(
            "setup-bracket-unreadable",
            f"{character.name}의 능력에 있는 괄호 {with_particle(bracket, '을')} 이해할 수 없습니다. "
            "'[외지인 +1명]', '[외지인 -1명 또는 +1명]', '[외지인 X명]', '[+아가씨]' 같은 형식으로 쓰거나, "
            "수를 바꾸지 않는 설정 문구라면 그 문구를 캐릭터 파일의 setup.rules에 적어 주세요.",
            subject=character.id,
            where=character.source,
        )
    structured = {team: deltas for team, deltas in character.setup.items() if team in TEAM_BY_KOREAN.values()}
    teams = set(from_bracket) | set(structured)
    agree = all(
        from_bracket.get(team) == structured.get(team) or (team not in from_bracket and character.setup_rules)
        for team in teams
    )
    if not agree:
        report.error(
            "setup-mismatch",
            f"{character.name}: 능력의 괄호({describe(from_bracket)})와 setup 항목({describe(structured)})이 다릅니다. 둘을 맞춰 주세요.",
            subject=character.id,
            where=character.source,
        )
    if sorted(set(required)) != sorted(set(character.required_characters)):
        shown = ", ".join(names_by_id.get(i, i) for i in required) or "없음"
        declared = ", ".join(names_by_id.get(i, i) for i in character.required_characters) or "없음"
        report.error(
            "setup-mismatch",
            f"{character.name}: 능력의 괄호가 더하는 캐릭터({shown})와 setup.requires({declared})가 다릅니다. 둘을 맞춰 주세요.",
            subject=character.id,
            where=character.source,
        )
    for required_id in character.required_characters:
        if required_id not in library_characters:
            report.error(
                "unknown-id",
                f"{character.name}: setup.requires의 {quoted(required_id, '은')} 라이브러리에 없는 캐릭터입니다.",
                subject=character.id,
                where=character.source,
            )
        elif script_ids is not None and required_id not in script_ids:
            report.error(
                "setup-requires-missing",
                f"{with_particle(character.name, '이')} 게임에 있으면 {names_by_id[required_id]}도 가방에 들어가야 하지만, "
                f"스크립트에 {with_particle(names_by_id[required_id], '이')} 없습니다. 스크립트에 {with_particle(required_id, '을')} 더해 주세요.",
                subject=character.id,
                where=character.source,
            )


def check(game: Game, report: Report) -> None:
    script_ids = set(game.ids)
    for character in game.characters:
        check_character_setup(character, report, game.library.characters, script_ids)
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
