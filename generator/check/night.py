"""Night order of a Game → findings: membership, star/start rules, fixed steps and ability-based ordering rules."""

from __future__ import annotations

from pathlib import Path

from generator.findings import Report
from generator.josa import quoted, with_particle
from generator.keep.patterns import compiled
from generator.model import NIGHT_NAMES_KO, NIGHTS, Game, NightOrder

NOT_FIRST_NIGHT = compiled(r"밤\s*\*|밤에\s*\*")
# 'start knowing' wakes the player unless others learn ('게임 시작 시, 모든 플레이어는 …을 알게 됩니다': the Gnome);
# 'each night' wakes the player unless others act on them ('매일 밤, 능력으로 당신을 가장 먼저 선택한 플레이어는 취합니다':
# the Goon). '(당신을 제외하고)' is only an exception, not others acting.
STARTS_KNOWING = compiled(r"(?:시작\s*시|시작할\s*때)(?![^.]*모든 플레이어는)")
EVERY_NIGHT = compiled(r"매일\s*밤(?!\s*\*)(?![^.]*당신을[^.]*선택한)")


def where(order: NightOrder, night: str, index: int | None = None) -> str | None:
    """'file:line' of one step (index), or of the night's list itself (None)."""
    line = order.lines.get(night, {}).get(index)
    if line:
        return f"{order.source}:{line}"
    return order.source


def check(game: Game, report: Report) -> None:
    order = game.night_order
    for night in NIGHTS:
        check_known_and_unique(game, order, night, report)
        check_membership(game, order, night, report)
        check_fixed_steps(game, order, night, report)
        check_rules(game, order, night, report)
    for character in game.characters:
        check_ability_timing(character, report)


def character_files(game: Game) -> set[str]:
    """Ids of every character file, loaded or not: a file with errors is already reported, not an unknown id."""
    folder = Path(game.library.content_dir or "") / "characters"
    return {path.stem for path in folder.glob("*.yaml")} if folder.is_dir() else set()


def check_known_and_unique(game: Game, order: NightOrder, night: str, report: Report) -> None:
    seen: set[str] = set()
    known = set(game.library.characters) | set(game.library.fixed_steps) | set(game.ids) | character_files(game)
    for index, step in enumerate(order.steps(night)):
        if step not in known:
            from generator.load.fields import suggest

            report.error(
                "night-unknown-id",
                f"{NIGHT_NAMES_KO[night]} 순서에 알 수 없는 id {quoted(step, '이')} 있습니다.{suggest(step, known, report)}",
                subject=step,
                where=where(order, night, index),
            )
        if step in seen:
            report.error(
                "night-repeated-id",
                f"{NIGHT_NAMES_KO[night]} 순서에 {quoted(step, '이')} 두 번 있습니다. 한 번만 쓰세요.",
                subject=step,
                where=where(order, night, index),
            )
        seen.add(step)


def check_membership(game: Game, order: NightOrder, night: str, report: Report) -> None:
    listed = order.steps(night)
    for character in game.characters:
        wakes = character.night_reminder(night) is not None
        if wakes and character.id not in listed:
            after = step_before(game, night, character.id, listed)
            place = f"{step_name(game, after)}({after}) 바로 뒤" if after else "알맞은 자리(새벽 dawn 앞)"
            report.error(
                "night-missing",
                f"{with_particle(character.name, '은')} {NIGHT_NAMES_KO[night]}에 깨어나는데(알림 문구가 있음) {NIGHT_NAMES_KO[night]} 순서에 없습니다. "
                f"'{night}' 목록의 {place}에 {with_particle(f'{character.name}({character.id})', '을')} 넣거나, "
                f"깨어나지 않는다면 캐릭터 파일의 '{night}' 문구를 지우세요.",
                subject=character.id,
                where=where(order, night, listed.index(after) if after else None),
            )
        if not wakes and character.id in listed:
            report.error(
                "night-extra",
                f"{with_particle(character.name, '은')} {NIGHT_NAMES_KO[night]} 알림 문구가 없는데 {NIGHT_NAMES_KO[night]} 순서에 들어 있습니다. "
                f"순서에서 빼거나 캐릭터 파일에 '{night}' 문구를 넣으세요.",
                subject=character.id,
                where=where(order, night, listed.index(character.id)),
            )


def step_before(game: Game, night: str, step_id: str, listed: list[str]) -> str | None:
    """The step a missing id belongs right after: its nearest predecessor in the official order (the library's)
    that the checked list has; None when the official order does not know the id."""
    official = game.library.night_order.steps(night)
    if step_id not in official:
        return None
    present = set(listed)
    for earlier in reversed(official[: official.index(step_id)]):
        if earlier in present:
            return earlier
    return None


def check_fixed_steps(game: Game, order: NightOrder, night: str, report: Report) -> None:
    steps = order.steps(night)
    label = NIGHT_NAMES_KO[night]
    if not steps or steps[0] != "dusk":
        report.error("night-dusk", f"{label} 순서는 황혼(dusk)으로 시작해야 합니다.", where=where(order, night))
    fixed_after_dawn = (
        [s for s in steps[steps.index("dawn") + 1 :] if s in game.library.fixed_steps] if "dawn" in steps else []
    )
    if "dawn" not in steps or fixed_after_dawn:
        # characters may follow dawn (they announce in the morning, like the Leviathan); fixed steps may not
        report.error(
            "night-dawn",
            f"{label} 순서에는 새벽(dawn)이 있어야 하고, 새벽 뒤에는 아침에 발표하는 캐릭터만 올 수 있습니다.",
            where=where(order, night),
        )
    info = [s for s in ("minioninfo", "demoninfo") if s in steps]
    if night == "first_night":
        for step in ("minioninfo", "demoninfo"):
            if step not in steps:
                report.error(
                    "night-info-missing", f"첫날 밤 순서에 {quoted(step, '이')} 없습니다.", where=where(order, night)
                )
        if len(info) == 2 and steps.index("minioninfo") > steps.index("demoninfo"):
            report.error(
                "night-info-order",
                "하수인 정보(minioninfo)는 악마 정보(demoninfo)보다 먼저 와야 합니다: 악마가 하수인을 알기 전에 하수인이 서로를 확인합니다.",
                where=where(order, night, steps.index("demoninfo")),
            )
    else:
        for step in info:
            report.error(
                "night-info-other",
                f"{quoted(step, '은')} 첫날 밤에만 있습니다. 다른 밤 순서에서 빼세요.",
                where=where(order, night, steps.index(step)),
            )


def check_rules(game: Game, order: NightOrder, night: str, report: Report) -> None:
    steps = order.steps(night)
    present = set(game.ids) | set(game.library.fixed_steps)  # rules may name fixed steps such as minioninfo
    position = {step: i for i, step in enumerate(steps) if step in present}
    for rule in game.library.night_rules:
        if night not in rule.nights:
            continue
        for first in rule.before:
            for later in rule.after:
                if first in position and later in position and position[first] > position[later]:
                    report.error(
                        "night-rule",
                        f"{NIGHT_NAMES_KO[night]}: {with_particle(step_name(game, first), '은')} {step_name(game, later)}보다 먼저 깨어나야 합니다. "
                        f"이유: {rule.reason}",
                        subject=first,
                        where=where(order, night, position[first]),
                    )


def step_name(game: Game, step: str) -> str:
    fixed = game.library.fixed_steps.get(step)
    return fixed.name if fixed else game.character(step).name


def check_ability_timing(character, report: Report) -> None:
    ability = character.ability
    star = NOT_FIRST_NIGHT.search(ability)
    # a star marks one clause; the character may still wake on the first night for another one (a start-of-game
    # choice, a clause without the star, or a setup it arranges, like the Lleech, Lil' Monsta or Kazali)
    other_first_night_reason = (
        STARTS_KNOWING.search(ability)
        or EVERY_NIGHT.search(NOT_FIRST_NIGHT.sub("", ability))
        or character.changes_setup
    )
    if star and character.first_night is not None and not other_first_night_reason:
        report.error(
            "night-star",
            f"{character.name}의 능력에 별표(*)가 있어 첫날 밤에는 깨어나지 않아야 하는데 첫날 밤 문구(first_night)가 있습니다.",
            subject=character.id,
            where=character.source,
        )
    if STARTS_KNOWING.search(ability) and character.first_night is None:
        report.error(
            "night-start",
            f"{with_particle(character.name, '은')} '시작할 때' 정보를 얻으므로 첫날 밤에 깨어나야 하는데 첫날 밤 문구(first_night)가 없습니다.",
            subject=character.id,
            where=character.source,
        )
    if EVERY_NIGHT.search(ability) and not star:
        for night in NIGHTS:
            if character.night_reminder(night) is None:
                report.error(
                    "night-every",
                    f"{character.name}의 능력은 '매일 밤'(별표 없음)이므로 {NIGHT_NAMES_KO[night]}에도 깨어나야 하는데 '{night}' 문구가 없습니다.",
                    subject=character.id,
                    where=character.source,
                )
