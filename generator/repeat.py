"""A finished PDF → the same pages again and again in order (1, 2, 1, 2, …), for player copies printed duplex.

Each page is wrapped once as a Form XObject (generator/impose.py) and every copy draws it with one operator, so
fifteen copies of the two-sided player sheet cost little more than one.
"""

from __future__ import annotations

import io


def repeat_pages(pdf: bytes, copies: int) -> bytes:
    """`pdf` with all its pages repeated `copies` times, in reading order, same page sizes."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DictionaryObject, NameObject, StreamObject

    from generator.impose import page_as_form

    if copies <= 1:
        return pdf
    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    forms = [page_as_form(writer, page) for page in reader.pages]
    for _ in range(copies):
        for index, page in enumerate(reader.pages):
            box = page.mediabox
            side = writer.add_blank_page(float(box.width), float(box.height))
            name = f"/Page{index + 1}"
            side[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): DictionaryObject({NameObject(name): forms[index]})})
            content = StreamObject()
            content.set_data(f"q 1 0 0 1 {-float(box.left):.4f} {-float(box.bottom):.4f} cm {name} Do Q".encode("ascii"))
            side[NameObject("/Contents")] = writer._add_object(content.flate_encode())
    metadata = reader.metadata
    writer.add_metadata({"/Producer": "botc-pnp", "/Title": metadata.title if metadata and metadata.title else ""})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
