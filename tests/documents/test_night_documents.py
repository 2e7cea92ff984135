"""What the storyteller reads during the night, read back from the PDFs of every bundled script on A4 and Letter:
every cue of the night card whole and at one size (at least 9 pt), the night sheet's instructions at one size (at
least 10 pt) on every page, a night of two pages never left with a nearly empty last page and starting on an even
page (so its pages face), a teensy script's nights without minion and demon information (and a line saying why),
the almanac's long nights starting on a left-hand page, and a cue too long for the card reported, never cut."""

from __future__ import annotations

import re

import pytest

from conftest import bundled_kit, pdf_chars, write_script
from generator.load.night_cue import card_cue, plain
from generator.model import NIGHT_NAMES_KO, NIGHTS
from generator.options import PAPERS
from generator.read.theme import color, mm, theme

SCRIPTS = ["in-space", "trouble-brewing", "bad-moon-rising", "sects-and-violets"]
TEENSY = ["washerwoman", "librarian", "investigator", "chef", "empath", "monk", "butler", "poisoner", "imp"]


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def rgb(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))


def page_text(page: dict) -> str:
    return "".join(c["text"] for c in page["chars"])


def sheet_heading(page: dict) -> str:
    """The night sheet page's heading ('첫날 밤', '다른 밤 (계속)', '설정표', '메모'): its text at the heading size."""
    size = theme()["night_sheet"]["heading_size_pt"]
    return squash("".join(c["text"] for c in page["chars"] if abs(c["size"] - size) < 0.3))


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("script", SCRIPTS)
def test_every_cue_is_on_the_card_whole_and_at_one_size(script, paper):
    game, files = bundled_kit(paper, script)
    card = pdf_chars(files["night-card.pdf"])
    printed = squash("".join(page_text(page) for page in card))
    for night in NIGHTS:
        for step in game.night_steps(night):
            cue = squash(plain(card_cue(game, step, night)))
            assert cue in printed, (step, night, cue)
            assert "…" not in cue or "…" in plain(card_cue(game, step, night))
    assert "…" not in printed  # no cue of the bundled content has one: nothing was cut
    ink = rgb(color("ink"))
    sizes = {c["size"] for page in card for c in page["chars"]
             if c["fontname"].endswith("NanumGothic") and c["color"] == ink and c["top"] > 30 * mm(1)}
    assert len(sizes) == 1 and min(sizes) >= 9, sizes
    if script == "trouble-brewing":
        assert sizes == {10}


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("script", SCRIPTS)
def test_the_night_sheet_sets_every_instruction_in_one_gothic_size(script, paper):
    _, files = bundled_kit(paper, script)
    t = theme()["night_sheet"]
    text_left = mm(theme()["page"]["margin"]) + mm(t["icon"]) + 2 * t["cell_padding_pt"] + mm(t["name_column"])
    ink = rgb(color("ink"))
    sizes = set()
    for page in pdf_chars(files["night-order.pdf"]):
        if not any(sheet_heading(page).startswith(squash(NIGHT_NAMES_KO[night])) for night in NIGHTS):
            continue  # the setup pages (a table of counts, not instructions) and a ruled notes page
        body = [c for c in page["chars"] if c["x0"] >= text_left - 1 and c["color"] == ink and c["text"].strip()
                and 20 * mm(1) < c["top"] < page["height"] - 20 * mm(1)]
        assert all("Gothic" in c["fontname"] for c in body), {c["fontname"] for c in body}
        sizes |= {c["size"] for c in body}
    assert sizes == {t["reminder_size_pt"]} and t["reminder_size_pt"] >= 10


def night_pages(files) -> dict[str, list[int]]:
    """Night → the night sheet's pages (1-based) that carry its steps, from their headings."""
    found: dict[str, list[int]] = {}
    for number, page in enumerate(pdf_chars(files["night-order.pdf"]), 1):
        for night in NIGHTS:
            if sheet_heading(page).startswith(squash(NIGHT_NAMES_KO[night])):
                found.setdefault(night, []).append(number)
                break
    return found


def filled(page: dict) -> float:
    """How far down its text area a page's text runs (0–1)."""
    top, bottom = 18 * mm(1), page["height"] - 18 * mm(1)
    lowest = max((c["bottom"] for c in page["chars"] if top < c["top"] < bottom and c["text"].strip()), default=top)
    return (lowest - top) / (bottom - top)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("script", SCRIPTS)
def test_a_night_of_two_pages_faces_itself_and_its_last_page_is_not_empty(script, paper):
    _, files = bundled_kit(paper, script)
    pages = pdf_chars(files["night-order.pdf"])
    for night, numbers in night_pages(files).items():
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), (night, numbers)
        if len(numbers) > 1:
            assert numbers[0] % 2 == 0, (night, numbers)  # the left of a spread, printed on both sides
            assert filled(pages[numbers[-1] - 1]) >= 0.25, (night, numbers)


@pytest.mark.slow
def test_a_teensy_script_has_no_minion_or_demon_information_and_says_why(content, tmp_path):
    from conftest import run_cli

    write_script(content, TEENSY, "teensy", players="5-6")
    write_script(content, TEENSY, "spanning", players="5-8")
    for name, expected in (("teensy", 0), ("spanning", 1)):
        result = run_cli("build", name, "--content", content, "--out", tmp_path, "--force")
        assert result.exit_code in (0, 1), result.output
        folder = tmp_path / name
        for document in ("night-card.pdf", "night-order.pdf", "script.pdf", "almanac.pdf"):
            text = squash("".join(page_text(p) for p in pdf_chars((folder / document).read_bytes())))
            note = "하수인정보·악마정보"
            if expected:
                assert "7명이상" in text and note not in text, (name, document)
            else:
                assert squash("5–6명") in text and note in text, (name, document)
                steps = text.replace(note, "")
                assert "하수인정보" not in steps and "악마정보" not in steps, (name, document)


@pytest.mark.slow
def test_the_almanacs_long_nights_start_on_a_left_hand_page():
    for script in ("bad-moon-rising", "sects-and-violets"):
        _, files = bundled_kit("a4", script)
        pages = pdf_chars(files["almanac.pdf"])
        for night in NIGHTS:
            heading = squash(f"{NIGHT_NAMES_KO[night]} 순서")
            starts = [n for n, page in enumerate(pages, 1) if squash(page_text(page))[:60].find(heading) >= 0
                      and "(계속)" not in page_text(page)[:60]]
            assert starts, (script, night)
            assert starts[0] % 2 == 0, (script, night, starts)


def test_a_cue_too_long_for_the_card_is_reported_and_printed_whole(content, tmp_path):
    from conftest import edit_character, run_cli

    long_cue = "고른 플레이어에게 *안전* 알림을 놓고, 그 플레이어가 악마라면 고개를 끄덕이고, 아니라면 고개를 저어 알려 준 다음 수도사를 다시 재우세요"
    edit_character(content, "monk", cues={"other_nights": long_cue})
    write_script(content, TEENSY, "cue")
    checked = run_cli("validate", "cue", "--content", content)
    assert "한 장 밤 순서 문구" in checked.output and "줄까지" in checked.output and "cues.other_nights" in checked.output
    built = run_cli("night-card", "cue", "--content", content, "--out", tmp_path, "--force")
    assert "한 장 밤 순서 문구" in built.output  # what validate says, build prints
    text = squash("".join(page_text(p) for p in pdf_chars((tmp_path / "cue" / "night-card.pdf").read_bytes())))
    assert squash(plain(long_cue)) in text
