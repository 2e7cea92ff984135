"""Print design, second pass (issue 22), read from the kits of Trouble Brewing, Bad Moon Rising and Sects & Violets on
A4 and Letter: sheet fronts whose columns end together ('(계속)' only at the top of the second, issue 55), a sheet back
with text in every quarter, highlights that do not rely
on colour, running heads on the outer edge in one face, a last token sheet worth printing with cut lines that show,
and no wide word gap, split name or stranded opening quote anywhere in the kit."""

from __future__ import annotations

import functools
import re
from collections import Counter

import pytest
from conftest import bundled_kit, pdf_chars
from pdf_paths import curves, pdf_paths
from test_print_polish import fragments, multiword_names, next_line

from generator.read.theme import color, theme

pytestmark = pytest.mark.slow  # reads whole kits of every bundled script

EDITIONS = ["trouble-brewing", "bad-moon-rising", "sects-and-violets"]
PAPERS = ["a4", "letter"]
MM = 72 / 25.4
# documents whose text a line-level reading makes sense of (tokens set names on arcs; the booklet is the almanac imposed)
READ = ["script.pdf", "night-order.pdf", "night-card.pdf", "info-cards.pdf", "almanac.pdf"]
OPENING = "‘“([{「『〈《"

kits = pytest.mark.parametrize("paper", PAPERS)
editions = pytest.mark.parametrize("edition", EDITIONS)


def pages(edition: str, paper: str, name: str) -> list[dict]:
    _, files = bundled_kit(paper, edition)
    return pdf_chars(files[name])


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))


def grey(colour) -> float:
    red, green, blue = colour[:3]
    return 0.299 * red + 0.587 * green + 0.114 * blue


# ---------------------------------------------------------------- the player sheet


@editions
@kits
def test_sheet_front_continues_a_team_only_at_the_top_of_the_next_column(edition, paper):
    """Issue 55: the front's two columns are of one width and balanced by their content, so where whole teams would
    leave one column much taller (thirteen townsfolk beside nine others) a team continues at the top of the next
    column under its heading and '(계속)': once at most, and only there (issue 22 kept every team whole by widening
    the taller side's column, and the narrow one read choppy)."""
    page = pages(edition, paper, "script.pdf")[0]
    size = theme().script_sheet["team_size_pt"]
    rows: dict[float, list] = {}
    for c in page["chars"]:
        if abs(c["size"] - size) < 0.05 and c["text"].strip():
            rows.setdefault((round(c["top"]), c["x0"] > page["width"] / 2), []).append(c)
    headings = sorted(
        (right, top, "".join(c["text"] for c in sorted(chars, key=lambda c: c["x0"])))
        for (top, right), chars in rows.items()
    )
    names = [text for _, _, text in headings]
    assert names[0] == "마을주민" and any(name.startswith("악마") for name in names)
    continued = [index for index, (_, _, text) in enumerate(headings) if text.endswith("(계속)")]
    assert len(continued) <= 1, names
    for index in continued:
        right, _, text = headings[index]
        assert right and not headings[index - 1][0], names  # the right column's first heading
        assert text == headings[index - 1][2] + "(계속)", names  # the left column's last team, continued


def front_columns(page: dict) -> tuple[list[dict], list[dict]]:
    """The body characters of a sheet front's two columns (the right one starts at its team header)."""
    size = theme().script_sheet["team_size_pt"]
    heads = [c for c in page["chars"] if abs(c["size"] - size) < 0.05 and c["text"].strip()]
    left_edge = min(c["x0"] for c in heads)
    right_edge = min(c["x0"] for c in heads if c["x0"] > left_edge + 100)
    margin = theme().page.margin * MM
    body = [
        c for c in page["chars"] if c["text"].strip() and c["bottom"] < page["height"] - margin - 14 and c["top"] > 100
    ]
    return [c for c in body if c["x1"] < right_edge - 8], [c for c in body if c["x0"] >= right_edge - 16]


@pytest.mark.parametrize("edition", [*EDITIONS, "in-space"])
@kits
def test_the_front_columns_end_together(edition, paper):
    """Thirteen townsfolk beside nine others used to end 100–130 pt apart (a quarter of the page empty); now within a
    line of each other, in columns of one width (a team continued in the second where whole teams would not level
    them, and the shorter column's rows spread)."""
    left, right = front_columns(pages(edition, paper, "script.pdf")[0])
    sheet = theme().script_sheet
    assert (
        abs(max(c["bottom"] for c in left) - max(c["bottom"] for c in right))
        <= sheet["ability_max_pt"] * sheet["leading_ratio"]
    )


@editions
@kits
def test_team_headings_are_larger_than_the_names_under_them(edition, paper):
    page = pages(edition, paper, "script.pdf")[0]
    heading = theme().script_sheet["team_size_pt"]
    names = [
        c["size"] for c in page["chars"] if "Bold" in c["fontname"] and c["text"].strip() and c["size"] < heading - 0.05
    ]
    headings = [c for c in page["chars"] if abs(c["size"] - heading) < 0.05 and c["text"].strip()]
    assert names and "".join(c["text"] for c in headings).startswith("마을주민")
    assert max(names) + 0.5 <= heading


@editions
@kits
def test_every_quarter_of_the_sheet_back_holds_text(edition, paper):
    back = pages(edition, paper, "script.pdf")[1]
    margin = theme().page.margin * MM
    body = [
        c for c in back["chars"] if c["text"].strip() and margin < c["top"] and c["bottom"] < back["height"] - margin
    ]
    assert all(c["upright"] for c in body)  # one reading direction: upright
    middle_x, middle_y = back["width"] / 2, back["height"] / 2
    quarters = Counter(((c["x0"] + c["x1"]) / 2 > middle_x, (c["top"] + c["bottom"]) / 2 > middle_y) for c in body)
    for quarter in [(False, False), (True, False), (False, True), (True, True)]:
        assert quarters[quarter] >= 20, (quarter, quarters)


@editions
@kits
def test_no_white_band_between_a_night_and_the_extras_under_it(edition, paper):
    """In each column of the back, what follows the night's last row (새벽) starts within 22 mm of it (the band gap
    and a section heading take 14): a short night spreads its rows and its extras come right below. They used to
    stand on the bottom margin, or the band sat under the longer night only, leaving 35–55 mm of white."""
    back = pages(edition, paper, "script.pdf")[1]
    margin = theme().page.margin * MM
    footer = back["height"] - margin - 12
    middle = back["width"] / 2
    for left in (True, False):
        column = [
            c
            for c in back["chars"]
            if c["text"].strip() and ((c["x0"] + c["x1"]) / 2 < middle) == left and c["bottom"] < footer
        ]
        dawn = max(c["bottom"] for c in column if c["text"] == "벽")
        below = [c["top"] for c in column if c["top"] > dawn + 1]
        if below:
            assert min(below) - dawn <= 22 * MM, (left, round((min(below) - dawn) / MM, 1))


@editions
@kits
def test_travellers_on_the_back_at_a_readable_size(edition, paper):
    """The travellers' abilities are set at least at 8.5 pt (they were squeezed to 8 pt), never above the front's."""
    game, files = bundled_kit(paper, edition)
    front, back = pages(edition, paper, "script.pdf")
    ability_sizes = Counter(c["size"] for c in front["chars"] if "Myeongjo" in c["fontname"])
    front_size = ability_sizes.most_common(1)[0][0]
    serif = [
        c["size"] for c in back["chars"] if "Myeongjo" in c["fontname"] and "Bold" not in c["fontname"]
    ]  # not the title
    assert serif and min(serif) >= min(front_size, 8.5) - 0.01 and max(serif) <= front_size + 0.01


def test_bootlegger_rules_print_beside_the_loric(tmp_path):
    """A script's bootlegger rules print on the back in their own section, through the wording like other text."""
    from conftest import pdf_page_texts

    from generator.documents.script_sheet import build
    from generator.load.game import load_game
    from generator.options import RenderOptions

    script = tmp_path / "rules.yaml"
    script.write_text(
        "id: rules\ntitle: 규칙 시험\ncharacters: [washerwoman, chef, empath, butler, poisoner, imp]\n"
        "bootlegger:\n  - \"요리사는 '첫날 밤'에 깨우지 않습니다.\"\n  - 임프는 스스로를 고를 수 없습니다.\n",
        encoding="utf-8",
    )
    game, report = load_game(script)
    assert game is not None and not report.errors
    [(_, data)] = build(game, RenderOptions())
    back = pdf_page_texts(data)[1].replace("\n", "").replace(" ", "").replace("\u00a0", "")
    assert "자체규칙" in back  # the label the night sheet and the almanac use (templates/labels.yaml)
    assert "요리사는‘첫날밤’에깨우지않습니다." in back  # typographic quotes, as all printed game text
    assert "임프는스스로를고를수없습니다." in back


def test_a_logo_prints_in_the_title_block_and_a_url_is_reported(tmp_path):
    from PIL import Image

    from generator.documents.script_sheet import build
    from generator.load.game import load_game
    from generator.options import RenderOptions

    Image.new("RGB", (40, 40), (200, 30, 30)).save(tmp_path / "club.png")
    base = "title: 로고 시험\ncharacters: [washerwoman, chef, empath, butler, poisoner, imp]\n"
    (tmp_path / "logo.yaml").write_text("id: logo\n" + base + "logo: club.png\n", encoding="utf-8")
    (tmp_path / "web.yaml").write_text("id: web\n" + base + "logo: https://example.com/club.png\n", encoding="utf-8")
    game, report = load_game(tmp_path / "logo.yaml")
    assert not report.findings
    options = RenderOptions()
    [(_, data)] = build(game, options)
    assert not options.report.findings
    import pypdfium2

    image = pypdfium2.PdfDocument(data)[0].render(scale=1).to_pil().convert("RGB")
    top = image.crop((0, 0, image.width // 4, int(45 * MM)))  # the title block's left end
    assert any(r > 150 and g < 80 and b < 80 for _, (r, g, b) in top.getcolors(1 << 20))  # the red logo
    web, _ = load_game(tmp_path / "web.yaml")
    options = RenderOptions()
    build(web, options)
    [finding] = options.report.findings
    assert finding.code == "logo-url" and "인터넷 없이" in finding.message
    (tmp_path / "missing.yaml").write_text("id: missing\n" + base + "logo: nowhere.png\n", encoding="utf-8")
    missing, _ = load_game(tmp_path / "missing.yaml")
    options = RenderOptions()
    build(missing, options)
    [finding] = options.report.findings
    assert finding.code == "logo-unreadable" and "nowhere.png" in finding.message
    import json

    (tmp_path / "club.json").write_text(
        json.dumps(
            [
                {"id": "_meta", "name": "JSON 로고", "logo": "club.png"},
                "washerwoman",
                "chef",
                "empath",
                "butler",
                "poisoner",
                "imp",
            ]
        ),
        encoding="utf-8",
    )
    from_json, report = load_game(tmp_path / "club.json")
    assert not report.errors and from_json.script.logo == "club.png" and from_json.script.logo_base == str(tmp_path)
    options = RenderOptions()
    build(from_json, options)
    assert not options.report.findings


# ---------------------------------------------------------------- highlights in greyscale


@editions
@kits
@pytest.mark.parametrize("name", ["night-card.pdf", "night-order.pdf"])
def test_no_highlight_at_body_size_differs_by_colour_alone(edition, paper, name):
    """Text at the body's size in a colour other than the body's (reminder names, team-coloured words) is set in
    another face; muted grey is a lighter tone for secondary notes, not a highlight."""
    found = pages(edition, paper, name)
    chars = [c for page in found for c in page["chars"] if c["text"].strip()]
    (body_font, body_size), _ = Counter((c["fontname"], c["size"]) for c in chars).most_common(1)[0]
    ink, muted = rgb(color("ink")), rgb(color("muted"))
    body_colour = Counter(c["color"] for c in chars if c["fontname"] == body_font).most_common(1)[0][0]
    assert body_colour == ink
    highlighted = [c for c in chars if abs(c["size"] - body_size) < 0.3 and c["color"] not in (ink, muted)]
    assert highlighted  # the reminder names are there
    # bold, and in the gothic face where the body is the serif: a difference of shape, not only of weight
    weak = [
        c["text"]
        for c in highlighted
        if "Bold" not in c["fontname"] or ("Myeongjo" in body_font and "Gothic" not in c["fontname"])
    ]
    assert not weak, "".join(weak)


@kits
def test_trouble_brewing_cues_are_ten_point_and_the_rows_use_the_page(paper):
    """Trouble Brewing's 17 steps leave room: every cue at the theme's largest size, rows spread down the page."""
    card = pages("trouble-brewing", paper, "night-card.pdf")[0]
    ink = rgb(color("ink"))
    cues = [c for c in card["chars"] if c["fontname"] == "NanumGothic" and c["color"] == ink and c["top"] > 30 * MM]
    assert {c["size"] for c in cues} == {theme().night_card["cue_pt"][0]} == {10}
    assert max(c["bottom"] for c in cues) > 0.7 * card["height"]


# ---------------------------------------------------------------- the almanac's running heads


@pytest.mark.parametrize("edition", [*EDITIONS, "in-space"])
@kits
def test_running_heads_put_the_section_on_the_outer_edge_in_one_face(edition, paper):
    found = pages(edition, paper, "almanac.pdf")
    head_pt = theme().almanac["head_pt"]
    muted = rgb(color("muted"))
    checked = 0
    for number, page in enumerate(found, 1):
        head = [c for c in page["chars"] if c["text"].strip() and c["bottom"] < 17 * MM and c["size"] <= head_pt + 0.01]
        section = [c for c in head if c["color"] != muted]
        if not section:
            continue
        assert len({c["fontname"] for c in head}) == 1, number
        centre = sum((c["x0"] + c["x1"]) / 2 for c in section) / len(section)
        outer_right = number % 2 == 1  # a recto's outer edge is its right
        assert (centre > page["width"] / 2) == outer_right, f"p{number}: section word on the spine side"
        checked += 1
    assert checked > len(found) / 2


# ---------------------------------------------------------------- tokens


def token_circles(data: bytes) -> list[dict]:
    """Per page: cut circles (centre, diameter, stroke colour) and filled discs (centre, diameter, fill colour)."""
    cut = theme().tokens["cut_line_pt"]
    found = []
    for page in pdf_paths(data):
        cuts, strokes, discs = [], [], []
        for c in curves(page):
            if abs((c["x1"] - c["x0"]) - (c["bottom"] - c["top"])) > 0.5:
                continue  # not a circle
            centre = ((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2)
            diameter = c["x1"] - c["x0"]
            if c["stroke"] and not c["fill"]:
                entry = (centre, diameter - c["linewidth"], c["stroking_color"])
                (cuts if abs(c["linewidth"] - cut) < 1e-6 else strokes).append(entry)
            elif c["fill"]:
                discs.append((centre, diameter, c["non_stroking_color"]))
        found.append({"cuts": cuts, "strokes": strokes, "discs": discs})
    return found


def grey_of(pdf_colour) -> float:
    values = list(pdf_colour)
    if len(values) == 1:
        values *= 3
    return grey([v * 255 for v in values[:3]])


@editions
@kits
def test_the_last_token_sheet_is_worth_printing(edition, paper):
    _, files = bundled_kit(paper, edition)
    sheets = token_circles(files["tokens.pdf"])
    areas = [sum(3.14159 * (d / 2) ** 2 for _, d, _ in sheet["cuts"]) for sheet in sheets]
    assert len(areas) > 1
    assert areas[-1] >= 0.5 * max(areas) - 1e-6, areas  # at least half as much to cut as the fullest sheet (issue 35)


@pytest.mark.parametrize("edition", [*EDITIONS, "in-space"])
@kits
def test_a_shroud_or_vote_set_that_fits_one_sheet_is_on_one_sheet(edition, paper):
    """All fifteen shrouds and votes fit on one sheet: neither set is split across sheets (the shrouds used to be cut
    10/5 on Trouble Brewing, and on Letter one shroud was left behind on the sheet before the last)."""
    _, files = bundled_kit(paper, edition)
    size = theme().tokens["reminder_size_pt"] * 1.25  # the shroud's and the vote's label
    labels = [
        "".join(c["text"] for c in page["chars"] if abs(c["size"] - size) < 0.3)
        for page in pdf_chars(files["tokens.pdf"])
    ]
    for label in ("수의", "투표"):
        assert sum(1 for text in labels if label in text) == 1, (label, [text.count(label) for text in labels])


@editions
@kits
def test_one_cut_line_per_token_that_shows_on_dark_tokens(edition, paper):
    _, files = bundled_kit(paper, edition)
    for number, sheet in enumerate(token_circles(files["tokens.pdf"]), 1):
        for (x, y), diameter, stroke in sheet["cuts"]:
            same = [(d, fill) for (cx, cy), d, fill in sheet["discs"] if abs(cx - x) < 0.2 and abs(cy - y) < 0.2]
            assert same, (number, x, y)
            outermost = max(same)[1]  # the disc under the cut line runs out to the bleed
            assert abs(grey_of(stroke) - grey_of(outermost)) >= 90, (
                f"p{number}: cut line hard to see at ({x:.0f}, {y:.0f})"
            )
            near = [
                d
                for (cx, cy), d, _ in sheet["strokes"]
                if abs(cx - x) < 0.2 and abs(cy - y) < 0.2 and diameter - 3 * MM < d < diameter + 0.5
            ]
            assert not near, f"p{number}: a ring beside the cut line at ({x:.0f}, {y:.0f})"


# ---------------------------------------------------------------- lines, names and gaps across the kit


@functools.cache
def lines_of(edition: str, paper: str, name: str) -> tuple:
    """(page number, fragments of that page) for the upright text of one document, found once for the tests that read
    them (they only read)."""
    return tuple(
        (number, fragments({**page, "chars": [c for c in page["chars"] if c["upright"]]}))
        for number, page in enumerate(pages(edition, paper, name), 1)
    )


@editions
@kits
@pytest.mark.parametrize("name", READ)
def test_no_word_gap_over_six_tenths_of_an_em(edition, paper, name):
    """Between two glyphs of one run of text (same face and size) no gap is wider than 0.6 em: justified lines open
    their word spaces and, a little, the space between syllables, and never past that."""
    widest = 0.0
    for number, found in lines_of(edition, paper, name):
        for fragment in found:
            glyphs = [c for c in fragment["chars"] if c["text"].strip()]
            for a, b in zip(glyphs, glyphs[1:]):
                if b["fontname"] != a["fontname"] or b["size"] != a["size"]:
                    continue
                gap = (b["x0"] - a["x1"]) / a["size"]
                widest = max(widest, gap)
                assert gap <= 0.6, f"{name} p{number}: gap {gap:.2f} em in {fragment['text']!r}"
    assert widest > 0.2  # word gaps were seen at all


@editions
@kits
@pytest.mark.parametrize("name", READ)
def test_no_name_or_bracket_split_and_no_line_ends_opening(edition, paper, name):
    game, _ = bundled_kit(paper, edition)
    names = multiword_names(game) + [phrase for phrase in theme().text.keep_together]
    problems = []
    for number, found in lines_of(edition, paper, name):
        for fragment in found:
            end = fragment["text"].rstrip().replace("\u00a0", " ")
            if not end:
                continue
            last_word = end.split(" ")[-1]
            if end[-1] in OPENING or (last_word[0] in OPENING and len(last_word.lstrip(OPENING)) <= 1):
                problems.append((number, "opening", end[-12:]))
            if end.rfind("[") > end.rfind("]"):
                problems.append((number, "bracket", end[-20:]))
            below = next_line(fragment, found)
            if below is None:
                continue
            joined = end + "\n" + below["text"].lstrip().replace("\u00a0", " ")
            for full in names:
                for cut in [m.start() for m in re.finditer(" ", full)]:
                    if full[:cut] + "\n" + full[cut + 1 :] in joined:
                        problems.append((number, "split", full))
    assert not problems, problems[:5]


@pytest.mark.parametrize("edition", [*EDITIONS, "in-space"])
@kits
def test_a_section_cut_across_the_back_columns_says_it_continues(edition, paper):
    """No section heading is printed twice on the back: a section cut across the two columns repeats its heading
    marked '(계속)' (in-space's travellers were once printed under '여행자' twice). Trouble Brewing's five travellers
    are cut so on both papers, so the case is seen."""
    size = theme().script_sheet["back"]["section_size_pt"]
    back = pages(edition, paper, "script.pdf")[1]
    headings = [f["text"].strip() for f in fragments(back) if abs(f["size"] - size) < 0.05]
    plain = [h for h in headings if not h.endswith("(계속)")]
    continued = [h.removesuffix("(계속)").strip() for h in headings if h.endswith("(계속)")]
    assert len(plain) == len(set(plain)), headings
    assert all(h in plain for h in continued) and len(continued) == len(set(continued)), headings
    if edition == "trouble-brewing":
        assert continued == ["여행자"], headings
