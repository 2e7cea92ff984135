"""Token art stage: one TokenSpec → vector art on a reportlab canvas, centred on a given point.

A character token: parchment disc, team ring (each team at its own greyscale lightness, with a pattern that is
not colour), icon, the name curved along the bottom, leaves on top for its reminder tokens with a star among them
when it changes the setup, a left leaf when it wakes on the first night and a right leaf for the other nights.
A reminder token: its text curved along the bottom under the owner's icon, in the owner's ring.
A shroud (수의): a thick dark ring and a dark grave and label on paper (a dark disc with light art with
--solid-shrouds). A vote (투표): a white disc in a grey ring and a raised
hand. The cut line is a thin stroked circle at exactly the nominal diameter, the only circle near the cut, light
where the ring under it is dark; the art extends past it by the bleed. With --marks crop no cut line is drawn: the
token sheets put crop marks outside the bleed instead (print_marks.py).
"""

from __future__ import annotations

import math

from generator import TEMPLATES_DIR
from generator.art.token_layout import CHARACTER, EXTRAS, TokenSpec, reminder_count
from generator.art.token_marks import draw_leaf, draw_ring_marks, draw_setup_star, grey_level, hex_colour, token_theme
from generator.read.theme import color, font_name, mm, team_color, team_ring_color, theme
from generator.typeset.fonts import register_fonts

_t, _hex = token_theme, hex_colour
DEFAULT_TOKEN_MM = 44.45
DEFAULT_REMINDER_MM = 25.4


def reminder_arc(diameter_mm: float = DEFAULT_REMINDER_MM) -> tuple[str, float, float]:
    """(font role, starting size in pt, baseline radius in pt) of the name on a reminder token of this diameter."""
    scale = diameter_mm / DEFAULT_REMINDER_MM
    return _t("reminder_font"), _t("reminder_size_pt") * scale, mm(diameter_mm) / 2 - mm(_t("reminder_text_inset_mm"))


def largest_arc_size(width_at_1pt: float, baseline_radius: float) -> float:
    """The largest size at which text `width_at_1pt` wide (per point of size) spans at most max_arc_deg along the
    arc set by _arc_text (glyphs centred 0.35 em inside the baseline): s·w = limit·(r − 0.35·s)."""
    limit = math.radians(_t("max_arc_deg"))
    return limit * baseline_radius / (width_at_1pt + 0.35 * limit) if width_at_1pt > 0 else float("inf")


def straight_label(text: str, font: str, size: float, radius: float, baseline: float):
    """A reminder too long for a gentle arc (its ends would turn past reminder_straight.arc_max_deg / 2 and reach
    the ring) as two upright lines under the icon: (size, [(line, y from the centre)]) at the largest size from
    `size` down that fits inside the edge, or None to keep the arc."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    t = _t("reminder_straight")
    words = text.split()
    span = stringWidth(text, font, size) / (baseline - 0.35 * size)
    if len(words) < 2 or span <= math.radians(t["arc_max_deg"]):
        return None
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    room = radius - mm(t["edge_mm"])
    current = size
    while current >= theme().text.min_size_pt - 1e-9:
        lines = min(splits, key=lambda pair: max(stringWidth(line, font, current) for line in pair))
        first = t["first_baseline"] * radius
        placed = [(lines[0], first), (lines[1], first - current * t["leading"])]
        if all(stringWidth(line, font, current) / 2 <= _half_chord(room, y, current) for line, y in placed):
            return current, placed
        current = round(current - 0.25, 2)
    return None


def _half_chord(room: float, baseline: float, size: float) -> float:
    """Half the width of the circle of radius `room` across the whole height of a line of type at `baseline`."""
    reach = max(abs(baseline - 0.22 * size), abs(baseline + 0.78 * size))
    return math.sqrt(max(0.0, room * room - reach * reach))


def draw_straight_label(canvas, cx: float, cy: float, straight, font: str) -> None:
    size, placed = straight
    canvas.setFont(font, size)
    canvas.setFillColor(hex_colour(_t("name_color")))
    for line, y in placed:
        canvas.drawCentredString(cx, cy + y, line)


def keep_brackets_together(text: str) -> list[str]:
    """Words of `text` for line breaking; a bracketed group such as [외지인 +1명] stays one word."""
    words: list[str] = []
    depth = 0
    for word in text.replace("\n", " ").split():
        if depth and words:
            words[-1] += "\u00a0" + word
        else:
            words.append(word)
        depth = max(0, depth + word.count("[") - word.count("]"))
    return words


class TokenPainter:
    """Draws tokens on a canvas; remembers icons per character and reports text it had to shrink too far."""

    def __init__(self, game, options):
        register_fonts()
        self.game = game
        self.options = options
        self._warned: set[tuple[str, str]] = set()

    # -- shared pieces -------------------------------------------------------------------------------------

    def icon(self, character):
        from generator.art.icons import character_icon

        return character_icon(character, self.game, self.options)  # found once per run (options.icons_found)

    def extra_icon(self, kind: str):
        from generator.art.icons import load_icon

        return load_icon(TEMPLATES_DIR / "icons" / _t(kind)["icon"])

    def _warn(self, code: str, subject: str, message: str) -> None:
        if (code, subject + message) not in self._warned:
            self._warned.add((code, subject + message))
            self.options.report.warning(code, message, subject=subject)

    def _disc(self, canvas, cx, cy, radius, ring, bleed, team):
        """Parchment disc, and the team ring out to the bleed edge with its marks inside the cut."""
        canvas.setLineWidth(0)
        canvas.setFillColor(_hex(team_ring_color(team)))
        canvas.circle(cx, cy, radius + bleed, stroke=0, fill=1)
        canvas.setFillColor(_hex(_t("background")))
        canvas.circle(cx, cy, radius - ring, stroke=0, fill=1)
        draw_ring_marks(canvas, cx, cy, radius - ring, radius, team)

    def _cut_line(self, canvas, cx, cy, radius, under: str):
        """The one cut circle, dark on a light ring and light on a dark one (`under`: the colour it is drawn over),
        so it shows on every token, the shroud's black disc and the demon's dark ring too."""
        dark = grey_level(under) < _t("cut_dark_below")
        canvas.setStrokeColor(_hex(_t("cut_color_on_dark") if dark else _t("cut_color")))
        canvas.setLineWidth(_t("cut_line_pt"))
        canvas.circle(cx, cy, radius, stroke=1, fill=0)

    def _arc_text(self, canvas, cx, cy, text, baseline_radius, font, size, subject, fill=None):
        """Set `text` glyph by glyph along the bottom of the circle, upright, shrinking to the arc limit.

        Returns (size used, angle spanned in radians).
        """
        from reportlab.pdfbase.pdfmetrics import stringWidth

        limit = math.radians(_t("max_arc_deg"))
        floor = theme().text.min_size_pt
        hard_floor = _t("hard_min_size_pt")
        from generator.typeset.fonts import font_runs

        # each glyph with the font it is set in: a Latin word Nanum lacks a letter of is set in the fallback whole
        glyphs = [(g, name) for piece, name in font_runs(text, font) for g in piece]

        def span(s):
            middle = baseline_radius - 0.35 * s
            return sum(stringWidth(g, name, s) for g, name in glyphs) / middle, middle

        current = max(size, floor)  # a small token still gets readable type; only length shrinks it further
        while span(current)[0] > limit and current > hard_floor:
            current = max(hard_floor, round(current - 0.25, 2))
        total, middle = span(current)
        if current < floor:
            self._warn(
                "token-text-small",
                subject,
                f"토큰 글자가 길어 {current:.1f}pt까지 줄였습니다: {text}. 더 큰 토큰(--token-size, --reminder-size)을 쓰면 읽기 쉽습니다.",
            )
        if total > limit + 1e-9:
            self._warn(
                "token-text-long",
                subject,
                f"토큰 글자가 너무 길어 원의 아래쪽 {math.degrees(total):.0f}°를 차지합니다: {text}.",
            )
        canvas.setFont(font, current)
        canvas.setFillColor(_hex(fill or _t("name_color")))
        angle = -math.pi / 2 - total / 2
        for glyph, name in glyphs:
            width = stringWidth(glyph, name, current) / middle
            centre = angle + width / 2
            angle += width
            if glyph.isspace():
                continue
            canvas.saveState()
            canvas.setFont(name, current)
            canvas.translate(cx, cy)
            canvas.rotate(math.degrees(centre) + 90)
            canvas.drawCentredString(0, -baseline_radius, glyph)
            canvas.restoreState()
        return current, total

    def extra_style(self, kind: str) -> dict:
        """A shroud or vote token's colours; --solid-shrouds draws shrouds as a dark disc with light art, no ring."""
        style = _t(kind)
        if kind == "shroud" and getattr(self.options, "solid_shrouds", False):
            style = {key: value for key, value in style.items() if key not in ("ring", "ring_mm")} | dict(
                _t("shroud_solid")
            )
        return style

    # -- tokens --------------------------------------------------------------------------------------------

    def draw(self, canvas, spec: TokenSpec, cx: float, cy: float, bleed: float) -> None:
        """Draw one token centred at (cx, cy) in points."""
        canvas.saveState()
        if spec.kind in EXTRAS:
            self._extra(canvas, spec, cx, cy, bleed)
            under = self.extra_style(spec.kind).get("ring", self.extra_style(spec.kind)["fill"])
        else:
            character = self.game.character(spec.character_id)
            if spec.kind == CHARACTER:
                self._character(canvas, spec, character, cx, cy, bleed)
            else:
                self._reminder(canvas, spec, character, cx, cy, bleed)
            under = team_ring_color(character.team)
        if getattr(self.options, "marks", "cut") != "crop":  # crop marks outside the bleed instead (print_marks.py)
            self._cut_line(canvas, cx, cy, mm(spec.diameter_mm) / 2, under)
        canvas.restoreState()

    def _character(self, canvas, spec, character, cx, cy, bleed):
        from generator.art.icon_drawing import draw_icon

        r = mm(spec.diameter_mm) / 2
        scale = spec.diameter_mm / DEFAULT_TOKEN_MM
        ring = mm(_t("ring_mm")) * min(1.0, scale)
        self._disc(canvas, cx, cy, r, ring, bleed, character.team)

        leaf_outer = r - ring - mm(0.5) * scale
        leaf_len, leaf_w = 0.2 * r, 0.085 * r
        # the top row: a leaf per reminder token, the setup star in the middle slot of the same row
        slots = reminder_count(character) + (1 if character.changes_setup else 0)
        star_slot = slots // 2 if character.changes_setup else -1
        spacing = _t("leaf_spacing_deg")
        leaves = 0
        for n in range(slots):
            angle = 90 + spacing * ((slots - 1) / 2 - n)
            if n == star_slot:
                a = math.radians(angle)
                middle = leaf_outer - leaf_len / 2
                draw_setup_star(canvas, cx + middle * math.cos(a), cy + middle * math.sin(a), 0.075 * r)
            else:
                draw_leaf(canvas, cx, cy, angle, leaf_outer, leaf_len, leaf_w, _t("leaf_color"))
                leaves += 1
        if character.first_night is not None:
            draw_leaf(canvas, cx, cy, 157, leaf_outer, leaf_len, leaf_w, _t("night_leaf_color"))
        if character.other_nights is not None:
            draw_leaf(canvas, cx, cy, 23, leaf_outer, leaf_len, leaf_w, _t("night_leaf_color"))

        baseline = r - mm(_t("text_inset_mm"))
        name_size = _t("name_size_pt") * scale
        used, span = self._arc_text(
            canvas, cx, cy, spec.label, baseline, font_name(_t("name_font")), name_size, character.id
        )
        name_inner = baseline - 0.8 * used
        english = self.game.english_name(character.id) if getattr(self.options, "english", False) else None
        if english:  # --english: the publisher's name on a smaller arc just inside the Korean one
            style = _t("english")
            english_baseline = name_inner - mm(style["gap_mm"]) * scale
            english_used, english_span = self._arc_text(
                canvas,
                cx,
                cy,
                english,
                english_baseline,
                font_name(style["font"]),
                used * style["size_ratio"],
                character.id,
                fill=style["color"],
            )
            name_inner = english_baseline - 0.75 * english_used
            span = max(span, english_span)
        icon = self.icon(character)
        ink = team_color(character.team)
        if self.options.ability_text:
            size = 0.5 * r
            draw_icon(canvas, icon, cx - size / 2, cy + 0.58 * r - size, size, ink)
            name_inner -= mm(_t("ability_name_clear_mm"))
            self._ability(canvas, character, cx, cy, r - ring, top=0.08 * r, name_inner=name_inner, name_span=span)
        else:
            size, centre = (0.95, 0.1) if not english else (_t("english")["icon_size"], _t("english")["icon_centre"])
            size *= r
            draw_icon(canvas, icon, cx - size / 2, cy + centre * r - size / 2, size, ink)

    def _ability(self, canvas, character, cx, cy, inner, top, name_inner, name_span):
        """The ability in small type under the icon, each line as wide as the circle allows at its height and
        clear of the curved name; brackets are never broken. Shrinks to fit, else leaves it out and warns."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        font = font_name(_t("ability_font"))
        safe = inner - mm(_t("ability_inset_mm"))
        # the name's sector, widened by the clearance on both ends
        half_angle = name_span / 2 + mm(_t("ability_name_clear_mm")) / max(name_inner, 1.0)
        words = keep_brackets_together(character.ability)

        def half_width(low: float, high: float) -> float:
            """How far a line box between heights low..high may reach either side of the centre line."""
            reach = max(abs(low), abs(high))
            if reach >= safe:
                return 0.0
            limit = math.sqrt(safe * safe - reach * reach)
            if low < 0:
                if -low >= name_inner:
                    return 0.0
                # the box's bottom edge meets the name's sector only beyond this half-width
                edge = math.sqrt(name_inner * name_inner - low * low)
                if edge <= -low * math.tan(min(half_angle, math.radians(89))):
                    limit = min(limit, edge)
            return limit

        def set_lines(size: float):
            leading = size * 1.22
            lines, y, rest = [], top - size * 0.8, list(words)
            while rest:
                width = 2 * half_width(y - size * 0.25, y + size * 0.75)
                if width <= 0 or stringWidth(rest[0], font, size) > width:
                    return None
                line = rest.pop(0)
                while rest and stringWidth(line + " " + rest[0], font, size) <= width:
                    line += " " + rest.pop(0)
                lines.append((line, y))
                y -= leading
            return lines

        size = _t("ability_size_pt")
        while (lines := set_lines(size)) is None and size > _t("ability_min_size_pt"):
            size = max(_t("ability_min_size_pt"), round(size - 0.25, 2))
        if lines is None:
            self._warn(
                "token-ability-long",
                character.id,
                f"{character.name}: 능력 문장이 토큰에 다 들어가지 않아 생략했습니다. 더 큰 토큰(--token-size)을 쓰세요.",
            )
            return
        canvas.setFont(font, size)
        canvas.setFillColor(_hex(color("ink")))
        for line, y in lines:
            canvas.drawCentredString(cx, cy + y, line)

    def _reminder(self, canvas, spec, character, cx, cy, bleed):
        from generator.art.icon_drawing import draw_icon

        r = mm(spec.diameter_mm) / 2
        scale = spec.diameter_mm / DEFAULT_REMINDER_MM
        ring = mm(_t("reminder_ring_mm")) * min(1.0, scale)
        self._disc(canvas, cx, cy, r, ring, bleed, character.team)
        baseline = r - mm(_t("reminder_text_inset_mm"))
        font, size = font_name(_t("reminder_font")), _t("reminder_size_pt") * scale
        straight = straight_label(spec.label, font, size, r, baseline)
        if straight is None:
            self._arc_text(canvas, cx, cy, spec.label, baseline, font, size, character.id)
            icon_size, icon_y = 0.85 * r, 0.28 * r
        else:
            draw_straight_label(canvas, cx, cy, straight, font)
            icon_size, icon_y = _t("reminder_straight")["icon_size"] * r, _t("reminder_straight")["icon_centre"] * r
        draw_icon(
            canvas,
            self.icon(character),
            cx - icon_size / 2,
            cy + icon_y - icon_size / 2,
            icon_size,
            team_color(character.team),
        )

    def _extra(self, canvas, spec, cx, cy, bleed):
        """Shroud: a dark ring and dark art on paper (or a dark disc with light art). Vote: a white disc in a grey
        ring, dark art. Nothing ring-like near the cut: the cut line is the only circle there."""
        from generator.art.icon_drawing import draw_icon

        style = self.extra_style(spec.kind)
        r = mm(spec.diameter_mm) / 2
        scale = spec.diameter_mm / DEFAULT_REMINDER_MM
        canvas.setLineWidth(0)
        canvas.setFillColor(_hex(style.get("ring", style["fill"])))
        canvas.circle(cx, cy, r + bleed, stroke=0, fill=1)
        if "ring" in style:
            canvas.setFillColor(_hex(style["fill"]))
            canvas.circle(cx, cy, r - mm(style["ring_mm"]) * min(1.0, scale), stroke=0, fill=1)
        baseline = r - mm(_t("reminder_text_inset_mm")) - mm(0.3) * scale
        self._arc_text(
            canvas,
            cx,
            cy,
            spec.label,
            baseline,
            font_name("sans_bold"),
            _t("reminder_size_pt") * 1.25 * scale,
            spec.kind,
            fill=style["ink"],
        )
        size = 0.9 * r
        draw_icon(canvas, self.extra_icon(spec.kind), cx - size / 2, cy + 0.22 * r - size / 2, size, style["ink"])
