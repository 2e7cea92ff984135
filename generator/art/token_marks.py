"""The small pieces every token is drawn from, shared by the token faces (token_art.py) and the sheets' legend
(token_legend.py): the theme's token values and colours, the team marks around a ring (a pattern, not a colour, so
teams stay apart in greyscale), the leaves for reminder tokens and nights, and the setup star."""

from __future__ import annotations

import math

from generator.read.theme import hex_colour, team_mark, team_ring_color, theme


def token_theme(key: str):
    """One value of the theme's `tokens` section."""
    return theme().tokens[key]


_t = token_theme


_hex = hex_colour


def grey_level(hex_colour: str) -> float:
    """The colour's greyscale lightness as a black-and-white print (and PIL's "L") sees it, 0–255."""
    value = hex_colour.lstrip("#")
    red, green, blue = (int(value[i : i + 2], 16) for i in (0, 2, 4))
    return 0.299 * red + 0.587 * green + 0.114 * blue


def mark_colour(ring_colour: str) -> str:
    """Team marks contrast with their ring: dark on a light ring, light on a dark one."""
    return _t("mark_dark") if grey_level(ring_colour) > _t("mark_dark_above") else _t("mark_light")


def draw_mark(canvas, shape: str, width: float) -> None:
    """One team mark centred on the origin, +y pointing out of the ring, for a ring `width` points wide."""
    path = canvas.beginPath()
    if shape == "dots":
        canvas.circle(0, 0, 0.24 * width, stroke=0, fill=1)
        return
    if shape == "spikes":  # pointing outwards
        points = [(-0.27 * width, -0.34 * width), (0.27 * width, -0.34 * width), (0, 0.4 * width)]
    elif shape == "teeth":  # pointing inwards and biting into the parchment: a toothed ring
        points = [(-0.3 * width, 0.22 * width), (0.3 * width, 0.22 * width), (0, -0.62 * width)]
    elif shape == "bars":
        points = [
            (-0.1 * width, -0.36 * width),
            (0.1 * width, -0.36 * width),
            (0.1 * width, 0.36 * width),
            (-0.1 * width, 0.36 * width),
        ]
    elif shape == "diamonds":
        points = [(0, -0.36 * width), (0.24 * width, 0), (0, 0.36 * width), (-0.24 * width, 0)]
    else:
        return
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def mark_sequence(team: str, count: int) -> list[str]:
    """The shapes around a team's ring: travellers alternate the good dot and the evil spike."""
    mark = team_mark(team)
    if mark == "none":
        return []
    if mark == "mixed":
        return ["dots" if n % 2 == 0 else "spikes" for n in range(count)]
    return [mark] * count


def draw_ring_marks(canvas, cx: float, cy: float, inner: float, outer: float, team: str) -> None:
    """The team's marks evenly round the visible ring (between `inner` and the cut at `outer`), starting at the top."""
    width = outer - inner
    middle = (inner + outer) / 2
    pitch = _t("mark_pitch") * width * (0.55 if team_mark(team) == "teeth" else 1.0)
    count = max(8, int(2 * math.pi * middle / pitch) // 2 * 2)
    shapes = mark_sequence(team, count)
    if not shapes:
        return
    canvas.saveState()
    canvas.setFillColor(_hex(mark_colour(team_ring_color(team))))
    drawn = canvas.__dict__.setdefault("_botc_mark_operators", {})
    for n, shape in enumerate(shapes):
        angle = 90 + 360 * n / count
        canvas.saveState()
        canvas.translate(cx, cy)
        canvas.rotate(angle - 90)
        canvas.translate(0, middle)
        # a mark is the same path in each mark's own turned frame: its operators are made once per document
        key = (shape, width, canvas._fillMode)
        if key in drawn:
            canvas._code.extend(drawn[key])
        else:
            start = len(canvas._code)
            draw_mark(canvas, shape, width)
            drawn[key] = canvas._code[start:]
        canvas.restoreState()
    canvas.restoreState()


def draw_leaf(canvas, cx, cy, angle_deg, outer, length, width, fill) -> None:
    """A leaf pointing at the centre, its tip `outer` from (cx, cy) in direction `angle_deg`."""
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


def draw_setup_star(canvas, x, y, size) -> None:
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
