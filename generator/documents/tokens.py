"""Token render stage: packed token pages (generator/layout_tokens.py) → tokens.pdf, and each token → a PNG.

A character token: parchment disc, team-colour ring, icon, the name curved along the bottom, leaves on top for
its reminder tokens, a left leaf when it wakes on the first night, a right leaf for the other nights and a mark
when it changes the setup. A reminder token: its text curved along the bottom under the owner's icon.
The cut line is a thin stroked circle at exactly the nominal diameter; the art extends past it by the bleed.
"""

from __future__ import annotations

import io
import math

from generator.fonts import register_fonts
from generator.layout_tokens import CHARACTER, TokenSpec, layout, reminder_count
from generator.theme import color, font_name, mm, team_color, theme

DEFAULT_TOKEN_MM = 44.45
DEFAULT_REMINDER_MM = 25.4


def _t(key: str):
    return theme()["tokens"][key]


def _hex(value: str):
    from reportlab.lib.colors import HexColor

    return HexColor(value)


class TokenPainter:
    """Draws tokens on a canvas; remembers icons per character and reports text it had to shrink too far."""

    def __init__(self, game, options):
        register_fonts()
        self.game = game
        self.options = options
        self._icons: dict[str, object] = {}
        self._warned: set[tuple[str, str]] = set()

    # -- shared pieces -------------------------------------------------------------------------------------

    def icon(self, character):
        from generator.icons import character_icon

        if character.id not in self._icons:
            self._icons[character.id] = character_icon(character, self.game, self.options)
        return self._icons[character.id]

    def _warn(self, code: str, subject: str, message: str) -> None:
        if (code, subject + message) not in self._warned:
            self._warned.add((code, subject + message))
            self.options.report.warning(code, message, subject=subject)

    def _disc(self, canvas, cx, cy, radius, ring, bleed, team):
        """Parchment disc and team ring out to the bleed edge."""
        outer = radius + bleed
        canvas.setLineWidth(0)
        canvas.setFillColor(_hex(team_color(team)))
        canvas.circle(cx, cy, outer, stroke=0, fill=1)
        canvas.setFillColor(_hex(_t("background")))
        canvas.circle(cx, cy, radius - ring, stroke=0, fill=1)

    def _cut_line(self, canvas, cx, cy, radius):
        canvas.setStrokeColor(_hex(_t("cut_color")))
        canvas.setLineWidth(_t("cut_line_pt"))
        canvas.circle(cx, cy, radius, stroke=1, fill=0)

    def _arc_text(self, canvas, cx, cy, text, baseline_radius, font, size, subject, max_size_floor=None):
        """Set `text` glyph by glyph along the bottom of the circle, upright, shrinking to the arc limit."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        limit = math.radians(_t("max_arc_deg"))
        floor = theme()["text"]["min_size_pt"]
        hard_floor = _t("hard_min_size_pt")
        glyphs = list(text)

        def span(s):
            middle = baseline_radius - 0.35 * s
            return sum(stringWidth(g, font, s) for g in glyphs) / middle, middle

        current = max(size, floor)  # a small token still gets readable type; only length shrinks it further
        while span(current)[0] > limit and current > hard_floor:
            current = max(hard_floor, round(current - 0.25, 2))
        total, middle = span(current)
        if current < floor:
            self._warn("token-text-small", subject, f"토큰 글자가 길어 {current:.1f}pt까지 줄였습니다: {text}. 더 큰 토큰(--token-size, --reminder-size)을 쓰면 읽기 쉽습니다.")
        if total > limit + 1e-9:
            self._warn("token-text-long", subject, f"토큰 글자가 너무 길어 원의 아래쪽 {math.degrees(total):.0f}°를 차지합니다: {text}.")
        canvas.setFont(font, current)
        canvas.setFillColor(_hex(_t("name_color")))
        angle = -math.pi / 2 - total / 2
        for glyph in glyphs:
            width = stringWidth(glyph, font, current) / middle
            centre = angle + width / 2
            angle += width
            if glyph.isspace():
                continue
            canvas.saveState()
            canvas.translate(cx, cy)
            canvas.rotate(math.degrees(centre) + 90)
            canvas.drawCentredString(0, -baseline_radius, glyph)
            canvas.restoreState()
        return current

    def _leaf(self, canvas, cx, cy, angle_deg, outer, length, width, fill):
        canvas.saveState()
        canvas.translate(cx, cy)
        canvas.rotate(angle_deg - 90)
        path = canvas.beginPath()
        path.moveTo(0, outer)
        path.curveTo(width, outer - 0.3 * length, 0.6 * width, outer - 0.8 * length, 0, outer - length)
        path.curveTo(-0.6 * width, outer - 0.8 * length, -width, outer - 0.3 * length, 0, outer)
        path.close()
        canvas.setFillColor(_hex(fill))
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.setStrokeColor(_hex(_t("background")))
        canvas.setLineWidth(max(0.2, width * 0.08))
        canvas.line(0, outer - 0.12 * length, 0, outer - 0.82 * length)
        canvas.restoreState()

    def _setup_mark(self, canvas, x, y, size):
        """A four-pointed star: this character changes the setup."""
        canvas.saveState()
        canvas.setFillColor(_hex(_t("setup_color")))
        path = canvas.beginPath()
        inner = size * 0.32
        for n in range(8):
            a = math.pi / 2 + n * math.pi / 4
            r = size if n % 2 == 0 else inner
            (path.moveTo if n == 0 else path.lineTo)(x + r * math.cos(a), y + r * math.sin(a))
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.restoreState()

    # -- tokens --------------------------------------------------------------------------------------------

    def draw(self, canvas, spec: TokenSpec, cx: float, cy: float, bleed: float) -> None:
        """Draw one token centred at (cx, cy) in points."""
        character = self.game.character(spec.character_id)
        canvas.saveState()
        if spec.kind == CHARACTER:
            self._character(canvas, spec, character, cx, cy, bleed)
        else:
            self._reminder(canvas, spec, character, cx, cy, bleed)
        self._cut_line(canvas, cx, cy, mm(spec.diameter_mm) / 2)
        canvas.restoreState()

    def _character(self, canvas, spec, character, cx, cy, bleed):
        from generator.icons import draw_icon

        r = mm(spec.diameter_mm) / 2
        scale = spec.diameter_mm / DEFAULT_TOKEN_MM
        ring = mm(_t("ring_mm")) * min(1.0, scale)
        self._disc(canvas, cx, cy, r, ring, bleed, character.team)

        leaf_outer = r - ring - mm(0.5) * scale
        leaf_len, leaf_w = 0.2 * r, 0.085 * r
        count = reminder_count(character)
        spacing = _t("leaf_spacing_deg")
        for n in range(count):
            self._leaf(canvas, cx, cy, 90 + spacing * ((count - 1) / 2 - n), leaf_outer, leaf_len, leaf_w, _t("leaf_color"))
        if character.first_night is not None:
            self._leaf(canvas, cx, cy, 157, leaf_outer, leaf_len, leaf_w, _t("night_leaf_color"))
        if character.other_nights is not None:
            self._leaf(canvas, cx, cy, 23, leaf_outer, leaf_len, leaf_w, _t("night_leaf_color"))
        if character.changes_setup:
            self._setup_mark(canvas, cx, cy + leaf_outer - leaf_len - 0.1 * r, 0.075 * r)

        baseline = r - mm(_t("text_inset_mm"))
        name_size = _t("name_size_pt") * scale
        used = self._arc_text(canvas, cx, cy, spec.label, baseline, font_name(_t("name_font")), name_size, character.id)
        icon = self.icon(character)
        if self.options.ability_text:
            self._ability(canvas, character, cx, cy, r, top=0.08 * r, name_top=baseline - used * 0.9 - mm(0.8))
            size = 0.5 * r
            draw_icon(canvas, icon, cx - size / 2, cy + 0.58 * r - size, size, team_color(character.team))
        else:
            size = 0.95 * r
            draw_icon(canvas, icon, cx - size / 2, cy + 0.1 * r - size / 2, size, team_color(character.team))

    def _ability(self, canvas, character, cx, cy, r, top, name_top):
        """The ability in small type, each line as wide as the circle allows at its height, clear of the name.

        `name_top` is the radius the curved name starts at: lines low enough to meet the name stay inside it.
        """
        from reportlab.pdfbase.pdfmetrics import stringWidth

        font = font_name(_t("ability_font"))
        safe = r - mm(_t("ring_mm")) - mm(_t("ability_inset_mm"))
        words = character.ability.replace("\n", " ").split()
        size = _t("ability_size_pt")
        while True:
            leading = size * 1.22
            lines, y, rest = [], top - size * 0.8, list(words)
            while rest and y - size * 0.25 >= -name_top:
                low, high = y - size * 0.25, y + size * 0.75
                limit = safe if low > -0.36 * name_top else min(safe, name_top)
                half = math.sqrt(max(0.0, limit * limit - max(abs(low), abs(high)) ** 2))
                width = 2 * half
                line = rest.pop(0)
                if stringWidth(line, font, size) > width:  # a word wider than the line: break inside it
                    cut = len(line)
                    while cut > 1 and stringWidth(line[:cut], font, size) > width:
                        cut -= 1
                    rest.insert(0, line[cut:])
                    line = line[:cut]
                while rest and stringWidth(line + " " + rest[0], font, size) <= width:
                    line += " " + rest.pop(0)
                lines.append((line, y))
                y -= leading
            if not rest or size <= _t("ability_min_size_pt"):
                break
            size = max(_t("ability_min_size_pt"), round(size - 0.25, 2))
        if rest:
            self._warn("token-ability-long", character.id, f"{character.name}: 능력 문장이 토큰에 다 들어가지 않아 생략했습니다. 더 큰 토큰(--token-size)을 쓰세요.")
            return top
        canvas.setFont(font, size)
        canvas.setFillColor(_hex(color("ink")))
        for line, y in lines:
            canvas.drawCentredString(cx, cy + y, line)
        return lines[-1][1] if lines else top

    def _reminder(self, canvas, spec, character, cx, cy, bleed):
        from generator.icons import draw_icon

        r = mm(spec.diameter_mm) / 2
        scale = spec.diameter_mm / DEFAULT_REMINDER_MM
        ring = mm(_t("reminder_ring_mm")) * min(1.0, scale)
        self._disc(canvas, cx, cy, r, ring, bleed, character.team)
        baseline = r - mm(_t("reminder_text_inset_mm"))
        self._arc_text(canvas, cx, cy, spec.label, baseline, font_name(_t("reminder_font")), _t("reminder_size_pt") * scale, character.id)
        size = 0.85 * r
        draw_icon(canvas, self.icon(character), cx - size / 2, cy + 0.28 * r - size / 2, size, team_color(character.team))


def _footer(canvas, frame, options) -> None:
    """Calibration bar with its label and the print-at-100 % note, in the band above the bottom margin."""
    left = mm(frame.left)
    base = mm(frame.bottom - _t("footer_mm"))
    length, thickness = mm(_t("calibration_mm")), mm(_t("calibration_bar_mm"))
    canvas.saveState()
    ink = _hex(color("ink"))
    canvas.setFillColor(ink)
    canvas.setStrokeColor(ink)
    bar_y = base + mm(2)
    canvas.rect(left, bar_y, length, thickness, stroke=0, fill=1)
    canvas.setLineWidth(0.4)
    for n in range(0, int(_t("calibration_mm")) + 1, 10):
        x = left + mm(n)
        canvas.line(x, bar_y + thickness, x, bar_y + thickness + mm(1.5))
    canvas.setFont(font_name("sans_bold"), 7.5)
    canvas.drawString(left + length + mm(2), bar_y, f"{_t('calibration_mm'):g} mm")
    canvas.setFont(font_name("sans"), 7.5)
    sizes = f"캐릭터 토큰 {options.token_size_mm:g} mm · 알림 토큰 {options.reminder_size_mm:g} mm"
    if options.bleed_mm:
        sizes += f" · 도련 {options.bleed_mm:g} mm"
    canvas.drawString(left + length + mm(16), bar_y, sizes + " · 가는 검은 원이 자르는 선입니다.")
    canvas.drawString(
        left, bar_y + mm(5.2),
        "인쇄 배율은 꼭 ‘실제 크기(100%)’로 하세요(‘페이지에 맞춤’ 끄기). 왼쪽 막대가 자로 재어 정확히 50 mm이어야 토큰 크기가 맞습니다.",
    )
    canvas.restoreState()


def _page_size(frame):
    return mm(frame.width), mm(frame.height)


def build(game, options) -> list[tuple[str, bytes]]:
    """Game + RenderOptions → [("tokens.pdf", bytes)]."""
    from reportlab.pdfgen import canvas as pdfcanvas

    from generator.typeset import credit_line, draw_page_furniture

    register_fonts()
    specs, pages, frame = layout(game, options)
    painter = TokenPainter(game, options)
    buffer = io.BytesIO()
    canvas = pdfcanvas.Canvas(buffer, pagesize=_page_size(frame), invariant=1)
    canvas.setTitle(f"{game.script.title} — 토큰")
    canvas.setAuthor(game.script.author or "")
    canvas.setCreator("botc-pnp")
    bleed = mm(options.bleed_mm)
    for page in pages:
        draw_page_furniture(canvas, *_page_size(frame), game.script.title, page.number, credit_line())
        _footer(canvas, frame, options)
        for placement in page.placements:
            painter.draw(canvas, placement.spec, mm(placement.x_mm), mm(placement.y_mm), bleed)
        canvas.showPage()
    canvas.save()
    return [("tokens.pdf", buffer.getvalue())]


def png_name(spec: TokenSpec) -> str:
    from generator.write import safe_name  # an id is made a plain file name: PNGs never land outside --png

    stem = safe_name(spec.character_id)
    return f"{stem}.png" if spec.kind == CHARACTER else f"{stem}-reminder-{spec.number}.png"


def png_files(game, options) -> list[tuple[str, bytes]]:
    """Each character token (spares left out) and each reminder token as a PNG, transparent outside the cut circle.

    The token is drawn alone on a page exactly its diameter wide, rendered with pypdfium2 and masked with Pillow.
    """
    import pypdfium2 as pdfium
    from PIL import Image, ImageDraw
    from reportlab.pdfgen import canvas as pdfcanvas

    from generator.layout_tokens import token_specs

    register_fonts()
    specs = [s for s in token_specs(game, options.token_size_mm, options.reminder_size_mm, {}) if not s.spare]
    painter = TokenPainter(game, options)
    buffer = io.BytesIO()
    canvas = pdfcanvas.Canvas(buffer, invariant=1)
    for spec in specs:
        side = mm(spec.diameter_mm)
        canvas.setPageSize((side, side))
        painter.draw(canvas, spec, side / 2, side / 2, 0.0)
        canvas.showPage()
    canvas.save()
    pixels = max(512, int(_t("png_px")))
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
