"""A character's ability → its place in the publisher's standard sort within a team (the script tool's "sort"):
abilities are grouped by how they open ("You start knowing", "Each night", "Each night*", "Once per game, at
night" …), shorter abilities first within a group. Our abilities are Korean, so the groups are recognised by the
Korean openings the translations use for those English ones; an opening none of them matches sorts last."""

from __future__ import annotations

import re

# (Korean opening, the publisher's English opening it translates), in the publisher's order
OPENINGS = (
    (r"(게임 시작 시|(당신은 )?시작할 때)", "You start knowing"),
    (r"매일 황혼", "Each dusk*"),
    (r"매일 밤,", "Each night"),
    (r"매일 밤\*", "Each night*"),
    (r"매일 낮", "Each day"),
    (r"게임당 (1|한) ?번, 밤에,", "Once per game, at night"),
    (r"게임당 (1|한) ?번, 밤(\*에|에\*)", "Once per game, at night*"),
    (r"게임당 (1|한) ?번, 낮에", "Once per game, during the day"),
    (r"게임당", "Once per game"),
    (r"당신의 첫 ?(번째 )?밤", "On your 1st night"),
    (r"당신의 첫(째)? ?(날|낮)", "On your 1st day"),
    (r"당신은 자신이 .{0,20}생각", "You think"),
    (r"당신은 자신이 .{0,20}모릅", "You do not know"),
    (r"(당신은|당신과|당신의)", "You"),
    (r"당신이 (처음 )?(사망하|죽)", "When you die"),
    (r"당신이 사망했(다는|음을)", "When you learn that you died"),
    (r"(밤에 )?사망하면", "If you die"),
    (r"당신이", "If you"),
    (r"악마가", "If the Demon"),
    (r"처음으로", "The 1st time"),
    (r"모든 플레이어", "All players"),
)
_PATTERNS = tuple(re.compile(pattern) for pattern, _english in OPENINGS)


def standard_place(ability: str) -> int:
    """A number that sorts abilities in the standard order: the opening's group, then the length."""
    text = (ability or "").strip()
    group = next((index for index, pattern in enumerate(_PATTERNS) if pattern.match(text)), len(_PATTERNS))
    return group * 10_000 + min(len(text), 9_999)
