"""--bleed and --marks (issue 54), read from every cut document the user gets: tokens.pdf, info-cards.pdf and the life
tokens of town-square.pdf. The bleed is the art past the cut, the cut stays the nominal size; crop marks start the
bleed and a gap outside the trim and never reach into any token's art; the life token pairs carry registration
targets at the same place on both sides of the sheet, mirrored for a long-edge flip. Out-of-range choices are refused
in Korean, by the command line (exit 2) and the page (400).

Tokens are found by their art: a token's outermost filled circle (its ring or disc out to the bleed) is the trim's
diameter plus twice the bleed, and the trim box is the square of the nominal diameter round the same centre.
"""

from __future__ import annotations

import math

import pytest
from conftest import pdf_chars, run_cli
from pdf_paths import pdf_paths

from generator.documents import document_builder
from generator.load.game import load_game
from generator.options import RenderOptions
from generator.read.theme import theme

MM = 72 / 25.4
MARKS = theme().print_marks
CUT_PT = theme().tokens["cut_line_pt"]
TOKEN_SIZES = (44.45, 25.4)  # the default character and reminder tokens
LIFE_MM = theme().town_square.life_mm
BLEEDS = (0.0, 1.0, 3.0)


@pytest.fixture(scope="module")
def tb():
    game, report = load_game("trouble-brewing")
    assert game is not None, report.lines()
    return game


def built(game, module: str, **options) -> bytes:
    [(_, data)] = [(name, data) for name, data in document_builder(module)(game, RenderOptions(**options))]
    return data


# --- reading the drawn paths --------------------------------------------------------------------------------------


def discs(page: dict) -> list[tuple[float, float, float]]:
    """(x, y, diameter) in mm (y from the top) of the largest filled circle round each centre on the page."""
    largest: dict[tuple[int, int], tuple[float, float, float]] = {}
    for path in page["paths"]:
        width, height = path["x1"] - path["x0"], path["bottom"] - path["top"]
        if path["kind"] != "curve" or not path["fill"] or abs(width - height) > 0.02 or width < 5 * MM:
            continue
        x, y = (path["x0"] + path["x1"]) / 2 / MM, (path["top"] + path["bottom"]) / 2 / MM
        key = (round(x * 10), round(y * 10))
        if key not in largest or largest[key][2] < width / MM:
            largest[key] = (x, y, width / MM)
    return list(largest.values())


def tokens_on(page: dict, sizes: tuple[float, ...], bleed: float) -> list[tuple[float, float, float]]:
    """(x, y, trim diameter) of each token on the page: a largest disc of a trim size plus twice the bleed."""
    found = []
    for x, y, diameter in discs(page):
        for size in sizes:
            if abs(diameter - (size + 2 * bleed)) < 0.02:
                found.append((x, y, size))
    return found


def stroked(page: dict, width: float, kind: str) -> list[dict]:
    return [p for p in page["paths"] if p["stroke"] and p["kind"] == kind and abs(p["linewidth"] - width) < 0.005]


def segment(line: dict) -> tuple[tuple[float, float], tuple[float, float]]:
    """A straight mark's two ends in mm (y from the top)."""
    return (line["x0"] / MM, line["top"] / MM), (line["x1"] / MM, line["bottom"] / MM)


def distance_to_segment(point, ends) -> float:
    (px, py), ((ax, ay), (bx, by)) = point, ends
    dx, dy = bx - ax, by - ay
    share = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + share * dx), py - (ay + share * dy))


def corners(token) -> list[tuple[float, float, int, int]]:
    """The trim box's corners (mm) with the outward direction of each: (x, y, sign of x, sign of y), y from the top."""
    x, y, size = token
    r = size / 2
    return [(x + sx * r, y + sy * r, sx, sy) for sx in (-1, 1) for sy in (-1, 1)]


def marks_by_token(tokens, marks) -> dict[int, list[tuple[float, float, bool]]]:
    """Each mark given to the token whose trim-box corner is nearest its nearer end: {token index: [(how far past
    the corner it starts, its length, whether it lies on a side line of the box pointing away from it)]}."""
    found: dict[int, list[tuple[float, float, bool]]] = {k: [] for k in range(len(tokens))}
    for mark in marks:
        ends = segment(mark)
        best = None
        for index, token in enumerate(tokens):
            for cx, cy, sx, sy in corners(token):
                near, far = sorted(ends, key=lambda e: math.hypot(e[0] - cx, e[1] - cy))
                past = math.hypot(near[0] - cx, near[1] - cy)
                along_x = abs(near[1] - cy) < 0.02 and abs(far[1] - cy) < 0.02 and (near[0] - cx) * sx > 0
                along_y = abs(near[0] - cx) < 0.02 and abs(far[0] - cx) < 0.02 and (near[1] - cy) * sy > 0
                if best is None or past < best[0]:
                    best = (past, index, math.hypot(far[0] - near[0], far[1] - near[1]), along_x or along_y)
        assert best is not None
        past, index, length, outward = best
        found[index].append((past, length, outward))
    return found


def check_crop_marks(page: dict, tokens, bleed: float) -> None:
    """Every token has its eight corner marks, starting the bleed and the gap past its trim box, each the set length;
    no other crop mark is on the page; no mark comes nearer any token's art than the gap."""
    marks = stroked(page, MARKS.crop_pt, "line")
    assert len(marks) == 8 * len(tokens)
    for index, own in marks_by_token(tokens, marks).items():
        assert len(own) == 8, (tokens[index], own)
        for past, length, outward in own:
            assert outward  # on the line of one of the box's sides, beyond its corner
            assert past == pytest.approx(bleed + MARKS.crop_gap, abs=0.02)
            assert length == pytest.approx(MARKS.crop_length, abs=0.02)
    for mark in marks:
        for x, y, size in tokens:
            assert distance_to_segment((x, y), segment(mark)) >= size / 2 + bleed + MARKS.crop_gap - 0.02


# --- tokens.pdf --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bleed", BLEEDS)
def test_token_art_runs_the_bleed_past_a_cut_of_the_nominal_size(tb, bleed):
    pages = pdf_paths(built(tb, "tokens", bleed_mm=bleed))
    count = 0
    for page in pages:
        tokens = tokens_on(page, TOKEN_SIZES, bleed)
        cuts = sorted(
            (
                round((c["x0"] + c["x1"]) / 2 / MM, 1),
                round((c["top"] + c["bottom"]) / 2 / MM, 1),
                (c["x1"] - c["x0"]) / MM,
            )
            for c in stroked(page, CUT_PT, "curve")
        )
        assert len(cuts) == len(tokens) > 0
        for x, y, size in tokens:  # a cut circle of the token's nominal diameter round the centre of its art
            assert any(abs(cx - x) < 0.1 and abs(cy - y) < 0.1 and abs(d - size) < 0.02 for cx, cy, d in cuts)
        assert not stroked(page, MARKS.crop_pt, "line")  # cut lines, no crop marks
        count += len(tokens)
    assert count == len(tokens_in_crop(tb, bleed))


def tokens_in_crop(game, bleed: float) -> list:
    return [
        t
        for page in pdf_paths(built(game, "tokens", bleed_mm=bleed, marks="crop"))
        for t in tokens_on(page, TOKEN_SIZES, bleed)
    ]


@pytest.mark.parametrize("bleed", BLEEDS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_token_crop_marks_lie_past_the_bleed_at_every_trim_box_corner(tb, bleed, paper):
    """--marks crop: no cut line on any token; the eight marks of each token's square, past the bleed and the gap;
    tokens of both sizes on one sheet keep their marks out of each other's art."""
    pages = pdf_paths(built(tb, "tokens", bleed_mm=bleed, marks="crop", paper=paper))
    sizes_seen = set()
    for page in pages:
        assert not stroked(page, CUT_PT, "curve")
        tokens = tokens_on(page, TOKEN_SIZES, bleed)
        assert tokens
        check_crop_marks(page, tokens, bleed)
        sizes_seen |= {size for _, _, size in tokens}
        margin = theme().page.min_margin
        reach = bleed + MARKS.crop_gap + MARKS.crop_length
        for x, y, size in tokens:  # the marks too stay off the edge a printer cannot reach
            assert margin <= x - size / 2 - reach and x + size / 2 + reach <= page["width"] / MM - margin
            assert margin <= y - size / 2 - reach and y + size / 2 + reach <= page["height"] / MM - margin
    assert sizes_seen == set(TOKEN_SIZES)


def test_crop_marks_keep_the_tokens_apart_by_the_gap_asked_when_it_is_wider(tb):
    """The marks need 2 × (gap + length) between two tokens' bleed edges; a wider --gap is kept."""
    wide = 12.0
    for page in pdf_paths(built(tb, "tokens", marks="crop", gap_mm=wide, bleed_mm=1.0)):
        tokens = tokens_on(page, TOKEN_SIZES, 1.0)
        check_crop_marks(page, tokens, 1.0)
        for (x, y, a), (u, v, b) in zip(tokens, tokens[1:]):
            if abs(y - v) < 0.1 and a == b:  # neighbours in a row: their squares at least the gap apart
                assert abs(u - x) - a - 2 * 1.0 >= wide - 0.02


def test_the_token_legend_says_which_marks_to_cut_by(tb):
    def words(data):
        return "".join(c["text"] for c in pdf_chars(data)[0]["chars"]).replace(" ", "")

    assert "가는검은원이자르는선" in words(built(tb, "tokens"))
    crop = words(built(tb, "tokens", marks="crop", bleed_mm=3.0))
    assert "도련3mm" in crop and "재단표시" in crop and "가는검은원" not in crop


# --- info-cards.pdf ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bleed", BLEEDS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_info_card_tint_runs_the_bleed_past_the_cuts_and_the_marks_start_past_it(tb, bleed, paper):
    c = theme().info_cards
    data = built(tb, "info_cards", bleed_mm=bleed, paper=paper)
    page = pdf_paths(data)[0]
    width, height = page["width"] / MM, page["height"] / MM
    block = (c.margin, c.margin, width - c.margin, height - c.margin)  # the four cards' outer cut (mm, from the top)
    tint = next(p for p in page["paths"] if p["kind"] == "rect" and p["fill"])
    assert tint["x0"] / MM == pytest.approx(block[0] - bleed, abs=0.02)
    assert tint["top"] / MM == pytest.approx(block[1] - bleed, abs=0.02)
    assert tint["x1"] / MM == pytest.approx(block[2] + bleed, abs=0.02)
    assert tint["bottom"] / MM == pytest.approx(block[3] + bleed, abs=0.02)
    marks = stroked(page, c.mark_pt, "line")
    assert len(marks) == 12  # three cut lines each way, a mark at both ends of each
    starts = []
    for mark in marks:
        (ax, ay), (bx, by) = segment(mark)
        outside = max(block[0] - max(ax, bx), min(ax, bx) - block[2], block[1] - max(ay, by), min(ay, by) - block[3])
        starts.append(outside)  # how far outside the block the mark's nearer end lies
    assert min(starts) >= bleed + MARKS.crop_gap - 0.02  # clear of the tint by the gap
    assert max(starts) == pytest.approx(max(c.mark_offset, bleed + MARKS.crop_gap), abs=0.02)
    for char in pdf_chars(data)[0]["chars"]:  # the footer under the cards stays off the bleed's tint
        box = (char["x0"] / MM, char["top"] / MM, char["x1"] / MM, char["bottom"] / MM)
        on_a_card = block[0] <= box[0] and box[2] <= block[2] and block[1] <= box[1] and box[3] <= block[3]
        on_the_tint = box[3] > tint["top"] / MM and box[1] < tint["bottom"] / MM
        assert on_a_card or not on_the_tint, char["text"]
    # the cards carry a copy shop's crop marks already: --marks crop changes nothing on them
    assert built(tb, "info_cards", bleed_mm=bleed, paper=paper, marks="crop") == data


def test_info_cards_keep_their_own_bleed_unless_asked(tb):
    """No --bleed: the cards' tint runs info_cards.bleed (1.5 mm) past the cuts, the tokens' 1 mm being theirs."""
    assert built(tb, "info_cards") == built(tb, "info_cards", bleed_mm=theme().info_cards.bleed)
    assert built(tb, "tokens") == built(tb, "tokens", bleed_mm=theme().tokens.bleed_mm)


# --- town-square.pdf: the life tokens ------------------------------------------------------------------------------


def life_pages(data: bytes) -> list[tuple[dict, dict]]:
    """(front, back) of each life token sheet: the pages after the board's sheets and their backs (one landscape A3
    sheet, or two upright ones)."""
    pages = pdf_paths(data)
    start = 2 if pages[0]["width"] > pages[0]["height"] else 4
    return [(pages[k], pages[k + 1]) for k in range(start, len(pages), 2)]


def shroud_discs(page: dict, bleed: float) -> list[tuple[float, float, float]]:
    return tokens_on(page, (LIFE_MM,), bleed)


@pytest.mark.parametrize("bleed", BLEEDS)
def test_life_tokens_run_the_bleed_past_their_cut(tb, bleed):
    data = built(tb, "town_square", players=8, bleed_mm=bleed)
    [(front, back)] = life_pages(data)
    for side in (front, back):
        tokens = shroud_discs(side, bleed)
        cuts = stroked(side, CUT_PT, "curve")
        assert len(tokens) == len(cuts) == 8 + 5  # the seats and the travellers who may join
        assert all(abs((c["x1"] - c["x0"]) / MM - LIFE_MM) < 0.02 for c in cuts)
        assert not stroked(side, MARKS.registration_pt, "curve")  # registration only with crop marks


@pytest.mark.parametrize("bleed", BLEEDS)
@pytest.mark.parametrize("paper, a3", [("a4", False), ("letter", False), ("a4", True)])
def test_life_token_fronts_carry_crop_marks_and_both_sides_registration_targets(tb, bleed, paper, a3):
    """--marks crop: the fronts' tokens have their corner marks, the backs none (cut from the front); each side has
    three targets, the back's where the front's lie seen through the sheet after a long-edge flip; the backs still
    land behind their fronts, and no target touches a token or reaches the edge a printer cannot print."""
    data = built(tb, "town_square", players=15, bleed_mm=bleed, marks="crop", paper=paper, square_a3=a3)
    for front, back in life_pages(data):
        width, height = front["width"] / MM, front["height"] / MM
        fronts, backs = shroud_discs(front, bleed), shroud_discs(back, bleed)
        assert fronts and len(fronts) == len(backs)
        assert not stroked(front, CUT_PT, "curve") and not stroked(back, CUT_PT, "curve")
        check_crop_marks(front, fronts, bleed)
        assert not stroked(back, MARKS.crop_pt, "line")
        for x, y, _ in fronts:  # each back behind its front
            assert min(abs(width - bx - x) + abs(by - y) for bx, by, _ in backs) < 0.05
        targets = []
        for side in (front, back):
            circles = stroked(side, MARKS.registration_pt, "curve")
            assert len(circles) == 3
            assert all(abs((c["x1"] - c["x0"]) / MM - MARKS.registration_mm) < 0.02 for c in circles)
            spots = sorted(((c["x0"] + c["x1"]) / 2 / MM, (c["top"] + c["bottom"]) / 2 / MM) for c in circles)
            targets.append(spots)
            reach = 1.4 * MARKS.registration_mm / 2  # the cross past the circle
            for x, y in spots:
                edge = 4 - 0.01  # a printer prints from 4 mm in
                assert (
                    edge <= x - reach <= x + reach <= width - edge and edge <= y - reach <= y + reach <= height - edge
                )
                for tx, ty, size in fronts:
                    gap = math.hypot(tx - x, ty - y) - size / 2 - bleed - reach
                    assert gap > MARKS.crop_gap, (x, y)
        front_spots, back_spots = targets
        mirrored = sorted((width - x, y) for x, y in front_spots)
        assert all(abs(a[0] - b[0]) < 0.05 and abs(a[1] - b[1]) < 0.05 for a, b in zip(mirrored, back_spots))
        assert mirrored != sorted(front_spots)  # not a symmetric pair: a wrong flip would show


def test_the_town_squares_board_is_the_same_with_crop_marks(tb):
    """--bleed and --marks change the life tokens only: the board's two sheets are drawn the same."""
    plain = pdf_paths(built(tb, "town_square", players=12))[:4]
    crop = pdf_paths(built(tb, "town_square", players=12, marks="crop", bleed_mm=3.0))[:4]
    board = [[p for p in page["paths"]] for page in plain]
    assert board == [[p for p in page["paths"]] for page in crop]


# --- the choices -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["tokens", "info-cards", "town-square", "build"])
def test_a_bleed_past_three_mm_is_refused_in_korean(tmp_path, command):
    result = run_cli(command, "trouble-brewing", "--bleed", "4", "--out", tmp_path)
    assert result.exit_code == 2
    assert "--bleed" in result.stderr and "4 mm는 쓸 수 없습니다. 0–3 mm 사이로 주세요." in result.stderr
    assert "Traceback" not in result.stderr and not any(tmp_path.rglob("*.pdf"))


def test_a_mark_that_is_not_cut_or_crop_is_refused_in_korean(tmp_path):
    result = run_cli("tokens", "trouble-brewing", "--marks", "dots", "--out", tmp_path)
    assert result.exit_code == 2
    assert "--marks" in result.stderr and "cut 또는 crop 중 하나를 고르세요" in result.stderr


def test_documents_that_are_not_cut_take_no_bleed(tmp_path):
    result = run_cli("sheet", "trouble-brewing", "--bleed", "2", "--out", tmp_path)
    assert result.exit_code == 2 and "--bleed" in result.stderr


def test_the_page_refuses_a_bleed_out_of_range_and_prints_the_one_asked(tmp_path):
    from generator.server import create_app
    from tests.server.test_serve_api import TROUBLE_BREWING, publisher_json

    text = publisher_json(TROUBLE_BREWING).encode()
    client = create_app(workspace=tmp_path / "workspace").test_client()
    refused = client.post("/api/document/tokens?bleed=4", data=text)
    assert refused.status_code == 400
    error = refused.get_json()["error"]
    assert "--bleed" in error and "0–3 mm 사이로 주세요" in error
    refused = client.post("/api/document/info_cards?marks=dots", data=text)
    assert refused.status_code == 400 and "cut 또는 crop" in refused.get_json()["error"]
    answer = client.post("/api/document/town_square?bleed=3&marks=crop&players=8", data=text)
    assert answer.status_code == 200
    [(front, back)] = life_pages(answer.data)
    assert (
        len(stroked(front, MARKS.registration_pt, "curve")) == len(stroked(back, MARKS.registration_pt, "curve")) == 3
    )


@pytest.mark.slow
def test_bleed_and_marks_change_the_cut_documents_only(tmp_path):
    """A whole kit with --bleed 3 --marks crop: the token sheets, the cards and the Town Square change, every other
    document is byte for byte the default kit's."""
    for name, args in (("plain", ()), ("shop", ("--bleed", "3", "--marks", "crop"))):
        result = run_cli("build", "trouble-brewing", "--out", tmp_path / name, "-q", *args)
        assert result.exit_code == 0, result.stderr
    plain = {p.name: p.read_bytes() for p in (tmp_path / "plain").rglob("*.pdf")}
    shop = {p.name: p.read_bytes() for p in (tmp_path / "shop").rglob("*.pdf")}
    assert sorted(plain) == sorted(shop)
    changed = sorted(name for name in plain if plain[name] != shop[name])
    assert changed == ["info-cards.pdf", "tokens.pdf", "town-square.pdf"]
