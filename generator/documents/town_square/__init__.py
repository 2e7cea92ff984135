"""Game → town-square.pdf: the Town Square (마을 광장) laid in the middle of the players' circle, and a life token per
place to cut out.

The board has a numbered place per seat (RenderOptions.players, else the top of the script's range) round its edge,
each holding the player's life token and, once they are dead, their vote token; dashed places for travellers who
join, as many as the table still has seats for (plan.py); and inside them the script's title and logo, how the
board is used, the player-count table with this game's count boxed and the characters that change the setup
(centre.py). It prints on two upright A4 or Letter sheets that meet at the board's middle, the left one carrying a
glue flap and both carrying short marks that line up across the seam (board.py), or with --a3 on one A3 sheet.

Then the life tokens (life.py), one per place: the alive side with a band to write the name in, and on the back
page the token sheets' shroud, each back mirrored so that it lands behind its front when the sheet is printed
double-sided with a long-edge flip. The board's sheets carry the instructions and a blank page on their backs, so
the whole file prints double-sided in one go.

Why two sheets by default: most clubs print at home, on A4 or Letter; A3 is for a copy shop. Why a flag and not an
'a3' paper: every other document is laid out for A4 and Letter only, and `--paper` keeps meaning the same for all.
"""

from __future__ import annotations

import io

from generator.documents.town_square.board import draw_sheet
from generator.documents.town_square.centre import draw_panel, plan_panels
from generator.documents.town_square.life import draw_blank_back, draw_instructions, draw_token_pages
from generator.documents.town_square.plan import Sheet, board_sheets, plan_board, square_theme, traveller_places
from generator.load.bag import player_count
from generator.model import MOST_SEATS, MOST_TRAVELLERS
from generator.read.theme import color, font_name, hex_colour, labels, look, mm, theme
from generator.typeset.fonts import register_fonts
from generator.typeset.styles import credit_line, draw_ground


def build(game, options) -> list[tuple[str, bytes]]:
    """Game + RenderOptions → [("town-square.pdf", bytes)]."""
    from reportlab.pdfgen import canvas as pdf_canvas

    register_fonts()
    t = square_theme()
    seats = player_count(game, options)
    travellers = traveller_places(seats, MOST_TRAVELLERS, MOST_SEATS)
    paper = theme().paper[options.paper]
    a3 = theme().paper["a3"] if options.square_a3 else None
    width, height, sheets = board_sheets(paper, a3, theme().page.margin)
    board = plan_board(seats, travellers, width, height, t.life_mm, options.reminder_size_mm, seam=a3 is None)
    if board.vote_shrunk:
        options.report.warning(
            "town-square-vote-small",
            f"투표 토큰(지름 {options.reminder_size_mm:g} mm)이 마을 광장의 투표 자리보다 큽니다: 자리를 "
            f"{board.size.vote - 2 * t.place_clear:g} mm 토큰에 맞춰 그렸습니다. 투표 토큰은 자리 옆에 놓거나 "
            "--reminder-size를 줄이세요.",
            subject=game.script.id,
        )
    chosen = look(options.style)
    panels = plan_panels(game, options, board, seats, chosen)
    buffer = io.BytesIO()
    canvas = pdf_canvas.Canvas(buffer, invariant=1)
    canvas.setTitle(f"{game.script.title} · {labels('town_square')['title']}")
    canvas.setAuthor(game.script.author or "")
    canvas.setCreator("botc-pnp")
    for index, sheet in enumerate(sheets):
        page_w, page_h = mm(sheet.page[0]), mm(sheet.page[1])
        canvas.setPageSize((page_w, page_h))
        draw_ground(canvas, page_w, page_h, chosen)
        draw_sheet(canvas, board, sheet, lambda c, part: draw_panel(c, panels, part))
        draw_sheet_text(canvas, game, board, sheet)
        canvas.showPage()
        canvas.setPageSize((page_w, page_h))
        if index == 0:
            draw_ground(canvas, page_w, page_h, chosen)
            draw_instructions(canvas, sheet.page, a3 is not None, game, options.marks == "crop")
        else:
            draw_blank_back(canvas, sheet.page)
        canvas.showPage()
    draw_token_pages(canvas, game, options, seats + travellers, a3 or paper, chosen)
    canvas.save()
    return [("town-square.pdf", buffer.getvalue())]


def draw_sheet_text(canvas, game, board, sheet: Sheet) -> None:
    """Above the board: the script's title and which sheet this is; under it on the first sheet, the credits."""
    words = labels("town_square")
    key = {"whole": None, "left": "left_sheet", "right": "right_sheet"}[sheet.side]
    text = f"{game.script.title} · {words['title']}" if key is None else words[key].format(title=game.script.title)
    left = mm(sheet.origin[0] + sheet.shows[0])
    if sheet.side == "right":  # clear of the alignment mark above the seam
        left += mm(square_theme().mark_len + 2)
    top = mm(sheet.origin[1] + board.height)
    canvas.saveState()
    canvas.setFillColor(hex_colour(color("muted")))
    canvas.setFont(font_name("sans"), 7.5)
    canvas.drawString(left, top + 3, text)
    if sheet.side != "right":
        canvas.setFont(font_name("sans"), 5.5)
        canvas.drawString(left, mm(sheet.origin[1]) - 9, credit_line())
    canvas.restoreState()
