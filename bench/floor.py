"""The floor for the benchmark: the least reportlab work that writes the same PDFs' pages, text and drawing.

Usage: python bench/floor.py FIXTURE.json OUT_DIR

bench/run.py reads the PDFs a command wrote (fixture_from_pdfs, below, in the bench's own process) into FIXTURE.json,
and this program writes them again with plain reportlab canvas calls, with no layout at all:
  pages   the same number of pages, each of the same size;
  text    each page's text lines (as pypdf extracts them, text in form XObjects included) drawn with drawString at
          a fixed step, cycling through the fonts: no wrapping, no measuring, no shaping;
  fonts   whole kit: the four Nanum fonts; a document: the fonts its PDF embeds (subsets of one font count once),
          registered from fonts/ and embedded as subsets by reportlab, as the real document does;
  drawing a document only: every path of the page and of its form XObjects (moves, lines, curves, rectangles,
          closes) built with a path object and painted with drawPath/clipPath, with the same graphics-state calls
          (save/restore, transform, line width/cap/join/dash, RGB/grey/CMYK colours); each form XObject (an icon,
          an imposed page) is defined once with beginForm/endForm and placed with doForm as often as the document
          places it. Raster images, shadings and transparency states are not drawn; the fixture counts them in
          "skipped" (the bundled kit has none).
What the floor leaves out is the work the real command does to decide where things go: loading and checking the
script, layout and line breaking, reading the SVG icons, the booklet's imposition. The kit's floor is text only
(fonts, pages and text), the yardstick of issues 25 and 53; each document's floor also draws, so that a document
that is mostly drawing (tokens: circles and icons) is compared with drawing the same things the same number of times.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONTS_DIR = ROOT / "fonts"
KIT_FONTS = ("NanumGothic", "NanumGothicBold", "NanumMyeongjo", "NanumMyeongjoBold")
STANDARD_FONTS = {"Helvetica", "Helvetica-Bold", "Times-Roman", "Courier", "Symbol", "ZapfDingbats"}

# PDF operators replayed by the floor; text operators are left to the drawn lines
PATH_OPS = {"m", "l", "c", "v", "y", "h", "re"}
PAINT_OPS = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"}
STATE_OPS = {"q", "Q", "cm", "w", "J", "j", "d", "M", "rg", "RG", "g", "G", "k", "K", "W", "W*"}
DRAWING_OPS = PATH_OPS | PAINT_OPS | STATE_OPS | {"Do"}
TEXT_OPS = {"BT", "ET", "Tf", "Td", "TD", "Tm", "T*", "Tj", "TJ", "'", '"', "TL", "Tc", "Tw", "Tz", "Ts", "Tr"}


# ---- reading a command's PDFs (bench process, pypdf) ----


def fixture_from_pdfs(folder: Path, fixture: Path, drawing: bool) -> dict:
    """Every PDF in folder → the floor's fixture (text lines per page; with drawing, also fonts, paths and forms).
    Returns a summary: pages, lines, painted paths, form placements and skipped operators."""
    from pypdf import PdfReader

    pdfs, summary = [], Counter()
    for path in sorted(folder.glob("*.pdf")):
        reader = PdfReader(path)
        entry: dict = {"name": path.name, "pages": []}
        reading = _Reading(reader) if drawing else None
        for page in reader.pages:
            box = page.mediabox
            lines = [line for line in (page.extract_text() or "").splitlines() if line.strip()]
            record = {"width": float(box.width), "height": float(box.height), "lines": lines}
            if reading is not None:
                record["ops"] = reading.ops(page.get_contents(), page.get("/Resources"))
            entry["pages"].append(record)
            summary["pages"] += 1
            summary["lines"] += len(lines)
        if reading is not None:
            entry["fonts"] = sorted(reading.fonts)
            entry["forms"] = reading.forms
            entry["skipped"] = dict(reading.skipped)
            summary.update(reading.counts)
            summary.update({f"skipped {op}": n for op, n in reading.skipped.items()})
        pdfs.append(entry)
    fixture.write_text(json.dumps({"pdfs": pdfs}, ensure_ascii=False), encoding="utf-8")
    return dict(summary)


class _Reading:
    """One PDF's drawing operators, form XObjects (once each, by object number) and fonts."""

    def __init__(self, reader):
        self.reader = reader
        self.forms: dict[str, dict] = {}
        self.form_names: dict[object, str] = {}
        self.fonts: set[str] = set()
        self.skipped: Counter = Counter()
        self.counts: Counter = Counter()

    def ops(self, contents, resources) -> list:
        from pypdf.generic import ContentStream

        resources = resources.get_object() if resources is not None else {}
        self._note_fonts(resources)
        if contents is None:
            return []
        kept, path_open = [], False
        for operands, operator in ContentStream(contents, self.reader).operations:
            op = operator.decode("latin-1") if isinstance(operator, bytes) else str(operator)
            if op in TEXT_OPS:
                continue
            if op not in DRAWING_OPS:
                self.skipped[op] += 1
                continue
            if op == "Do":
                name = self._form(str(operands[0]), resources)
                if name is None:
                    continue
                self.counts["form placements"] += 1
                kept.append(["Do", name])
                continue
            if op in PATH_OPS:
                path_open = True
            elif op in PAINT_OPS:
                if not path_open:
                    continue  # reportlab opens each path with a lone `n`: nothing to paint
                self.counts["painted paths"] += 1
                path_open = False
            kept.append([op, _plain(operands)])
        return kept

    def _form(self, key: str, resources) -> str | None:
        """The fixture's name of XObject `key` (read and added the first time); None for anything but a form."""
        entry = (resources.get("/XObject") or {}).get(key) if resources else None
        if entry is None:
            self.skipped["Do (missing)"] += 1
            return None
        identity = (entry.idnum, entry.generation) if hasattr(entry, "idnum") else id(entry)
        if identity in self.form_names:
            return self.form_names[identity]
        stream = entry.get_object()
        if stream.get("/Subtype") != "/Form":
            self.skipped[f"Do {stream.get('/Subtype')}"] += 1
            return None
        name = f"F{len(self.form_names)}"
        self.form_names[identity] = name
        ops = self.ops(stream, stream.get("/Resources") or resources)
        matrix = stream.get("/Matrix")
        if matrix is not None:
            ops.insert(0, ["cm", [float(v) for v in matrix]])
        self.forms[name] = {"bbox": [float(v) for v in stream.get("/BBox", [0, 0, 1000, 1000])], "ops": ops}
        return name

    def _note_fonts(self, resources) -> None:
        for font in (resources.get("/Font") or {}).values() if resources else ():
            base = str(font.get_object().get("/BaseFont", "")).lstrip("/")
            self.fonts.add(base.split("+", 1)[-1])


def _plain(operands) -> list:
    """pypdf operands → JSON numbers (and a list for a dash array)."""
    plain = []
    for value in operands:
        if isinstance(value, list):
            plain.append([float(v) for v in value])
        else:
            try:
                plain.append(float(value))
            except (TypeError, ValueError):
                plain.append(str(value))
    return plain


# ---- writing the floor (this program, reportlab only) ----


def register(fonts: list[str] | None) -> list[str]:
    """Registers the fonts the fixture names (the kit's four when it names none) and returns the faces to cycle
    through; a name with no file in fonts/ (and not one of reportlab's own) is left out."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    faces = []
    for name in KIT_FONTS if fonts is None else fonts:
        if name in STANDARD_FONTS:
            faces.append(name)
            continue
        file = FONTS_DIR / f"{name}.ttf"
        if file.is_file():
            if name not in pdfmetrics.getRegisteredFontNames():
                pdfmetrics.registerFont(TTFont(name, str(file)))
            faces.append(name)
    return faces or ["Helvetica"]  # only used when a page without fonts still has extracted text


def replay(canvas, ops: list) -> None:
    """Draws a page's (or a form's) paths with plain canvas calls, one call per PDF operator."""
    from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

    path, clip, point = None, None, (0.0, 0.0)
    for op, args in ops:
        if op in PATH_OPS:
            if path is None:
                path = canvas.beginPath()
            if op == "m":
                path.moveTo(*args)
                point = (args[0], args[1])
            elif op == "l":
                path.lineTo(*args)
                point = (args[0], args[1])
            elif op == "c":
                path.curveTo(*args)
                point = (args[4], args[5])
            elif op == "v":  # first control point is the current point
                path.curveTo(*point, *args)
                point = (args[2], args[3])
            elif op == "y":  # second control point is the end point
                path.curveTo(*args, *args[2:])
                point = (args[2], args[3])
            elif op == "h":
                path.close()
            else:
                path.rect(*args)
        elif op in PAINT_OPS:
            if path is None:
                continue
            if op in ("s", "b", "b*"):
                path.close()
            stroke = 1 if op in ("S", "s", "B", "B*", "b", "b*") else 0
            fill = 1 if op in ("f", "F", "f*", "B", "B*", "b", "b*") else 0
            rule = FILL_EVEN_ODD if op.endswith("*") or (clip or "").endswith("*") else FILL_NON_ZERO
            paint = canvas.clipPath if clip else canvas.drawPath
            paint(path, stroke=stroke, fill=fill, fillMode=rule)
            path, clip = None, None
        elif op in ("W", "W*"):
            clip = op
        elif op == "Do":
            canvas.doForm(args)
        else:
            STATE_CALLS[op](canvas, args)


STATE_CALLS = {
    "q": lambda c, a: c.saveState(),
    "Q": lambda c, a: c.restoreState(),
    "cm": lambda c, a: c.transform(*a),
    "w": lambda c, a: c.setLineWidth(a[0]),
    "J": lambda c, a: c.setLineCap(int(a[0])),
    "j": lambda c, a: c.setLineJoin(int(a[0])),
    "d": lambda c, a: c.setDash(a[0], a[1]),
    "M": lambda c, a: c.setMiterLimit(a[0]),
    "rg": lambda c, a: c.setFillColorRGB(*a),
    "RG": lambda c, a: c.setStrokeColorRGB(*a),
    "g": lambda c, a: c.setFillGray(a[0]),
    "G": lambda c, a: c.setStrokeGray(a[0]),
    "k": lambda c, a: c.setFillColorCMYK(*a),
    "K": lambda c, a: c.setStrokeColorCMYK(*a),
}


def write_pdf(pdf: dict, out_dir: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    faces = register(pdf.get("fonts"))
    canvas = Canvas(str(out_dir / pdf["name"]), pageCompression=1)
    forms = pdf.get("forms") or {}
    for number, page in enumerate(pdf["pages"]):
        width, height = page["width"], page["height"]
        canvas.setPageSize((width, height))
        if number == 0:
            for name, form in forms.items():  # defined once, placed by name wherever the pages place them
                canvas.beginForm(name, *form["bbox"])
                replay(canvas, form["ops"])
                canvas.endForm()
        replay(canvas, page.get("ops") or [])
        y = height - 30
        for index, line in enumerate(page["lines"]):
            canvas.setFont(faces[index % len(faces)], 9)
            canvas.drawString(20, y, line)
            y -= 11
            if y < 20:
                y = height - 30
        canvas.showPage()
    canvas.save()


def main(fixture: Path, out_dir: Path) -> None:
    data = json.loads(fixture.read_text(encoding="utf-8"))
    out_dir.mkdir(parents=True, exist_ok=True)
    for pdf in data["pdfs"]:
        write_pdf(pdf, out_dir)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: floor.py FIXTURE.json OUT_DIR")
    main(Path(sys.argv[1]), Path(sys.argv[2]))
