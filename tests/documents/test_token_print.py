"""Token print details read from the rendered PDF: team rings apart in greyscale and marked without colour, the
setup star clear of the icon, room under the running title, the legend on every page, ability text that keeps
its brackets and stays off the curved name, the default 1 mm bleed round an exact cut, and a shroud or vote set split
only when the kit says why."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import math
import statistics

import pytest
from pdf_paths import drawn_pages

from generator.art.token_layout import layout
from generator.documents import tokens as tokens_document
from generator.model import TEAMS
from generator.options import RenderOptions
from generator.read.theme import theme

PT_PER_MM = 72 / 25.4
PX_PER_MM = 8  # render scale for pixel checks
SETUP_CHARACTERS = ("drunk", "godfather", "vigormortis", "fanggu")


@pytest.fixture(scope="module")
def team_game(game):
    """One character of every team (fabled and a second loric made from library characters), nothing else."""
    team_game = copy.deepcopy(game)
    chosen = {}
    for character in team_game.library.characters.values():
        chosen.setdefault(character.team, character)
    stand_in = chosen["loric"]
    chosen["fabled"] = dataclasses.replace(stand_in, id="fabled-test", name="전설시험", team="fabled")
    team_game.characters = [chosen[team] for team in TEAMS]
    return team_game


def render(data: bytes, page: int = 0, grey: bool = False):
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    try:
        image = document[page].render(scale=PX_PER_MM / PT_PER_MM).to_pil()
    finally:
        document.close()
    return image.convert("L") if grey else image.convert("RGB")


def ring_samples(image, x_mm: float, y_mm: float, radius_mm: float, inner_mm: float, outer_mm: float, page_h_mm: float):
    """Pixel values on circles between inner and outer (mm from the centre), 360 points each."""
    values = []
    cx, cy = x_mm * PX_PER_MM, (page_h_mm - y_mm) * PX_PER_MM
    steps = max(1, int((outer_mm - inner_mm) / 0.1))
    for n in range(steps + 1):
        r = (inner_mm + (outer_mm - inner_mm) * n / steps) * PX_PER_MM
        for degree in range(360):
            a = math.radians(degree)
            values.append(image.getpixel((round(cx + r * math.cos(a)), round(cy - r * math.sin(a)))))
    return values


@pytest.fixture(scope="module")
def team_sheet(team_game):
    options = RenderOptions(reminders=False, extras=False)
    [(_, data)] = tokens_document.build(team_game, options)
    _, pages, frame = layout(team_game, RenderOptions(reminders=False, extras=False))
    assert len(pages) == 1
    return data, pages[0].placements, frame


def test_team_rings_differ_in_greyscale_by_a_clear_margin(team_sheet, team_game):
    data, placements, frame = team_sheet
    image = render(data, grey=True)
    grey = {}
    for placement in placements:
        r = placement.spec.diameter_mm / 2
        # the bleed band past the cut carries the ring colour alone (marks stay inside the cut)
        samples = ring_samples(image, placement.x_mm, placement.y_mm, r, r + 0.25, r + 0.75, frame.height)
        grey[team_game.character(placement.spec.character_id).team] = statistics.median(samples)
    assert set(grey) == set(TEAMS)
    for a, b in itertools.combinations(TEAMS, 2):
        assert abs(grey[a] - grey[b]) >= 18, f"{a} {grey[a]:.0f} vs {b} {grey[b]:.0f} in greyscale"
    good, evil = max(grey["minion"], grey["demon"]), min(grey["townsfolk"], grey["outsider"])
    assert good < evil  # evil rings darker than good ones (names: good = the larger minimum)


def test_every_team_but_townsfolk_has_a_ring_mark_that_is_not_colour(team_sheet, team_game):
    data, placements, frame = team_sheet
    image = render(data, grey=True)
    ring_mm = theme().tokens["ring_mm"]
    share = {}
    for placement in placements:
        r = placement.spec.diameter_mm / 2
        samples = ring_samples(image, placement.x_mm, placement.y_mm, r, r - ring_mm + 0.35, r - 0.35, frame.height)
        middle = statistics.median(samples)
        share[team_game.character(placement.spec.character_id).team] = sum(abs(v - middle) > 50 for v in samples) / len(
            samples
        )
    assert share["townsfolk"] < 0.01
    for team in TEAMS:
        if team != "townsfolk":
            assert share[team] > 0.04, f"{team}: no visible mark on its ring ({share[team]:.3f})"
    # and the patterns differ: the marked share of every pair of marked teams is not the same pattern
    assert len({round(share[t], 2) for t in TEAMS}) >= 5


def test_setup_star_is_clear_of_the_icon(game):
    options = RenderOptions(only=SETUP_CHARACTERS, reminders=False)
    [(_, data)] = tokens_document.build(game, options)
    _, pages, frame = layout(game, options)
    image = render(data)
    star = tuple(int(theme().tokens["setup_color"][i : i + 2], 16) for i in (1, 3, 5))
    from generator.read.theme import team_color

    for placement in pages[0].placements:
        character = game.character(placement.spec.character_id)
        ink = tuple(int(team_color(character.team)[i : i + 2], 16) for i in (1, 3, 5))
        r = placement.spec.diameter_mm / 2 * PX_PER_MM
        cx, cy = placement.x_mm * PX_PER_MM, (frame.height - placement.y_mm) * PX_PER_MM
        star_px, icon_px = [], []
        for x in range(int(cx - r), int(cx + r)):
            for y in range(int(cy - r), int(cy - 0.05 * r)):  # the upper half, where the star is
                d = math.hypot(x - cx, y - cy)
                if d > 0.86 * r:
                    continue
                pixel = image.getpixel((x, y))
                if sum(abs(p - q) for p, q in zip(pixel, star)) < 60:
                    star_px.append((x, y))
                elif d < 0.66 * r and sum(abs(p - q) for p, q in zip(pixel, ink)) < 60:
                    icon_px.append((x, y))
        assert star_px and icon_px, character.id
        gap = min(math.hypot(a[0] - b[0], a[1] - b[1]) for a in star_px[::3] for b in icon_px[::3]) / PX_PER_MM
        assert gap >= 1.0, f"{character.id}: star only {gap:.2f} mm from the icon"


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_three_mm_under_the_running_title_and_a_legend_on_every_page(game, paper):
    [(_, data)] = tokens_document.build(game, RenderOptions(paper=paper))
    cut = theme().tokens["cut_line_pt"]
    pages = drawn_pages(data)
    assert len(pages) >= 2
    for page in pages:
        title = [c for c in page["chars"] if c["top"] < 20 * PT_PER_MM and c["text"].strip()]
        cuts = [c for c in page["curves"] if c["stroke"] and not c["fill"] and abs(c["linewidth"] - cut) < 1e-6]
        assert title and cuts
        clearance = (min(c["top"] for c in cuts) - max(c["bottom"] for c in title)) / PT_PER_MM
        assert clearance >= 3.0, f"p{page['page_number']}: {clearance:.2f} mm from the title to the tokens"
        words = page["text"].replace(" ", "")
        for legend in ("첫날밤", "다른밤", "테두리:", "실제크기(100%)", "50mm"):
            assert legend in words, f"p{page['page_number']}: '{legend}' missing"
        assert "알림토큰수" in words or "알림수" in words
        assert "설정" in words


def test_default_bleed_is_one_mm_and_the_cut_stays_exact(game):
    """No --bleed: the tokens take the theme's 1 mm (RenderOptions leaves it to each cut document)."""
    assert RenderOptions().bleed_mm is None and theme().tokens.bleed_mm == 1.0
    [(_, data)] = tokens_document.build(game, RenderOptions(only=("imp",), reminders=False))
    curves = drawn_pages(data)[0]["curves"]
    widths = sorted(round((c["x1"] - c["x0"]) / PT_PER_MM, 2) for c in curves if c["stroke"] and not c["fill"])
    assert 44.45 in widths
    filled = [round((c["x1"] - c["x0"]) / PT_PER_MM, 2) for c in curves if c["fill"]]
    assert max(filled) == pytest.approx(44.45 + 2.0, abs=0.02)


def test_ability_text_keeps_brackets_whole_and_clear_of_the_name(game):
    [(_, data)] = tokens_document.build(game, RenderOptions(ability_text=True, reminders=False, extras=False))
    ability_font = theme().fonts[theme().tokens["ability_font"]].name
    name_font = theme().fonts[theme().tokens["name_font"]].name
    brackets = 0
    for page in drawn_pages(data):
        typed = [c for c in page["chars"] if c["text"].strip()]
        lines: dict[float, str] = {}
        ability = [
            c for c in typed if c["fontname"].endswith(ability_font) and abs(c["matrix"][1]) < 1e-6 and c["size"] < 7
        ]
        names = [c for c in typed if c["fontname"].endswith(name_font)]
        for char in ability:
            lines[round(char["bottom"], 1)] = lines.get(round(char["bottom"], 1), "") + char["text"]
        for line in lines.values():
            assert line.count("[") == line.count("]"), f"bracket broken: {line}"
            brackets += line.count("[")
        for char in ability:
            for glyph in names:
                # the name glyph's middle: its origin moved 0.4 em along its up direction
                a, b, c_, d, e, f = glyph["matrix"]
                up = (c_ / math.hypot(c_, d), d / math.hypot(c_, d))
                mx, my = e + up[0] * 0.4 * glyph["size"], page["height"] - (f + up[1] * 0.4 * glyph["size"])
                dx = max(char["x0"] - mx, 0, mx - char["x1"])
                dy = max(char["top"] - my, 0, my - char["bottom"])
                assert math.hypot(dx, dy) >= 0.45 * glyph["size"], f"'{char['text']}' runs into the name"
    assert brackets >= 3  # the setup characters' [외지인 …] brackets are there, each on one line


def glyph_angles(data: bytes, largest_pt: float) -> list[tuple[str, float]]:
    """(glyph, its rotation in degrees) for every drawn glyph of at most `largest_pt` (the reminder labels)."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as raw

    document = pypdfium2.PdfDocument(data)
    matrix = raw.FS_MATRIX()
    found = []
    try:
        for index in range(len(document)):
            textpage = document[index].get_textpage()
            for k in range(raw.FPDFText_CountChars(textpage)):
                code = raw.FPDFText_GetUnicode(textpage, k)
                if (
                    code <= 32
                    or raw.FPDFText_IsGenerated(textpage, k) == 1
                    or raw.FPDFText_GetFontSize(textpage, k) > largest_pt
                ):
                    continue
                raw.FPDFText_GetMatrix(textpage, k, ctypes.byref(matrix))
                found.append((chr(code), math.degrees(math.atan2(matrix.b, matrix.a))))
    finally:
        document.close()
    return found


@pytest.mark.parametrize("edition", ["trouble-brewing", "bad-moon-rising", "sects-and-violets"])
def test_no_reminder_glyph_leans_past_thirty_five_degrees(kit, edition):
    """A reminder too long for a gentle arc ('하수인 지명 안 함', '악마 투표 안 함') is set upright in two lines under its
    icon; on an arc the end glyphs used to turn 50–60° and touch the ring (issue 35)."""
    _, files = kit("a4", edition)
    reminder_pt = theme().tokens["reminder_size_pt"]
    angles = glyph_angles(files["tokens.pdf"], reminder_pt + 0.01)
    assert len(angles) > 100
    assert max(abs(angle) for _, angle in angles) <= 35, sorted(angles, key=lambda a: -abs(a[1]))[:5]


def test_a_long_reminder_is_two_upright_lines_under_its_icon(kit):
    from conftest import pdf_chars

    _, files = kit("a4", "sects-and-violets")
    for page in pdf_chars(files["tokens.pdf"]):
        text = "".join(c["text"] for c in page["chars"])
        if "지명안함" in text.replace(" ", ""):
            chars = [c for c in page["chars"] if c["text"] in "하수인지명안함" and c["upright"] and c["size"] < 8]
            assert len({round(c["bottom"]) for c in chars}) >= 2
            return
    pytest.fail("the town crier's reminder was not found")


def test_light_shrouds_use_a_fraction_of_the_ink_of_solid_ones(tmp_path):
    """By default a shroud is a dark ring and dark art on paper; --solid-shrouds prints the dark disc a sheet of fifteen
    used to be (24 % of the sheet in ink, issue 55); the labels stay either way."""
    import pypdfium2
    from conftest import pdf_page_texts, run_cli

    dark_share = {}
    for flag in ("", "--solid-shrouds"):
        out = tmp_path / (flag or "default")
        result = run_cli(
            "tokens", "trouble-brewing", "--only", "shroud", "--out", out, "--quiet", *([flag] if flag else [])
        )
        assert result.exit_code == 0, result.output
        pdf = out / "trouble-brewing" / "tokens.pdf"
        assert "".join(pdf_page_texts(pdf)).count("수의") == 15
        image = pypdfium2.PdfDocument(pdf.read_bytes())[0].render(scale=1, grayscale=True).to_pil().convert("L")
        histogram = image.histogram()  # pixels per grey level 0–255
        dark_share[flag] = sum(histogram[:100]) / sum(histogram)
    assert dark_share[""] < 0.4 * dark_share["--solid-shrouds"], dark_share


@pytest.mark.slow
def test_a_set_split_over_two_sheets_is_explained_in_korean(tmp_path):
    """Large character tokens and no reminders leave a sheet short of four fifths of its body unless shrouds fill it:
    the set is cut at that sheet's end and goes on at the start of the next, and the build says where and how to print
    it whole. The bundled kits never need it (test_print_design: one sheet per set)."""
    from conftest import pdf_chars, run_cli

    args = (
        "tokens",
        "trouble-brewing",
        "--token-size",
        "50",
        "--reminder-size",
        "19",
        "--no-reminders",
        "--players",
        "10",
    )
    result = run_cli(*args, "--out", tmp_path / "split")
    assert result.exit_code == 0, result.output
    assert "수의 토큰 10개가 1·2쪽에 나뉘었습니다" in result.output and "--only shroud" in result.output
    [pdf] = (tmp_path / "split").rglob("tokens.pdf")
    on = [
        "".join(c["text"] for c in page["chars"] if c["text"].strip()).count("수의")
        for page in pdf_chars(pdf.read_bytes())
    ]
    assert sum(on) == 10 and sum(1 for n in on if n) == 2, on
    for paper in ("a4", "letter"):
        plain = run_cli("tokens", "trouble-brewing", "--paper", paper, "--out", tmp_path / paper)
        assert plain.exit_code == 0 and "나뉘었습니다" not in plain.output
