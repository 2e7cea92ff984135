"""Token sheets, measured from the PDF the user gets: cut circles, counts, spacing, margins, names, calibration, PNGs."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
import yaml
from conftest import fonts_not_nanum_subsets, pdf_page_texts
from pdf_paths import drawn_pages

from generator.documents import tokens as tokens_document
from generator.load.game import load_game
from generator.options import RenderOptions
from generator.read.theme import theme

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
PT_PER_MM = 72 / 25.4
SCRIPT = "in-space"


def largest_player_count() -> int:
    return max(yaml.safe_load((CONTENT / "setup.yaml").read_text(encoding="utf-8"))["base"])


def expected_counts(script_id: str = SCRIPT) -> tuple[int, int]:
    """(character tokens, reminder-size tokens) computed straight from the content YAML: reminders, and a shroud and
    a vote for each player of the largest setup row; the Djinn's token too when two of the script's characters have a jinx."""
    script = yaml.safe_load((CONTENT / "scripts" / f"{script_id}.yaml").read_text(encoding="utf-8"))
    spares = yaml.safe_load((CONTENT / "spares.yaml").read_text(encoding="utf-8")) or {}
    jinxes = yaml.safe_load((CONTENT / "jinxes.yaml").read_text(encoding="utf-8"))
    printed = list(script["characters"])
    if any(set(jinx["characters"]) <= set(printed) for jinx in jinxes) and "djinn" not in printed:
        printed.append("djinn")
    characters = reminders = 0
    for character_id in printed:
        data = yaml.safe_load((CONTENT / "characters" / f"{character_id}.yaml").read_text(encoding="utf-8"))
        characters += 1 + (spares.get(character_id, {}) or {}).get("count", 0)
        reminders += len(data.get("reminders") or []) + len(data.get("global_reminders") or [])
    return characters, reminders + 2 * largest_player_count()


def build_pdf(**option_values) -> bytes:
    game, _ = load_game(SCRIPT, None)
    options = RenderOptions(**option_values)
    [(name, data)] = tokens_document.build(game, options)
    assert name == "tokens.pdf"
    return data


@pytest.fixture(scope="module")
def pdfs() -> dict[str, bytes]:
    return {
        "default": build_pdf(),
        "small": build_pdf(token_size_mm=38, reminder_size_mm=19),
        "bleed": build_pdf(bleed_mm=3, paper="letter"),
    }


def cut_circles(page) -> list[dict]:
    """Cut lines: stroked, unfilled curves at the theme's cut-line width."""
    width = theme().tokens["cut_line_pt"]
    return [c for c in page["curves"] if c["stroke"] and not c["fill"] and abs(c["linewidth"] - width) < 1e-6]


def diameters_mm(circle) -> tuple[float, float]:
    return (circle["x1"] - circle["x0"]) / PT_PER_MM, (circle["bottom"] - circle["top"]) / PT_PER_MM


@pytest.mark.slow
@pytest.mark.parametrize(
    "variant, token_mm, reminder_mm", [("default", 44.45, 25.4), ("small", 38, 19), ("bleed", 44.45, 25.4)]
)
def test_cut_circles_have_the_nominal_diameter_and_the_content_count(pdfs, variant, token_mm, reminder_mm):
    characters = reminders = 0
    pages = drawn_pages(pdfs[variant])
    for page in pages:
        for circle in cut_circles(page):
            width, height = diameters_mm(circle)
            assert abs(width - height) < 0.1
            if abs(width - token_mm) <= 0.1:
                characters += 1
            elif abs(width - reminder_mm) <= 0.1:
                reminders += 1
            else:
                pytest.fail(f"cut circle of {width:.2f} mm on page {page['page_number']}")
    assert (characters, reminders) == expected_counts()


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["default", "small", "bleed"])
def test_tokens_never_overlap_and_keep_off_the_page_edge(pdfs, variant):
    bleed = 3 * PT_PER_MM if variant == "bleed" else 0.0
    edge = 6 * PT_PER_MM
    pages = drawn_pages(pdfs[variant])
    for page in pages:
        circles = [
            ((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2, (c["x1"] - c["x0"]) / 2 + bleed)
            for c in cut_circles(page)
        ]
        assert circles, f"page {page['page_number']} has no tokens"
        for x, y, r in circles:
            assert x - r >= edge and y - r >= edge
            assert x + r <= page["width"] - edge and y + r <= page["height"] - edge
        for i, (x1, y1, r1) in enumerate(circles):
            for x2, y2, r2 in circles[i + 1 :]:
                assert math.hypot(x1 - x2, y1 - y2) >= r1 + r2, "tokens overlap"
        # nothing at all is drawn in the outer 6 mm: art, bleed or text
        for shape in page["curves"] + page["rects"] + page["chars"]:
            assert shape["x0"] >= edge - 0.01 and shape["x1"] <= page["width"] - edge + 0.01
            assert shape["top"] >= edge - 0.01 and shape["bottom"] <= page["height"] - edge + 0.01


def pdf_text(data: bytes) -> str:
    """All text in drawing order (pdfium), whitespace removed: arc text comes one glyph per line."""
    return re.sub(r"\s+", "", "".join(pdf_page_texts(data)))


def test_every_token_name_and_reminder_is_in_the_text(pdfs):
    game, _ = load_game(SCRIPT, None)
    text = pdf_text(pdfs["default"])
    pages = drawn_pages(pdfs["default"])
    fonts = {char["fontname"] for page in pages for char in page["chars"] if char["text"].strip()}
    for character in game.characters:
        assert re.sub(r"\s+", "", character.name) in text
        for reminder in character.reminders + character.global_reminders:
            assert re.sub(r"\s+", "", reminder) in text
    assert fonts and all(font.startswith("Nanum") for font in fonts), fonts  # Hangul survives
    assert not fonts_not_nanum_subsets(pdfs["default"])  # in embedded subsets


@pytest.mark.parametrize("variant", ["default", "small"])
def test_long_names_shrink_inside_the_safe_area(pdfs, variant):
    """Every glyph on a token, the longest names included, stays at least 2 mm inside the cut circle (GUIDE §3: 2–5 mm)."""
    pages = drawn_pages(pdfs[variant])
    for page in pages:
        # centres in PDF coordinates (origin bottom left), like the glyph matrices
        circles = [
            ((c["x0"] + c["x1"]) / 2, page["height"] - (c["top"] + c["bottom"]) / 2, (c["x1"] - c["x0"]) / 2)
            for c in cut_circles(page)
        ]
        for char in page["chars"]:
            if char["text"].isspace():
                continue
            a, b, _, _, e, f = char["matrix"]
            scale = math.hypot(a, b)
            # a curved glyph's outermost points are the ends of its baseline, plus a little descent
            ends = [(e, f), (e + a / scale * char["size"], f + b / scale * char["size"])]
            inside = [c for c in circles if math.hypot(e - c[0], f - c[1]) < c[2]]
            if not inside:
                continue  # page furniture
            x, y, r = inside[0]
            reach = max(math.hypot(px - x, py - y) for px, py in ends) + 0.12 * char["size"]
            assert reach <= r - 2.0 * PT_PER_MM, (
                f"'{char['text']}' only {(r - reach) / PT_PER_MM:.2f} mm inside the cut"
            )


def test_every_page_has_the_calibration_bar_note_title_and_number(pdfs):
    game, _ = load_game(SCRIPT, None)
    length = theme().tokens["calibration_mm"]
    thickness = theme().tokens["calibration_bar_mm"]
    pages = drawn_pages(pdfs["default"])
    assert len(pages) >= 2
    for page in pages:
        bars = [
            r
            for r in page["rects"]
            if abs((r["bottom"] - r["top"]) / PT_PER_MM - thickness) < 0.05 and 40 < r["width"] / PT_PER_MM < 60
        ]
        assert len(bars) == 1
        assert abs(bars[0]["width"] / PT_PER_MM - 50) <= 0.05 and length == 50
        text = page["text"]
        assert "50 mm" in text and "실제 크기(100%)" in text
        assert game.script.title in text
        assert text.rstrip().endswith(f" {page['page_number']}")  # bottom right, after the credit line


def test_same_input_gives_the_same_bytes(pdfs):
    assert build_pdf() == pdfs["default"]


def test_dense_packing_wastes_no_page():
    """The pages hold no more than one page's worth of slack: a page count no sheet-by-sheet layout could beat by 2."""
    from generator.art.token_layout import layout

    game, _ = load_game(SCRIPT, None)
    specs, pages, frame = layout(game, RenderOptions())
    area = (frame.right - frame.left) * (frame.top - frame.bottom)
    used = sum(math.pi * (s.diameter_mm / 2 + 1.5) ** 2 for s in specs)
    assert len(pages) <= math.ceil(used / (area * 0.78)) + 1
    assert all(len(p.placements) > 3 for p in pages[:-1])


def test_ability_text_goes_inside_the_token():
    text = pdf_text(build_pdf(ability_text=True))
    assert "매일밤*,플레이어1명을선택합니다" in text  # the Imp's ability


@pytest.mark.slow
def test_tokens_command_writes_pdf_and_transparent_pngs(tmp_path):
    from PIL import Image
    from typer.testing import CliRunner

    from generator.cli import app

    result = CliRunner().invoke(
        app, ["tokens", SCRIPT, "--out", str(tmp_path / "out"), "--png", str(tmp_path / "png"), "--quiet"]
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / SCRIPT / "tokens.pdf").stat().st_size > 10_000
    game, _ = load_game(SCRIPT, None)
    for character in game.characters:
        image = Image.open(tmp_path / "png" / f"{character.id}.png")
        assert image.mode == "RGBA" and image.size[0] == image.size[1] >= 512
        width = image.size[0]
        for corner in ((0, 0), (width - 1, 0), (0, width - 1), (width - 1, width - 1)):
            assert image.getpixel(corner)[3] == 0
        assert image.getpixel((width // 2, width // 2))[3] == 255
    assert (tmp_path / "png" / "noble-reminder-3.png").is_file()


def test_tokens_command_refuses_a_silly_size(tmp_path):
    from typer.testing import CliRunner

    from generator.cli import app

    result = CliRunner().invoke(app, ["tokens", "--token-size", "0", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "--token-size" in result.output


def test_spares_follow_the_content_file():
    from generator.art.token_layout import CHARACTER, load_spares, token_specs
    from generator.findings import Report

    game, _ = load_game(SCRIPT, None)
    spares = load_spares(CONTENT, Report())
    assert {k: v.count for k, v in spares.items()} == {"imp": 1, "fanggu": 1}
    assert all(spare.reason for spare in spares.values())
    specs = token_specs(game, 44.45, 25.4, spares)
    assert sum(1 for s in specs if s.kind == CHARACTER and s.character_id == "imp") == 2
    assert sum(1 for s in specs if s.spare) == 2
