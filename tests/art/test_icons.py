"""Icons stage: bundled icons load and draw as coloured vectors; bad files become warnings and a placeholder."""

from __future__ import annotations

import io
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from generator.art import icon_drawing, icons

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
ICON_IDS = sorted(path.stem for path in (CONTENT / "characters").glob("*.yaml"))  # every character has its own icon
BLUE = "#1f4e9c"
RED = "#a0161b"
CELL = 60.0


@pytest.fixture(autouse=True)
def _fresh_cache():
    icons.clear_cache()
    yield
    icons.clear_cache()


def _sheet(path: Path, items, cols: int = 8) -> list[tuple[float, float]]:
    """Draw (icon, colour) items on one page in a grid; return the lower-left corner of each cell."""
    from reportlab.pdfgen import canvas

    rows = (len(items) + cols - 1) // cols
    width, height = cols * (CELL + 20) + 20, rows * (CELL + 20) + 20
    c = canvas.Canvas(str(path), pagesize=(width, height), invariant=1)
    corners = []
    for n, (icon, colour) in enumerate(items):
        x = 20 + (n % cols) * (CELL + 20)
        y = height - 20 - CELL - (n // cols) * (CELL + 20)
        icon_drawing.draw_icon(c, icon, x, y, CELL, colour)
        corners.append((x, y))
    c.save()
    return corners


def _render(pdf: Path, scale: float = 1.0):
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    image = doc[0].render(scale=scale).to_pil().convert("RGB")
    doc.close()
    return image


def _ink_in(image, x: float, y: float, size: float, page_height: float) -> int:
    """Count non-white pixels in a square given in PDF points (origin bottom-left), at scale 1."""
    top = int(page_height - (y + size))
    box = image.crop((int(x), top, int(x + size), int(top + size)))
    return sum(box.convert("L").histogram()[:200])


def _tiny_png(path: Path, width: int, height: int) -> None:
    """Write a valid PNG of any declared size whose pixel data compresses to almost nothing."""
    row = b"\x00" + b"\x00" * ((width + 7) // 8)  # filter byte + 1-bit greyscale pixels
    comp = zlib.compressobj(9)
    data = b"".join(comp.compress(row) for _ in range(height)) + comp.flush()

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0))
        + chunk(b"IDAT", data)
        + chunk(b"IEND", b"")
    )


def test_import_is_cheap():
    code = (
        "import sys, generator.art.icons; print(any(m.startswith(('reportlab', 'svglib', 'PIL')) for m in sys.modules))"
    )
    out = subprocess.run(
        [__import__("sys").executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


@pytest.mark.slow
@pytest.mark.parametrize("cid", ICON_IDS)
def test_bundled_icon_loads(cid):
    path = icons.resolve_icon_path(cid, f"{cid}.svg", CONTENT, None)
    assert path == CONTENT / "icons" / f"{cid}.svg"
    icon, problem = icons.load_icon_checked(path)
    assert problem is None
    assert icon is not None and icon.kind == "svg"
    assert icon._fill_shapes, "icon has no filled shapes"
    text = path.read_text(encoding="utf-8")
    assert 'viewBox="0 0 512 512"' in text
    assert "M0 0h512v512H0z" not in text  # no background square
    assert "CREDITS" in text


def test_all_icons_distinct_and_credited():
    bodies = {(CONTENT / "icons" / f"{cid}.svg").read_text() for cid in ICON_IDS}
    assert len(bodies) == len(ICON_IDS)
    credits = (CONTENT / "icons" / "CREDITS.md").read_text(encoding="utf-8")
    for cid in ICON_IDS:
        assert f"`{cid}.svg`" in credits
    assert "CC BY 3.0" in credits and "creativecommons.org/licenses/by/3.0" in credits


@pytest.mark.slow
def test_all_icons_draw_as_coloured_vectors(tmp_path):
    from pdf_paths import curves, pdf_paths

    loaded = [icons.load_icon(CONTENT / "icons" / f"{cid}.svg") for cid in ICON_IDS]
    items = [(icon, BLUE if n % 2 == 0 else RED) for n, icon in enumerate(loaded)]
    pdf = tmp_path / "icons.pdf"
    corners = _sheet(pdf, items)

    page = pdf_paths(pdf.read_bytes())[0]
    page_height = float(page["height"])
    assert len(curves(page)) >= len(ICON_IDS)
    fills = {tuple(round(v, 3) for v in s["non_stroking_color"]) for s in page["paths"] if s["fill"]}
    blue = tuple(round(int(BLUE[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))
    red = tuple(round(int(RED[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))
    assert fills == {blue, red}

    image = _render(pdf)
    for cid, (x, y) in zip(ICON_IDS, corners):
        ink = _ink_in(image, x, y, CELL, page_height)
        assert ink > CELL * CELL * 0.08, f"{cid}: too little ink ({ink} px)"
        # nothing drawn outside the cell: a ring just around it stays white
        ring = _ink_in(image, x - 8, y - 8, CELL + 16, page_height) - _ink_in(image, x, y, CELL, page_height)
        assert ring <= 2 * (CELL + 16), f"{cid}: drawn outside its square"


def test_drawing_is_deterministic(tmp_path):
    loaded = [icons.load_icon(CONTENT / "icons" / f"{cid}.svg") for cid in ICON_IDS[:6]]
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    _sheet(a, [(i, RED) for i in loaded])
    icons.clear_cache()
    loaded = [icons.load_icon(CONTENT / "icons" / f"{cid}.svg") for cid in ICON_IDS[:6]]
    _sheet(b, [(i, RED) for i in loaded])
    assert a.read_bytes() == b.read_bytes()


def test_load_is_cached():
    path = CONTENT / "icons" / "imp.svg"
    assert icons.load_icon(path) is icons.load_icon(path)


def _bad_files(tmp_path: Path) -> dict[str, Path]:
    from PIL import Image

    files = {"missing": tmp_path / "nope.svg"}
    files["not-image"] = tmp_path / "notes.svg"
    files["not-image"].write_text("이건 그림이 아닙니다", encoding="utf-8")
    files["text-png"] = tmp_path / "fake.png"
    files["text-png"].write_text("hello", encoding="utf-8")
    good = io.BytesIO()
    Image.new("RGB", (64, 64), (10, 200, 30)).save(good, "PNG")
    files["truncated"] = tmp_path / "cut.png"
    files["truncated"].write_bytes(good.getvalue()[:60])
    files["bomb"] = tmp_path / "bomb.png"
    _tiny_png(files["bomb"], 20000, 20000)
    files["bad-svg"] = tmp_path / "broken.svg"
    files["bad-svg"].write_text("<svg xmlns='http://www.w3.org/2000/svg'><path d=", encoding="utf-8")
    return files


def test_bad_files_become_problems_and_placeholder_draws(tmp_path):
    files = _bad_files(tmp_path)
    assert files["bomb"].stat().st_size < 200_000
    results = {}
    for name, path in files.items():
        icon, problem = icons.load_icon_checked(path)
        assert icon is None, name
        assert isinstance(problem, icons.IconProblem), name
        assert path.name in problem.message_ko and path.name in problem.path, name
        assert "자리표시 아이콘" in problem.message_ko
        results[name] = problem
    assert "찾을 수 없습니다" in results["missing"].message_ko
    assert "SVG, PNG 또는 JPEG" in results["not-image"].message_ko
    assert "너무 큽니다" in results["bomb"].message_ko
    assert results["truncated"].code == "icon-bad-png"

    pdf = tmp_path / "placeholders.pdf"
    corners = _sheet(pdf, [(None, RED)] * len(files))
    image = _render(pdf)
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        assert page.curves, "placeholder circle missing"
        assert "?" in page.extract_text()
        height = float(page.height)
    for x, y in corners:
        assert _ink_in(image, x, y, CELL, height) > 50


def test_escaping_path_is_refused(tmp_path):
    problems: list[icons.IconProblem] = []
    assert icons.resolve_icon_path("imp", "../../etc/passwd", CONTENT, None, problems) is None
    assert icons.resolve_icon_path("imp", "/etc/passwd", CONTENT, None, problems) is None
    assert len(problems) == 2
    assert all("폴더" in p.message_ko and "밖" in p.message_ko for p in problems)
    assert "../../etc/passwd" in problems[0].message_ko
    # a user icon dir never lets a crafted id out either
    assert icons.resolve_icon_path("../x", None, tmp_path, tmp_path) is None


def test_missing_field_defaults_to_id_and_missing_file_is_reported(tmp_path):
    assert icons.resolve_icon_path("imp", None, CONTENT, None) == CONTENT / "icons" / "imp.svg"
    assert icons.resolve_icon_path("nobody", None, CONTENT, None) is None
    path = icons.resolve_icon_path("imp", "gone.svg", CONTENT, None)
    icon, problem = icons.load_icon_checked(path)
    assert icon is None and "gone.svg" in problem.message_ko


def test_user_png_wins_over_bundled_svg(tmp_path):
    from PIL import Image

    user = tmp_path / "my-icons"
    user.mkdir()
    Image.new("RGBA", (40, 20), (0, 160, 0, 255)).save(user / "imp.png")
    path = icons.resolve_icon_path("imp", "imp.svg", CONTENT, user)
    assert path == user / "imp.png"
    icon, problem = icons.load_icon_checked(path)
    assert problem is None and icon.kind == "png" and (icon.width, icon.height) == (40, 20)

    pdf = tmp_path / "png.pdf"
    ((x, y),) = _sheet(pdf, [(icon, RED)], cols=1)
    image = _render(pdf)
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        assert len(page.images) == 1
        img = page.images[0]
        assert img["width"] == pytest.approx(CELL) and img["height"] == pytest.approx(CELL / 2)
        height = float(page.height)
    # centred vertically: green at the middle of the cell
    px = image.getpixel((int(x + CELL / 2), int(height - y - CELL / 2)))
    assert px[1] > 120 and px[0] < 60
    # SVG still used for characters without a user file
    assert icons.resolve_icon_path("spy", "spy.svg", CONTENT, user) == CONTENT / "icons" / "spy.svg"


def test_flowable_has_size_and_draws(tmp_path):
    from reportlab.platypus import SimpleDocTemplate, Table

    icon = icons.load_icon(CONTENT / "icons" / "raven.svg")
    flow = icon_drawing.icon_flowable(icon, 30, BLUE)
    assert flow.wrap(500, 500) == (30, 30)
    pdf = tmp_path / "flow.pdf"
    doc = SimpleDocTemplate(str(pdf), invariant=1)
    doc.build([Table([[flow, icon_drawing.icon_flowable(None, 30, RED)]])])
    import pdfplumber

    with pdfplumber.open(pdf) as p:
        assert len(p.pages[0].curves) >= 2


def test_every_bundled_icon_loads_once_and_is_cached():
    """Loading cost is measured in bench/; here: each file is parsed once per process and then reused."""
    first = [icons.load_icon(CONTENT / "icons" / f"{cid}.svg") for cid in ICON_IDS]
    again = [icons.load_icon(CONTENT / "icons" / f"{cid}.svg") for cid in ICON_IDS]
    assert all(a is b for a, b in zip(first, again))


def test_contact_sheet_of_every_icon_renders_with_ink_in_every_cell(tmp_path):
    """All icons on one sheet (tmp_path/icons.png, for a person to look at) with ink in every cell."""
    loaded = [icons.load_icon(CONTENT / "icons" / f"{cid}.svg") for cid in ICON_IDS]
    pdf = tmp_path / "sheet.pdf"
    corners = _sheet(pdf, [(icon, RED if n % 3 == 0 else BLUE) for n, icon in enumerate(loaded)])
    image = _render(pdf)
    image.save(tmp_path / "icons.png")
    height = image.height  # _render draws at 1 px per point
    for cid, (x, y) in zip(ICON_IDS, corners):
        assert _ink_in(image, x, y, CELL, height) > CELL * CELL * 0.05, cid


def test_a_later_document_copies_an_icons_form_and_prints_the_same_bytes(tmp_path):
    """A document after the first in one process takes each icon's form operators from it (same icon, same colour)
    and prints what drawing the icons anew prints; an icon that needs a graphics state (opacity) is drawn anew."""
    ghost = tmp_path / "ghost.svg"
    ghost.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<path d="M0 0H10V10z" fill="#000" fill-opacity="0.5"/></svg>',
        encoding="utf-8",
    )

    def items():
        bundled = [icons.load_icon(CONTENT / "icons" / f"{cid}.svg") for cid in ICON_IDS[:4]]
        return [(icon, RED) for icon in bundled] + [(icons.load_icon(ghost), BLUE), (bundled[0], BLUE)]

    first, later, anew = tmp_path / "first.pdf", tmp_path / "later.pdf", tmp_path / "anew.pdf"
    _sheet(first, items()[:5])
    assert icons.load_icon(CONTENT / "icons" / f"{ICON_IDS[0]}.svg")._drawn  # kept for the next document
    assert not icons.load_icon(ghost)._drawn  # its form names a graphics state of its own document
    _sheet(later, items())
    icons.clear_cache()
    _sheet(anew, items())
    assert later.read_bytes() == anew.read_bytes()


def test_primed_forms_are_copied_by_the_next_document_which_prints_the_same_bytes(tmp_path, monkeypatch):
    """prime_forms (run before the almanac's process is forked) draws each (icon, colour) once on a canvas it drops; a
    document after it draws none of them again and prints what drawing them itself prints."""
    from reportlab.graphics import renderPDF

    def items():
        bundled = [icons.load_icon(CONTENT / "icons" / f"{cid}.svg") for cid in ICON_IDS[:6]]
        return [(icon, RED if n % 2 else BLUE) for n, icon in enumerate(bundled)]

    icons.clear_cache()
    alone = tmp_path / "alone.pdf"
    _sheet(alone, items())
    icons.clear_cache()
    icon_drawing.prime_forms(items() + [(None, RED)])  # a missing icon has no form to prime
    drawn = []
    real_draw = renderPDF.draw
    monkeypatch.setattr(renderPDF, "draw", lambda *args, **kwargs: drawn.append(args) or real_draw(*args, **kwargs))
    primed = tmp_path / "primed.pdf"
    _sheet(primed, items())
    assert drawn == []
    assert primed.read_bytes() == alone.read_bytes()
    icons.clear_cache()


def test_a_run_looks_for_each_characters_icon_once_however_many_documents_ask(game, monkeypatch):
    """character_icon finds a character's icon once per run (RenderOptions): the documents of a kit asked 186 times for
    32 icons. A new run (new options, or options copied with dataclasses.replace) looks again."""
    import dataclasses

    from generator.options import RenderOptions

    looked = []
    real = icons.resolve_icon_path
    monkeypatch.setattr(
        icons, "resolve_icon_path", lambda *args, **kwargs: looked.append(args[0]) or real(*args, **kwargs)
    )
    options = RenderOptions()
    first = [icons.character_icon(c, game, options) for c in game.characters]
    again = [icons.character_icon(c, game, options) for c in game.characters]
    assert looked == [c.id for c in game.characters]
    assert all(a is b for a, b in zip(first, again)) and all(first)
    icons.character_icon(game.characters[0], game, dataclasses.replace(options, paper="letter"))
    icons.character_icon(game.characters[0], game, RenderOptions())
    assert looked[len(game.characters) :] == [game.characters[0].id] * 2
