"""Game → night-card.pdf: both night orders side by side on one upright page, for beside the grimoire.

Each step is one row: its icon (a badge for dusk, minion info, demon info and dawn), its Korean name in the team
colour with any player-count condition, and a cue (one line, or two when the row has room) derived from its night text (generator/load/night_cue.py).
Rows share the page height: they grow up to the theme's largest row and shrink to its smallest, type with them;
an order too long even then continues on a second page under "(계속)" headings, with a warning.
"""

from __future__ import annotations

import io
import math

from generator.documents.sheet_parts import draw_badge, icon_color, step_label
from generator.typeset.fonts import register_fonts
from generator.art.icons import character_icon, draw_icon
from generator.josa import fill_named
from generator.model import NIGHT_NAMES_KO, NIGHTS
from generator.load.night_cue import night_cue, shorten
from generator.read.theme import color, font_name, mm, paper_size_pt, theme
from generator.typeset.styles import credit_line, draw_page_furniture

GUIDE = "위에서 아래로 진행하세요. 게임에 없거나 깨울 수 없는 캐릭터는 건너뜁니다. 밑줄 친 굵은 글자는 알림 토큰입니다."


def card_theme() -> dict:
    return theme()["night_card"]


def _hex(value: str):
    from reportlab.lib.colors import HexColor

    return HexColor(value)


def step_cue(game, step_id: str, night: str, name: str) -> str:
    fixed = game.library.fixed_steps.get(step_id)
    source = fixed if fixed is not None else game.character(step_id)
    named = game.named_character(step_id)
    named_name = named.name if named else None
    written = getattr(source, "cues", {}).get(night)
    if written:  # the content's own cue, when it has one; otherwise one derived from the night text
        return fill_named(written, named_name)
    return night_cue(fill_named(source.night_reminder(night) or "", named_name), name)


class Rows:
    """Row height and type sizes for `count` rows in `height` points, clamped to the theme's range: rows, names and
    cues grow while the page has room (storytellers read the card in dim light)."""

    def __init__(self, count: int, height: float):
        t = card_theme()
        low, high = mm(t["row_min"]), mm(t["row_max"])
        self.height = min(high, height / max(1, count))
        self.fits = self.height >= low - 1e-6
        self.height = max(low, self.height)
        share = min(1.0, (self.height - low) / (mm(t["row_full_type"]) - low))
        self.name = t["name_pt"][0] + share * (t["name_pt"][1] - t["name_pt"][0])
        self.cue = t["cue_pt"][0] + share * (t["cue_pt"][1] - t["cue_pt"][0])
        self.icon = min(mm(t["icon_max"]), 0.85 * self.height)
        self.per_page = max(1, int((height + 1e-6) // self.height))

    def cue_lines(self, size: float) -> int:
        """How many cue lines of `size` fit under the name in one row."""
        room = self.height - self.name * 1.2 - 3
        return max(1, int(room // (size * CUE_LEADING)))


CUE_LEADING = 1.18


def draw_cue(canvas, cue: str, x: float, y: float, size: float) -> None:
    """The cue with reminder names (*…*) set in gothic bold and underlined, the reminder colour only a second cue:
    the card is mostly printed in black and white."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    body, marked = font_name("sans"), font_name("sans_bold")
    for index, part in enumerate(cue.split("*")):
        if not part:
            continue
        highlight = index % 2 == 1
        font = marked if highlight else body
        width = stringWidth(part, font, size)
        canvas.setFillColor(_hex(color("reminder") if highlight else color("ink")))
        canvas.setFont(font, size)
        canvas.drawString(x, y, part)
        if highlight:
            canvas.setStrokeColor(_hex(color("reminder")))
            canvas.setLineWidth(max(0.5, size * 0.06))
            canvas.line(x, y - size * 0.14, x + width, y - size * 0.14)
        x += width


def cue_width(cue: str, size: float) -> float:
    """Width of a cue with its marked words in the bold face."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return sum(stringWidth(part, font_name("sans_bold" if n % 2 else "sans"), size) for n, part in enumerate(cue.split("*")))


def split_cue(cue: str, fits) -> list[str] | None:
    """The cue as two lines broken at a space outside reminder marks, the longer line as short as possible; None
    when no break makes both lines fit."""
    best = None
    inside = False
    for index, ch in enumerate(cue):
        if ch == "*":
            inside = not inside
        elif ch == " " and not inside:
            first, second = cue[:index], cue[index + 1:]
            if fits(first) and fits(second):
                longest = max(len(first), len(second))
                if best is None or longest < best[0]:
                    best = (longest, [first, second])
    return best[1] if best else None


def draw_step(canvas, game, icons, night: str, step_id: str, x: float, top: float, width: float, rows: Rows) -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    name, name_color, condition = step_label(game, step_id, night)
    icon_y = top - rows.height + (rows.height - rows.icon) / 2
    if step_id in game.library.fixed_steps:
        draw_badge(canvas, step_id, x, icon_y, rows.icon)
    else:
        draw_icon(canvas, icons.get(step_id), x, icon_y, rows.icon, icon_color(game.character(step_id).team))
    text_x = x + rows.icon + mm(2)
    room = x + width - text_x

    cue = step_cue(game, step_id, night, name)
    size = rows.cue
    floor = max(theme()["text"]["min_size_pt"], rows.cue * card_theme()["cue_shrink"])
    lines = [cue]
    if cue_width(cue, size) > room:
        wrapped = split_cue(cue, lambda text: cue_width(text, size) <= room) if rows.cue_lines(size) >= 2 else None
        if wrapped:
            lines = wrapped
        else:
            while cue_width(cue, size) > room and size > floor:
                size = max(floor, size - 0.25)
            lines = [shorten(cue, lambda text: cue_width(text, size) <= room)]

    leading = size * CUE_LEADING
    block = rows.name + 1.5 + leading * (len(lines) - 1) + size
    name_base = top - (rows.height - block) / 2 - rows.name * 0.82
    bold = font_name("sans_bold")
    canvas.setFillColor(_hex(name_color))
    canvas.setFont(bold, rows.name)
    canvas.drawString(text_x, name_base, name)
    if condition:
        canvas.setFillColor(_hex(color("muted")))
        canvas.setFont(font_name("sans"), min(rows.cue, rows.name * 0.85))
        canvas.drawString(text_x + stringWidth(name, bold, rows.name) + mm(1.5), name_base, f"{condition}일 때만")
    y = name_base - rows.name * 0.22 - 1.5 - size * 0.8
    for line in lines:
        draw_cue(canvas, line, text_x, y, size)
        y -= leading


def draw_column(canvas, game, icons, night: str, steps: list[str], x: float, top: float, width: float, rows: Rows,
                continued: bool) -> None:
    t = card_theme()
    heading = t["heading_pt"]
    canvas.setFillColor(_hex(color("ink")))
    canvas.setFont(font_name("sans_bold"), heading)
    canvas.drawString(x, top - heading, NIGHT_NAMES_KO[night] + (" (계속)" if continued else ""))
    canvas.setStrokeColor(_hex(color("ink")))
    canvas.setLineWidth(0.8)
    rule_y = top - heading * 1.45
    canvas.line(x, rule_y, x + width, rule_y)
    y = rule_y - 2
    for number, step_id in enumerate(steps):
        draw_step(canvas, game, icons, night, step_id, x, y, width, rows)
        y -= rows.height
        if number < len(steps) - 1:
            canvas.setStrokeColor(_hex(t["rule_color"]))
            canvas.setLineWidth(t["rule_pt"])
            canvas.line(x + rows.icon + mm(2), y, x + width, y)


def heading_height() -> float:
    return card_theme()["heading_pt"] * 1.45 + 2


def build(game, options) -> list[tuple[str, bytes]]:
    """Game + RenderOptions → [("night-card.pdf", bytes)]."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas as pdfcanvas

    register_fonts()
    t = card_theme()
    width, height = paper_size_pt(options.paper)
    margin = mm(theme()["page"]["margin"])
    x0, x1 = margin, width - margin
    gap = mm(t["column_gap"])
    column = (x1 - x0 - gap) / 2
    nights = {night: game.night_steps(night) for night in NIGHTS}
    icons = {c.id: character_icon(c, game, options) for c in game.characters if any(c.id in s for s in nights.values())}

    title_size = t["title_pt"]
    bold = font_name("sans_bold")
    while title_size > t["subtitle_pt"] + 1 and stringWidth(game.script.title, bold, title_size) > x1 - x0:
        title_size -= 0.5
    header = title_size + 4 + t["subtitle_pt"] + mm(4)
    area_top = height - margin - header
    area = area_top - (margin + mm(2)) - heading_height()
    rows = Rows(max(len(s) for s in nights.values()), area)
    pages = max(1, math.ceil(max(len(s) for s in nights.values()) / rows.per_page))
    if pages > 1:
        options.report.warning(
            "night-card-overflow",
            f"밤 순서가 길어({max(len(s) for s in nights.values())}단계) 가장 작은 글자로도 한 쪽에 들어가지 않아 한 장 밤 순서를 {pages}쪽으로 나눴습니다.",
            subject=game.script.id,
        )

    buffer = io.BytesIO()
    canvas = pdfcanvas.Canvas(buffer, pagesize=(width, height), invariant=1)
    canvas.setTitle(f"{game.script.title} · 한 장 밤 순서")
    canvas.setAuthor(game.script.author or "")
    canvas.setCreator("botc-pnp")
    for page in range(pages):
        canvas.setFillColor(_hex(color("ink")))
        canvas.setFont(bold, title_size)
        canvas.drawString(x0, height - margin - title_size, game.script.title)
        canvas.setFillColor(_hex(color("muted")))
        canvas.setFont(font_name("sans"), t["subtitle_pt"])
        canvas.drawString(x0, height - margin - title_size - 4 - t["subtitle_pt"], "한 장 밤 순서 · " + GUIDE)
        for index, night in enumerate(NIGHTS):
            steps = nights[night][page * rows.per_page:(page + 1) * rows.per_page]
            if steps or page == 0:
                draw_column(canvas, game, icons, night, steps, x0 + index * (column + gap), area_top, column, rows, page > 0)
        canvas.setStrokeColor(_hex(t["rule_color"]))
        canvas.setLineWidth(t["rule_pt"])
        canvas.setDash(2, 2)
        canvas.line(x0 + column + gap / 2, margin + mm(2), x0 + column + gap / 2, area_top - heading_height())
        canvas.setDash()
        draw_page_furniture(canvas, width, height, "", page + 1, credit_line())
        canvas.showPage()
    canvas.save()
    return [("night-card.pdf", buffer.getvalue())]
