"""Pages in reading order (a PDF) → saddle-stitch sheet sides, two pages up on landscape paper, for duplex with flip on the short edge.

The reading pages are padded to a multiple of 4 with blank pages inserted before the last page (the back cover),
then sheet side k holds [N-k, k+1] for even k and [k+1, N-k] for odd k (1-based page numbers), e.g. for 8 pages
[8,1] [2,7] [6,3] [4,5]. Each page is centred in its half of the sheet without scaling; short marks at the fold, in
the top and bottom margins, show where to fold and staple.

Creep: folded together, each sheet of a thick booklet wraps round the ones inside it, so the inner sheets' pages
stand out at the fore-edge (a 17-sheet booklet's centre pages by about 1.5 mm). Asked for, each sheet's pages move
toward the fold by their share of the total: none on the outer sheet, all of it on the centre one, the sheets
between in even steps; each page is then clipped to its half of the sheet, so nothing crosses the fold.
"""

from __future__ import annotations


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


FOLD_MARK = 14.0  # points: a short line at the fold, in the margin at the top and the bottom of each sheet side


def fold_marks(x: float, height: float) -> str:
    """Two short grey lines where the sheet folds, outside the pages' type area, to fold and staple true."""
    return (
        f"q 0.5 w 0.55 G {x:.4f} 0 m {x:.4f} {FOLD_MARK:.4f} l S "
        f"{x:.4f} {height - FOLD_MARK:.4f} m {x:.4f} {height:.4f} l S Q"
    )


def creep_shift(sheet: int, sheets: int, creep: float) -> float:
    """How far (points) the pages of sheet `sheet` (0: the outer one) of `sheets` move toward the fold, `creep` being
    the centre sheet's shift."""
    return creep * sheet / (sheets - 1) if sheets > 1 else 0.0


def impose(reading_pdf: bytes, sheet_size: tuple[float, float], creep: float = 0.0) -> bytes:
    """Imposed booklet bytes: each output page is one landscape sheet side of `sheet_size` (width > height), the
    pages of inner sheets `creep` points (the centre sheet's) toward the fold at most.

    Each reading page's content stream becomes a Form XObject as it is (its compressed bytes are not even
    decoded) and is drawn with one matrix. The reading PDF is reportlab's own output (generator.pdf.objects reads
    exactly that shape), so no PDF library is loaded for this.
    """
    import zlib

    from generator.pdf.objects import PdfObjects, write_pdf

    source = PdfObjects(reading_pdf)
    pages = source.page_numbers()
    order = padded_order(len(pages))
    sheet_width, sheet_height = sheet_size
    half = sheet_width / 2
    forms = [source.page_as_form(page) for page in pages]  # reading page index → object number of its form
    objects = source.reachable_from(forms)
    sides = []
    sheets = len(order) // 4
    for number, (left, right) in enumerate(sheet_sides(len(order))):
        names, operations = [], []
        shift = creep_shift(number // 2, sheets, creep)  # a sheet's two sides are sides 2k and 2k + 1
        for slot, position in enumerate((left, right)):
            index = order[position]
            if index is None:
                continue
            width, height = source.page_size(pages[index])
            tx = slot * half + (half - width) / 2 + (shift if slot == 0 else -shift)  # the fold is right of slot 0
            ty = (sheet_height - height) / 2
            names.append(f"/Page{index + 1} {forms[index]} 0 R")
            clip = f"{slot * half:.4f} 0 {half:.4f} {sheet_height:.4f} re W n " if creep else ""
            operations.append(f"q {clip}1 0 0 1 {tx:.4f} {ty:.4f} cm /Page{index + 1} Do Q")
        operations.append(fold_marks(half, sheet_height))
        content = zlib.compress("\n".join(operations).encode("ascii"))
        sides.append((" ".join(names), content, (sheet_width, sheet_height)))
    return write_pdf(source, objects, sides, source.trailer_reference("Info"))
