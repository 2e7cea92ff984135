"""A checked Game and RenderOptions → document bytes made by the CLI's own render stage, packed as one PDF, a zip
of the kit, or a PNG of the sheet's first page.

Renders go to the warm state's worker pool when `serve` started one (generator/server/pool.py: spawned
processes, on every core); otherwise, or when the pool cannot take the job, they run in this process
(parallel.no_fork: the server is multi-threaded, and forking beside other threads is unsafe) under the warm
state's render lock, one at a time.
"""

from __future__ import annotations

import io
import zipfile

from generator.server.warm import Warm

# a fixed time stamp for every zip entry: the same script gives the same zip, byte for byte, like the PDFs in it
ZIP_DATE = (2000, 1, 1, 0, 0, 0)
PREVIEW_SCALE = 1.5  # pixels per point: an A4 page becomes about 890 × 1260 px


def document_names() -> list[str]:
    from generator.pipeline.rendering import document_names as names

    return names()


def render(warm: Warm, game, options, modules: list[str]) -> list[tuple[str, bytes]]:
    """(file name, bytes) of every chosen document, in registry order, as `botc-pnp build` makes them."""
    from generator.pipeline import parallel
    from generator.pipeline.rendering import render_documents

    if warm.pool is not None:
        files = warm.pool.render(game, options, modules, warm.loads)
        if files is not None:
            return files
    with warm.render_lock, parallel.no_fork():
        return render_documents(game, options, modules)


def zip_bytes(folder: str, files: list[tuple[str, bytes]]) -> bytes:
    """The files in one folder of a zip. PDFs are compressed inside already, so the zip only stores them."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in files:
            entry = zipfile.ZipInfo(f"{folder}/{name}", ZIP_DATE)
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    return buffer.getvalue()


def first_page_png(pdf: bytes, scale: float = PREVIEW_SCALE) -> bytes:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=scale).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=3)
    return out.getvalue()


def sheet_preview(warm: Warm, game, options) -> bytes:
    """The player sheet's first page as a PNG, rendered from the same PDF the sheet button downloads."""
    files = render(warm, game, options, ["script_sheet"])
    with warm.render_lock:  # pdfium is not made for concurrent use either
        return first_page_png(files[0][1])
