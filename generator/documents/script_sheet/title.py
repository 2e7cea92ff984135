"""Game → the player sheet's title block, measured first and drawn after: the front opens with it, and the back
carries it too when its page has the room."""

from __future__ import annotations

from collections.abc import Callable

from generator.art.icon_drawing import draw_icon
from generator.documents.script_sheet.look import sheet_theme
from generator.load.wording import typographic_quotes
from generator.read.theme import color, font_name, mm
from generator.typeset.markup import render
from generator.typeset.paragraph import hangul_paragraph
from generator.typeset.styles import style


def script_logo(game, options):
    """The script's logo as an icon, or None; why it is not printed is reported (in Korean) unless the checks
    already said so."""
    from generator.art.icons import script_logo as logo_of

    icon, problem = logo_of(game.script)
    if problem is not None:
        code, message = problem
        if not any(f.code == code and f.subject == game.script.id for f in options.report.findings):
            options.report.warning(code, message, subject=game.script.id)
    return icon


def title_block(game, x0: float, x1: float, logo, chosen: dict) -> tuple[float, Callable[[object, float], None]]:
    """(height, draw(canvas, top)) of the sheet's title block in the look `chosen` (read.theme.look): a tinted band
    between a heavy and a hairline rule (or framed all round, with a diamond at each corner), the title centred in
    the serif's bold, the author under it between two short rules, the logo (if any) at the left."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase.pdfmetrics import stringWidth

    t = sheet_theme()["title_block"]
    pad = mm(t["padding"])
    author = f"제작: {game.script.author}" if game.script.author else ""
    logo_side = mm(t["logo"]) if logo is not None else 0.0
    room = x1 - x0 - 2 * (logo_side + pad if logo is not None else pad)
    title = typographic_quotes(game.script.title)
    title_font = font_name(t["title_font"])
    size = t["title_size_pt"]
    while size > t["title_min_size_pt"] and stringWidth(title, title_font, size) > room:
        size -= 0.5
    para = hangul_paragraph(
        render("sheet_name.j2", name=title, color=color("ink"), note=None),
        style(t["title_font"], size, round(size * 1.2, 2), alignment=1),
        tight=True,
    )
    _, title_h = para.wrap(room, 500)
    author_size = t["author_size_pt"]
    inner = title_h + (author_size * 1.9 if author else 0.0)
    band = max(inner, logo_side) + 2 * pad

    def draw(canvas, top: float) -> None:
        bottom = top - band
        canvas.saveState()
        canvas.setFillColor(HexColor(chosen["title_fill"]))
        canvas.rect(x0, bottom, x1 - x0, band, stroke=0, fill=1)
        canvas.setStrokeColor(HexColor(t["rule_color"]))
        if chosen["title_frame"]:
            draw_frame(canvas, x0, bottom, x1, top, t)
        else:
            for y, weight in (
                (top, t["rule_heavy_pt"]),
                (top - t["rule_gap_pt"], t["rule_light_pt"]),
                (bottom + t["rule_gap_pt"], t["rule_light_pt"]),
                (bottom, t["rule_heavy_pt"]),
            ):
                canvas.setLineWidth(weight)
                canvas.line(x0, y, x1, y)
        text_top = top - (band - inner) / 2
        middle = (x0 + x1) / 2
        para.drawOn(canvas, middle - room / 2, text_top - title_h)
        if author:
            baseline = text_top - title_h - author_size * 1.45
            canvas.setFillColor(HexColor(color("muted")))
            canvas.setFont(font_name("sans"), author_size)
            canvas.drawCentredString(middle, baseline, author)
            half = stringWidth(author, font_name("sans"), author_size) / 2
            canvas.setStrokeColor(HexColor(t["rule_color"]))
            canvas.setLineWidth(t["rule_light_pt"])
            for side in (-1, 1):
                start = middle + side * (half + mm(2))
                canvas.line(
                    start,
                    baseline + author_size * 0.35,
                    start + side * mm(t["author_rule"]),
                    baseline + author_size * 0.35,
                )
        if logo is not None:
            draw_icon(canvas, logo, x0 + pad, bottom + (band - logo_side) / 2, logo_side, color("ink"))
        canvas.restoreState()

    return band, draw


def draw_frame(canvas, x0: float, bottom: float, x1: float, top: float, t: dict) -> None:
    """A heavy rule all round the band, a hairline inside it and a small diamond on each corner (stroke colour set)."""
    from reportlab.lib.colors import HexColor

    gap = t["rule_gap_pt"]
    canvas.setLineWidth(t["rule_heavy_pt"])
    canvas.rect(x0, bottom, x1 - x0, top - bottom, stroke=1, fill=0)
    canvas.setLineWidth(t["rule_light_pt"])
    canvas.rect(x0 + gap, bottom + gap, x1 - x0 - 2 * gap, top - bottom - 2 * gap, stroke=1, fill=0)
    half = t["frame_corner_pt"] / 2
    canvas.setFillColor(HexColor(t["rule_color"]))
    for x, y in ((x0, bottom), (x0, top), (x1, bottom), (x1, top)):
        path = canvas.beginPath()
        path.moveTo(x - half, y)
        path.lineTo(x, y + half)
        path.lineTo(x + half, y)
        path.lineTo(x, y - half)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
