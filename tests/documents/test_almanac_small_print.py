"""The almanac's small print (issue 32), read from the PDF: flavour text dark enough for a greyscale laser (its colour
and its rendered grey), the script introduction titled 소개 under a running head that names the section the page
opens with, the font credit's company name on one line, and the back cover framed like the front."""

from __future__ import annotations

import pytest
from conftest import bundled_kit, pdf_chars

from generator.read.theme import theme

PAPERS = ["a4", "letter"]


def grey(rgb: tuple[int, int, int]) -> float:
    """Luminance 0–255 of a 0–255 RGB colour, as a greyscale printer converts it."""
    red, green, blue = rgb
    return 0.299 * red + 0.587 * green + 0.114 * blue


def lines(page: dict) -> list[tuple[float, float, str]]:
    """(baseline, size, text) per line of type on the page, top to bottom."""
    rows: dict[tuple, list] = {}
    for char in page["chars"]:
        rows.setdefault((round(char["bottom"]), char["size"]), []).append(char)
    return sorted(
        (bottom, size, "".join(c["text"] for c in sorted(chars, key=lambda c: c["x0"])))
        for (bottom, size), chars in rows.items()
    )


def almanac(paper: str, script: str = "trouble-brewing") -> bytes:
    return bundled_kit(paper, script)[1]["almanac.pdf"]


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_flavour_text_is_dark_enough_for_a_greyscale_laser(paper):
    size = theme().almanac["flavor_pt"]
    pages = pdf_chars(almanac(paper))
    flavour = [
        c
        for page in pages
        for c in page["chars"]
        if abs(c["size"] - size) < 0.05 and "가" <= c["text"] <= "힣" and "Myeongjo" in c["fontname"]
    ]
    assert len(flavour) > 500  # every entry's flavour was read
    assert max(grey(c["color"]) for c in flavour) <= 64  # at least 75 % black (the old muted grey was 99/255)


@pytest.mark.slow
def test_flavour_text_renders_dark_in_greyscale():
    """Rendered at 300 dpi in greyscale, the flavour strokes' cores are at least 70 % black."""
    import pypdfium2

    size = theme().almanac["flavor_pt"]
    data = almanac("a4")
    document = pypdfium2.PdfDocument(data)
    try:
        page_index = 3  # the washerwoman's page
        chars = [
            c
            for c in pdf_chars(data)[page_index]["chars"]
            if abs(c["size"] - size) < 0.05 and "가" <= c["text"] <= "힣" and "Myeongjo" in c["fontname"]
        ]
        assert len(chars) > 10
        scale = 300 / 72
        image = document[page_index].render(scale=scale, grayscale=True).to_pil().convert("L")
        pixels = image.load()
        ink = sorted(
            pixels[x, y]
            for c in chars
            for y in range(int(c["top"] * scale), int(c["bottom"] * scale))
            for x in range(int(c["x0"] * scale), int(c["x1"] * scale))
            if pixels[x, y] < 200
        )
    finally:
        document.close()
    core = ink[len(ink) // 10]
    assert core <= 0.3 * 255, core


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("script", ["trouble-brewing", "in-space"])
def test_the_introduction_is_titled_soge_under_the_head_of_the_section_the_page_opens_with(paper, script):
    head = theme().almanac["head_pt"]
    pages = pdf_chars(almanac(paper, script))
    found = False
    for page in pages[1:4]:
        texts = lines(page)
        titles = [text.strip() for _, size, text in texts if size > 12]
        if "소개" not in titles:
            continue
        found = True
        running = [text for _, size, text in texts if abs(size - head) < 0.05][0]
        body = [text.strip() for _, size, text in texts if abs(size - head) >= 0.05]
        opens_with = "차례" if body[0].startswith("차례") else "소개"
        assert running.rstrip().endswith(opens_with) or running.lstrip().startswith(opens_with), (running, body[0])
    assert found, "no page with the 소개 title"
    assert not any(text.strip() == "메모" for page in pages for _, size, text in lines(page) if size > 12)


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_the_font_credit_keeps_naver_corporation_on_one_line(paper):
    credit = [text for page in pdf_chars(almanac(paper)) for _, _, text in lines(page) if "NAVER" in text]
    assert credit and all("NAVER Corporation" in text.replace("\u00a0", " ") for text in credit), credit


def frame_rectangles(data: bytes, index: int) -> list[tuple[int, int, int, int]]:
    """The stroked paths of a page as rounded bounds (points), largest first."""
    import pypdfium2
    import pypdfium2.raw as raw

    document = pypdfium2.PdfDocument(data)
    try:
        page = document[index]
        found = [tuple(round(v) for v in obj.get_bounds()) for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH])]
    finally:
        document.close()
    return sorted(found, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]), reverse=True)


@pytest.mark.slow  # builds and renders a whole almanac on each paper
@pytest.mark.parametrize("paper", PAPERS)
def test_the_back_cover_is_framed_like_the_front(paper):
    data = almanac(paper)
    count = len(pdf_chars(data))
    front, back = frame_rectangles(data, 0)[:2], frame_rectangles(data, count - 1)[:2]
    width = pdf_chars(data)[0]["width"]
    assert front and front[0][2] - front[0][0] > 0.8 * width  # the front's frame: nearly the whole page
    assert back == front
