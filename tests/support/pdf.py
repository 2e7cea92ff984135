"""A PDF the user gets → what tests read of it through pdfium: each page's text, its characters with their boxes,
fonts and colours, the fonts embedded; read once per run for the same bytes and shared by the workers."""

from __future__ import annotations

from collections import OrderedDict

from support.kits import shared_across_workers


def pdf_page_texts(source) -> list[str]:
    """Each page's text, extracted with pdfium (a path or the PDF's bytes): fast enough to read every page."""
    import pypdfium2

    document = pypdfium2.PdfDocument(source if isinstance(source, (bytes, bytearray)) else str(source))
    try:
        return [document[i].get_textpage().get_text_range().replace("\r\n", "\n") for i in range(len(document))]
    finally:
        document.close()


def pdf_chars(data: bytes) -> list[dict]:
    """Per page of a PDF: its size and every drawn character as a dict (text, x0, x1, top, bottom from the top edge;
    size, fontname, color as 0–255 RGB, upright), read with pdfium (loose boxes: advance widths, as pdfplumber
    reports them) about fifty times faster than pdfplumber; shared by the workers of a run."""
    return read_once_per_pdf("pdfium-chars", data, _pdf_chars, keep=24)


def pdf_font_names(data: bytes) -> set[str]:
    """The BaseFont name of every font the pages of a PDF use, subset prefix and all ('AAAAAA+NanumGothic'), read
    from the page resources alone (pdfium reports a character's font without its prefix)."""
    import io

    from pypdf import PdfReader

    names = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        fonts = page.get("/Resources", {}).get_object().get("/Font", {}).get_object()
        names.update(str(font.get_object()["/BaseFont"]) for font in fonts.values())
    return {name.lstrip("/") for name in names}


def fonts_not_nanum_subsets(data: bytes) -> list[str]:
    """The fonts of a PDF that are not an embedded subset of a Nanum face ('AAAAAA+NanumGothic'): [] when Hangul can
    only print in the bundled faces, as the documents set it."""
    import re

    return sorted(name for name in pdf_font_names(data) if not re.match(r"^[A-Z]{6}\+Nanum", name))


_READINGS: dict[str, OrderedDict[str, list[dict]]] = {}


def read_once_per_pdf(kind: str, data: bytes, read, keep: int):
    """read(data), computed once per run for the same PDF bytes (shared by the workers) and held for the `keep` PDFs
    of this kind read last: tests only read the answer, and the kits' PDFs are read by test after test."""
    import hashlib

    held = _READINGS.setdefault(kind, OrderedDict())
    digest = hashlib.sha256(data).hexdigest()
    if digest in held:
        held.move_to_end(digest)
    else:
        held[digest] = shared_across_workers(f"{kind}-{digest}", lambda: read(data))
        if len(held) > keep:
            held.popitem(last=False)
    return held[digest]


def region_text(page: dict, x0: float, top: float, x1: float, bottom: float) -> str:
    """The text of one page of pdf_chars inside a box (points, top from the top edge), a line per line of type."""
    inside = [
        c
        for c in page["chars"]
        if x0 <= (c["x0"] + c["x1"]) / 2 <= x1 and top <= (c["top"] + c["bottom"]) / 2 <= bottom
    ]
    lines: list[list[dict]] = []
    for char in sorted(inside, key=lambda c: (round(c["bottom"]), c["x0"])):
        if lines and abs(lines[-1][0]["bottom"] - char["bottom"]) < max(1.0, char["size"] / 2):
            lines[-1].append(char)
        else:
            lines.append([char])
    return "\n".join("".join(c["text"] for c in sorted(line, key=lambda c: c["x0"])) for line in lines)


def numbers_at_size(page: dict, size: float) -> list[int]:
    """The numbers a page of pdf_chars prints in digits of one size (seat numbers), in reading order; the digits of a
    two-digit number stand side by side and are read as one."""
    digits = sorted(
        (c for c in page["chars"] if abs(c["size"] - size) < 0.3 and c["text"].isdigit()),
        key=lambda c: (round(c["top"]), c["x0"]),
    )
    numbers: list[list[dict]] = []
    for c in digits:
        if numbers and round(numbers[-1][-1]["top"]) == round(c["top"]) and c["x0"] - numbers[-1][-1]["x1"] < 1.5:
            numbers[-1].append(c)
        else:
            numbers.append([c])
    return [int("".join(c["text"] for c in number)) for number in numbers]


def _pdf_chars(data: bytes) -> list[dict]:
    import ctypes

    import pypdfium2
    import pypdfium2.raw as raw

    document = pypdfium2.PdfDocument(data)
    name = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    box = raw.FS_RECTF()
    matrix = raw.FS_MATRIX()
    red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
    origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
    pages = []
    try:
        for index in range(len(document)):
            page = document[index]
            height = page.get_height()
            kept = page.get_textpage()  # held: the handle is freed with it
            textpage = kept.raw  # the handle itself: through the wrapper, every call looked it up again
            chars = []
            for k in range(raw.FPDFText_CountChars(textpage)):
                code = raw.FPDFText_GetUnicode(textpage, k)
                if code in (0, 2, 10, 13, 0xFFFE, 0xFFFF) or (
                    code != 32 and raw.FPDFText_IsGenerated(textpage, k) == 1
                ):
                    continue  # pdfium marks many drawn word spaces as its own: spaces are kept either way
                raw.FPDFText_GetLooseCharBox(textpage, k, box)
                raw.FPDFText_GetFontInfo(textpage, k, name, 128, flags)
                raw.FPDFText_GetFillColor(textpage, k, red, green, blue, alpha)
                raw.FPDFText_GetMatrix(textpage, k, matrix)
                raw.FPDFText_GetCharOrigin(textpage, k, origin_x, origin_y)
                char = {
                    "text": chr(code),
                    "x0": box.left,
                    "x1": box.right,
                    "top": height - box.top,
                    "bottom": height - box.bottom,
                    "size": round(raw.FPDFText_GetFontSize(textpage, k), 2),
                    "fontname": name.value.decode("latin-1"),
                    "color": (red.value, green.value, blue.value),
                    "upright": matrix.a > 0 and abs(matrix.b) < 1e-6,
                    # as pdfplumber gives it: the glyph's direction, and its origin in PDF space (from the bottom edge)
                    "matrix": (matrix.a, matrix.b, matrix.c, matrix.d, origin_x.value, origin_y.value),
                }
                if code == 32 and chars:  # a space pdfium made up has no box or size of its own: its line's
                    before = chars[-1]
                    char.update(
                        {
                            key: before[key]
                            for key in ("top", "bottom", "size", "fontname", "color", "upright", "matrix")
                        }
                    )
                    char["x0"] = char["x1"] = before["x1"]
                chars.append(char)
            pages.append({"width": page.get_width(), "height": height, "chars": chars})
    finally:
        document.close()
    return pages
