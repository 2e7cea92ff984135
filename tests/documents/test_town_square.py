"""The Town Square (issue 54), read from town-square.pdf: a board with a place per seat (a life circle and a vote
circle) and traveller places, on two A4/Letter sheets glued at the seam or one A3 sheet; the life tokens on
front/back pages after it.

Places and tokens are found by their stroke widths (templates/theme.yaml town_square, tokens.cut_line_pt); a board's
page is the one with the frame, whose box (the whole board, even where a sheet shows half of it) gives board
coordinates, so the two halves are compared where the user glues them. The document is built in-process (about
50 ms a count); the command's answers are checked through the command line.
"""

from __future__ import annotations

import itertools
import re

import pytest
from conftest import numbers_at_size, pdf_chars, run_cli
from pdf_paths import pdf_paths

from generator.documents import document_builder
from generator.load.game import load_game
from generator.model import MOST_SEATS, MOST_TRAVELLERS
from generator.options import RenderOptions
from generator.read.theme import labels, theme

MM = 72 / 25.4
T = theme().town_square
CUT_PT = theme().tokens["cut_line_pt"]
SEATS = range(5, MOST_SEATS + 1)


@pytest.fixture(scope="module")
def tb():
    game, report = load_game("trouble-brewing")
    assert game is not None, report.lines()
    return game


def built(game, **options) -> bytes:
    files = document_builder("town_square")(game, RenderOptions(**options))
    assert [name for name, _ in files] == ["town-square.pdf"]
    return files[0][1]


def travellers_for(seats: int) -> int:
    return max(0, min(MOST_TRAVELLERS, MOST_SEATS - seats))


def grey(rgb) -> float:
    """Lightness as a greyscale print gives it, 0 (black) to 255, from 0–1 or 0–255 RGB."""
    scale = 255 if max(rgb) <= 1 else 1
    r, g, b = (c * scale for c in rgb)
    return 0.299 * r + 0.587 * g + 0.114 * b


def lightness(rgb) -> float:
    """CIE L* (0 black, 100 white) of a 0–1 RGB colour, as tests/documents/test_print_polish.py judges thin rules."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    y = 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
    return 116 * (y ** (1 / 3) if y > 0.008856 else 7.787 * y + 16 / 116) - 16


def stroked(page: dict, width: float, kind: str | None = None) -> list[dict]:
    return [
        p
        for p in page["paths"]
        if p["stroke"] and abs(p["linewidth"] - width) < 0.01 and (kind is None or p["kind"] == kind)
    ]


def frame_of(page: dict) -> dict | None:
    frames = stroked(page, T.frame_pt)
    return frames[0] if frames else None


def board_pages(data: bytes) -> list[dict]:
    return [page for page in pdf_paths(data) if frame_of(page) is not None]


def token_pages(data: bytes) -> list[tuple[int, dict]]:
    """(page index, page) of the pages with cut circles: fronts and backs in turn."""
    return [(k, page) for k, page in enumerate(pdf_paths(data)) if stroked(page, CUT_PT, "curve")]


def on_board(item: dict, frame: dict) -> tuple[float, float, float, float]:
    """A path's box in board millimetres (x0, y0, x1, y1 from the board's lower-left corner)."""
    return (
        (item["x0"] - frame["x0"]) / MM,
        (frame["bottom"] - item["bottom"]) / MM,
        (item["x1"] - frame["x0"]) / MM,
        (frame["bottom"] - item["top"]) / MM,
    )


def board_items(data: bytes, width: float) -> list[tuple[float, float, float, float]]:
    """Every path of this stroke width on the board's pages, in board millimetres."""
    return [on_board(p, frame_of(page)) for page in board_pages(data) for p in stroked(page, width)]


def diameter(path: dict) -> float:
    return (path["x1"] - path["x0"]) / MM


def centre(path: dict) -> tuple[float, float]:
    return (path["x0"] + path["x1"]) / 2 / MM, (path["top"] + path["bottom"]) / 2 / MM


def overlap(a, b, slack: float = 0.0) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def inside(inner, outer, slack: float = 0.05) -> bool:
    return (
        outer[0] - slack <= inner[0]
        and inner[2] <= outer[2] + slack
        and outer[1] - slack <= inner[1]
        and inner[3] <= outer[3] + slack
    )


# --- the places and the tokens ---------------------------------------------------------------------------------


@pytest.mark.parametrize("paper, a3", [("a4", False), ("letter", False), ("a4", True)])
def test_each_life_token_fits_its_place_and_there_is_one_per_place(tb, paper, a3):
    for seats in (5, 15, 20):
        data = built(tb, players=seats, paper=paper, square_a3=a3)
        places = seats + travellers_for(seats)
        circles = board_items(data, T.circle_pt)
        life = sorted(c[2] - c[0] for c in circles)[len(circles) // 2 :]  # each place's larger circle
        assert len(circles) == 2 * places and len(life) == places
        fronts = [page for k, (_, page) in enumerate(token_pages(data)) if k % 2 == 0]
        tokens = [diameter(p) for page in fronts for p in stroked(page, CUT_PT, "curve")]
        assert len(tokens) == places, (seats, len(tokens))
        assert all(abs(d - T.life_mm) < 0.05 for d in tokens)  # cut exactly at the token's size
        assert max(tokens) + 2 * 1.0 <= min(life)  # at least 1 mm to spare all round


@pytest.mark.parametrize(
    "paper, a3, size, fits",
    [("a4", False, 25.4, True), ("letter", False, 25.4, True), ("a4", True, 30, True), ("letter", False, 30, False)],
)
def test_the_vote_place_holds_the_kits_vote_token_or_says_it_cannot(tb, paper, a3, size, fits):
    """The vote circle is the vote token's (tokens.pdf, --reminder-size) with room to spare; a token the board cannot
    hold at 20 places (30 mm on two Letter sheets) gets the largest circle that fits and a warning."""
    options = RenderOptions(players=20, paper=paper, square_a3=a3, reminder_size_mm=size)
    data = document_builder("town_square")(tb, options)[0][1]
    votes = sorted(c[2] - c[0] for c in board_items(data, T.circle_pt))[:20]  # each place's smaller circle
    warned = [f for f in options.report.findings if f.code == "town-square-vote-small"]
    if fits:
        assert min(votes) >= size + 2 * 1.0 and not warned
    else:
        assert min(votes) < size + 2 * T.place_clear and len(warned) == 1
        assert f"투표 토큰(지름 {size:g} mm)" in warned[0].message and "--reminder-size" in warned[0].message


@pytest.mark.slow  # lays out sixteen boards on each paper
@pytest.mark.parametrize("paper, a3", [("a4", False), ("letter", False), ("a4", True)])
def test_the_places_never_overlap_from_5_to_20_seats_and_the_seam_passes_between_them(tb, paper, a3):
    for seats in SEATS:
        data = built(tb, players=seats, paper=paper, square_a3=a3)
        pages = board_pages(data)
        assert len(pages) == (1 if a3 else 2)
        frame = on_board(frame_of(pages[0]), frame_of(pages[0]))
        boxes = board_items(data, T.box_pt)
        assert len(boxes) == seats + travellers_for(seats), seats
        for a, b in itertools.combinations(boxes, 2):
            assert not overlap(a, b, slack=-(T.place_spacing - 0.05)), (seats, a, b)  # and place_spacing apart
        assert all(inside(box, frame) for box in boxes)
        circles = board_items(data, T.circle_pt)
        assert all(any(inside(circle, box) for box in boxes) for circle in circles)
        if not a3:
            seam = frame[2] / 2
            assert all(box[2] <= seam - 1 or box[0] >= seam + 1 for box in boxes), seats


def seat_numbers(page: dict) -> list[int]:
    """The seat numbers: bold digits at the number size, in reading order."""
    return numbers_at_size(page, T.number_pt)


@pytest.mark.parametrize("seats", [5, 12, 15, 18, 20])
def test_a_numbered_place_per_seat_and_a_traveller_place_for_each_traveller_who_may_join(tb, seats):
    data = built(tb, players=seats)
    chars = pdf_chars(data)
    numbers = sorted(n for page in chars[:4] for n in seat_numbers(page))
    assert numbers == list(range(1, seats + 1))
    word = labels("town_square")["traveller"]
    travellers = sum(
        1 for page in chars[:4] for c in page["chars"] if c["text"] == word[0] and abs(c["size"] - T.traveller_pt) < 0.1
    )
    assert travellers == travellers_for(seats) == min(5, 20 - seats)


def test_seat_one_sits_mid_bottom_and_the_numbers_go_clockwise(tb):
    data = built(tb, players=15, square_a3=True)
    page = pdf_chars(data)[0]
    spots = {}
    for c in page["chars"]:
        if abs(c["size"] - T.number_pt) < 0.3 and c["text"].isdigit():
            spots.setdefault(round(c["top"]), []).append(c)
    found = {}
    for row in spots.values():
        for number in seat_numbers({"chars": row}):
            digits = [c for c in row if c["text"] in str(number)]
            found[number] = (sum(c["x0"] for c in digits) / len(digits), digits[0]["top"])
    width, height = page["width"], page["height"]
    x, top = found[1]
    assert top > height / 2 and abs(x - width / 2) < width / 8  # seat 1 in the middle of the bottom row
    assert found[2][0] < x  # then leftwards along the bottom: clockwise seen from above
    assert found[max(found)][0] > width / 2  # the last seat comes round to seat 1 from the right


# --- two sheets, and double-sided tokens ---------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_two_halves_meet_at_the_alignment_marks_within_0_2_mm(tb, paper):
    data = built(tb, players=20, paper=paper)
    left, right = board_pages(data)
    frames = [frame_of(left), frame_of(right)]
    assert abs(diameter(frames[0]) - diameter(frames[1])) < 0.01  # one board, shown in halves
    assert abs(frames[0]["bottom"] - frames[1]["bottom"]) < 0.2 * MM  # at one height: paper edges line up too
    seam = diameter(frames[0]) / 2
    marks = [
        sorted(on_board(p, frame) for p in stroked(page, T.mark_pt, "line"))
        for page, frame in zip((left, right), frames)
    ]
    assert len(marks[0]) == len(marks[1]) == 3
    for ends_at_seam, starts_at_seam in zip(*(sorted(m, key=lambda b: b[1]) for m in marks)):
        assert abs(ends_at_seam[2] - seam) < 0.2 and abs(starts_at_seam[0] - seam) < 0.2
        assert abs(ends_at_seam[2] - starts_at_seam[0]) < 0.2
        assert abs(ends_at_seam[1] - starts_at_seam[1]) < 0.2
    # the right sheet's cut line and the left sheet's seam line (where the cut edge goes) are the same line
    cut = [on_board(p, frames[k]) for k, page in enumerate((left, right)) for p in stroked(page, T.cut_pt, "line")]
    assert len(cut) == 2 and all(abs(line[0] - seam) < 0.2 and abs(line[2] - seam) < 0.2 for line in cut)


@pytest.mark.parametrize("paper, a3", [("a4", False), ("letter", False), ("a4", True)])
@pytest.mark.parametrize("seats", [8, 15])  # 13 tokens leave a row part full: a back not mirrored falls elsewhere
def test_each_back_lands_behind_its_front_with_a_long_edge_flip(tb, paper, a3, seats):
    data = built(tb, players=seats, paper=paper, square_a3=a3)
    pages = token_pages(data)
    assert len(pages) == 2
    (front_index, front), (back_index, back) = pages
    assert back_index == front_index + 1  # the back is the page printed on the other side of the same sheet
    assert (front["width"], front["height"]) == (back["width"], back["height"])
    assert front["height"] > front["width"]  # upright: a long-edge flip turns it over sideways
    fronts = [centre(p) for p in stroked(front, CUT_PT, "curve")]
    backs = [(front["width"] / MM - x, y) for x, y in (centre(p) for p in stroked(back, CUT_PT, "curve"))]
    assert len(fronts) == len(backs) == seats + travellers_for(seats)
    for x, y in fronts:
        assert min(abs(x - bx) + abs(y - by) for bx, by in backs) < 0.2
    texts = pdf_chars(data)
    assert "생존" in "".join(c["text"] for c in texts[front_index]["chars"])
    assert "수의" in "".join(c["text"] for c in texts[back_index]["chars"])


def test_the_name_band_holds_five_handwritten_syllables(tb):
    data = built(tb, players=8)
    front = token_pages(data)[0][1]
    tokens = stroked(front, CUT_PT, "curve")
    bands = stroked(front, T.life.band_pt)
    assert len(bands) == len(tokens) == 8 + 5
    for band in bands:
        assert (band["x1"] - band["x0"]) / MM >= 5 * 5  # five syllables of 5 mm
        assert (band["bottom"] - band["top"]) / MM >= 8
        assert any(
            inside((band["x0"], band["top"], band["x1"], band["bottom"]), (t["x0"], t["top"], t["x1"], t["bottom"]))
            for t in tokens
        )


def test_a3_is_one_landscape_board_sheet_and_the_tokens_on_a3_too(tb):
    data = built(tb, players=15, square_a3=True)
    pages = pdf_paths(data)
    sizes = [(round(p["width"] / MM), round(p["height"] / MM)) for p in pages]
    assert sizes == [(420, 297), (420, 297), (297, 420), (297, 420)]  # board, its back, token front, token back
    two = pdf_paths(built(tb, players=15, paper="letter"))
    assert [(round(p["width"] / MM, 1), round(p["height"] / MM, 1)) for p in two] == [(215.9, 279.4)] * 6


# --- what it prints --------------------------------------------------------------------------------------------------


def squeezed(pages: list[dict]) -> str:
    return re.sub(r"\s+", "", "".join(c["text"] for page in pages for c in page["chars"]))


def test_the_title_the_player_count_table_and_the_setup_changes_are_printed(tb):
    data = built(tb, players=9)
    chars = pdf_chars(data)
    board = [chars[k] for k in (0, 2)]  # the two sheets (their backs: the instructions, a blank)
    text = squeezed(board)
    assert re.sub(r"\s+", "", tb.script.title) in text
    assert "마을광장·9명" in text
    assert "인원별구성" in text
    rows = {players: counts for players, counts in ((n, tb.library.bag_table[n]) for n in range(5, 16))}
    assert "인원" + "".join(str(n) for n in rows) in text
    assert "마을주민" + "".join(str(counts[0]) for counts in rows.values()) in text
    assert "악마" + "".join(str(counts[3]) for counts in rows.values()) in text
    assert "설정을바꾸는캐릭터" in text
    for character in (tb.character("baron"), tb.character("drunk")):
        assert re.sub(r"\s+", "", character.name) in text
    assert "외지인+2명" in text  # the baron's change, as load/notes.py words it
    instructions = squeezed([chars[1]])
    assert "마을광장만들기" in instructions and "긴쪽넘김" in instructions


def test_this_games_player_count_is_boxed_in_the_table(tb):
    for seats, column in ((7, 7), (18, 15)):  # travellers aside: a table of 18 seats uses the row for 15
        data = built(tb, players=seats, square_a3=True)
        page = pdf_paths(data)[0]
        boxes = stroked(page, T.table_current_pt)
        assert len(boxes) == 1
        box = boxes[0]
        chars = pdf_chars(data)[0]["chars"]
        boxed = [
            c
            for c in chars
            if c["x0"] >= box["x0"] and c["x1"] <= box["x1"] and box["top"] <= c["top"] and c["bottom"] <= box["bottom"]
        ]
        header = [c for c in boxed if abs(c["top"] - min(b["top"] for b in boxed)) < 1]
        assert "".join(c["text"] for c in header).strip() == str(column)


def test_a_style_changes_colours_never_where_the_places_lie(tb):
    clean = board_items(built(tb, players=12), T.box_pt)
    parchment_data = built(tb, players=12, style="parchment")
    assert board_items(parchment_data, T.box_pt) == clean
    ground = [p for p in pdf_paths(parchment_data)[0]["paths"] if p["fill"] and p["x0"] <= 0.1 and p["top"] <= 0.1]
    assert ground  # the parchment ground, edge to edge


def test_the_widths_the_tests_find_things_by_are_all_different():
    """Each kind of line has a stroke width of its own (and none is the title block's or a table rule's), so a test
    that finds the places by theirs finds nothing else."""
    title = theme().script_sheet["title_block"]
    rule = theme().page.rule_pt
    widths = [T.frame_pt, T.box_pt, T.circle_pt, T.mark_pt, T.cut_pt, T.flap_hatch_pt, T.table_current_pt, CUT_PT]
    others = [title["rule_heavy_pt"], title["rule_light_pt"], rule, 2 * rule, T.life.band_pt]
    assert len(set(widths)) == len(widths) and not set(widths) & set(others)


# --- greyscale and ink -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper, a3", [("a4", False), ("a4", True)])
def test_the_boards_marks_print_dark_in_greyscale_and_ink_stays_light(tb, paper, a3):
    import pypdfium2
    from PIL import ImageStat

    data = built(tb, players=20, paper=paper, square_a3=a3)
    widths = (T.frame_pt, T.box_pt, T.circle_pt, T.mark_pt, T.cut_pt)
    pages = board_pages(data)
    marks = [p for page in pages for width in widths for p in stroked(page, width)]
    assert marks
    assert all(grey(p["stroking_color"]) <= 110 for p in marks)  # places, frame, seam marks: dark in greyscale
    thin = [p for page in pages for p in page["paths"] if p["stroke"] and p["linewidth"] < 0.25 * MM - 1e-3]
    assert all(lightness(p["stroking_color"]) <= 50 for p in thin)  # a line under 0.25 mm is dark or it vanishes
    board_chars = [
        c for k, page in enumerate(pdf_chars(data)) if k % 2 == 0 and k < len(pages) * 2 for c in page["chars"]
    ]
    assert board_chars and all(grey(c["color"]) <= 120 for c in board_chars)
    fills = [
        p
        for page in pages
        for p in page["paths"]
        if p["fill"]
        and grey(p["non_stroking_color"]) < 128
        and (p["x1"] - p["x0"]) * (p["bottom"] - p["top"]) > 100 * MM * MM
    ]
    assert not fills  # no dark fill larger than 1 cm²
    document = pypdfium2.PdfDocument(data)
    try:
        for index in range(0, 2 * len(pages), 2):
            image = document[index].render(scale=1).to_pil().convert("L")
            coverage = 1 - ImageStat.Stat(image).mean[0] / 255
            assert coverage < 0.06, (index, coverage)  # ink on 6 % of the sheet at most (measured: 3–3.5 %)
    finally:
        document.close()


# --- the command ----------------------------------------------------------------------------------------------------


def test_the_command_writes_the_board_and_answers_in_korean(tmp_path):
    result = run_cli("town-square", "trouble-brewing", "--out", tmp_path, "--players", "7")
    assert result.exit_code == 0, result.output
    assert "town-square.pdf" in result.output and "저장함" in result.output
    data = (tmp_path / "trouble-brewing" / "town-square.pdf").read_bytes()
    assert sorted(n for page in pdf_chars(data)[:4] for n in seat_numbers(page)) == list(range(1, 8))


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--players", "3"], "3명은 쓸 수 없습니다. 5–20명 사이로 주세요."),
        (["--players", "21"], "21명은 쓸 수 없습니다. 5–20명 사이로 주세요."),
        (["--paper", "a3"], "a4 또는 letter 중 하나를 고르세요"),
        (["--a3", "yes"], "필요 없는 인자가 더 있습니다"),
    ],
)
def test_bad_choices_are_refused_in_korean_with_exit_2(tmp_path, args, fragment):
    result = run_cli("town-square", "trouble-brewing", "--out", tmp_path, *args)
    assert result.exit_code == 2, result.output
    assert fragment in result.output
    assert "Traceback" not in result.output and "Error:" not in result.output
    assert not (tmp_path / "trouble-brewing").exists()


def test_an_unknown_script_is_a_korean_error_not_a_traceback(tmp_path):
    result = run_cli("town-square", "no-such-script", "--out", tmp_path)
    assert result.exit_code in (1, 2) and "Traceback" not in result.output
    assert re.search(r"[가-힣]", result.output)


@pytest.mark.slow
def test_build_writes_the_same_town_square_as_its_command(tmp_path):
    kit = run_cli("build", "trouble-brewing", "--out", tmp_path / "kit", "--quiet")
    alone = run_cli("town-square", "trouble-brewing", "--out", tmp_path / "alone", "--quiet")
    assert kit.exit_code == 0 and alone.exit_code == 0, kit.output + alone.output
    made = (tmp_path / "kit" / "trouble-brewing" / "town-square.pdf").read_bytes()
    assert made == (tmp_path / "alone" / "trouble-brewing" / "town-square.pdf").read_bytes()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_script_title_wraps_on_the_instructions_page_and_stays_on_it(paper):
    """The bundled script's title is a whole sentence: the instructions' heading wraps instead of running past the
    page's edge, and every word of it is printed."""
    game, report = load_game("in-space")
    assert game is not None, report.lines()
    page = pdf_chars(built(game, paper=paper))[1]
    margin = theme().page.margin * MM
    assert max(c["x1"] for c in page["chars"]) <= page["width"] - margin + 0.5
    heading = [c for c in page["chars"] if c["size"] == T.title_pt + 3]
    assert squeezed([{"chars": heading}]) == re.sub(r"\s+", "", f"마을 광장 만들기·{game.script.title}")
    assert len({round(c["top"]) for c in heading}) > 1  # on more than one line
