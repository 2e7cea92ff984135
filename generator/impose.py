"""Pages in reading order (a PDF) → saddle-stitch sheet sides, two pages up on landscape paper, for duplex with flip on the short edge.

The reading pages are padded to a multiple of 4 with blank pages inserted before the last page (the back cover),
then sheet side k holds [N-k, k+1] for even k and [k+1, N-k] for odd k (1-based page numbers), e.g. for 8 pages
[8,1] [2,7] [6,3] [4,5]. Each page is centred in its half of the sheet without scaling.
"""

from __future__ import annotations

import io


def padded_order(page_count: int) -> list[int | None]:
    """Reading page indexes (0-based) padded to a multiple of 4; None marks a blank, placed before the back cover."""
    if page_count <= 0:
        return []
    blanks = (-page_count) % 4
    order: list[int | None] = list(range(page_count))
    if page_count > 1:
        return order[:-1] + [None] * blanks + order[-1:]
    return order + [None] * blanks


def sheet_sides(total: int) -> list[tuple[int, int]]:
    """(left, right) positions (0-based, into the padded order) for each sheet side of a saddle-stitched booklet."""
    sides = []
    for k in range(total // 2):
        outer, inner = total - 1 - k, k
        sides.append((outer, inner) if k % 2 == 0 else (inner, outer))
    return sides


def page_as_form(writer, page):
    """A reading page wrapped as a Form XObject, its content stream copied as is (no re-parsing, no re-encoding)."""
    from pypdf.generic import ArrayObject, FloatObject, NameObject, StreamObject

    contents = page.get("/Contents")
    contents = contents.get_object() if contents is not None else None
    parts = list(contents) if isinstance(contents, ArrayObject) else ([contents] if contents is not None else [])
    data = b"\n".join(part.get_object().get_data() for part in parts)
    form = StreamObject()
    form.set_data(data)
    box = page.mediabox
    form.update(
        {
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject([FloatObject(float(v)) for v in (box.left, box.bottom, box.right, box.top)]),
        }
    )
    if "/Resources" in page:
        # clone() copies into the writer once per source object, so fonts shared by pages stay shared
        form[NameObject("/Resources")] = page["/Resources"].get_object().clone(writer)
    return writer._add_object(form.flate_encode())


def impose(reading_pdf: bytes, sheet_size: tuple[float, float]) -> bytes:
    """Imposed booklet bytes: each output page is one landscape sheet side of `sheet_size` (width > height).

    Pages are placed as Form XObjects rather than merged: merging re-parses every content stream, which made
    imposing 62 pages take seconds; a form is copied once and drawn with one matrix.
    """
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DictionaryObject, NameObject, StreamObject

    reader = PdfReader(io.BytesIO(reading_pdf))
    pages = list(reader.pages)
    order = padded_order(len(pages))
    sheet_width, sheet_height = sheet_size
    half = sheet_width / 2
    writer = PdfWriter()
    for left, right in sheet_sides(len(order)):
        side = writer.add_blank_page(sheet_width, sheet_height)
        forms = DictionaryObject()
        operations = []
        for slot, position in enumerate((left, right)):
            index = order[position]
            if index is None:
                continue
            page = pages[index]
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            tx = slot * half + (half - width) / 2
            ty = (sheet_height - height) / 2
            name = f"/Page{index + 1}"
            forms[NameObject(name)] = page_as_form(writer, page)
            operations.append(f"q 1 0 0 1 {tx:.4f} {ty:.4f} cm {name} Do Q")
        content = StreamObject()
        content.set_data("\n".join(operations).encode("ascii"))
        side[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): forms})
        side[NameObject("/Contents")] = writer._add_object(content.flate_encode())
    writer.add_metadata({"/Producer": "botc-pnp", "/Title": reader.metadata.title if reader.metadata and reader.metadata.title else ""})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
