"""`botc-pnp characters`: the library listed and searched by Korean name, 초성, id, English name, team and edition."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

from generator.load.search import initial_of, matches_korean


def rows(output: str) -> list[list[str]]:
    """The table's rows as columns (columns are separated by two or more spaces; names may hold one)."""
    import re

    return [re.split(r"\s{2,}", line.strip()) for line in output.splitlines()[1:-1]]


def listed_ids(output: str) -> list[str]:
    return [row[0] for row in rows(output)]


@pytest.mark.parametrize(
    "query, expected",
    [
        ("ㅅㅌㅂ", "washerwoman"),
        ("세탁", "washerwoman"),
        ("washer", "washerwoman"),
        ("Fang Gu", "fanggu"),
        ("팡구", "fanggu"),
        ("뱀조련사", "snakecharmer"),
        ("ㅃㅅㅈㄱ", "bonecollector"),
        ("Scarlet Woman", "scarletwoman"),
    ],
)
def test_search_finds_the_character(query, expected):
    result = run_cli("characters", query)
    assert result.exit_code == 0, result.output
    assert expected in listed_ids(result.output)


def test_choseong_matches_initials_only():
    assert initial_of("세") == "ㅅ" and initial_of("A") == "A"
    assert matches_korean("세탁부", "ㅅㅌ") and matches_korean("세탁부", "탁ㅂ")
    assert not matches_korean("세탁부", "ㅌㅅ")


def test_no_query_lists_the_whole_library_in_team_order():
    result = run_cli("characters")
    assert result.exit_code == 0
    ids = listed_ids(result.output)
    assert len(ids) == 181 and result.output.strip().endswith("181명")
    teams = [row[2] for row in rows(result.output)]
    order = ["마을주민", "외지인", "하수인", "악마", "여행자", "설화", "전설"]
    assert [t for i, t in enumerate(teams) if i == 0 or teams[i - 1] != t] == order


def test_team_and_edition_filters_accept_korean_and_english():
    korean = run_cli("characters", "--team", "하수인", "--edition", "불길한 조짐")
    english = run_cli("characters", "--team", "minion", "--edition", "tb")
    assert korean.exit_code == english.exit_code == 0
    assert (
        sorted(listed_ids(korean.output))
        == sorted(listed_ids(english.output))
        == ["baron", "poisoner", "scarletwoman", "spy"]
    )


def test_json_output_carries_the_ability():
    result = run_cli("characters", "임프", "--json")
    assert result.exit_code == 0
    [imp] = json.loads(result.output)
    assert (
        imp["id"] == "imp"
        and imp["team"] == "demon"
        and imp["edition"] == "tb"
        and "하수인 1명이 임프가 됩니다" in imp["ability"]
    )


def test_nothing_found_says_so_in_korean_with_exit_1():
    result = run_cli("characters", "없는캐릭터")
    assert result.exit_code == 1
    assert "찾는 캐릭터가 없습니다" in result.output


@pytest.mark.parametrize("flag, value", [("--team", "wizard"), ("--edition", "tb2")])
def test_unknown_filter_is_a_usage_error(flag, value):
    result = run_cli("characters", flag, value)
    assert result.exit_code == 2
    assert "알 수 없는" in result.output and "Traceback" not in result.output
