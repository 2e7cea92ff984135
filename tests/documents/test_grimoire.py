"""The grimoire worksheet (issue 36), read from the PDF: one page per copy with as many numbered seats as players,
this script's night steps in order with a blank for the seat (steps the player count skips left out), three bluff
boxes, the bag for that count, a day tracker, and no text outside the page."""

from __future__ import annotations

import re

import pytest

from conftest import pdf_chars, run_cli
from generator.load.game import load_game
from generator.read.theme import theme


def built(tmp_path, script: str, *args: str) -> list[dict]:
    result = run_cli("grimoire", script, "--out", tmp_path, "--quiet", *args)
    assert result.exit_code == 0, result.output
    return pdf_chars((tmp_path / script / "grimoire.pdf").read_bytes())


def seat_numbers(page: dict) -> list[int]:
    """The seat numbers (bold digits at the seat-number size), a two-digit number read as one."""
    size = theme()["grimoire"]["seat_number_pt"]
    digits = sorted((c for c in page["chars"] if abs(c["size"] - size) < 0.3 and c["text"].isdigit()),
                    key=lambda c: (round(c["top"]), c["x0"]))
    numbers: list[list[dict]] = []
    for c in digits:
        if numbers and round(numbers[-1][-1]["top"]) == round(c["top"]) and c["x0"] - numbers[-1][-1]["x1"] < 1.5:
            numbers[-1].append(c)
        else:
            numbers.append([c])
    return sorted(int("".join(c["text"] for c in number)) for number in numbers)


@pytest.mark.parametrize("players, paper", [(5, "a4"), (10, "letter"), (15, "a4")])
def test_one_seat_per_player_and_the_nights_in_order_with_blanks(tmp_path, players, paper):
    [page] = built(tmp_path, "trouble-brewing", "--players", str(players), "--paper", paper)
    assert seat_numbers(page) == list(range(1, players + 1))
    text = "".join(c["text"] for c in page["chars"])
    game, _ = load_game("trouble-brewing")
    for night, heading in (("first_night", "첫날 밤"), ("other_nights", "다른 밤")):
        names = [game.character(s).name if s not in game.library.fixed_steps else game.library.fixed_steps[s].name
                 for s in game.night_steps(night, all_players=True)]
        if players < 7:
            names = [n for n in names if n not in ("하수인 정보", "악마 정보")]
        column = night_column(page, heading)
        assert [n for n in column if n in names] == names
    assert ("하수인 정보" in text) == (players >= 7)
    assert text.count("자리") >= len(game.night_steps("first_night")) - 4  # a blank after each character's step
    counts = re.search(r"마을주민 (\d+) · 외지인 (\d+) · 하수인 (\d+) · 악마 (\d+)", text)
    assert counts and sum(int(n) for n in counts.groups()) == players
    assert "악마 블러프" in text and "낮 기록" in text and "처형" in text
    for c in page["chars"]:
        assert 0 <= c["x0"] and c["x1"] <= page["width"] and 0 <= c["top"] and c["bottom"] <= page["height"]


def night_column(page: dict, heading: str) -> list[str]:
    """The step names under a night's heading, top to bottom (the bold names at the step size)."""
    size = theme()["grimoire"]["heading_pt"]
    head = next(c for c in page["chars"] if c["text"] == heading[0] and abs(c["size"] - size) < 0.3 and c["top"] > page["height"] / 2)
    left = head["x0"] - 2
    steps = [c for c in page["chars"] if c["top"] > head["bottom"] and left <= c["x0"] < left + 120 and "Bold" in c["fontname"]
             and c["size"] < size - 0.5]
    lines: dict[int, str] = {}
    for c in sorted(steps, key=lambda c: (round(c["bottom"]), c["x0"])):
        lines[round(c["bottom"])] = lines.get(round(c["bottom"]), "") + c["text"]
    return [line.strip() for _, line in sorted(lines.items())]


@pytest.mark.slow
def test_copies_make_one_page_each_and_the_kit_has_the_grimoire(tmp_path):
    assert len(built(tmp_path, "in-space", "--copies", "3")) == 3
    result = run_cli("build", "in-space", "--out", tmp_path / "kit", "--quiet")
    assert result.exit_code == 0 and (tmp_path / "kit" / "in-space" / "grimoire.pdf").is_file()


def test_a_player_count_outside_the_game_is_refused_in_korean(tmp_path):
    result = run_cli("grimoire", "in-space", "--players", "3", "--out", tmp_path)
    assert result.exit_code == 2 and "5–20" in result.output and "Traceback" not in result.output
