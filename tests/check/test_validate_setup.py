"""Setup checks: ability brackets against the structured setup, and the bag for 5–15 players against hand-counted rows."""

from __future__ import annotations

import re

import pytest
from conftest import CONTENT, bundled_ids, edit_character, read_yaml, validate, with_code, write_script

from generator.load.bag import bag_rows, combination, shortfalls
from generator.load.brackets import bracket_changes, parse_bracket
from generator.load.game import load_game

# --- bracket parsing -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "inner, expected",
    [
        ("외지인 +1명", {"outsider": [1]}),
        ("외지인 -1명", {"outsider": [-1]}),
        ("외지인 -1명 또는 +1명", {"outsider": [-1, 1]}),
        ("하수인 +1명", {"minion": [1]}),
        ("마을주민 -2명", {"townsfolk": [-2]}),
        # the overview forms of the almanac
        ("+1 외지인", {"outsider": [1]}),
        ("-1 외지인", {"outsider": [-1]}),
        ("-1 또는 +1 외지인", {"outsider": [-1, 1]}),
    ],
)
def test_setup_bracket_is_parsed(inner, expected):
    assert parse_bracket(inner) == expected


@pytest.mark.parametrize("inner", ["외지인 약간", "죽음, 한 번", "+1명", "외지인 +1명 또는 하수인 +1명"])
def test_text_that_is_not_a_setup_bracket_is_not_parsed(inner):
    assert parse_bracket(inner) is None


def test_brackets_are_found_inside_the_ability():
    ability = "매일 밤*, 플레이어 1명을 선택합니다: 그는 사망합니다. [외지인 +1명]"
    assert bracket_changes(ability) == ({"outsider": [1]}, [], [])


# --- bracket and setup field agree, both ways ------------------------------------------------------------


def test_bundled_brackets_agree_with_setup_fields():
    _, report = validate("in-space")
    assert with_code(report, "setup-mismatch") == [] and with_code(report, "setup-bracket-unreadable") == []


def test_bracket_without_setup_field_is_an_error(content):
    edit_character(content, "fanggu", setup=None)
    _, report = validate("in-space", content)
    [finding] = with_code(report, "setup-mismatch")
    assert finding.subject == "fanggu" and finding.level == "error"
    assert "괄호(외지인 +1명)와 setup 항목(없음)이 다릅니다" in finding.message


def test_setup_field_without_bracket_is_an_error(content):
    edit_character(content, "fanggu", ability="매일 밤*, 플레이어 1명을 선택합니다: 그는 사망합니다.")
    _, report = validate("in-space", content)
    [finding] = with_code(report, "setup-mismatch")
    assert "괄호(없음)와 setup 항목(외지인 +1명)이 다릅니다" in finding.message


def test_bracket_and_setup_with_different_deltas_is_an_error(content):
    edit_character(content, "vigormortis", setup={"outsider": [-1, 1]})
    _, report = validate("in-space", content)
    [finding] = with_code(report, "setup-mismatch")
    assert finding.subject == "vigormortis"
    assert "외지인 -1명 또는 +1명" in finding.message


def test_minion_bracket_matching_its_setup_passes(content):
    edit_character(content, "spy", ability="매일 밤, 마도서를 확인해 봅니다. [하수인 +1명]", setup={"minion": [1]})
    _, report = validate("in-space", content)
    assert with_code(report, "setup-mismatch") == []


def test_unreadable_bracket_is_an_error(content):
    edit_character(content, "fanggu", ability="매일 밤*, 누군가 사망합니다. [외지인 약간]", setup=None)
    _, report = validate("in-space", content)
    [finding] = with_code(report, "setup-bracket-unreadable")
    assert "[외지인 약간]" in finding.message


# --- the bag, 5 to 15 players ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rows():
    game, report = load_game("in-space")
    assert not report.errors
    return {row.players: row for row in bag_rows(game, game.library.bag_table)}


def counts_with(row, *modifiers):
    """The bag with exactly these (id, delta) modifiers in play; it must be one the row lists (same counts)."""
    game, _ = load_game("in-space")
    variant = combination(row.base, [(game.character(cid), delta) for cid, delta in modifiers])
    assert variant is not None, f"no bag with {modifiers} at {row.players} players"
    listed = {(v.counts, v.tokens) for v in row.variants}
    assert (variant.counts, variant.tokens) in listed, f"{modifiers} at {row.players} players is missing from the row"
    return variant


def test_bag_rows_cover_5_to_15_players(rows):
    assert sorted(rows) == list(range(5, 16))


def test_base_counts_without_modifiers_are_the_setup_table(rows):
    table = read_yaml(CONTENT / "setup.yaml")["base"]
    for players, row in rows.items():
        assert counts_with(row).counts.as_tuple() == tuple(table[players])


def test_nine_players_with_fang_gu_and_godfather_plus_one(rows):
    variant = counts_with(rows[9], ("fanggu", 1), ("godfather", 1))
    assert variant.counts.as_tuple() == (3, 4, 1, 1)  # 5/2/1/1, two outsiders more, two townsfolk fewer


def test_five_players_with_fang_gu_and_godfather_plus_one(rows):
    assert counts_with(rows[5], ("fanggu", 1), ("godfather", 1)).counts.as_tuple() == (1, 2, 1, 1)


def test_ten_players_with_godfather_minus_one_and_vigormortis(rows):
    # 7/0/2/1 has no outsider to remove: both modifiers change nothing
    assert counts_with(rows[10], ("vigormortis", -1), ("godfather", -1)).counts.as_tuple() == (7, 0, 2, 1)


def test_vigormortis_at_seven_players_changes_nothing(rows):
    assert counts_with(rows[7], ("vigormortis", -1)).counts.as_tuple() == (5, 0, 1, 1)


def test_vigormortis_at_eight_players_removes_the_outsider(rows):
    assert counts_with(rows[8], ("vigormortis", -1)).counts.as_tuple() == (6, 0, 1, 1)


def test_only_one_demon_modifier_at_a_time(rows):
    demons = {"fanggu", "vigormortis"}
    for row in rows.values():
        for variant in row.variants:
            assert len(demons & {cid for cid, _ in variant.modifiers}) <= 1


def test_drunk_takes_an_outsider_slot_and_a_townsfolk_token(rows):
    variant = counts_with(rows[6], ("drunk", 0))
    assert variant.counts.as_tuple() == (3, 1, 1, 1)
    assert variant.tokens.as_tuple() == (4, 0, 1, 1)


def test_drunk_cannot_be_in_play_without_an_outsider_slot(rows):
    assert not [v for v in rows[7].variants if v.modifiers == (("drunk", 0),)]


# --- counts the script cannot fill -----------------------------------------------------------------------

TOWNSFOLK_9 = [
    "washerwoman",
    "chef",
    "clockmaker",
    "noble",
    "shugenja",
    "empath",
    "fortuneteller",
    "monk",
    "undertaker",
]


def test_bundled_script_fills_every_bag():
    game, _ = load_game("in-space")
    assert shortfalls(game, bag_rows(game, game.library.bag_table)) == []


def test_script_that_cannot_fill_the_base_bag_is_an_error(content):
    write_script(content, ["washerwoman", "chef", "empath", "poisoner", "imp"], "tiny")
    _, report = validate("tiny", content)
    messages = {f.message for f in with_code(report, "setup-shortfall", "error")}
    assert (
        "외지인이 모자랍니다: 스크립트에는 0명뿐인데 6명 게임에 1명, 8명 게임에 1명, 9명 게임에 2명, 11명 게임에 1명, "
        "12명 게임에 2명, 14명 게임에 1명, 15명 게임에 2명이 필요합니다." in messages
    )
    assert any(m.startswith("마을주민이 모자랍니다: 스크립트에는 3명뿐인데 7명 게임에 5명,") for m in messages)
    assert any(m.startswith("하수인이 모자랍니다: 스크립트에는 1명뿐인데 10명 게임에 2명,") for m in messages)
    assert len(messages) == 3  # one finding per team, not one per player count


def test_script_short_only_under_a_modifier_is_a_warning(content):
    ids = [c for c in bundled_ids() if c not in ("tinker", "mutant", "drunk")]  # two outsiders left: recluse, damsel
    write_script(content, ids, "few-outsiders")
    _, report = validate("few-outsiders", content)
    assert with_code(report, "setup-shortfall", "error") == []
    messages = {f.message for f in with_code(report, "setup-shortfall", "warning")}
    assert (
        "팡 구가 게임에 있으면 외지인이 모자랍니다: 스크립트에는 2명뿐인데 "
        "9명 게임에 3명, 12명 게임에 3명, 15명 게임에 3명이 필요합니다." in messages
    )
    # the Godfather's -1 or +1 is the storyteller's pick (-1 always fits), and "Fang Gu and Godfather" adds nothing
    # to "Fang Gu": neither is a warning of its own
    assert not any("대부" in m for m in messages), messages


def test_drunk_needs_a_spare_townsfolk_token(content):
    write_script(content, TOWNSFOLK_9 + ["drunk", "recluse", "poisoner", "spy", "assassin", "imp"], "drunk9")
    _, report = validate("drunk9", content)
    # 13 players (9/0/3/1) has no outsider slot for the Drunk, so only 14 and 15 need a tenth townsfolk token; 15 is
    # the error's below, and one cause is said once
    [warning] = with_code(report, "setup-shortfall", "warning")
    assert warning.message == (
        "주정뱅이가 게임에 있으면 마을주민이 모자랍니다: 스크립트에는 9명뿐인데 14명 게임에 10명이 필요합니다."
    )
    # at 15 players (two outsider slots, the recluse and the drunk) the drunk must be in play: no bag can be filled
    [error] = with_code(report, "setup-shortfall", "error")
    assert error.message.startswith(
        "마을주민이 모자랍니다: 스크립트에는 9명뿐인데 주정뱅이가 게임에 있으면 15명 게임에 10명이 필요합니다."
    )


def test_drunk_with_a_spare_townsfolk_token_passes(content):
    write_script(
        content, TOWNSFOLK_9 + ["soldier", "drunk", "recluse", "poisoner", "spy", "assassin", "imp"], "drunk10"
    )
    _, report = validate("drunk10", content)
    assert with_code(report, "setup-shortfall") == []


# --- only bags that can occur ---------------------------------------------------------------------------------

SNV_TOWNSFOLK = [
    "clockmaker",
    "dreamer",
    "snakecharmer",
    "mathematician",
    "flowergirl",
    "towncrier",
    "oracle",
    "savant",
    "seamstress",
    "philosopher",
    "artist",
    "juggler",
    "sage",
]
SNV_MINIONS = ["eviltwin", "witch", "cerenovus", "pithag"]
# base outsiders per player count, 5–15: 0 1 0 1 2 0 1 2 0 1 2
FANG_GU_SHORT_WITH_ONE_OUTSIDER = "6명 게임에 2명, 8명 게임에 2명, 9명 게임에 3명, 11명 게임에 2명, 12명 게임에 3명, 14명 게임에 2명, 15명 게임에 3명이"


def setup_findings(folder, ids, name="cut"):
    """Validates a script of these ids (written into `folder`) against the bundled content."""
    game, report = validate(write_script(folder, ids, name), CONTENT)
    return game, with_code(report, "setup-shortfall", "error"), with_code(report, "setup-shortfall", "warning")


def test_every_demon_changing_the_setup_gives_no_false_error(tmp_path):
    # Sects & Violets cut to Vigormortis and Fang Gu with one outsider: the bag without a demon modifier cannot occur
    _, errors, warnings = setup_findings(tmp_path, SNV_TOWNSFOLK + ["mutant"] + SNV_MINIONS + ["fanggu", "vigormortis"])
    assert errors == []
    assert [w.message for w in warnings] == [
        f"팡 구가 게임에 있으면 외지인이 모자랍니다: 스크립트에는 1명뿐인데 {FANG_GU_SHORT_WITH_ONE_OUTSIDER} 필요합니다."
    ]


def test_bags_without_a_demon_modifier_are_left_out_when_every_demon_is_one(tmp_path):
    game, _, _ = setup_findings(
        tmp_path, SNV_TOWNSFOLK + ["mutant", "sweetheart"] + SNV_MINIONS + ["fanggu", "vigormortis"]
    )
    for row in bag_rows(game, game.library.bag_table):
        for variant in row.variants:
            assert {cid for cid, _ in variant.modifiers} & {"fanggu", "vigormortis"}, (row.players, variant)
    rows = {row.players: row for row in bag_rows(game, game.library.bag_table)}
    # 15 players: 9/2/3/1 becomes 10/1 (Vigormortis) or 8/3 (Fang Gu); never the base 9/2
    assert sorted(v.counts.outsider for v in rows[15].variants) == [1, 3]


def test_a_lone_demon_modifier_that_cannot_be_filled_is_an_error_at_every_count(tmp_path):
    _, errors, warnings = setup_findings(tmp_path, SNV_TOWNSFOLK + ["mutant"] + SNV_MINIONS + ["fanggu"])
    [error] = errors
    assert error.message.startswith(
        f"외지인이 모자랍니다: 스크립트에는 1명뿐인데 팡 구가 게임에 있으면 {FANG_GU_SHORT_WITH_ONE_OUTSIDER} 필요합니다."
    )
    assert "다른 어떤 조합으로도" in error.message


def test_a_base_bag_only_a_modifier_can_fill_is_a_warning_naming_every_count(tmp_path):
    # one outsider and the Godfather: 9, 12 and 15 players (two outsider slots) need the Godfather's −1
    ids = SNV_TOWNSFOLK + ["mutant", "godfather", "witch", "cerenovus", "pithag", "nodashii"]
    _, errors, warnings = setup_findings(tmp_path, ids)
    assert errors == []
    messages = {w.message for w in warnings}
    assert (
        "설정을 바꾸는 캐릭터 없이 가방을 만들면 외지인이 모자랍니다: 스크립트에는 1명뿐인데 9명 게임에 2명, 12명 게임에 2명, "
        "15명 게임에 2명이 필요합니다. 이 인원에서는 설정을 바꾸는 캐릭터를 넣어야 합니다." in messages
    )
    # the Godfather's +1 does not fit at 6 players, but its −1 does and the storyteller picks: no warning about it
    assert not any(m.startswith("대부") for m in messages), messages


def test_every_minion_changing_the_setup_leaves_out_bags_without_one(tmp_path):
    # two minions, both modifiers: at 5–9 players the one minion is the Baron or the Godfather
    ids = [
        "washerwoman",
        "chef",
        "empath",
        "monk",
        "undertaker",
        "soldier",
        "ravenkeeper",
        "virgin",
        "slayer",
        "mayor",
        "librarian",
        "investigator",
        "fortuneteller",
        "butler",
        "recluse",
        "saint",
        "drunk",
        "baron",
        "godfather",
        "imp",
    ]
    game, errors, _ = setup_findings(tmp_path, ids)
    # the only real gap: three minion slots from 13 players on
    assert [e.message for e in errors] == [
        "하수인이 모자랍니다: 스크립트에는 2명뿐인데 13명 게임에 3명, 14명 게임에 3명, 15명 게임에 3명이 필요합니다."
    ]
    rows = {row.players: row for row in bag_rows(game, game.library.bag_table)}
    for players in range(5, 10):
        for variant in rows[players].variants:
            assert {cid for cid, _ in variant.modifiers} & {"baron", "godfather"}, (players, variant)


def test_a_demon_with_only_setup_rules_fills_the_demon_slot(tmp_path):
    # Legion's bracket is a rule, not a count: it still fills the demon slot like any demon
    _, errors, warnings = setup_findings(tmp_path, SNV_TOWNSFOLK + ["mutant", "sweetheart"] + SNV_MINIONS + ["legion"])
    assert errors == [] and warnings == []


def test_one_minion_and_the_drunk_give_one_message_per_team(tmp_path):
    # issue 21: "주정뱅이가 게임에 있으면 하수인이 모자랍니다" repeated the one-minion error with another list of counts
    ids = [
        "washerwoman",
        "librarian",
        "investigator",
        "chef",
        "empath",
        "fortuneteller",
        "undertaker",
        "monk",
        "ravenkeeper",
        "virgin",
        "slayer",
        "soldier",
        "mayor",
        "drunk",
        "butler",
        "spy",
        "imp",
    ]  # more than a teensy script
    _, errors, warnings = setup_findings(tmp_path, ids)
    minion = [f.message for f in errors + warnings if "하수인이 모자랍니다" in f.message]
    assert len(minion) == 1, minion
    assert minion[0].startswith("하수인이 모자랍니다: 스크립트에는 1명뿐인데 10명 게임에 2명,")
    for team in ("마을주민", "외지인"):
        counted = [f.message for f in errors + warnings if f"{team}이 모자랍니다" in f.message]
        numbers = [re.findall(r"(\d+)명 게임에", m) for m in counted]
        flat = [n for found in numbers for n in found]
        assert len(flat) == len(set(flat)), counted  # no player count named twice for one team
