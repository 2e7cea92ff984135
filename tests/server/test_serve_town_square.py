"""The page makes the Town Square like the command line: /api/document/town_square with the page's options (players,
a3), and a player count out of range refused in Korean with a 400, never a 500."""

from __future__ import annotations

import json
import re

import pytest
from conftest import pdf_chars

MM = 72 / 25.4
TB = [
    "washerwoman",
    "librarian",
    "investigator",
    "chef",
    "empath",
    "butler",
    "drunk",
    "poisoner",
    "spy",
    "baron",
    "imp",
]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from generator.server import create_app

    return create_app(workspace=tmp_path_factory.mktemp("workspace")).test_client()


def script() -> bytes:
    return json.dumps([{"id": "_meta", "name": "광장 시험"}, *TB], ensure_ascii=False).encode()


def test_the_page_makes_the_town_square_on_a3_for_the_players_chosen(client):
    answer = client.post("/api/document/town_square?players=9&a3=1", data=script())
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    assert "town-square.pdf" in answer.headers["Content-Disposition"]
    pages = pdf_chars(answer.data)
    assert (round(pages[0]["width"] / MM), round(pages[0]["height"] / MM)) == (420, 297)
    text = re.sub(r"\s+", "", "".join(c["text"] for c in pages[0]["chars"]))
    assert "광장시험" in text and "마을광장·9명" in text


def test_a_player_count_out_of_range_is_a_korean_400(client):
    answer = client.post("/api/document/town_square?players=30", data=script())
    assert answer.status_code == 400
    assert "30명은 쓸 수 없습니다" in answer.get_json()["error"]
