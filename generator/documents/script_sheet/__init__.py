"""Game → script.pdf: the player sheet (page 1) and its back (page 2, generator/documents/script_sheet/back.py).

The front: a title block (title, author, the script's logo when it has one, in a frame from the theme,
generator/documents/script_sheet/title.py), then the characters team by team at the largest ability size that fits, in the
columns generator/documents/script_sheet/front_plan.py plans, and the footer.
"""

from __future__ import annotations

import io

from generator.art.icons import character_icon
from generator.documents.script_sheet.back import draw_back
from generator.documents.script_sheet.front_plan import column_height, plan_front, spreads
from generator.documents.script_sheet.look import sheet_theme
from generator.documents.script_sheet.title import script_logo, title_block
from generator.read.theme import color, font_name, look, mm, paper_size_pt, theme
from generator.typeset.fonts import register_fonts
from generator.typeset.styles import credit_line, draw_ground, draw_page_furniture

FIRST_NIGHT_NOTE = "* 첫날 밤 제외"


def build(game, options) -> list[tuple[str, bytes]]:
    register_fonts()
    from reportlab.pdfgen import canvas as pdf_canvas

    width, height = paper_size_pt(options.paper)
    buffer = io.BytesIO()
    canvas = pdf_canvas.Canvas(buffer, pagesize=(width, height), invariant=1)
    canvas.setTitle(f"{game.script.title} · 캐릭터 시트")
    canvas.setAuthor(game.script.author or "")
    canvas.setCreator("botc-pnp")
    icons = {c.id: character_icon(c, game, options) for c in game.characters}
    draw_ground(canvas, width, height, look(options.style))
    size = draw_front(canvas, game, icons, width, height, options)
    canvas.showPage()
    draw_ground(canvas, width, height, look(options.style))
    draw_back(canvas, game, icons, width, height, options, size)
    canvas.showPage()
    canvas.save()
    return [("script.pdf", buffer.getvalue())]


# ---------------------------------------------------------------- the title block


def draw_title_block(canvas, game, x0: float, x1: float, top: float, logo, chosen: dict) -> float:
    """The sheet's title block (generator/documents/script_sheet/title.py) drawn from `top`; returns the y under it."""
    height, draw = title_block(game, x0, x1, logo, chosen)
    draw(canvas, top)
    return top - height - mm(sheet_theme()["header_gap"])


# ---------------------------------------------------------------- the front


def draw_front(canvas, game, icons, width: float, height: float, options) -> float:
    """Draws the front; returns its ability size (the back sets its extras no larger)."""
    from reportlab.lib.colors import HexColor

    t = sheet_theme()
    margin = mm(theme().page.margin)
    x0, x1 = margin, width - margin
    top = draw_title_block(canvas, game, x0, x1, height - margin, script_logo(game, options), look(options.style))
    bottom = margin + t["footer_size_pt"] * 1.6
    size, columns, mode, placed, gap, widths = plan_front(game, icons, x1 - x0, top - bottom, options.english)
    if column_height(placed[0], gap, t["team_gap_pt"]) > top - bottom + 0.01 or len(placed) > columns:
        options.report.warning(
            "sheet-overflow",
            f"캐릭터가 너무 많아 캐릭터 시트 첫 쪽에 다 들어가지 않습니다(최소 글자 크기 {size}pt에서도 넘칩니다).",
            subject=game.script.id,
        )
    # spare height spread between rows (short scripts), and the columns ended level
    extras = spreads(placed, gap, top - bottom, size)
    for index, column in enumerate(placed):
        x = x0 + sum(widths[:index]) + index * mm(t["column_gap"])
        y = top
        for number, block in enumerate(column):
            if number:
                y -= (t["team_gap_pt"] if block.header else gap) + extras[index]
            block.draw(canvas, x, y)
            y -= block.height
    canvas.saveState()
    canvas.setFillColor(HexColor(color("muted")))
    canvas.setFont(font_name("sans"), t["footer_size_pt"])
    canvas.drawRightString(x1, margin + 2, FIRST_NIGHT_NOTE)
    canvas.setStrokeColor(HexColor(color("rule")))
    canvas.setLineWidth(theme().page.rule_pt)
    canvas.line(x0, margin + t["footer_size_pt"] * 1.35, x1, margin + t["footer_size_pt"] * 1.35)
    canvas.restoreState()
    draw_page_furniture(canvas, width, height, "", 1, credit_line())
    return size
