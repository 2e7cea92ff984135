"""night-card.pdf read back: one upright page for the bundled script in A4 and Letter with every step name of both
nights, cues that stay in their column, more pages with "(계속)" and a warning for a very long order (and nothing cut);
the cue derivation; and `build` writing the new documents beside the others."""

from __future__ import annotations

import copy
import dataclasses
import re

import pytest
from conftest import pdf_page_texts, run_cli
from pdf_paths import drawn_pages

from generator.documents import night_card
from generator.load.night_cue import night_cue, plain, shorten
from generator.model import NIGHTS
from generator.options import RenderOptions

PT_PER_MM = 72 / 25.4


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def step_names(game, night: str) -> list[str]:
    return [
        game.library.fixed_steps[s].name if s in game.library.fixed_steps else game.character(s).name
        for s in game.night_steps(night)
    ]


@pytest.fixture(scope="module", params=["a4", "letter"])
def card(request, game):
    options = RenderOptions(paper=request.param)
    [(name, data)] = night_card.build(game, options)
    assert name == "night-card.pdf"
    return request.param, data, options


@pytest.mark.slow
def test_one_upright_page_with_every_step_of_both_nights(card, game):
    paper, data, options = card
    pages = drawn_pages(data)
    assert len(pages) == 1
    page = pages[0]
    assert page["height"] > page["width"]  # portrait
    assert all(c["upright"] for c in page["chars"])  # nothing turned
    text = squash(page["text"])
    middle = page["width"] / 2
    left = squash("".join(c["text"] for c in page["chars"] if c["x1"] <= middle))
    right = squash("".join(c["text"] for c in page["chars"] if c["x0"] >= middle))
    assert "첫날밤" in left and "다른밤" in right
    for name in step_names(game, "first_night"):
        assert squash(name) in left, name
    for name in step_names(game, "other_nights"):
        assert squash(name) in right, name
    assert squash(game.script.title) in text
    assert not options.report.findings


def test_cues_are_readable_lines_inside_their_column(card):
    paper, data, _ = card
    page = drawn_pages(data)[0]
    margin = 10 * PT_PER_MM
    gap = 8 * PT_PER_MM
    column = (page["width"] - 2 * margin - gap) / 2
    for char in page["chars"]:
        assert char["x0"] >= margin - 0.5 and char["x1"] <= page["width"] - margin + 0.5
        if char["top"] > 30 * PT_PER_MM and char["bottom"] < page["height"] - 12 * PT_PER_MM:
            in_left = char["x1"] <= margin + column + 0.5
            in_right = char["x0"] >= margin + column + gap - 0.5
            assert in_left or in_right, f"'{char['text']}' crosses the middle"
            assert char["size"] >= 6.5 - 1e-6


def test_a_very_long_order_continues_on_more_pages_with_a_warning(game):
    """Forty extra steps per night (copies of the monk): more than a page can hold at the smallest size, so each
    night fills the two columns of its page and goes on under "(계속)"; every step is printed."""
    long_game = copy.deepcopy(game)
    monk = long_game.character("monk")
    extras = [
        dataclasses.replace(monk, id=f"monk{n}", name=f"수도사{n}", first_night=monk.other_nights) for n in range(40)
    ]
    long_game.characters += extras
    for night in NIGHTS:
        steps = long_game.night_order.steps(night)
        steps[1:1] = [c.id for c in extras]
    options = RenderOptions()
    [(_, data)] = night_card.build(long_game, options)
    pages = [squash(text) for text in pdf_page_texts(data)]
    assert len(pages) >= 4
    assert any("첫날밤(계속)" in page for page in pages) and any("다른밤(계속)" in page for page in pages)
    assert not any("다른밤" in page for page in pages if "첫날밤" in page)  # a page for one night: never mixed
    assert [f.code for f in options.report.findings] == ["night-card-overflow"]
    assert "…" not in "".join(pages)
    for night in NIGHTS:
        for name in step_names(long_game, night):
            assert any(squash(name) in page for page in pages)


def test_cues_come_from_the_night_text():
    assert (
        night_cue("임프를 깨우세요. 임프가 가리킨 플레이어는 죽습니다. *죽음* 알림을 놓으세요.", "임프")
        == "가리킨 플레이어는 죽습니다."
    )
    assert (
        night_cue("요리사를 깨워 이웃한 악 플레이어 쌍의 수를 손가락으로 보여 준 뒤 다시 재우세요.", "요리사")
        == "이웃한 악 플레이어 쌍의 수를 손가락으로 보여 주세요."
    )
    assert (
        night_cue("독살범을 깨우세요. 독살범이 가리킨 플레이어에게 *중독* 알림을 놓고 다시 재우세요.", "독살범")
        == "가리킨 플레이어에게 *중독* 알림을 놓으세요."
    )
    assert (
        night_cue(
            "까마귀지기가 오늘 밤 죽었다면 깨우세요. 까마귀지기가 가리킨 플레이어의 캐릭터 토큰을 보여 준 뒤 다시 재우세요.",
            "까마귀지기",
        )
        == "오늘 밤 죽었다면 깨우세요. 가리킨 플레이어의 캐릭터 토큰을 보여 주세요."
    )
    assert night_cue("Wake the Imp.", "임프") == "Wake the Imp."  # anything else passes through


@pytest.mark.parametrize("limit", [12, 20, 28, 36])
def test_shortening_never_cuts_inside_a_reminder_name_or_brackets(limit):
    cue = "살아 있는 양옆 이웃 중 악 플레이어 수(0, 1, 2)를 보여 주고, 그 플레이어에게 *능력 있음* 알림을 놓으세요."
    short = shorten(cue, lambda text: len(text) <= limit)
    assert len(plain(short)) <= limit + 1
    assert short.count("*") % 2 == 0 and short.count("(") == short.count(")")


@pytest.mark.slow
def test_build_writes_the_new_documents_beside_the_others(tmp_path):
    result = run_cli("build", "--out", tmp_path, "--only", "imp", "--copies", "imp=2", "--no-reminders", "--quiet")
    assert result.exit_code == 0, result.output
    written = {p.name for p in (tmp_path / "in-space").glob("*.pdf")}
    assert {"script.pdf", "night-order.pdf", "night-card.pdf", "tokens.pdf", "info-cards.pdf", "almanac.pdf"} <= written
    pages = drawn_pages((tmp_path / "in-space" / "tokens.pdf").read_bytes())
    cuts = [
        c
        for page in pages
        for c in page["curves"]
        if c["stroke"] and not c["fill"] and abs(c["linewidth"] - 0.3) < 1e-6
    ]
    assert len(cuts) == 2  # two imp tokens, nothing else


def test_same_input_gives_the_same_bytes(card, game):
    paper, data, _ = card
    assert night_card.build(game, RenderOptions(paper=paper))[0][1] == data
