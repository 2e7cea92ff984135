"""A script JSON's night order (`_meta` firstNight/otherNight and characters' night numbers) → our night order
with the fixed steps in place; a character placed by guess (no number, no `_meta` order) gets one warning that
says where it wakes and how to set its place."""

from __future__ import annotations

from generator.findings import Report
from generator.josa import with_particle
from generator.load.publisher.official import is_homebrew
from generator.load.publisher.text import JSON_NIGHT_KEYS, PUBLISHER_STEPS, normalize_id
from generator.load.search import IdLookup
from generator.model import FIXED_STEPS, NIGHT_NAMES_KO, NIGHTS, NightOrder, Script


def night_order_of(
    meta: dict, script: Script, lookup: IdLookup, library_order, numbers: dict, where: str, report: Report
):
    """The `_meta` order in our ids (fixed steps added where the format lets them be left out), or an order for
    custom characters placed by their firstNight/otherNight numbers on the official scale, or None for the
    library's order."""
    library = lookup.library
    given = {night: meta[key] for night, key in JSON_NIGHT_KEYS.items() if isinstance(meta.get(key), list)}
    moved = {night: displaced(script, library, numbers, night) for night in NIGHTS}
    waking_custom = {
        night: [
            cid
            for cid, c in script.custom_characters.items()
            if c.night_reminder(night) and (c.id not in library or c.id in moved[night])
        ]
        for night in NIGHTS
    }
    if not given and not any(waking_custom.values()) and not any(moved.values()):
        return None
    lists = {night: given_steps(given[night], night, lookup, library_order) for night in given}
    guessed: dict[str, dict[str, int]] = {}  # character → night → its place in the plain order (put there by guess)
    plain = {
        night: place_by_number(
            [s for s in library_steps(library_order, night) if s not in moved[night]],
            waking_custom[night],
            numbers,
            night,
            guessed,
        )
        for night in NIGHTS
    }
    if all(same_for_script(lists[night], plain[night], script) for night in given):
        # the order written is the one the official order gives these characters (our own export writes it so):
        # the script follows the official order, and stays in it when characters are added or removed
        say_guessed(guessed, plain, script, library, where, report)
        if any(waking_custom.values()) or any(moved.values()):
            return NightOrder(plain["first_night"], plain["other_nights"], where, official=True)
        return None
    say_guessed(
        {cid: {n: at for n, at in nights.items() if n not in given} for cid, nights in guessed.items()},
        plain,
        script,
        library,
        where,
        report,
    )
    return NightOrder(
        lists.get("first_night", plain["first_night"]), lists.get("other_nights", plain["other_nights"]), where
    )


def displaced(script: Script, library: dict, numbers: dict, night: str) -> set[str]:
    """Library ids whose place in the library's order this night the script's character of that id does not take:
    it does not wake this night (a night text the script blanked, a homebrew without one), it wakes where the library's
    character does not, or it is a homebrew that reuses the id and has a night number of its own. The ones that wake
    are placed by number like any homebrew; a homebrew that wakes where the official character does and has no
    number keeps the official place."""
    found = set()
    for cid, character in script.custom_characters.items():
        if cid not in library:
            continue
        if not character.night_reminder(night) or not library[cid].night_reminder(night):
            found.add(cid)
        elif is_homebrew(character, library) and number_or_last(numbers.get(cid, {}).get(night)) != float("inf"):
            found.add(cid)
    return found


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


def place_by_number(base: list[str], custom: list[str], numbers: dict, night: str, guessed: dict) -> list[str]:
    """The library's order with each custom character inserted at its firstNight/otherNight number, read on the
    official scale (the number of the library step it follows: a character numbered 25 wakes after official step 25).
    Characters without a usable number go just before dawn, where the characters that learn something wake, after
    every ability that could change what they learn; each is recorded in `guessed` (character → night → place)."""
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
        at = steps.index("dawn") if "dawn" in steps else len(steps)
        steps[at:at] = unnumbered
        for cid in unnumbered:
            guessed.setdefault(cid, {})[night] = steps.index(cid)
    return steps


def say_guessed(guessed: dict, plain: dict, script: Script, library: dict, where: str, report: Report) -> None:
    """One warning per character placed by guess: where it wakes on each night (after which of the script's
    characters), why there, and how to set its place."""
    present = set(script.character_ids) | set(script.custom_characters)
    for cid, nights in guessed.items():
        if not nights:
            continue
        character = script.custom_characters[cid]
        places = {}
        for night, at in nights.items():
            before = next(
                (s for s in reversed(plain[night][:at]) if s in present and s != cid and s not in FIXED_STEPS), None
            )
            name = (script.custom_characters.get(before) or library[before]).name if before else None
            places[night] = f"{name} 다음(새벽 바로 앞)" if name else "새벽 바로 앞"
        if len(places) == 2 and len(set(places.values())) == 1:
            put = f"두 밤 모두 {places['first_night']}에"
        else:
            put = ", ".join(f"{NIGHT_NAMES_KO[night]}에는 {place}" for night, place in places.items()) + "에"
        keys = "·".join(JSON_NIGHT_KEYS[night] for night in nights)
        fields = "·".join(f"'{NIGHT_NAMES_KO[night]} 자리'" for night in nights)
        report.warning(
            "night-order-guessed",
            f"{character.name}: {keys} 숫자도 _meta의 순서도 없어 {put} 넣었습니다. 정보를 얻는 캐릭터처럼 "
            "다른 캐릭터가 모두 능력을 쓴 뒤에 깨웁니다. 독을 쓰거나 죽이는 캐릭터처럼 더 일찍 깨어나야 한다면 캐릭터의 "
            f"{keys}에 공식 밤 순서의 번호를 적거나(그 번호의 공식 단계 바로 뒤에 깨어납니다), 화면의 캐릭터 편집에서 "
            f"{with_particle(fields, '을')} 고르세요.",
            subject=cid,
            where=character.source or where,
        )


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
