"""The four almanac entries the third reading's audit found wrong (issue 51) say what the publisher's rules say. Each
test quotes the rule it holds the entry to; the texts are read from the library files, as they print."""

from __future__ import annotations

from pathlib import Path

from conftest import CONTENT, read_yaml


def entry(character_id: str) -> dict:
    return read_yaml(Path(CONTENT) / "characters" / f"{character_id}.yaml")


def test_the_seamstress_under_the_vortox_sees_a_shake_for_two_evil_players():
    """Vortox: "Townsfolk abilities yield false info." Two evil players have the same alignment, so the true answer
    is a nod and the Seamstress must see a shake of the head."""
    example = entry("seamstress")["examples"][0]
    assert "보르톡스" in example and "고개를 젓" in example
    assert "끄덕" not in example


def test_the_scarlet_woman_babysits_lil_monsta_for_the_rest_of_the_game():
    """Jinx, Lil' Monsta & Scarlet Woman: "If there are 5 or more players alive and the player holding Lil' Monsta
    dies, the Scarlet Woman is given the Lil' Monsta token tonight & babysits it for the rest of the game" — the same as
    content/jinxes.yaml, so the almanac says "for the rest of the game" where it speaks of her."""
    data = entry("lilmonsta")
    jinx = next(
        j for j in read_yaml(Path(CONTENT) / "jinxes.yaml") if set(j["characters"]) == {"lilmonsta", "scarletwoman"}
    )
    assert "남은 게임 동안" in jinx["text"]
    about_her = [t for t in [data["overview"], *data["how_to_run"]] if "진홍의 여인" in t]
    assert about_her and all("남은 게임 동안" in t for t in about_her)
    assert not any("토큰을 받습니다" in t for t in about_her)


def test_a_drunk_or_poisoned_lleech_does_not_die_with_its_host_and_the_optional_rule_is_given():
    """Lleech, How to Run: a Lleech that is drunk or poisoned when its host dies does not die then (it dies once sober
    and healthy while the host is dead); "Optional rule: if the host dies while the Lleech is drunk or poisoned, the
    Lleech dies too.\""""
    steps = entry("lleech")["how_to_run"]
    drunk = [s for s in steps if "취했거나 중독" in s and "숙주가 사망할 때" in s]
    assert drunk, steps
    assert "사망하지 않습니다" in drunk[0] and "선택 규칙" in drunk[0]


def test_the_wizard_may_set_a_price_and_leave_a_clue_and_need_not():
    """Wizard: "Once per game, choose to make a wish. If granted, it might have a price & leave a clue as to its
    nature." — might: the storyteller may set a price and may leave a clue, and neither is required."""
    step = entry("wizard")["how_to_run"][1]
    assert "대가를 정하고" not in step
    assert "정할 수 있고" in step and "없어도 됩니다" in step
