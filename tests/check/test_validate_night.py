"""Night-order checks: each one passes on the bundled content and fails on a copy broken in exactly one way."""

from __future__ import annotations

import re

import pytest
from conftest import (
    CONTENT,
    bundled_ids,
    edit_character,
    edit_order,
    library_ids,
    read_yaml,
    validate,
    with_code,
    write_script,
)

NIGHT_CODES = {
    "night-unknown-id",
    "night-repeated-id",
    "night-missing",
    "night-extra",
    "night-dusk",
    "night-dawn",
    "night-info-missing",
    "night-info-order",
    "night-info-other",
    "night-rule",
    "night-star",
    "night-start",
    "night-every",
}


def night_findings(report):
    return [f for f in report.findings if f.code in NIGHT_CODES]


def move_after(steps: list[str], moved: str, anchor: str) -> list[str]:
    steps = [s for s in steps if s != moved]
    steps.insert(steps.index(anchor) + 1, moved)
    return steps


# --- the bundled content is sound --------------------------------------------------------------------------


def test_bundled_script_has_no_night_findings():
    _, report = validate("in-space")
    assert night_findings(report) == []


def test_whole_library_on_one_script_has_no_night_findings(content):
    write_script(content, library_ids(), "everything")
    _, report = validate("everything", content)
    assert night_findings(report) == []


# --- membership -------------------------------------------------------------------------------------------


def test_first_night_character_missing_from_first_night(content):
    edit_order(content, "first_night", lambda steps: [s for s in steps if s != "washerwoman"])
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-missing")
    assert finding.subject == "washerwoman"
    assert "첫날 밤 순서에 없습니다" in finding.message


def test_character_without_first_night_text_listed_in_first_night(content):
    edit_order(content, "first_night", lambda steps: move_after(steps, "soldier", "noble"))
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-extra")
    assert finding.subject == "soldier"
    assert "첫날 밤 알림 문구가 없는데" in finding.message
    assert re.search(r"night_order\.yaml:\d+$", finding.where)


def test_other_nights_character_missing_from_other_nights(content):
    edit_order(content, "other_nights", lambda steps: [s for s in steps if s != "monk"])
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-missing")
    assert finding.subject == "monk"
    assert "다른 밤 순서에 없습니다" in finding.message


def test_character_without_other_nights_text_listed_in_other_nights(content):
    edit_order(content, "other_nights", lambda steps: move_after(steps, "washerwoman", "empath"))
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-extra")
    assert finding.subject == "washerwoman"
    assert "다른 밤 알림 문구가 없는데" in finding.message


def test_unknown_id_in_order_is_an_error_with_a_suggestion(content):
    edit_order(content, "other_nights", lambda steps: ["empth" if s == "empath" else s for s in steps])
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-unknown-id")
    assert finding.level == "error"
    assert "'empth'" in finding.message
    assert "혹시 'empath'" in finding.message


def test_repeated_id_in_order_is_an_error(content):
    edit_order(
        content, "first_night", lambda steps: steps[: steps.index("dawn")] + ["empath"] + steps[steps.index("dawn") :]
    )
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-repeated-id")
    assert finding.subject == "empath"
    assert "두 번" in finding.message


# --- what the ability says about the nights ---------------------------------------------------------------


def test_star_ability_with_first_night_text_is_an_error(content):
    edit_character(content, "imp", first_night="임프를 깨우세요.")
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-star")
    assert finding.subject == "imp"
    assert "별표(*)" in finding.message


@pytest.mark.parametrize(
    "marked",
    ["매일 밤*, 플레이어 1명을 선택합니다.", "게임당 1번, 밤*에, 선택합니다.", "게임당 1번, 밤에*, 선택합니다."],
)
def test_every_star_form_forbids_a_first_night_text(content, marked):
    edit_character(content, "noble", ability=marked)  # the Noble has a first-night text
    _, report = validate("in-space", content)
    assert [f.subject for f in with_code(report, "night-star")] == ["noble"]


@pytest.mark.slow
def test_star_ability_without_first_night_text_passes():
    _, report = validate("in-space")
    assert with_code(report, "night-star") == []


@pytest.mark.parametrize("ability", ["게임 시작 시, 무언가를 알게 됩니다.", "당신은 시작할 때, 무언가를 압니다."])
def test_start_ability_without_first_night_text_is_an_error(content, ability):
    edit_character(content, "washerwoman", ability=ability, first_night=None)
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-start")
    assert finding.subject == "washerwoman"
    assert "첫날 밤에 깨어나야" in finding.message


def test_every_night_ability_missing_other_nights_is_an_error(content):
    edit_character(content, "empath", other_nights=None)
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-every")
    assert finding.subject == "empath"
    assert "'매일 밤'(별표 없음)" in finding.message and "다른 밤" in finding.message


def test_every_night_ability_missing_first_night_is_an_error(content):
    edit_character(content, "empath", first_night=None)
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-every")
    assert "첫날 밤" in finding.message


# --- fixed steps ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("night", ["first_night", "other_nights"])
def test_dusk_must_come_first(content, night):
    edit_order(content, night, lambda steps: move_after(steps, "dusk", steps[1]))
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-dusk")
    assert "황혼(dusk)으로 시작" in finding.message


@pytest.mark.parametrize("night", ["first_night", "other_nights"])
def test_a_night_without_dawn_is_an_error(content, night):
    edit_order(content, night, lambda steps: [s for s in steps if s != "dawn"])
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-dawn")
    assert "새벽(dawn)이 있어야" in finding.message


def test_no_fixed_step_may_follow_dawn(content):
    edit_order(content, "first_night", lambda steps: move_after(steps, "dawn", "dusk"))
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-dawn")
    assert "새벽 뒤에는 아침에 발표하는 캐릭터만" in finding.message


@pytest.mark.parametrize("night", ["first_night", "other_nights"])
def test_a_character_may_follow_dawn_to_announce_in_the_morning(content, night):
    """The official order puts the Leviathan and the Vizier after dawn: they are announced in the morning."""
    edit_order(content, night, lambda steps: move_after(steps, "spy", "dawn"))
    _, report = validate("in-space", content)
    assert with_code(report, "night-dawn") == []


def test_demon_info_before_minion_info_is_an_error(content):
    edit_order(content, "first_night", lambda steps: move_after(steps, "minioninfo", "demoninfo"))
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-info-order")
    assert "하수인 정보(minioninfo)는 악마 정보(demoninfo)보다 먼저" in finding.message


def test_minion_info_missing_from_first_night_is_an_error(content):
    edit_order(content, "first_night", lambda steps: [s for s in steps if s != "minioninfo"])
    _, report = validate("in-space", content)
    assert [f.message for f in with_code(report, "night-info-missing")] == ["첫날 밤 순서에 'minioninfo'가 없습니다."]


def test_minion_info_in_other_nights_is_an_error(content):
    edit_order(content, "other_nights", lambda steps: [steps[0], "minioninfo", *steps[1:]])
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-info-other")
    assert "첫날 밤에만" in finding.message


# --- ordering rules from content/night_rules.yaml --------------------------------------------------------

ORDER = read_yaml(CONTENT / "night_order.yaml")
RULES = read_yaml(CONTENT / "night_rules.yaml")


def rule_cases():
    """One case per (rule, night): the first before/after pair that both appear in that night's official order."""
    cases = []
    for index, rule in enumerate(RULES):
        for night in rule.get("nights", ["first_night", "other_nights"]):
            steps = ORDER[night]
            pair = next(((b, a) for b in rule["before"] for a in rule["after"] if b in steps and a in steps), None)
            cases.append(pytest.param(rule, night, pair, id=f"rule{index}-{rule['before'][0]}-{night}"))
    return cases


@pytest.mark.parametrize("rule, night, pair", rule_cases())
def test_official_order_satisfies_the_rule(rule, night, pair):
    assert pair is not None, "the rule names no pair that the official order contains: it can never be checked"
    steps = ORDER[night]
    for first in rule["before"]:
        for later in rule["after"]:
            if first in steps and later in steps:
                assert steps.index(first) < steps.index(later), (first, later)


@pytest.mark.slow
@pytest.mark.parametrize("rule, night, pair", rule_cases())
def test_moving_a_character_across_the_rule_is_reported_with_its_reason(content, rule, night, pair):
    first, later = pair
    write_script(content, library_ids(), "everything")
    edit_order(content, night, lambda steps: move_after(steps, first, later))
    _, report = validate("everything", content)
    reasons = [f for f in with_code(report, "night-rule") if f.subject == first]
    assert reasons, f"moving {first} after {later} in {night} was not reported"
    assert any(rule["reason"] in f.message for f in reasons)
    assert all(f.level == "error" for f in reasons)


def test_rule_with_a_fixed_step_is_checked(content):
    edit_order(content, "first_night", lambda steps: move_after(steps, "damsel", "dusk"))
    _, report = validate("in-space", content)
    [finding] = [f for f in with_code(report, "night-rule") if f.subject == "minioninfo"]
    assert "하수인 정보" in finding.message and "아가씨" in finding.message


# --- a script with its own order -------------------------------------------------------------------------


def own_order_script(content, first_night, other_nights):
    return write_script(content, bundled_ids(), "own", first_night=first_night, other_nights=other_nights)


def test_script_order_is_the_one_checked_not_the_library_order(content):
    edit_order(content, "first_night", lambda steps: [s for s in steps if s != "washerwoman"])  # library order broken
    own_order_script(content, ORDER["first_night"], ORDER["other_nights"])  # script carries a sound order
    _, report = validate("own", content)
    assert night_findings(report) == []


def test_broken_script_order_is_reported_at_the_script_file(content):
    path = own_order_script(content, [s for s in ORDER["first_night"] if s != "washerwoman"], ORDER["other_nights"])
    _, report = validate("own", content)
    [finding] = with_code(report, "night-missing")
    assert finding.subject == "washerwoman"
    assert finding.where.startswith(str(path)) or path.name in finding.where


def test_script_order_that_breaks_a_rule_is_reported(content):
    own_order_script(content, ORDER["first_night"], move_after(ORDER["other_nights"], "monk", "imp"))
    _, report = validate("own", content)
    assert any(f.subject == "monk" and "수도사" in f.message for f in with_code(report, "night-rule"))


def test_character_whose_file_has_errors_is_not_also_an_unknown_night_id(content):
    edit_character(content, "monk", reminders=3)
    _, report = validate("in-space", content)
    assert with_code(report, "wrong-type")
    assert with_code(report, "night-unknown-id") == []


@pytest.mark.parametrize("character, name_with_particle", [("noble", "귀족은"), ("washerwoman", "세탁부는")])
def test_missing_message_uses_the_particle_that_fits_the_name(content, character, name_with_particle):
    edit_order(content, "first_night", lambda steps: [s for s in steps if s != character])
    _, report = validate("in-space", content)
    [finding] = with_code(report, "night-missing")
    assert finding.message.startswith(f"{name_with_particle} 첫날 밤에 깨어나는데")
