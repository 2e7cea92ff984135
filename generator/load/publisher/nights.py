"""A script JSON's night order (`_meta` firstNight/otherNight and characters' night numbers) → our night order
with the fixed steps in place."""

from __future__ import annotations

from generator.findings import Report
from generator.model import FIXED_STEPS, NIGHTS, NightOrder, Script
from generator.load.publisher.text import JSON_NIGHT_KEYS, PUBLISHER_STEPS, normalize_id
from generator.load.search import IdLookup


def night_order_of(meta: dict, script: Script, lookup: IdLookup, library_order, numbers: dict, where: str, report: Report):
    """The `_meta` order in our ids (fixed steps added where the format lets them be left out), or an order for
    custom characters placed by their firstNight/otherNight numbers on the official scale, or None for the
    library's order."""
    library = lookup.library
    given = {night: meta.get(key) for night, key in JSON_NIGHT_KEYS.items() if isinstance(meta.get(key), list)}
    waking_custom = {
        night: [cid for cid, c in script.custom_characters.items() if c.id not in library and c.night_reminder(night)]
        for night in NIGHTS
    }
    if not given and not any(waking_custom.values()):
        return None
    lists = {night: given_steps(given[night], night, lookup, library_order) for night in given}
    plain = {
        night: place_by_number(library_steps(library_order, night), waking_custom[night], numbers, night, script, where,
                               report if night not in given else Report())
        for night in NIGHTS
    }
    if all(same_for_script(lists[night], plain[night], script) for night in given):
        # the order written is the one the official order gives these characters (our own export writes it so):
        # the script follows the official order, and stays in it when characters are added or removed
        return NightOrder(plain["first_night"], plain["other_nights"], where, official=True) if any(waking_custom.values()) else None
    return NightOrder(lists.get("first_night", plain["first_night"]), lists.get("other_nights", plain["other_nights"]), where)


def given_steps(raw_steps: list, night: str, lookup: IdLookup, library_order) -> list[str]:
    """A `_meta` night list in our ids, the fixed steps added where the format lets them be left out."""
    steps = []
    for raw in raw_steps:
        if isinstance(raw, str):
            step = PUBLISHER_STEPS.get(normalize_id(raw)) or lookup.id_for(raw)
            if step:
                steps.append(step)
    return with_fixed_steps(steps, night, library_order)


def library_steps(library_order, night: str) -> list[str]:
    return list(library_order.steps(night)) if library_order else with_fixed_steps([], night, None)


def same_for_script(steps: list[str], other: list[str], script: Script) -> bool:
    """Whether two orders wake the script's characters and run the fixed steps in the same sequence."""
    present = set(script.character_ids) | set(script.custom_characters) | set(FIXED_STEPS)
    return [s for s in steps if s in present] == [s for s in other if s in present]


def place_by_number(base: list[str], custom: list[str], numbers: dict, night: str, script: Script, where: str, report: Report) -> list[str]:
    """The library's order with each custom character inserted at its firstNight/otherNight number, read on the
    official scale (the number of the library step it follows: a character numbered 25 wakes after official step 25).
    Characters without a usable number go just before dawn, with a warning."""
    steps = list(base)
    numbered = sorted(
        (cid for cid in custom if cid not in base and number_or_last(numbers.get(cid, {}).get(night)) != float("inf")),
        key=lambda cid: numbers[cid][night],
    )
    unnumbered = [cid for cid in custom if cid not in base and cid not in numbered]
    official = {step: place for place, step in enumerate(base, start=1)}
    for cid in reversed(numbered):  # reversed, so equal numbers keep the script's order
        value = numbers[cid][night]
        at = next((i for i, step in enumerate(steps) if official.get(step, 0) > value), len(steps))
        if "dawn" in steps and at > steps.index("dawn"):
            at = steps.index("dawn")  # a custom character wakes at night, not among the morning announcements
        steps.insert(at, cid)
    if unnumbered:
        names = ", ".join(script.custom_characters[cid].name for cid in unnumbered)
        key = "firstNight" if night == "first_night" else "otherNight"
        report.warning(
            "night-order-guessed",
            f"{names}: {key} 숫자도 _meta의 {key} 순서도 없어 밤 순서의 끝(새벽 앞)에 넣었습니다. "
            f"정확한 자리는 캐릭터의 {key} 숫자(공식 순서의 번호)나 _meta에 적어 주세요.",
            where=where,
        )
        at = steps.index("dawn") if "dawn" in steps else len(steps)
        steps[at:at] = unnumbered
    return steps


def number_or_last(value) -> float:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else float("inf")


def with_fixed_steps(steps: list[str], night: str, library_order) -> list[str]:
    """Adds dusk, dawn and (first night) minion and demon info where a publisher order left them out."""
    steps = list(steps)
    if "dusk" not in steps:
        steps.insert(0, "dusk")
    if night == "first_night":
        reference = library_order.steps(night) if library_order else list(FIXED_STEPS)
        for step in ("minioninfo", "demoninfo"):
            if step in steps:
                continue
            after_in_library = reference[reference.index(step) + 1 :] if step in reference else []
            at = next((i for i, s in enumerate(steps) if s in after_in_library or s == "dawn"), len(steps))
            if step == "demoninfo" and "minioninfo" in steps:
                at = max(at, steps.index("minioninfo") + 1)
            steps.insert(at, step)
    if "dawn" not in steps:
        steps.append("dawn")
    return steps
