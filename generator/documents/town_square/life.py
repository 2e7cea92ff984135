"""The life tokens and the pages that carry no board: a life token's alive side (a light ring, '생존', a band to
write the player's name in, what to do when they die) and its back, the token sheets' shroud (art/token_art.py);
the token pages printed as front/back pairs, each back mirrored for a long-edge flip; the instructions on the
board's back and the blank back of a second board sheet.

Life tokens are cut like every token of the kit: one thin circle at exactly the token's diameter, the ring running
past it by the bleed (--bleed, else the token sheets' bleed), so a cut a little wide leaves no white sliver on either
side. With --marks crop (a copy shop) the circle gives way to crop marks at the corners of each token's square on the
front, the tokens spaced for them as on the token sheets, and both sides carry registration targets at the same
place seen through the sheet (art/print_marks.py).
"""

from __future__ import annotations

import math

from generator.art.print_marks import draw_crop_marks, draw_registration
from generator.art.token_art import TokenPainter
from generator.art.token_layout import SHROUD, TokenSpec, packing, token_bleed
from generator.art.token_marks import token_theme
from generator.documents.town_square.plan import mirrored, square_theme, token_grid
from generator.read.theme import color, font_name, hex_colour, labels, mm, theme
from generator.typeset.fonts import text_width
from generator.typeset.markup import render
from generator.typeset.paragraph import hangul_paragraph
from generator.typeset.styles import credit_line, draw_ground, draw_page_furniture, style


def draw_alive_side(canvas, cx: float, cy: float, diameter_mm: float, bleed: float, cut: bool = True) -> None:
    """A life token's front centred on (cx, cy) in points: white inside a light ring that runs `bleed` points past the
    cut, '생존' above the name band, the note under it, and the cut circle (unless `cut` is False: crop marks)."""
    life, words = square_theme().life, labels("town_square")
    r = mm(diameter_mm) / 2
    inner = r - mm(life.ring_mm)
    canvas.saveState()
    canvas.setFillColor(hex_colour(life.ring))
    canvas.circle(cx, cy, r + bleed, stroke=0, fill=1)
    canvas.setFillColor(hex_colour(life.fill))
    canvas.circle(cx, cy, inner, stroke=0, fill=1)
    canvas.setFillColor(hex_colour(color("ink")))
    canvas.setFont(font_name("sans_bold"), life.alive_pt)
    canvas.drawCentredString(cx, cy + life.alive_y * r, life.alive)
    low, high = mm(life.band_low), mm(life.band_low + life.band_h)
    reach = inner - mm(life.band_inset)
    half = math.sqrt(max(0.0, reach * reach - max(abs(low), abs(high)) ** 2))
    canvas.setStrokeColor(hex_colour(life.band_color))
    canvas.setLineWidth(life.band_pt)
    canvas.roundRect(cx - half, cy + low, 2 * half, high - low, mm(1.5), stroke=1, fill=0)
    note_line(canvas, cx, cy + life.note_y * r, words["life_alive_note"], reach, cy)
    if cut:
        cut_circle(canvas, cx, cy, r)
    canvas.restoreState()


def note_line(canvas, cx: float, baseline: float, text: str, reach: float, cy: float) -> None:
    """The note under the band at the largest size up to note_pt whose ends stay inside the circle of `reach`."""
    life = square_theme().life
    font = font_name("sans")
    size = life.note_pt
    while size > token_theme("hard_min_size_pt"):
        lowest = abs(baseline - cy) + 0.22 * size
        if text_width(text, font, size) / 2 <= math.sqrt(max(0.0, reach * reach - lowest * lowest)):
            break
        size -= 0.25
    canvas.setFillColor(hex_colour(life.note_color))
    canvas.setFont(font, size)
    canvas.drawCentredString(cx, baseline, text)


def cut_circle(canvas, cx: float, cy: float, r: float) -> None:
    """The cut: the token sheets' thin black circle (tokens.cut_line_pt), dark over the light ring."""
    canvas.setStrokeColor(hex_colour(token_theme("cut_color")))
    canvas.setLineWidth(token_theme("cut_line_pt"))
    canvas.circle(cx, cy, r, stroke=1, fill=0)


def token_frame(page: tuple[float, float]) -> tuple[float, float, float, float]:
    t = square_theme()
    margin = max(theme().page.margin, theme().page.min_margin)
    return margin, margin + t.foot_clear, page[0] - margin, page[1] - margin - t.head_clear


def draw_token_pages(canvas, game, options, count: int, page: tuple[float, float], chosen: dict) -> None:
    """The life tokens, `count` of them, a front page and its back page at a time, on the style's ground."""
    words = labels("town_square")
    diameter = square_theme().life_mm
    bleed = token_bleed(options)
    gap, reach, _ = packing(options)  # with crop marks, each token's square room holds its marks
    crop = options.marks == "crop"
    grid = token_grid(count, diameter, reach, gap, page, token_frame(page))
    painter = TokenPainter(game, options)
    shroud = TokenSpec(SHROUD, "", theme().tokens["shroud"]["label"], diameter)
    width, height = mm(page[0]), mm(page[1])
    for spots in grid:
        canvas.setPageSize((width, height))
        draw_ground(canvas, width, height, chosen)
        heading = words["life_front"].format(title=game.script.title, count=len(spots))
        draw_token_page_text(canvas, page, heading, options, front=True)
        for x, y in spots:
            draw_alive_side(canvas, mm(x), mm(y), diameter, mm(bleed), cut=not crop)
            if crop:  # on the front only: the shop cuts from the front, the back's targets say how well it lies
                draw_crop_marks(canvas, (x - diameter / 2, y - diameter / 2, x + diameter / 2, y + diameter / 2), bleed)
        if crop:
            draw_registration(canvas, page, back=False)
        canvas.showPage()
        canvas.setPageSize((width, height))
        draw_ground(canvas, width, height, chosen)
        draw_token_page_text(canvas, page, words["life_back"].format(title=game.script.title), options, front=False)
        for spot in spots:
            x, y = mirrored(spot, page[0])
            painter.draw(canvas, shroud, mm(x), mm(y), mm(bleed))
        if crop:
            draw_registration(canvas, page, back=True)
        canvas.showPage()


def draw_token_page_text(canvas, page: tuple[float, float], heading: str, options, front: bool) -> None:
    """The heading over the tokens; on the front, how to print them and the 50 mm bar under them."""
    t, words = square_theme(), labels("town_square")
    x0, y0, x1, y1 = token_frame(page)
    draw_page_furniture(canvas, mm(page[0]), mm(page[1]), "", None, credit_line())
    canvas.saveState()
    canvas.setFillColor(hex_colour(color("ink")))
    canvas.setFont(font_name("sans_bold"), t.page_head_pt)
    canvas.drawString(mm(x0), mm(y1) + mm(t.head_clear) - t.page_head_pt * 1.6, heading)
    if front:
        size = token_theme("footer_size_pt")
        bar_y = mm(y0 - t.foot_clear) + mm(3)
        canvas.setFont(font_name("sans"), size)
        canvas.drawString(mm(x0), bar_y + mm(4), words["life_note_crop" if options.marks == "crop" else "life_note"])
        length = mm(t.calibration_mm)
        canvas.rect(mm(x0), bar_y, length, mm(token_theme("calibration_bar_mm")), stroke=0, fill=1)
        canvas.drawString(mm(x0) + length + mm(2), bar_y, f"{t.calibration_mm:g} mm — {words['calibration']}")
    canvas.restoreState()


def draw_instructions(canvas, page: tuple[float, float], a3: bool, game, crop: bool = False) -> None:
    """How to print, cut, glue and use the Town Square, on the back of the board's (first) sheet; with crop marks
    (`crop`), how the life tokens are cut from them."""
    t, words = square_theme(), labels("town_square")
    margin = mm(theme().page.margin)
    width = min(mm(page[0]) - 2 * margin, mm(180))
    x = (mm(page[0]) - width) / 2
    y = mm(page[1]) - margin - mm(8)
    # the title wraps: a script's own title may be long ('우주에서는 아무도 당신이 … 들을 수 없습니다')
    title_size = t.title_pt + 3
    title = hangul_paragraph(
        render("almanac_text.j2", text=f"{words['instructions_title']} · {game.script.title}"),
        style("serif_bold", title_size, round(title_size * 1.3, 2), text_color=color("ink")),
    )
    _, height = title.wrap(width, 10_000)
    title.drawOn(canvas, x, y + title_size - height)  # the first line's baseline where the one-line title stood
    y -= height - title.style.leading + mm(6)
    steps = list(words["instructions"])
    if a3:
        steps[1] = words["instructions_a3"]
    if crop:
        steps[2] = words["instructions_life_crop"]
    size = t.instructions_pt
    for number, step in enumerate(steps, start=1):
        text = step.format(life=f"{t.life_mm:g}")
        para = hangul_paragraph(render("almanac_text.j2", text=text), style("sans", size, round(size * 1.45, 2)))
        _, height = para.wrap(width - mm(6), 10_000)
        para.drawOn(canvas, x + mm(6), y - height)
        canvas.setFont(font_name("sans_bold"), size)
        canvas.drawString(x, y - size * 1.05, f"{number}.")
        y -= height + mm(4)
    draw_page_furniture(canvas, mm(page[0]), mm(page[1]), game.script.title, None, credit_line())


def draw_blank_back(canvas, page: tuple[float, float]) -> None:
    """The back of the board's second sheet: left blank, saying so, so a double-sided print of the whole file puts
    the board on one side of its sheets only."""
    canvas.setFillColor(hex_colour(color("muted")))
    canvas.setFont(font_name("sans"), 8)
    canvas.drawCentredString(mm(page[0]) / 2, mm(page[1]) / 2, labels("town_square")["blank"])
