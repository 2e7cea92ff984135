"""The ability lines this project wrote keep the publisher's modal words (issue 32): an English 'might' is a Korean
'수도' (it may happen, or not), 'may' a permission or a possibility (수 있/수도, or 수 없/안 됩니다 for 'may not'),
'must' a '반드시'; and no line adds a certainty or a doubt the English does not have. The facts (which modal words
each English ability has) are in content/publisher_order.yaml; the user's 41 abilities stay as the user wrote them."""

from __future__ import annotations

import re

import pytest
from conftest import CONTENT, read_yaml
from test_almanac_content import FILES, USER_FIELDS

FACTS = read_yaml(CONTENT / "publisher_order.yaml")["roles"]
OURS = sorted(cid for cid in FACTS if cid not in USER_FIELDS)
KOREAN = {
    "might": re.compile(r"수도 있|지도 모릅"),
    "may": re.compile(r"수 있|수도 있|수 없|안 됩니다|도 됩니다"),
    "must": re.compile(r"반드시"),
}


def test_the_facts_cover_every_role_we_wrote():
    assert len(OURS) == 140 and set(OURS) <= set(FILES)
    assert sum(1 for cid in OURS if FACTS[cid]["modal"]) >= 30


@pytest.mark.parametrize("cid", OURS)
def test_our_ability_keeps_the_publishers_modal_words(cid):
    ability = FILES[cid]["ability"]
    modal = FACTS[cid]["modal"]
    for word in modal:
        assert KOREAN[word].search(ability), f"{cid}: the English says '{word}'; the Korean line lacks it: {ability}"
    if "must" not in modal:
        assert "반드시" not in ability, f"{cid}: '반드시' where the English has no 'must'"
    if not {"might", "may"} & set(modal):
        assert "수도 있" not in ability, f"{cid}: '수도' where the English has neither 'might' nor 'may'"


def test_the_modal_check_can_fail():
    assert not KOREAN["might"].search("대가가 따르고 단서가 남습니다.")  # the wizard's line before the second reading
    assert not KOREAN["must"].search("모든 지명에 투표해야 합니다.")
    assert KOREAN["might"].search("대가가 따를 수도 있습니다.")
