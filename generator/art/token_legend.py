"""Token page footer: the teams and options of a token sheet → the legend (what leaves, the star and the ring
patterns mean), the print-at-100 % note and the 50 mm calibration bar, in the band above the bottom margin."""

from __future__ import annotations

from generator.art.token_layout import Frame, token_bleed
from generator.art.token_marks import draw_leaf, draw_mark, draw_setup_star, mark_colour, mark_sequence
from generator.art.token_marks import hex_colour as _hex
from generator.art.token_marks import token_theme as _t
from generator.model import TEAM_NAMES_KO, TEAMS
from generator.read.theme import color, font_name, mm, team_ring_color

CUT_NOTE = " · 가는 검은 원이 자르는 선입니다."
CROP_NOTE = " · 재단 표시: 지름만 한 정사각형의 모서리"
PRINT_NOTE = "인쇄 배율은 꼭 ‘실제 크기(100%)’로 하세요(‘페이지에 맞춤’ 끄기). 왼쪽 막대가 자로 재어 정확히 50 mm이어야 토큰 크기가 맞습니다."
# (where the mini token shows it, full words, short words when the line is too long)
LEAF_ITEMS = [
    ("top", "알림 토큰 수", "알림 수"),
    ("left", "첫날 밤에 깨어남", "첫날 밤"),
    ("right", "다른 밤에 깨어남", "다른 밤"),
    ("star", "설정을 바꿈", "설정 변경"),
]
SEPARATOR = "  ·  "


def draw_footer(canvas, frame: Frame, options, teams: list[str]) -> None:
    """Legend, print note and calibration bar, bottom-up, inside the footer band under the tokens."""
    size = _t("footer_size_pt")
    left = mm(frame.left)
    base = mm(frame.bottom - _t("footer_mm"))
    canvas.saveState()
    bar_y = base + mm(1.5)
    _calibration(canvas, left, bar_y, size, options)
    canvas.setFillColor(_hex(color("ink")))
    canvas.setFont(font_name("sans"), size)
    canvas.drawString(left, bar_y + mm(4.1), PRINT_NOTE)
    _legend(canvas, left, mm(frame.right), bar_y + mm(8.2), size, [t for t in TEAMS if t in teams])
    canvas.restoreState()


def _calibration(canvas, left: float, y: float, size: float, options) -> None:
    length, thickness = mm(_t("calibration_mm")), mm(_t("calibration_bar_mm"))
    ink = _hex(color("ink"))
    canvas.setFillColor(ink)
    canvas.setStrokeColor(ink)
    canvas.rect(left, y, length, thickness, stroke=0, fill=1)
    canvas.setLineWidth(0.4)
    for n in range(0, int(_t("calibration_mm")) + 1, 10):
        x = left + mm(n)
        canvas.line(x, y + thickness, x, y + thickness + mm(1.5))
    canvas.setFont(font_name("sans_bold"), size + 0.5)
    canvas.drawString(left + length + mm(2), y, f"{_t('calibration_mm'):g} mm")
    canvas.setFont(font_name("sans"), size)
    sizes = f"캐릭터 토큰 {options.token_size_mm:g} mm · 알림 토큰 {options.reminder_size_mm:g} mm"
    bleed = token_bleed(options)
    if bleed:
        sizes += f" · 도련 {bleed:g} mm"
    canvas.drawString(left + length + mm(16), y, sizes + (CROP_NOTE if options.marks == "crop" else CUT_NOTE))


def _legend(canvas, left: float, right: float, y: float, size: float, teams: list[str]) -> None:
    """One line: a mini token for each leaf meaning and the star, then a ring sample for each team on the sheet."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = font_name("sans")
    mini = mm(1.7)  # mini token radius
    sample = (mm(7), mm(1.8))  # ring sample: length, height

    def width_of(short: bool) -> float:
        words = [item[2 if short else 1] for item in LEAF_ITEMS] + [TEAM_NAMES_KO[t] for t in teams]
        text = sum(stringWidth(w, font, size) for w in words)
        gaps = stringWidth(SEPARATOR, font, size) * (len(LEAF_ITEMS) + len(teams))
        return (
            text
            + gaps
            + len(LEAF_ITEMS) * (2 * mini + mm(1))
            + len(teams) * (sample[0] + mm(1))
            + stringWidth("테두리:", font, size)
        )

    short = width_of(False) > right - left
    x = left
    canvas.setFont(font, size)
    for where, full, brief in LEAF_ITEMS:
        _mini_token(canvas, x + mini, y + size * 0.35, mini, where)
        x += 2 * mini + mm(1)
        canvas.setFillColor(_hex(color("ink")))
        canvas.drawString(x, y, brief if short else full)
        x += stringWidth(brief if short else full, font, size) + stringWidth(SEPARATOR, font, size)
    if not teams:
        return
    canvas.setFillColor(_hex(color("ink")))
    canvas.drawString(x, y, "테두리:")
    x += stringWidth("테두리:", font, size) + mm(1)
    for team in teams:
        _ring_sample(canvas, x, y - mm(0.2), *sample, team)
        x += sample[0] + mm(1)
        canvas.setFillColor(_hex(color("ink")))
        canvas.drawString(x, y, TEAM_NAMES_KO[team])
        x += stringWidth(TEAM_NAMES_KO[team], font, size) + stringWidth(SEPARATOR, font, size)


def _mini_token(canvas, cx: float, cy: float, radius: float, where: str) -> None:
    """A tiny token outline with one leaf or the star where the real token has it."""
    canvas.saveState()
    canvas.setStrokeColor(_hex(color("muted")))
    canvas.setLineWidth(0.4)
    canvas.circle(cx, cy, radius, stroke=1, fill=0)
    length, width = 0.55 * radius, 0.26 * radius
    if where == "top":
        draw_leaf(canvas, cx, cy, 90, radius * 0.92, length, width, _t("leaf_color"))
    elif where == "left":
        draw_leaf(canvas, cx, cy, 157, radius * 0.92, length, width, _t("night_leaf_color"))
    elif where == "right":
        draw_leaf(canvas, cx, cy, 23, radius * 0.92, length, width, _t("night_leaf_color"))
    else:
        draw_setup_star(canvas, cx, cy + radius * 0.62, radius * 0.34)
    canvas.restoreState()


def _ring_sample(canvas, x: float, y: float, length: float, height: float, team: str) -> None:
    """A straight piece of the team's ring with its marks, as on the tokens."""
    ring = team_ring_color(team)
    canvas.saveState()
    canvas.setFillColor(_hex(ring))
    canvas.rect(x, y, length, height, stroke=0, fill=1)
    pitch = _t("mark_pitch") * height * (0.55 if mark_sequence(team, 1) == ["teeth"] else 1.0)
    count = max(2, int(length / pitch))
    canvas.setFillColor(_hex(mark_colour(ring)))
    for n, shape in enumerate(mark_sequence(team, count)):
        canvas.saveState()
        canvas.translate(x + (n + 0.5) * length / count, y + height / 2)
        draw_mark(canvas, shape, height)
        canvas.restoreState()
    canvas.restoreState()
