"""A finished PDF → the same pages again and again in order (1, 2, 1, 2, …), for player copies printed duplex.

Each page's content stream becomes a Form XObject once (generator/pdf/objects.py, as for the booklet) and every
copy draws it with one operator, so fifteen copies of the two-sided player sheet cost little more than one.
"""

from __future__ import annotations


def repeat_pages(pdf: bytes, copies: int) -> bytes:
    """`pdf` with all its pages repeated `copies` times, in reading order, same page sizes."""
    import zlib

    from generator.pdf.objects import PdfObjects, write_pdf

    if copies <= 1:
        return pdf
    source = PdfObjects(pdf)
    pages = source.page_numbers()
    boxes = [source.page_box(page) for page in pages]
    forms = [source.page_as_form(page) for page in pages]
    sides = []
    for _ in range(copies):
        for index, (form, (left, bottom, right, top)) in enumerate(zip(forms, boxes)):
            name = f"/Page{index + 1}"
            content = zlib.compress(f"q 1 0 0 1 {-left:.4f} {-bottom:.4f} cm {name} Do Q".encode("ascii"))
            sides.append((f"{name} {form} 0 R", content, (right - left, top - bottom)))
    return write_pdf(source, source.reachable_from(forms), sides, source.trailer_reference("Info"))
