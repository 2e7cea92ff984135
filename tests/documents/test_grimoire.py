"""The grimoire worksheet (issues 36 and 55), read from the PDF: two pages per copy. The front has as many numbered
seats as players round the page's edge, each large enough to write in with a pen (a name line and a character line
for five handwritten syllables, three reminder marks), and inside them this script's night steps in order with a
box for the seat (steps the player count skips left out), three bluff boxes and the bag for that count. The back
is a day log of eight days: nominations, votes, executions. Every label is legible in a dim room.

Before issue 55 one page held it all: the seats were the theme's 31 × 19 mm box (589 mm²) shrunk until neighbours
on an ellipse cleared each other, measured from that code on A4: 31.0 × 19.0 mm at 5–10 players, 26.7 × 16.3 mm
(436 mm²) at 15 and 22.3 × 13.7 mm (305 mm²) at 20; the character line 19.7 mm (15.4 mm at 15 players), the name
line 18.6 mm (12.4 mm); one dotted line of 28.2 mm (23.9 mm) for all reminders; six day rows; labels 7 pt in the
muted grey (#6b625a, greyscale 100)."""

from __future__ import annotations

import re

import pytest
from conftest import numbers_at_size, pdf_chars, run_cli
from pdf_paths import pdf_paths

from generator.load.game import load_game
from generator.read.theme import color, theme

MM = 72 / 25.4
OLD_AREA_MM2 = {5: 589, 6: 589, 8: 589, 10: 589, 15: 436, 20: 305}  # the seat boxes before issue 55 (docstring)
INK = tuple(int(color("ink")[k : k + 2], 16) for k in (1, 3, 5))


def built(tmp_path, script: str, *args: str) -> bytes:
    result = run_cli("grimoire", script, "--out", tmp_path, "--quiet", *args)
    assert result.exit_code == 0, result.output
    return (tmp_path / script / "grimoire.pdf").read_bytes()


def grey(rgb) -> float:
    """Lightness as a greyscale print gives it (0 black, 255 white), from 0–255 RGB."""
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b


def seat_boxes(page: dict) -> list[dict]:
    """The seats: rounded boxes stroked in ink at the seat's border width."""
    width = theme().grimoire["seat"]["line_pt"]
    return [
        p
        for p in page["paths"]
        if p["kind"] == "curve"
        and p["stroke"]
        and abs(p["linewidth"] - width) < 0.01
        and tuple(round(c * 255) for c in p["stroking_color"]) == INK
    ]


def inside(item: dict, box: dict, slack: float = 0.5) -> bool:
    return (
        box["x0"] - slack <= item["x0"]
        and item["x1"] <= box["x1"] + slack
        and box["top"] - slack <= item["top"]
        and item["bottom"] <= box["bottom"] + slack
    )


def seat_numbers(page: dict) -> list[int]:
    """The seat numbers (bold digits at the seat-number size), in order."""
    return sorted(numbers_at_size(page, theme().grimoire["seat_number_pt"]))


def night_column(page: dict, heading: str) -> tuple[list[str], tuple[float, float, float]]:
    """The step names under a night's heading, top to bottom (bold, smaller than the heading, between the heading
    and the '자리' label at its right end), and the column's (left, right, top)."""
    size = theme().grimoire["heading_pt"]
    heads = [c for c in page["chars"] if abs(c["size"] - size) < 0.3]

    def word_at(first: dict) -> str:
        return "".join(
            h["text"] for h in heads if abs(h["top"] - first["top"]) < 1 and first["x0"] <= h["x0"] < first["x0"] + 40
        )

    head = next(c for c in heads if c["text"] == heading[0] and word_at(c).replace(" ", "") == heading.replace(" ", ""))
    label = min(
        (
            c
            for c in page["chars"]
            if c["text"] == "리" and abs(c["bottom"] - head["bottom"]) < 1.5 and c["x0"] > head["x0"]
        ),
        key=lambda c: c["x0"],
    )
    left, right = head["x0"] - 2, label["x1"] + 1
    steps = [
        c
        for c in page["chars"]
        if c["top"] > head["bottom"]
        and left <= c["x0"]
        and c["x1"] <= right
        and "Bold" in c["fontname"]
        and c["size"] < size - 0.5
    ]
    lines: dict[int, str] = {}
    for c in sorted(steps, key=lambda c: (round(c["bottom"]), c["x0"])):
        lines[round(c["bottom"])] = lines.get(round(c["bottom"]), "") + c["text"]
    return [line.strip() for _, line in sorted(lines.items())], (left, right, head["bottom"])


@pytest.mark.parametrize("players, paper", [(5, "a4"), (10, "letter"), (15, "a4")])
def test_one_seat_per_player_and_the_nights_in_order_with_a_box_per_seat_to_wake(tmp_path, players, paper):
    data = built(tmp_path, "trouble-brewing", "--players", str(players), "--paper", paper)
    page = pdf_chars(data)[0]
    assert seat_numbers(page) == list(range(1, players + 1))
    text = "".join(c["text"] for c in page["chars"])
    game, _ = load_game("trouble-brewing")
    drawn = pdf_paths(data)[0]
    box_pt = theme().grimoire["night"]["box_line_pt"]
    for night, heading in (("first_night", "첫날 밤"), ("other_nights", "다른 밤")):
        steps = game.night_steps(night, all_players=True)
        names = [
            game.character(s).name if s not in game.library.fixed_steps else game.library.fixed_steps[s].name
            for s in steps
        ]
        if players < 7:
            names = [n for n in names if n not in ("하수인 정보", "악마 정보")]
        column, (left, right, top) = night_column(page, heading)
        assert [n for n in column if n in names] == names
        boxes = [
            p
            for p in drawn["paths"]
            if p["kind"] == "rect"
            and abs(p["linewidth"] - box_pt) < 0.01
            and left <= p["x0"]
            and p["x1"] <= right
            and p["top"] > top
        ]
        assert len(boxes) == len([s for s in steps if s not in game.library.fixed_steps])  # a box per character's step
        assert all(p["x1"] - p["x0"] >= 8 * MM and p["bottom"] - p["top"] >= 3.5 * MM for p in boxes)
    assert ("하수인 정보" in text) == (players >= 7)
    counts = re.search(r"마을주민 (\d+) · 외지인 (\d+) · 하수인 (\d+) · 악마 (\d+)", text)
    assert counts and sum(int(n) for n in counts.groups()) == players
    assert "악마 블러프" in text
    for c in page["chars"]:
        assert 0 <= c["x0"] and c["x1"] <= page["width"] and 0 <= c["top"] and c["bottom"] <= page["height"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("players", [6, 8, 10, 15])
def test_seats_are_large_enough_to_write_in_with_a_pen(tmp_path, players, paper):
    """At 6–8 players at least twice the old seat (589 mm²), at 10 and 15 at least twice the old seat at that count;
    each a name and a character line of at least 25 mm (five handwritten syllables of 5 mm) beside its label, and
    three reminder marks that hold a handwritten syllable."""
    data = built(tmp_path, "sects-and-violets", "--players", str(players), "--paper", paper)
    drawn, page = pdf_paths(data)[0], pdf_chars(data)[0]
    seats = seat_boxes(drawn)
    assert len(seats) == players
    g = theme().grimoire
    for seat in seats:
        area = (seat["x1"] - seat["x0"]) * (seat["bottom"] - seat["top"]) / MM**2
        assert area >= 2 * OLD_AREA_MM2[players], (players, paper, area)
        lines = [
            p
            for p in drawn["paths"]
            if p["kind"] == "line" and abs(p["linewidth"] - g["line_pt"]) < 0.01 and inside(p, seat)
        ]
        assert len(lines) == 2
        for line, label in zip(sorted(lines, key=lambda p: p["top"]), ("이름", "캐릭터")):
            assert line["x1"] - line["x0"] >= 25 * MM, (players, paper, (line["x1"] - line["x0"]) / MM)
            beside = "".join(
                c["text"]
                for c in page["chars"]
                if inside(c, seat) and c["x1"] <= line["x0"] and line["top"] - 4 * MM <= c["bottom"] <= line["top"] + 1
            )
            assert beside == label
        marks = [
            p
            for p in drawn["paths"]
            if p["kind"] == "curve" and abs(p["linewidth"] - g["seat"]["mark_line_pt"]) < 0.01 and inside(p, seat)
        ]
        assert len(marks) == 3
        assert all(p["x1"] - p["x0"] >= 8 * MM and p["bottom"] - p["top"] >= 5 * MM for p in marks)


@pytest.mark.parametrize("players, paper", [(5, "letter"), (10, "a4"), (20, "a4"), (20, "letter")])
def test_seats_never_overlap_and_no_text_crosses_a_seat_or_leaves_the_printable_page(tmp_path, players, paper):
    data = built(tmp_path, "sects-and-violets", "--players", str(players), "--paper", paper)
    inset = 4.5 * MM  # home printers cannot print the outer 4–6 mm
    for drawn, page in zip(pdf_paths(data), pdf_chars(data)):
        seats = seat_boxes(drawn)
        for k, a in enumerate(seats):
            assert (
                inset <= a["x0"]
                and a["x1"] <= page["width"] - inset
                and inset <= a["top"]
                and a["bottom"] <= page["height"] - inset
            )
            for b in seats[k + 1 :]:
                assert a["x1"] <= b["x0"] or b["x1"] <= a["x0"] or a["bottom"] <= b["top"] or b["bottom"] <= a["top"]
        for c in page["chars"]:
            assert (
                inset <= c["x0"]
                and c["x1"] <= page["width"] - inset
                and inset <= c["top"]
                and c["bottom"] <= page["height"] - inset
            )
            middle = {
                "x0": (c["x0"] + c["x1"]) / 2,
                "x1": (c["x0"] + c["x1"]) / 2,
                "top": (c["top"] + c["bottom"]) / 2,
                "bottom": (c["top"] + c["bottom"]) / 2,
            }
            holder = [s for s in seats if inside(middle, s, 0)]
            assert not holder or inside(c, holder[0], 0.2), c["text"]  # a seat's text stays in it, no other text enters
    assert len(seat_boxes(pdf_paths(data)[0])) == players and seat_boxes(pdf_paths(data)[1]) == []


def test_the_day_log_has_eight_days_of_nominations_votes_and_executions(tmp_path):
    page = pdf_chars(built(tmp_path, "bad-moon-rising", "--players", "12"))[1]
    d = theme().grimoire["day_log"]
    days = [
        c
        for c in page["chars"]
        if abs(c["size"] - d["day_number_pt"]) < 0.3 and c["text"].isdigit() and "Gothic" in c["fontname"]
    ]
    assert [c["text"] for c in sorted(days, key=lambda c: c["top"])] == [str(n) for n in range(1, 9)]
    assert len({round(c["x0"]) for c in days}) == 1  # one column
    tops = sorted(c["top"] for c in days)
    assert min(b - a for a, b in zip(tops, tops[1:])) >= 3 * 6.5 * MM  # each day three handwritten lines at least
    header = {c["text"] for c in page["chars"] if c["top"] < tops[0] - 10 and "Bold" in c["fontname"]}
    text = "".join(c["text"] for c in sorted(page["chars"], key=lambda c: (round(c["top"]), c["x0"])))
    for column in ("지명한사람", "지명된사람", "찬성표", "처형"):
        assert column in text.replace(" ", "") and set(column) <= header
    arrows = [c for c in page["chars"] if c["text"] == "→"]
    assert len(arrows) >= 8 * 3 and len(arrows) % 8 == 0  # a line per nomination: nominator → nominee
    alive = [c for c in page["chars"] if c["text"] == "생" and c["top"] > tops[0] and c["x1"] < days[0]["x1"] + 20]
    assert len(alive) == 8  # a blank a day for the players alive (half of them execute)


@pytest.mark.parametrize("players, paper", [(15, "a4"), (6, "letter")])
def test_every_label_is_at_least_8_pt_and_dark_in_greyscale(tmp_path, players, paper):
    """Everything inside the page's body (the running title and the credit line outside it are the kit's furniture):
    labels and notes in ink, names in their team's colour no lighter than greyscale 115; nothing under 8 pt."""
    data = built(tmp_path, "sects-and-violets", "--players", str(players), "--paper", paper)
    margin = theme().page.margin * MM
    team_colours = {tuple(int(v[k : k + 2], 16) for k in (1, 3, 5)) for v in theme().colors.teams.values()}
    for page in pdf_chars(data):
        body = [
            c
            for c in page["chars"]
            if margin <= c["top"] and c["bottom"] <= page["height"] - margin and not c["text"].isspace()
        ]
        assert len(body) > 200
        small = {(c["text"], c["size"]) for c in body if c["size"] < 8}
        assert not small
        for c in body:
            assert grey(c["color"]) <= 115, (c["text"], c["color"])
            assert tuple(c["color"]) in team_colours or grey(c["color"]) <= 40, (c["text"], c["color"])


@pytest.mark.parametrize("players", [5, 10, 15, 20])
def test_two_pages_a_game_at_every_count(tmp_path, players):
    pages = pdf_chars(built(tmp_path, "in-space", "--players", str(players)))
    assert len(pages) == 2
    assert seat_numbers(pages[0]) == list(range(1, players + 1))
    assert "낮 기록" in "".join(c["text"] for c in pages[1]["chars"])


def test_copies_repeat_the_whole_worksheet(tmp_path):
    once = pdf_chars(built(tmp_path / "one", "trouble-brewing"))
    twice = pdf_chars(built(tmp_path / "two", "trouble-brewing", "--copies", "2"))
    assert len(twice) == 2 * len(once) == 4
    texts = ["".join(c["text"] for c in page["chars"]) for page in twice]
    assert texts[:2] == texts[2:] == ["".join(c["text"] for c in page["chars"]) for page in once]


@pytest.mark.slow
def test_copies_make_two_pages_each_and_the_kit_has_the_grimoire(tmp_path):
    assert len(pdf_chars(built(tmp_path, "in-space", "--copies", "3"))) == 6
    result = run_cli("build", "in-space", "--out", tmp_path / "kit", "--quiet")
    assert result.exit_code == 0 and (tmp_path / "kit" / "in-space" / "grimoire.pdf").is_file()


def test_a_player_count_outside_the_game_is_refused_in_korean(tmp_path):
    result = run_cli("grimoire", "in-space", "--players", "3", "--out", tmp_path)
    assert result.exit_code == 2 and "5–20" in result.output and "Traceback" not in result.output
