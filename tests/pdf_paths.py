"""The drawn paths of a PDF (cut circles, crop marks, rings, discs) read with pdfium: per page, each path's box from
the points it passes through (as pdfplumber measures a curve), whether it is filled or stroked, its line
width and colours. pdfplumber parsed the same pages in pure Python, twenty to fifty times slower; the kits' PDFs are
read by many tests, so the answer is shared by the workers of a run like pdf_chars."""

from __future__ import annotations

import ctypes

from conftest import read_once_per_pdf


def pdf_paths(data: bytes) -> list[dict]:
    """Per page: {"width", "height", "paths": [...]} where a path is a dict of x0, x1, top, bottom (points, top
    from the top edge, through the points it passes, not its control points), kind (line, rect or curve, as
    pdfplumber sorts them), stroke, fill, linewidth, and stroking_color / non_stroking_color as 0–1 RGB."""
    return read_once_per_pdf("pdfium-paths", data, _read_paths, keep=16)


def curves(page: dict) -> list[dict]:
    """The paths pdfplumber calls curves: neither one straight segment nor an upright box."""
    return [p for p in page["paths"] if p["kind"] == "curve"]


def _read_paths(data: bytes) -> list[dict]:
    import pypdfium2
    import pypdfium2.raw as raw

    document = pypdfium2.PdfDocument(data)
    try:
        pages = []
        for index in range(len(document)):
            page = document[index]
            height = page.get_height()
            found: list[dict] = []
            objects = [raw.FPDFPage_GetObject(page.raw, k) for k in range(raw.FPDFPage_CountObjects(page.raw))]
            _collect(raw, objects, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), height, found)
            pages.append({"width": page.get_width(), "height": height, "paths": found})
        return pages
    finally:
        document.close()


def _compose(inner: tuple, outer: tuple) -> tuple:
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _collect(raw, objects, outer: tuple, height: float, found: list[dict]) -> None:
    matrix = raw.FS_MATRIX()
    x, y = ctypes.c_float(), ctypes.c_float()
    fillmode, stroke = ctypes.c_int(), ctypes.c_int()
    width = ctypes.c_float()
    red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
    for obj in objects:
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_FORM:
            raw.FPDFPageObj_GetMatrix(obj, matrix)
            own = _compose((matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f), outer)
            children = [raw.FPDFFormObj_GetObject(obj, k) for k in range(raw.FPDFFormObj_CountObjects(obj))]
            _collect(raw, children, own, height, found)
            continue
        if kind != raw.FPDF_PAGEOBJ_PATH:
            continue
        raw.FPDFPageObj_GetMatrix(obj, matrix)
        a, b, c, d, e, f = _compose((matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f), outer)
        subpaths: list[list[tuple[float, float]]] = []
        curved: list[bool] = []
        count = raw.FPDFPath_CountSegments(obj)
        bezier = 0
        for k in range(count):
            segment = raw.FPDFPath_GetPathSegment(obj, k)
            kind = raw.FPDFPathSegment_GetType(segment)
            if kind == raw.FPDF_SEGMENT_BEZIERTO:
                bezier = (bezier + 1) % 3
                if bezier:  # a control point: pdfplumber measures a curve by the points it passes through
                    continue
            raw.FPDFPathSegment_GetPoint(segment, x, y)
            if kind == raw.FPDF_SEGMENT_MOVETO or not subpaths:
                subpaths.append([])
                curved.append(False)
            curved[-1] = curved[-1] or kind == raw.FPDF_SEGMENT_BEZIERTO
            subpaths[-1].append((a * x.value + c * y.value + e, b * x.value + d * y.value + f))
        if not subpaths:
            continue
        raw.FPDFPath_GetDrawMode(obj, fillmode, stroke)
        raw.FPDFPageObj_GetStrokeWidth(obj, width)
        raw.FPDFPageObj_GetStrokeColor(obj, red, green, blue, alpha)
        stroking = (red.value / 255, green.value / 255, blue.value / 255)
        raw.FPDFPageObj_GetFillColor(obj, red, green, blue, alpha)
        filling = (red.value / 255, green.value / 255, blue.value / 255)
        for points, bent in zip(subpaths, curved):  # each subpath on its own, as pdfplumber splits a path at every move
            if len(points) > 2 and _close(points[-1], points[0]):
                points.pop()
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            found.append(
                {
                    "x0": min(xs),
                    "x1": max(xs),
                    "top": height - max(ys),
                    "bottom": height - min(ys),
                    "kind": "curve" if bent else _kind(points),
                    "stroke": bool(stroke.value),
                    "fill": fillmode.value != 0,
                    "linewidth": round(width.value, 4),
                    "stroking_color": stroking,
                    "non_stroking_color": filling,
                }
            )


def _close(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return abs(p[0] - q[0]) < 1e-3 and abs(p[1] - q[1]) < 1e-3


def _kind(points: list[tuple[float, float]]) -> str:
    """pdfplumber's three kinds for straight segments: one is a line, an upright four-cornered box a rect, the
    rest curves (as is anything with a Bézier segment)."""
    if len(points) == 2:
        return "line"
    if len(points) == 4:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points
        same = lambda u, v: abs(u - v) < 1e-3  # noqa: E731
        if (same(x0, x1) and same(y1, y2) and same(x2, x3) and same(y3, y0)) or (
            same(y0, y1) and same(x1, x2) and same(y2, y3) and same(x3, x0)
        ):
            return "rect"
    return "curve"


def drawn_pages(data: bytes) -> list[dict]:
    """Each page as the token tests read it: page_number, width, height, curves, rects (with their width), lines,
    chars (pdf_chars) and text (its lines top to bottom, as pdfplumber's extract_text gives them), all from pdfium."""
    from conftest import pdf_chars, region_text

    pages = []
    for number, (drawn, typed) in enumerate(zip(pdf_paths(data), pdf_chars(data)), start=1):
        by_kind = {kind: [p for p in drawn["paths"] if p["kind"] == kind] for kind in ("curve", "rect", "line")}
        pages.append(
            {
                "page_number": number,
                "width": drawn["width"],
                "height": drawn["height"],
                "curves": by_kind["curve"],
                "rects": [{**r, "width": r["x1"] - r["x0"]} for r in by_kind["rect"]],
                "lines": by_kind["line"],
                "chars": typed["chars"],
                "text": region_text(typed, 0, 0, typed["width"], typed["height"]),
            }
        )
    return pages
