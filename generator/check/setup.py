"""Setup brackets and bag table of a Game → findings: bracket vs structured setup, and counts the script cannot fill."""

from __future__ import annotations

import itertools
import re

from generator.findings import Report
from generator.josa import quoted, with_particle
from generator.load.bag import bag_rows, combination, modifier_choices, small_script_range
from generator.load.brackets import TEAM_BY_KOREAN, TEAM_WORD, bracket_changes
from generator.load.notes import describe
from generator.load.publisher.official import is_homebrew
from generator.model import BAG_TEAMS, TEAM_NAMES_KO, Game

NUMBER_WORDS = {"한": 1, "하나": 1, "두": 2, "둘": 2, "세": 3, "셋": 3, "네": 4, "넷": 4}
MORE_WORDS = ("추가", "더", "많", "늘")
FEWER_WORDS = ("제거", "빼", "뺀", "적", "줄", "감소", "덜")


def guessed_bracket(bracket: str) -> str | None:
    """'[외지인 한 명 추가]' → '[외지인 +1명]': what an unreadable count bracket most likely means, or None."""
    inner = bracket.strip("[]")
    teams = TEAM_WORD.findall(inner)
    if len(set(teams)) != 1:
        return None
    digits = re.findall(r"\d+", inner)
    words = [
        NUMBER_WORDS[w]
        for w in re.findall("|".join(sorted(NUMBER_WORDS, key=len, reverse=True)), TEAM_WORD.sub("", inner))
    ]
    numbers = [int(d) for d in digits] or words
    more, fewer = any(w in inner for w in MORE_WORDS), any(w in inner for w in FEWER_WORDS)
    if len(numbers) != 1 or more == fewer:
        return None
    return f"[{teams[0]} {'+' if more else '-'}{numbers[0]}명]"


def bracket_text(counts: dict) -> str:
    """{'outsider': [-1, 1]} → '[외지인 -1명 또는 +1명]' (the bracket form the ability should show)."""
    parts = []
    for team in BAG_TEAMS:
        if team in counts:
            deltas = counts[team]
            shown = "X명" if deltas == "?" else " 또는 ".join(f"{d:+d}명" for d in deltas)
            parts.append(f"[{TEAM_NAMES_KO[team]} {shown}]")
    return " ".join(parts)


def setup_line(counts: dict, character, required: list[str]) -> str:
    """The `setup:` line that says what the brackets say, keeping the character's hidden_as and rules."""
    parts = []
    for team in BAG_TEAMS:
        if team in counts:
            deltas = counts[team]
            parts.append(f'{team}: "?"' if deltas == "?" else f"{team}: [{', '.join(str(d) for d in deltas)}]")
    if character.setup.get("hidden_as"):
        parts.append(f"hidden_as: {character.setup['hidden_as']}")
    if required:
        parts.append(f"requires: [{', '.join(required)}]")
    if character.setup_rules:
        import json  # a rule is shown as JSON quotes it (rare: most characters have none)

        parts.append(f"rules: [{', '.join(json.dumps(rule, ensure_ascii=False) for rule in character.setup_rules)}]")
    return "setup: {" + ", ".join(parts) + "}" if parts else ""


def check_character_setup(
    character,
    report: Report,
    library_characters: dict | None = None,
    script_ids=None,
    script_places: dict | None = None,
) -> None:
    library_characters = library_characters or {}
    names = {c.name: c.id for c in library_characters.values()}
    names_by_id = {c.id: c.name for c in library_characters.values()}
    from_bracket, required, unexplained = bracket_changes(character.ability, character.setup_rules, names)
    if unexplained and character.team in ("fabled", "loric"):
        return  # a fabled's or loric's setup words that are not counts ('[+the King]') leave the bag as it is
    if unexplained and character.custom and is_homebrew(character, library_characters):
        report.warning(
            "setup-unchecked",
            f"{character.name}의 능력에 있는 괄호 {with_particle(', '.join(unexplained), '을')} 읽지 못해 이 캐릭터의 설정 변경은 "
            "검사하지 못했습니다. 배치는 이야기꾼이 직접 확인해 주세요. '[+1 Outsider]', '[-1 or +1 Outsider]', '[외지인 +1명]'처럼 "
            "팀과 수로 쓰면 검사합니다.",
            subject=character.id,
            where=character.where("ability"),
        )
        return
    for bracket in unexplained:
        guess = guessed_bracket(bracket)
        fix = (
            f"수는 부호와 숫자로 씁니다: {bracket} 대신 {guess}처럼 쓰세요."
            if guess
            else "'[외지인 +1명]', '[외지인 -1명 또는 +1명]', '[외지인 X명]', '[+아가씨]' 같은 형식으로 쓰거나, "
            "수를 바꾸지 않는 설정 문구라면 그 문구를 캐릭터 파일의 setup.rules에 적어 주세요."
        )
        report.error(
            "setup-bracket-unreadable",
            f"{character.name}의 능력에 있는 괄호 {with_particle(bracket, '을')} 이해할 수 없습니다. {fix}",
            subject=character.id,
            where=character.where("ability"),
        )
    if unexplained:
        return  # what the unreadable bracket counts is unknown: comparing it with setup would only add a second error
    structured = {team: deltas for team, deltas in character.setup.items() if team in TEAM_BY_KOREAN.values()}
    teams = set(from_bracket) | set(structured)
    agree = all(
        from_bracket.get(team) == structured.get(team) or (team not in from_bracket and character.setup_rules)
        for team in teams
    )
    setup_place = character.where("setup") if "setup" in character.places else character.where("ability")
    if not agree:
        line = setup_line(from_bracket, character, character.required_characters)
        if line:
            fix = f"괄호가 맞다면 캐릭터 파일에 `{line}`라고 쓰고"
        else:
            fix = "괄호가 맞다면 캐릭터 파일에서 setup 항목을 지우고"
        written = bracket_text(structured)
        fix += (
            f", setup이 맞다면 능력에 {written} 괄호를 쓰세요."
            if written
            else ", setup이 맞다면 능력에서 괄호를 지우세요."
        )
        report.error(
            "setup-mismatch",
            f"{character.name}: 능력의 괄호({describe(from_bracket)})와 setup 항목({describe(structured)})이 다릅니다. {fix}",
            subject=character.id,
            where=setup_place,
        )
    if sorted(set(required)) != sorted(set(character.required_characters)):
        shown = ", ".join(names_by_id.get(i, i) for i in required) or "없음"
        declared = ", ".join(names_by_id.get(i, i) for i in character.required_characters) or "없음"
        line = setup_line(structured, character, sorted(set(required)))
        fix = f" 괄호가 맞다면 캐릭터 파일에 `{line}`라고 쓰세요." if line else " 괄호가 맞다면 setup 항목을 지우세요."
        report.error(
            "setup-mismatch",
            f"{character.name}: 능력의 괄호가 더하는 캐릭터({shown})와 setup.requires({declared})가 다릅니다.{fix}",
            subject=character.id,
            where=setup_place,
        )
    for required_id in character.required_characters:
        if required_id not in library_characters:
            report.error(
                "unknown-id",
                f"{character.name}: setup.requires의 {quoted(required_id, '은')} 라이브러리에 없는 캐릭터입니다.",
                subject=character.id,
                where=setup_place,
            )
        elif script_ids is not None and required_id not in script_ids:
            report.error(
                "setup-requires-missing",
                f"{with_particle(character.name, '이')} 게임에 있으면 {names_by_id[required_id]}도 가방에 들어가야 하지만, "
                f"스크립트에 {with_particle(names_by_id[required_id], '이')} 없습니다. 스크립트에 "
                f"{with_particle(f'{names_by_id[required_id]}({required_id})', '을')} 넣어 주세요.",
                subject=character.id,
                where=(script_places or {}).get(character.id) or character.source,
            )


def check(game: Game, report: Report) -> None:
    script_ids = set(game.ids)
    places = script_places(game.script)
    for character in game.characters:
        if character.team == "traveller":
            continue  # travellers never go in the bag: their brackets ('[+1 Mercenary …]') change no setup
        check_character_setup(character, report, game.library.characters, script_ids, places)
    check_house_rules(game, report)
    table = game.library.bag_table
    if not table:
        return
    small = small_script_range(game, table)
    if small:
        hint_small_script(game, small, report)
    check_shortfalls(game, bag_rows(game, table), report)


def check_house_rules(game: Game, report: Report) -> None:
    """A bootlegger rule's bracket the bag cannot model is a warning that says the setup was checked without it."""
    from generator.load.bag import house_rules
    from generator.load.brackets import house_rule_changes

    _changes, unmodelled = house_rule_changes(game.script.bootlegger)
    _all_changes, fixed_unmodelled = house_rule_changes(house_rules(game))
    unmodelled = [
        b for b in fixed_unmodelled if b in unmodelled
    ]  # a fabled's own unreadable bracket is reported with it
    for bracket in unmodelled:
        report.warning(
            "setup-unchecked",
            f"자체 규칙(bootlegger)의 괄호 {with_particle(bracket, '을')} 읽지 못해, 설정표와 가방 검사에는 이 괄호를 넣지 않았습니다. "
            "배치는 이야기꾼이 직접 확인해 주세요. '[+1 Minion]', '[No Demon]', '[외지인 +1명]'처럼 팀과 수로 쓰면 검사합니다.",
            where=game.script.where("bootlegger"),
        )


def hint_small_script(game: Game, small: tuple[int, int], report: Report) -> None:
    """One warning instead of an error for every count a small-table script was never meant for: the counts its
    characters fill, what the kit is made for, and how to declare it (a teensyville script may be declared 5–6
    even when its characters could fill more)."""
    from generator.load.bag import TEENSY_MOST

    low, high = small
    json_script = (game.script.source or "").lower().endswith(".json")

    place = "_meta" if json_script else "스크립트"

    def declared(players: str) -> str:
        return f'"players": "{players}"' if json_script else f"`players: {players}`"

    if high == TEENSY_MOST:
        kind, advice = (
            f"{low}–{high}명용(틴시빌) 스크립트",
            f"맞다면 {place}에 {declared(f'{low}-{high}')}처럼 인원을 적어 주세요.",
        )
    else:
        kind = f"{low}–{high}명용 스크립트"
        advice = (
            f"{place}에 인원을 적어 주세요: {low}–{TEENSY_MOST}명용(틴시빌) 스크립트라면 {declared(f'{low}-{TEENSY_MOST}')}, "
            f"{low}–{high}명용이 맞다면 {declared(f'{low}-{high}')}."
        )
    report.warning(
        "players-range-hint",
        f"이 스크립트의 캐릭터로는 {low}명부터 {high}명까지의 가방을 채울 수 있고 {high + 1}명 이상은 채울 수 없어, {kind}로 "
        f"보고 설정표와 수의·투표 토큰을 {low}–{high}명에 맞췄습니다. {advice}",
        where=game.script.source,
    )


def script_places(script) -> dict[str, str]:
    """Character id → 'file:line' of its entry in the script: where a message about the script points."""
    places = {}
    for index, character_id in enumerate(script.character_ids):
        line = script.lines.get(index)
        if script.source:
            places.setdefault(character_id, f"{script.source}:{line}" if line else script.source)
    return places


def variant_gaps(variant, available: dict[str, int]) -> dict[str, int]:
    """Team → characters this bag needs that the script does not have."""
    return {
        team: variant.characters_needed.get(team)
        for team in BAG_TEAMS
        if variant.characters_needed.get(team) > available[team]
    }


def check_shortfalls(game: Game, rows, report: Report) -> None:
    """Only bags that can occur count (generator.load.bag leaves the others out). A player count no bag can be filled at
    is an error; each bag that cannot be filled is a warning listing every player count it fails at."""
    available = {team: len(game.by_team(team)) for team in BAG_TEAMS}
    errors: dict[tuple, dict[int, int]] = {}
    warnings: dict[tuple, dict[int, int]] = {}
    for row in rows:
        gaps = [(variant, variant_gaps(variant, available)) for variant in row.variants]
        unplayable = bool(gaps) and all(missing for _, missing in gaps)
        if unplayable:
            explained, missing = min(
                gaps, key=lambda pair: (sum(n - available[t] for t, n in pair[1].items()), len(pair[0].modifiers))
            )
            for team, needed in missing.items():
                errors.setdefault((team, explained.modifiers), {})[row.players] = needed
        for variant, missing in gaps:
            if unplayable and not variant.modifiers:
                continue  # "add a setup-changing character" would be wrong advice where nothing helps
            if missing and another_choice_fills(game, row, variant, available):
                continue  # the storyteller picks the modifiers' numbers ('?', X, "+0 or +1"): a pick that fits exists
            for team, needed in missing.items():
                warnings.setdefault((team, variant.modifiers), {})[row.players] = needed
    by_team: dict[str, dict[tuple, dict[int, int]]] = {}
    for (team, modifiers), needed in errors.items():
        by_team.setdefault(team, {})[modifiers] = needed
    for team, conditions in by_team.items():
        # one message per team: every count no bag can fill, under whichever modifier explains it
        parts = [
            (f"{with_particle(who_label(game, modifiers), '이')} 게임에 있으면 " if modifiers else "")
            + players_list(needed)[:-1]
            for modifiers, needed in sorted(conditions.items(), key=lambda pair: bool(pair[0]))
        ]
        message = (
            f"{with_particle(TEAM_NAMES_KO[team], '이')} 모자랍니다: 스크립트에는 {available[team]}명뿐인데 "
            f"{with_particle(', '.join(parts), '이')} 필요합니다."
        )
        if any(conditions):
            message += " 이 인원에서는 다른 어떤 조합으로도 가방을 채울 수 없습니다."
        report.error("setup-shortfall", message, where=game.script.source)
    for (team, modifiers), needed in without_supersets(warnings).items():
        # counts the error of this team already names are not said again
        said = {players for counts in by_team.get(team, {}).values() for players in counts}
        needed = {players: count for players, count in needed.items() if players not in said}
        if not needed:
            continue
        shortage = (
            f"{with_particle(TEAM_NAMES_KO[team], '이')} 모자랍니다: 스크립트에는 {available[team]}명뿐인데 "
            f"{players_list(needed)} 필요합니다."
        )
        if modifiers:
            message = f"{with_particle(who_label(game, modifiers), '이')} 게임에 있으면 {shortage}"
        else:
            message = f"설정을 바꾸는 캐릭터 없이 가방을 만들면 {shortage} 이 인원에서는 설정을 바꾸는 캐릭터를 넣어야 합니다."
        report.warning("setup-shortfall", message, where=game.script.source)


def without_supersets(warnings: dict) -> dict:
    """Drops a warning about characters together when a warning about some of them alone already covers its counts:
    "Baron and Drunk" adds nothing to "Baron"."""
    kept = {}
    for (team, modifiers), needed in warnings.items():
        ids = {character_id for character_id, _ in modifiers}
        covered = any(
            other_team == team
            and other != modifiers
            and {c for c, _ in other} < ids
            and set(needed) <= set(other_needed)
            for (other_team, other), other_needed in warnings.items()
        )
        if not covered:
            kept[(team, modifiers)] = needed
    return kept


def another_choice_fills(game: Game, row, variant, available: dict[str, int]) -> bool:
    """True when the same characters in play, with other numbers the storyteller may choose for them, make a bag the
    script can fill."""
    characters = [game.character(character_id) for character_id, _ in variant.modifiers]
    if not characters:
        return False
    for picks in itertools.product(*(modifier_choices(c) for c in characters)):
        other = combination(row.base, [(c, delta) for c, (_, delta) in zip(characters, picks)])
        if other is not None and not variant_gaps(other, available):
            return True
    return False


def who_label(game: Game, modifiers) -> str:
    return ", ".join(modifier_label(game, character_id, delta) for character_id, delta in modifiers)


def players_list(needed: dict[int, int]) -> str:
    """{14: 10, 15: 10} → '14명 게임에 10명, 15명 게임에 10명이' (the subject particle follows the last count)."""
    return ", ".join(f"{players}명 게임에 {count}명" for players, count in sorted(needed.items())) + "이"


def modifier_label(game: Game, character_id: str, delta: int) -> str:
    character = game.character(character_id)
    return f"{character.name}({delta:+d})" if delta and len(modifier_deltas(character)) > 1 else character.name


def modifier_deltas(character) -> list[int]:
    return [d for deltas in character.bag_changes.values() for d in deltas]
