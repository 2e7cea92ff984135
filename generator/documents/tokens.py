"""Token document: packed token pages (generator/art/token_layout.py) drawn by generator/art/token_art.py → tokens.pdf,
each page with the legend and calibration footer (generator/art/token_legend.py); and each token → a PNG.

Character tokens, spares and reminders, then a shroud (수의) and a vote (투표) token per player; `--only`,
`--copies`, `--no-reminders`, `--no-extras` and `--players` choose what is printed (RenderOptions).
"""

from __future__ import annotations

import io

from generator.art.print_marks import draw_crop_marks
from generator.art.token_art import TokenPainter
from generator.art.token_layout import CHARACTER, EXTRAS, SHROUD, TokenSpec, layout, packing, split_sets, token_bleed
from generator.art.token_legend import draw_footer
from generator.art.token_marks import token_theme
from generator.read.theme import look, mm
from generator.typeset.fonts import register_fonts


def _page_size(frame):
    return mm(frame.width), mm(frame.height)


def build(game, options) -> list[tuple[str, bytes]]:
    """Game + RenderOptions → [("tokens.pdf", bytes)]."""
    from reportlab.pdfgen import canvas as pdfcanvas

    from generator.typeset.styles import credit_line, draw_ground, draw_page_furniture

    register_fonts()
    specs, pages, frame = layout(game, options)
    report_split_sets(pages, frame, options)
    report_light_shrouds(specs, options)
    painter = TokenPainter(game, options)
    teams = sorted({game.character(s.character_id).team for s in specs if s.kind not in EXTRAS})
    buffer = io.BytesIO()
    canvas = pdfcanvas.Canvas(buffer, pagesize=_page_size(frame), invariant=1)
    canvas.setTitle(f"{game.script.title} — 토큰")
    canvas.setAuthor(game.script.author or "")
    canvas.setCreator("botc-pnp")
    bleed_mm = token_bleed(options)
    chosen = look(options.style)
    for page in pages:
        draw_ground(canvas, *_page_size(frame), chosen)
        draw_page_furniture(canvas, *_page_size(frame), game.script.title, page.number, credit_line())
        draw_footer(canvas, frame, options, teams)
        for placement in page.placements:
            painter.draw(canvas, placement.spec, mm(placement.x_mm), mm(placement.y_mm), mm(bleed_mm))
            if options.marks == "crop":
                draw_crop_marks(canvas, trim_box(placement), bleed_mm)
        canvas.showPage()
    if not pages:
        options.report.warning(
            "tokens-none",
            "고른 토큰이 하나도 없어 빈 쪽 하나만 만들었습니다. --only, --no-reminders, --no-extras를 확인하세요.",
        )
        draw_ground(canvas, *_page_size(frame), chosen)
        draw_page_furniture(canvas, *_page_size(frame), game.script.title, 1, credit_line())
        draw_footer(canvas, frame, options, teams)
        canvas.showPage()
    canvas.save()
    return [("tokens.pdf", buffer.getvalue())]


def trim_box(placement) -> tuple[float, float, float, float]:
    """The square a token's cut circle fits in (mm): where its crop marks point."""
    radius = placement.spec.diameter_mm / 2
    return placement.x_mm - radius, placement.y_mm - radius, placement.x_mm + radius, placement.y_mm + radius


def report_split_sets(pages, frame, options) -> None:
    """A shroud or vote set on two pages though it fits on one (cut to fill the sheet before): the kit says why, and
    how to print it whole."""
    from generator.read.theme import theme

    for kind, count, numbers in split_sets(pages, frame, *packing(options)):
        label = theme().tokens[kind]["label"]
        options.report.warning(
            "tokens-set-split",
            f"{label} 토큰 {count}개가 {'·'.join(map(str, numbers))}쪽에 나뉘었습니다: 앞 쪽이 아래까지 차도록 남는 "
            f"자리를 채우고 다음 쪽 처음에서 이어집니다. 한 장에 모아 찍으려면 --only {kind}로 따로 만드세요.",
        )


def report_light_shrouds(specs, options) -> None:
    """Shrouds print light unless asked otherwise: the build says so once, and how to get the solid disc."""
    if not options.solid_shrouds and any(spec.kind == SHROUD for spec in specs):
        options.report.info(
            "tokens-light-shrouds",
            "수의 토큰은 잉크를 아끼도록 종이 바탕에 굵은 검은 테두리와 그림으로 찍었습니다. 검은 원으로 찍으려면 "
            "--solid-shrouds를 쓰세요.",
        )


def png_name(spec: TokenSpec) -> str:
    from generator.read.file_names import safe_name  # an id is made a plain file name: PNGs never land outside --png

    if spec.kind in EXTRAS:
        return f"{spec.kind}.png"
    stem = safe_name(spec.character_id)
    return f"{stem}.png" if spec.kind == CHARACTER else f"{stem}-reminder-{spec.number}.png"


def png_files(game, options) -> list[tuple[str, bytes]]:
    """Each chosen token once (character tokens without their copies, reminders, one shroud and one vote) as a PNG,
    transparent outside the cut circle.

    The token is drawn alone on a page exactly its diameter wide, rendered with pypdfium2 and masked with Pillow.
    """
    import pypdfium2 as pdfium
    from PIL import Image, ImageDraw
    from reportlab.pdfgen import canvas as pdfcanvas

    register_fonts()
    specs = [s for s in layout(game, options)[0] if s.number == 1 or s.kind not in (CHARACTER, *EXTRAS)]
    painter = TokenPainter(game, options)
    buffer = io.BytesIO()
    canvas = pdfcanvas.Canvas(buffer, invariant=1)
    for spec in specs:
        side = mm(spec.diameter_mm)
        canvas.setPageSize((side, side))
        painter.draw(canvas, spec, side / 2, side / 2, 0.0)
        canvas.showPage()
    canvas.save()
    pixels = max(512, int(token_theme("png_px")))
    supersample = 4
    mask_big = Image.new("L", (pixels * supersample, pixels * supersample), 0)
    ImageDraw.Draw(mask_big).ellipse((0, 0, pixels * supersample - 1, pixels * supersample - 1), fill=255)
    mask = mask_big.resize((pixels, pixels), Image.LANCZOS)
    files = []
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        for index, spec in enumerate(specs):
            page = document[index]
            image = page.render(scale=pixels / mm(spec.diameter_mm)).to_pil().convert("RGBA")
            if image.size != (pixels, pixels):
                image = image.resize((pixels, pixels), Image.LANCZOS)
            image.putalpha(mask)
            out = io.BytesIO()
            image.save(out, format="PNG")
            files.append((png_name(spec), out.getvalue()))
            page.close()
    finally:
        document.close()
    return files
