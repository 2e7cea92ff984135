"""Setup brackets of an ability or a house rule ('[외지인 +1명]', '[+1 Outsider]', '[No Demon. +1 Minion]') → the team
counts they change, the characters they add and the brackets that could not be read.

Korean, the publisher's English and the team words of Latin-script translations are read: homebrew scripts and
bootlegger rules keep their own language.
"""

from __future__ import annotations

import re

from generator.keep.patterns import compiled
from generator.model import TEAM_NAMES_KO

BRACKET = compiled(r"\[([^\[\]]*)\]")
TEAM_BY_KOREAN = {
    name: team for team, name in TEAM_NAMES_KO.items() if team in ("townsfolk", "outsider", "minion", "demon")
}
# the team words of the publisher's English and of the Latin-script translations homebrew is written in
# (Portuguese, Spanish, French, German), singular and plural, without letter case
TEAM_WORDS_LATIN = {
    "townsfolk": (
        "townsfolk",
        "aldeão",
        "aldeões",
        "aldeao",
        "aldeoes",
        "aldeano",
        "aldeanos",
        "villageois",
        "dorfbewohner",
    ),
    "outsider": (
        "outsider",
        "outsiders",
        "forasteiro",
        "forasteiros",
        "forastero",
        "forasteros",
        "étranger",
        "étrangers",
        "außenseiter",
    ),
    "minion": (
        "minion",
        "minions",
        "lacaio",
        "lacaios",
        "esbirro",
        "esbirros",
        "sbire",
        "sbires",
        "günstling",
        "günstlinge",
    ),
    "demon": ("demon", "demons", "demônio", "demônios", "demonio", "demonios", "démon", "démons", "dämon", "dämonen"),
}
TEAM_BY_LATIN = {word: team for team, words in TEAM_WORDS_LATIN.items() for word in words}
TEAM_WORD = compiled("|".join(TEAM_BY_KOREAN))
ANY_TEAM_WORD = compiled(
    "|".join(TEAM_BY_KOREAN) + r"|\b(?:" + "|".join(sorted(TEAM_BY_LATIN, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
DELTA = compiled(r"([+\-−]\s*\d+)\s*명?")
ANY_COUNT = compiled(r"(?:[+\-−]?\s*[?？X])\s*명?")
PART_SEPARATOR = compiled(r"(?<=[.。])\s+")
CONNECTIVES = compiled(r"또는|에서|부터|까지|~|,|/|\b(?:or|to|ou|o|a|à|oder|bis)\b", re.IGNORECASE)
# the demon's one slot taken away (a house rule such as Minion Panic's): a count change the bag can model
NO_DEMON = compiled(r"^(?:no\s+demons?|악마\s*없음|악마\s*0\s*명)$", re.IGNORECASE)


def team_of(word: str) -> str:
    return TEAM_BY_KOREAN.get(word) or TEAM_BY_LATIN[word.lower()]


def parse_bracket(inner: str) -> dict[str, list[int] | str] | None:
    """'외지인 -1명 또는 +1명' or '-1 or +1 Outsider' → {'outsider': [-1, 1]}; '외지인 X명', 'X Outsiders' or
    '-? to +? Outsiders' → {'outsider': '?'}; 'No Demon' → {'demon': [-1]}; None when it is not a count bracket."""
    if NO_DEMON.match(inner.strip()):
        return {"demon": [-1]}
    teams = {team_of(word) for word in ANY_TEAM_WORD.findall(inner)}
    if len(teams) != 1:
        return None
    leftover = ANY_TEAM_WORD.sub("", inner)
    if ANY_COUNT.search(leftover):
        leftover = ANY_COUNT.sub("", leftover)
        deltas: list[int] | str = "?"
    else:
        found = DELTA.findall(leftover)
        if not found:
            return None
        deltas = sorted({int(d.replace(" ", "").replace("−", "-")) for d in found})
        leftover = DELTA.sub("", leftover)
    leftover = CONNECTIVES.sub("", leftover)
    if leftover.strip(" .。"):
        return None
    return {teams.pop(): deltas}


def bracket_parts(ability: str) -> list[tuple[str, list[str]]]:
    """Each [bracket] of an ability with its sentences ('악한 캐릭터는 … 있습니다. 하수인 +1명' → two parts)."""
    found = []
    for match in BRACKET.finditer(ability):
        inner = match.group(1).strip()
        found.append(
            (
                match.group(0),
                [part.strip().rstrip(".。").strip() for part in PART_SEPARATOR.split(inner) if part.strip(" .。")],
            )
        )
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


def house_rule_changes(rules: list[str]) -> tuple[dict[str, int], list[str]]:
    """The brackets of rules always in effect (bootlegger rules, a homebrew fabled's ability) → (team → the one count
    change they make, brackets the bag cannot model: unreadable ones and ones that leave a choice). A bracket written
    twice (the same rule as a bootlegger rule and as a fabled's ability) counts once."""
    changes: dict[str, int] = {}
    unmodelled: list[str] = []
    for bracket in dict.fromkeys(match.group(0) for rule in rules for match in BRACKET.finditer(rule)):
        counts, _required, unexplained = bracket_changes(bracket)
        if unexplained or any(deltas == "?" or len(deltas) != 1 for deltas in counts.values()):
            unmodelled.append(bracket)
            continue
        for team, deltas in counts.items():
            changes[team] = changes.get(team, 0) + deltas[0]
    return changes, unmodelled
