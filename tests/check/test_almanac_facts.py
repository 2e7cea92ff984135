"""The almanac against our own data (issue 51): a sentence that tells a jinx otherwise than content/jinxes.yaml, names a
*reminder* no character of the sentence has, wakes a character on a night it has no step for, or states a setup
change its `setup` field does not make is a warning that names the file, the field and both texts; `validate
--strict` fails on it. Each kind is planted in a copy of the content, next to the same entry without it."""

from __future__ import annotations

import pytest
from conftest import CONTENT, edit_character, read_yaml, run_cli, validate, with_code, write_script

FACT_CODES = ("almanac-jinx", "almanac-reminder", "almanac-night", "almanac-setup")
EDITIONS = ("trouble-brewing", "bad-moon-rising", "sects-and-violets", "in-space")


def steps_of(character_id: str) -> list[str]:
    return list(read_yaml(CONTENT / "characters" / f"{character_id}.yaml")["how_to_run"])


def with_step(content, character_id: str, sentence: str, characters: list[str], alone: bool = False):
    """Validates a script of `characters` after adding `sentence` as the character's last how_to_run step (its only
    prose when `alone`); returns (the step's key, the report)."""
    steps = ([] if alone else steps_of(character_id)) + [sentence]
    edit_character(
        content, character_id, how_to_run=steps, **({"overview": None, "tips": None, "examples": None} if alone else {})
    )
    script = write_script(content, characters)
    _, report = validate(script, content)
    return f"how_to_run[{len(steps)}]", report


def only(report, code: str):
    """The one finding of `code`, and no finding of the other almanac codes."""
    found = with_code(report, code)
    assert [f.code for f in report.findings if f.code in FACT_CODES and f.code != code] == []
    assert len(found) == 1, [f.message for f in found]
    return found[0]


def facts(report) -> list:
    return [f for f in report.findings if f.code in FACT_CODES]


@pytest.mark.parametrize("script", EDITIONS)
def test_the_editions_and_the_bundled_script_agree_with_their_data(script):
    _, report = validate(script)
    assert [f.format() for f in facts(report)] == []


# --- 1. jinx -----------------------------------------------------------------------------------------------


def test_lil_monsta_babysat_for_one_night_against_the_jinx_for_the_rest_of_the_game(content):
    """jinxes.yaml (lilmonsta, scarletwoman): '살아 있는 플레이어가 5명 이상일 때 꼬마 괴물이 사망하면, 남은 게임 동안
    진홍의 여인이 꼬마 괴물을 돌봅니다.' An almanac that gives her the token 'that night' tells it otherwise."""
    told = "살아 있는 플레이어가 다섯 명 이상일 때 꼬마 괴물을 돌보던 플레이어가 사망하면, 그날 밤 진홍의 여인이 꼬마 괴물 토큰을 받습니다."
    key, report = with_step(content, "lilmonsta", told, ["lilmonsta", "scarletwoman"], alone=True)
    finding = only(report, "almanac-jinx")
    jinx = next(j for j in read_yaml(CONTENT / "jinxes.yaml") if set(j["characters"]) == {"lilmonsta", "scarletwoman"})
    assert finding.level == "warning" and finding.subject == "lilmonsta"
    assert "lilmonsta.yaml:" in finding.where
    assert key in finding.message and told in finding.message and jinx["text"] in finding.message
    assert "'그날 밤'" in finding.message and "'남은 게임 동안'" in finding.message


def test_lil_monsta_told_as_the_jinx_tells_it_is_no_finding(content):
    told = "살아 있는 플레이어가 다섯 명 이상일 때 꼬마 괴물을 돌보던 플레이어가 사망하면, 남은 게임 동안 진홍의 여인이 꼬마 괴물을 돌봅니다."
    _, report = with_step(content, "lilmonsta", told, ["lilmonsta", "scarletwoman"], alone=True)
    assert facts(report) == []


def test_a_night_something_is_done_is_no_span_when_the_item_states_the_jinx_span(content):
    """'그날 밤' may be when the storyteller acts; the item says the span the jinx says, so it agrees."""
    told = (
        "다만 진홍의 여인이 있고 살아 있는 플레이어가 다섯 명 이상일 때 꼬마 괴물이 사망하면, *악마* 알림을 진홍의 여인에게 옮기고 "
        "그날 밤 진홍의 여인을 깨워 꼬마 괴물 토큰을 보여 주세요. 남은 게임 동안 진홍의 여인이 꼬마 괴물을 돌봅니다."
    )
    _, report = with_step(content, "lilmonsta", told, ["lilmonsta", "scarletwoman"], alone=True)
    assert facts(report) == []
    _, report = with_step(content, "lilmonsta", told.split(" 남은 게임")[0], ["lilmonsta", "scarletwoman"], alone=True)
    assert len(with_code(report, "almanac-jinx")) == 1  # without the span, the night reads as the jinx's span


@pytest.mark.parametrize(
    "told, differs",
    [
        (
            "퇴마사가 야가바블을 선택하면, 남은 게임 동안 야가바블 때문에 사망하는 플레이어는 없습니다.",
            "'남은 게임 동안'",
        ),
        ("퇴마사가 야가바블을 선택하면, 오늘 밤 야가바블 때문에 사망하는 플레이어는 없습니다.", None),
    ],
    ids=["other-span", "same-span"],
)
def test_a_jinx_span_told_from_the_partner_side(content, told, differs):
    """jinxes.yaml (yaggababble, exorcist): '퇴마사가 야가바블을 선택하면, 오늘 밤 야가바블은 아무도 죽이지 않습니다.'"""
    key, report = with_step(content, "exorcist", told, ["exorcist", "yaggababble"])
    if differs is None:
        assert facts(report) == []
        return
    finding = only(report, "almanac-jinx")
    assert finding.subject == "exorcist" and "exorcist.yaml:" in finding.where
    assert key in finding.message and told in finding.message and differs in finding.message
    assert "오늘 밤 야가바블은 아무도 죽이지 않습니다" in finding.message


def test_a_jinx_bound_told_with_another_number(content):
    """jinxes.yaml (plaguedoctor, baron): '… 대신 최대 2명의 플레이어가 외지인이 됩니다.'"""
    told = "이야기꾼이 남작 능력을 얻게 되면, 대신 최대 3명의 플레이어가 외지인이 됩니다."
    key, report = with_step(content, "plaguedoctor", told, ["plaguedoctor", "baron"])
    finding = only(report, "almanac-jinx")
    assert (
        key in finding.message
        and told in finding.message
        and "3명 이하" in finding.message
        and "2명 이하" in finding.message
    )
    _, report = with_step(content, "plaguedoctor", told.replace("3명", "2명"), ["plaguedoctor", "baron"])
    assert facts(report) == []


# --- 2. reminder ---------------------------------------------------------------------------------------------


def test_a_reminder_the_character_does_not_have(content):
    told = "수도승이 고른 플레이어의 캐릭터 토큰 옆에 *보호* 알림을 놓으세요."
    key, report = with_step(content, "monk", told, ["monk", "imp"])
    finding = only(report, "almanac-reminder")
    assert finding.subject == "monk" and "monk.yaml:" in finding.where
    assert key in finding.message and told in finding.message and "*보호*" in finding.message
    assert "reminders/global_reminders: 안전" in finding.message  # the data it contradicts: the monk's tokens


@pytest.mark.parametrize(
    "told",
    [
        "수도승이 고른 플레이어의 캐릭터 토큰 옆에 *안전* 알림을 놓으세요.",  # the monk's own
        "관료의 *3표* 알림이 놓인 플레이어를 수도승이 고르면, 그 표는 그대로 셉니다.",  # a token of a character the sentence names
        "공격받아도 *죽음* 알림은 놓지 마세요.",  # a token many characters carry
    ],
    ids=["own", "named-owner", "shared"],
)
def test_reminders_the_sentence_accounts_for_are_no_finding(content, told):
    _, report = with_step(content, "monk", told, ["monk", "imp"])
    assert facts(report) == []


# --- 3. night ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "told, words", [("첫날 밤, 임프를 깨우세요.", "첫날 밤"), ("매일 밤, 임프를 깨우세요.", "매일 밤")]
)
def test_a_night_the_character_has_no_step_for(content, told, words):
    key, report = with_step(content, "imp", told, ["imp", "monk"])
    finding = only(report, "almanac-night")
    imp = read_yaml(CONTENT / "characters" / "imp.yaml")
    assert "first_night" not in imp  # the data: the imp does not wake on the first night
    assert finding.subject == "imp" and "imp.yaml:" in finding.where
    assert key in finding.message and told in finding.message and f"'{words}'" in finding.message
    assert "첫날 밤 안내(first_night)가 없고" in finding.message and "night_order.yaml" in finding.message
    assert imp["other_nights"][:30] in finding.message  # the night text it does have


def test_an_item_that_repeats_its_mistake_is_one_finding(content):
    key, report = with_step(content, "imp", " ".join(["첫날 밤, 임프를 깨우세요."] * 3), ["imp", "monk"])
    assert key in only(report, "almanac-night").message


@pytest.mark.parametrize(
    "told",
    [
        "첫날 밤을 제외한 매일 밤, 임프를 깨우세요.",
        "첫날 밤에는 임프를 깨우지 마세요.",  # says it does not wake: a night step need not wake anyone
        "첫날 밤, 임프가 고른 플레이어가 있다면 그 플레이어를 깨우세요.",  # wakes someone else
    ],
    ids=["except-first", "does-not-wake", "someone-else"],
)
def test_nights_that_agree_or_do_not_wake_it_are_no_finding(content, told):
    _, report = with_step(content, "imp", told, ["imp", "monk"])
    assert facts(report) == []


def test_the_night_order_is_the_data_too(content):
    """A character whose first-night text is there but whose id the night order leaves out does not wake then."""
    from conftest import edit_order

    edit_order(content, "first_night", lambda ids: [i for i in ids if i != "washerwoman"])
    key, report = with_step(content, "washerwoman", "첫날 밤, 세탁부를 깨우세요.", ["washerwoman", "imp"], alone=True)
    finding = only(report, "almanac-night")
    assert key in finding.message and "첫날 밤 안내(first_night)는 있지만" in finding.message


# --- 4. setup ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "told, words",
    [
        ("외지인은 인원표의 기본 수보다 1명 많아집니다.", "외지인 +1명"),
        ("남작의 능력은 [외지인 +1명]입니다.", "외지인 +1명"),
    ],
    ids=["prose", "bracket"],
)
def test_a_setup_change_the_setup_field_does_not_make(content, told, words):
    key, report = with_step(content, "baron", told, ["baron", "imp"])
    finding = only(report, "almanac-setup")
    assert finding.subject == "baron" and "baron.yaml:" in finding.where
    assert key in finding.message and told in finding.message and words in finding.message
    assert "setup(외지인 +2명)" in finding.message  # the data it contradicts


@pytest.mark.parametrize(
    "told",
    [
        "외지인은 인원표의 기본 수보다 2명 많아집니다.",
        "남작의 능력은 [외지인 +2명]입니다.",
        "하수인이 홀수라면 한쪽에 한 명이 더 앉게 됩니다.",  # a count, but not of the bag
    ],
    ids=["prose", "bracket", "not-a-change"],
)
def test_setup_changes_that_agree_are_no_finding(content, told):
    _, report = with_step(content, "baron", told, ["baron", "imp"])
    assert facts(report) == []


def test_a_change_of_a_character_the_item_names_is_its_own(content):
    """The Alchemist with the Baron's ability: the outsiders the example adds are the Baron's."""
    _, report = with_step(
        content, "alchemist", "연금술사가 남작의 능력을 가지면 외지인이 2명 더 들어갑니다.", ["alchemist", "imp"]
    )
    assert facts(report) == []
    key, report = with_step(content, "alchemist", "연금술사가 있으면 외지인이 2명 더 들어갑니다.", ["alchemist", "imp"])
    assert key in only(report, "almanac-setup").message


# --- the command line ----------------------------------------------------------------------------------------


def test_validate_strict_fails_on_a_planted_disagreement(content):
    edit_character(content, "imp", how_to_run=steps_of("imp") + ["첫날 밤, 임프를 깨우세요."])
    result = run_cli("validate", "trouble-brewing", "--content", content, "--strict")
    assert result.exit_code == 1
    assert "첫날 밤, 임프를 깨우세요." in result.stdout and "밤 안내와 다른 해설" in result.stdout
    assert "imp.yaml:" in result.stdout and "Traceback" not in result.stdout + result.stderr
    assert run_cli("validate", "trouble-brewing", "--content", content).exit_code == 0  # a warning, not an error


# --- every character of the library ----------------------------------------------------------------------------


def test_every_library_character_agrees_with_its_data():
    from generator.check import almanac_facts
    from generator.findings import Report
    from generator.load.library import load_library
    from generator.model import Game, Script

    library, _ = load_library()
    ids = sorted(library.characters)
    game = Game(Script("all", "모든 캐릭터", None, ids), library, [library.characters[i] for i in ids])
    report = Report()
    almanac_facts.check(game, report)
    assert report.findings == [], [f.format() for f in report.findings]
