"""--style, read from the PDFs: `clean` is the default and draws no ground; `parchment` lays a light cream ground
under every page of the sheet, the night sheet and the night card, frames the sheet's title all round, and keeps
every letter at 4.5:1 or more against what lies under it when printed in greyscale. Both are deterministic; the
flag is refused in Korean when it names no style, and the page's form offers the styles.

Every other document takes the style too (issue 54: tokens, info cards, almanac and its booklet, grimoire, Town
Square): parchment lays the ground under its pages and moves nothing, every letter and every drawn path where clean
has it, and each dark letter still reads at 4.5:1 against the lightest grey round it in a greyscale rendering."""

from __future__ import annotations

import pytest
from conftest import pdf_chars, run_cli
from pdf_paths import pdf_paths

from generator.options import STYLES, RenderOptions
from generator.read.theme import labels, look, theme

MM = 72 / 25.4
DOCUMENTS = {"script_sheet": "script.pdf", "night_sheet": "night-order.pdf", "night_card": "night-card.pdf"}


@pytest.fixture(scope="module")
def built():
    """{(style, module): PDF bytes} for Trouble Brewing on A4, each built once for the module (parchment twice)."""
    from generator.documents import document_builder
    from generator.load.game import load_game

    game, _ = load_game("trouble-brewing")
    found = {}
    for style in ("default", *STYLES, "parchment-again"):
        for module in DOCUMENTS:
            options = RenderOptions() if style == "default" else RenderOptions(style=style.removesuffix("-again"))
            [(_, data)] = document_builder(module)(game, options)
            found[style, module] = data
    return found


def grey(colour) -> float:
    """A PDF fill colour (0–1 grey, RGB or CMYK tuple) as the grey a black-and-white printer makes of it, 0–255."""
    values = list(colour) if isinstance(colour, (tuple, list)) else [colour]
    if len(values) == 1:
        red = green = blue = values[0]
    elif len(values) == 4:
        c, m, y, k = values
        red, green, blue = ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    else:
        red, green, blue = values
    return 255 * (0.299 * red + 0.587 * green + 0.114 * blue)


def contrast(a: float, b: float) -> float:
    """The WCAG contrast ratio of two greys (0–255)."""

    def luminance(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def hex_rgb(value: str) -> tuple[float, float, float]:
    return tuple(int(value[i : i + 2], 16) / 255 for i in (1, 3, 5))


def grounds(data: bytes) -> list[dict]:
    """Per page, the first filled rectangle drawn, with its size and the page's."""
    return [
        next((sized(r) for r in page["paths"] if r["kind"] == "rect" and r["fill"]), None)
        | {"page_width": page["width"], "page_height": page["height"]}
        for page in pdf_paths(data)
    ]


def sized(rect: dict) -> dict:
    return rect | {"width": rect["x1"] - rect["x0"], "height": rect["bottom"] - rect["top"]}


def whole_page(rect: dict) -> bool:
    return (
        rect["x0"] <= 0.5
        and rect["top"] <= 0.5
        and rect["width"] >= rect["page_width"] - 1
        and rect["height"] >= rect["page_height"] - 1
    )


@pytest.mark.slow
@pytest.mark.parametrize("module", DOCUMENTS)
def test_clean_is_the_default_and_draws_no_ground(built, module):
    assert built["default", module] == built["clean", module]
    assert not any(whole_page(rect) for rect in grounds(built["clean", module]))


@pytest.mark.slow
@pytest.mark.parametrize("module", DOCUMENTS)
def test_parchment_is_a_light_cream_ground_under_every_page(built, module):
    assert built["parchment", module] == built["parchment-again", module]  # deterministic
    assert built["parchment", module] != built["clean", module]
    for rect in grounds(built["parchment", module]):
        assert whole_page(rect)  # the first thing each page fills
        red, green, blue = rect["non_stroking_color"]
        assert red > green > blue and red - blue > 0.04, rect["non_stroking_color"]  # cream, not grey or white
        assert grey(rect["non_stroking_color"]) >= 235  # light: a black-and-white printer lays about 5 % grey


def test_the_parchment_title_is_framed_all_round(built):
    """The clean title block has rules above and below; parchment's has sides too (two nested rectangles)."""
    t = theme().script_sheet["title_block"]
    for style, framed in (("clean", False), ("parchment", True)):
        page = pdf_paths(built[style, "script_sheet"])[0]
        rects = [sized(r) for r in page["paths"] if r["kind"] == "rect"]
        band = [r for r in rects if r["fill"] and abs(r["width"] - (page["width"] - 2 * theme().page.margin * MM)) < 1]
        frames = [r for r in rects if r["stroke"] and not r["fill"] and r["height"] > 20]
        assert band and band[0]["non_stroking_color"] == pytest.approx(hex_rgb(look(style)["title_fill"]), abs=0.005)
        assert (len(frames) == 2) == framed, frames
        if framed:
            assert {round(r["linewidth"], 2) for r in frames} == {t["rule_heavy_pt"], t["rule_light_pt"]}


@pytest.mark.parametrize("module", DOCUMENTS)
def test_every_letter_on_parchment_keeps_its_contrast_in_greyscale(built, module):
    """Each character against the last large fill drawn under it (the ground, the title band, a tinted row), both in
    greyscale: at least 4.5:1. Letters lighter than the ground (the badge syllables) stand on their own dark marks."""
    ground = grey(hex_rgb(look("parchment")["ground"]))
    worst = (99.0, "")
    data = built["parchment", module]
    for shapes, page in zip(pdf_paths(data), pdf_chars(data)):
        rects = [sized(r) for r in shapes["paths"] if r["kind"] == "rect"]
        fills = [r for r in rects if r["fill"] and min(r["width"], r["height"]) > 3 * MM]
        for char in page["chars"]:
            ink = grey([value / 255 for value in char["color"]])
            if not char["text"].strip() or ink > ground:
                continue
            x, y = (char["x0"] + char["x1"]) / 2, (char["top"] + char["bottom"]) / 2
            under = [r for r in fills if r["x0"] <= x <= r["x1"] and r["top"] <= y <= r["bottom"]]
            assert under, char["text"]
            ratio = contrast(ink, grey(under[-1]["non_stroking_color"]))
            worst = min(worst, (ratio, char["text"]))
    assert worst[0] >= 4.5, worst


def test_every_style_is_in_the_theme_and_names_only_clean_keys():
    styles = theme().styles
    assert tuple(styles) == STYLES
    assert all(set(styles[name]) <= set(styles["clean"]) for name in STYLES)


def test_an_unknown_style_is_refused_in_korean(tmp_path):
    result = run_cli("sheet", "trouble-brewing", "--style", "sepia", "--out", tmp_path)
    assert result.exit_code == 2
    assert "clean 또는 parchment" in result.stderr and "--style" in result.stderr


def test_the_page_offers_the_styles():
    from generator.server.options import option_fields

    [field] = [f for f in option_fields() if f.name == "style"]
    assert field.flag == "--style" and field.choices == STYLES and field.default == "clean"


@pytest.mark.slow
def test_the_page_builds_the_style_the_command_line_builds(tmp_path, monkeypatch):
    """The page's form sends style=parchment; the server's sheet is the command line's, byte for byte."""
    from generator.server import create_app
    from tests.server.test_serve_api import TROUBLE_BREWING, publisher_json

    text = publisher_json(TROUBLE_BREWING)
    (tmp_path / "tb.json").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run_cli("sheet", "tb.json", "--style", "parchment", "--out", "out", "-q").exit_code == 0
    client = create_app(workspace=tmp_path / "workspace").test_client()
    answer = client.post("/api/document/script_sheet?name=tb&style=parchment", data=text.encode())
    assert answer.status_code == 200 and answer.data == (tmp_path / "out" / "tb" / "script.pdf").read_bytes()
    refused = client.post("/api/document/script_sheet?style=sepia", data=text.encode())
    assert refused.status_code == 400 and "parchment" in refused.get_json()["error"]


# --- every document (issue 54) -------------------------------------------------------------------------------------

EVERY = {
    "tokens": ("tokens.pdf",),
    "info_cards": ("info-cards.pdf",),
    "almanac": ("almanac.pdf", "almanac-booklet.pdf"),
    "grimoire": ("grimoire.pdf",),
    "town_square": ("town-square.pdf",),
}


@pytest.fixture(scope="module")
def every():
    """{(style, file name): PDF bytes} of the five documents that took --style in issue 54, Trouble Brewing on A4."""
    from generator.documents import document_builder
    from generator.load.game import load_game

    game, _ = load_game("trouble-brewing")
    found = {}
    for style in STYLES:
        for module in EVERY:
            for name, data in document_builder(module)(game, RenderOptions(style=style)):
                found[style, name] = data
    return found


def is_ground(path: dict, page: dict) -> bool:
    """A rect of the style's ground from the page's top edge to its bottom, at its left edge or (a booklet's sheet
    side, two reading pages) at its middle."""
    width, height = path["x1"] - path["x0"], path["bottom"] - path["top"]
    middle = abs(path["x0"] - page["width"] / 2) < 1 or abs(path["x0"] - (page["width"] / 2 - width)) < 1
    return (
        path["kind"] == "rect"
        and path["fill"]
        and path["non_stroking_color"] == pytest.approx(hex_rgb(look("parchment")["ground"]), abs=0.005)
        and (path["x0"] <= 0.5 or middle)
        and height >= page["height"] - 1
    )


def placed(page: dict, skip_grounds: bool) -> list[tuple]:
    """Where each path lies and how it is drawn, colours aside."""
    return [
        (p["kind"], round(p["x0"], 2), round(p["top"], 2), round(p["x1"], 2), round(p["bottom"], 2), p["linewidth"])
        + (p["stroke"], p["fill"])
        for p in page["paths"]
        if not (skip_grounds and is_ground(p, page))
    ]


def span(paths: list[tuple]) -> tuple[float, float, float, float]:
    return min(p[1] for p in paths), min(p[2] for p in paths), max(p[3] for p in paths), max(p[4] for p in paths)


@pytest.mark.slow  # builds every document in both styles (the `every` fixture)
@pytest.mark.parametrize("name", [name for names in EVERY.values() for name in names])
def test_parchment_moves_no_letter_and_no_path_of_any_document(every, name):
    """The same letters at the same places; the same paths at the same places, grounds aside, but for a title
    block's rules (a heavy and a hairline one above and below) that parchment draws as a frame round the same box."""
    from collections import Counter

    clean, parchment = every["clean", name], every["parchment", name]
    assert clean != parchment
    for before, after in zip(pdf_chars(clean), pdf_chars(parchment), strict=True):
        assert [(c["text"], c["x0"], c["top"], c["size"], c["fontname"]) for c in after["chars"]] == [
            (c["text"], c["x0"], c["top"], c["size"], c["fontname"]) for c in before["chars"]
        ]
    corner = theme().script_sheet["title_block"]["frame_corner_pt"]
    for before, after in zip(pdf_paths(clean), pdf_paths(parchment), strict=True):
        assert not any(is_ground(p, before) for p in before["paths"])
        was, now = Counter(placed(before, False)), Counter(placed(after, True))
        rules, frame = list((was - now).elements()), list((now - was).elements())
        if not rules and not frame:
            continue
        assert len(rules) == 4 and all(kind == "line" for kind, *_ in rules)  # the title block's four rules …
        box = span(rules)
        framed = [p for p in frame if p[0] == "rect"]
        assert len(framed) == 2 and span(framed[:1]) == pytest.approx(box, abs=0.05)  # … become its frame
        reach = (box[0] - corner, box[1] - corner, box[2] + corner, box[3] + corner)
        assert all(reach[0] <= p[1] and reach[1] <= p[2] and p[3] <= reach[2] and p[4] <= reach[3] for p in frame)


@pytest.mark.slow  # builds every document in both styles (the `every` fixture)
@pytest.mark.parametrize("name", [name for names in EVERY.values() for name in names])
def test_parchment_lays_its_ground_first_under_every_page_of_every_document(every, name):
    """Every page's first drawing is the ground (a booklet's sheet side: one per reading page on it), except the
    Town Square's blank back, which stays white: nobody looks at it, so it costs no toner."""
    blank = labels("town_square")["blank"].replace(" ", "")
    data = every["parchment", name]
    for page, letters in zip(pdf_paths(data), pdf_chars(data)):
        if "".join(c["text"] for c in letters["chars"]).replace(" ", "") == blank:
            assert not page["paths"]
            continue
        grounds = [p for p in page["paths"] if is_ground(p, page)]
        assert grounds and page["paths"][0] is grounds[0]
        # edge to edge across the page (two A5 pages on an A4 side leave 0.25 mm at each of their edges)
        assert sum(g["x1"] - g["x0"] for g in grounds) >= page["width"] - 1.1 * MM


@pytest.mark.slow  # builds every document in both styles (the `every` fixture)
@pytest.mark.parametrize("name", [name for names in EVERY.values() for name in names])
def test_every_dark_letter_of_every_document_reads_on_parchment_in_greyscale(every, name):
    """Rendered in greyscale, each letter darker than the ground against the lightest grey inside its box (what lies
    under it: the ground, a tint, a token's disc): 4.5:1 at least."""
    import pypdfium2

    scale = 2
    ground = grey(hex_rgb(look("parchment")["ground"]))
    data = every["parchment", name]
    document = pypdfium2.PdfDocument(data)
    worst = (99.0, "")
    try:
        for index, page in enumerate(pdf_chars(data)):
            image = document[index].render(scale=scale).to_pil().convert("L")
            for char in page["chars"]:
                ink = grey([value / 255 for value in char["color"]])
                if not char["text"].strip() or ink >= ground:
                    continue
                box = (int(char["x0"] * scale), int(char["top"] * scale), int(char["x1"] * scale) + 1)
                box += (int(char["bottom"] * scale) + 1,)
                under = image.crop(box).getextrema()[1]
                worst = min(worst, (contrast(ink, under), f"{char['text']} p{index + 1}"))
    finally:
        document.close()
    assert worst[0] >= 4.5, worst


def test_every_document_command_takes_the_style():
    from generator.options import BY_NAME, DOCUMENT_COMMANDS

    assert set(BY_NAME["style"].commands) == set(DOCUMENT_COMMANDS)


@pytest.mark.slow  # builds every document in both styles (the `every` fixture)
@pytest.mark.parametrize("name", [name for names in EVERY.values() for name in names])
def test_parchment_adds_little_ink_to_any_page(every, name):
    """Ink-light: printed in greyscale, no page of parchment carries more than 6 % more toner than the clean page
    (its ground alone is about 5 %), the cut pieces' faces included."""
    import pypdfium2
    from PIL import ImageStat

    coverage = {}
    for style in STYLES:
        document = pypdfium2.PdfDocument(every[style, name])
        try:
            coverage[style] = [
                1 - ImageStat.Stat(page.render(scale=0.5).to_pil().convert("L")).mean[0] / 255 for page in document
            ]
        finally:
            document.close()
    assert max(after - before for before, after in zip(coverage["clean"], coverage["parchment"])) <= 0.06
