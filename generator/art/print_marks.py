"""A trim box or a double-sided page → the marks a copy shop cuts and lines up by (--marks crop, --bleed): crop
marks at the corners of a trim box, starting past the bleed, and registration targets that lie at the same place
on both sides of a sheet printed double-sided.

A round token's trim box is the square its cut circle fits in: a shop sets a round die or punch by the four corners
(and cuts the square out first when it punches by hand). The marks lie on the lines of the box's sides, beyond its
corners, so none reaches into the token's art or bleed; tokens are packed so that each token's marks stay in its own
room (token_layout.packing). Lengths in millimetres, drawing in points.
"""

from __future__ import annotations

from generator.read.theme import hex_colour, mm, theme

Segment = tuple[tuple[float, float], tuple[float, float]]


def marks_theme():
    return theme().print_marks


def crop_offset(bleed_mm: float) -> float:
    """How far past the trim a crop mark starts: past the bleed and a gap, so it never lies in the art."""
    return bleed_mm + marks_theme().crop_gap


def crop_reach(bleed_mm: float) -> float:
    """How far past the trim a crop mark ends."""
    return crop_offset(bleed_mm) + marks_theme().crop_length


def corner_marks(box: tuple[float, float, float, float], bleed_mm: float) -> list[Segment]:
    """The eight crop marks of a trim box (x0, y0, x1, y1): at each corner one along each side's line, outwards."""
    x0, y0, x1, y1 = box
    start, end = crop_offset(bleed_mm), crop_reach(bleed_mm)
    segments: list[Segment] = []
    for x, y, out_x, out_y in ((x0, y0, -1, -1), (x1, y0, 1, -1), (x0, y1, -1, 1), (x1, y1, 1, 1)):
        segments.append(((x + out_x * start, y), (x + out_x * end, y)))  # the horizontal side's line, beyond x
        segments.append(((x, y + out_y * start), (x, y + out_y * end)))  # the upright side's line, beyond y
    return segments


def draw_crop_marks(canvas, box: tuple[float, float, float, float], bleed_mm: float) -> None:
    """The corner marks of a trim box given in millimetres."""
    t = marks_theme()
    canvas.saveState()
    canvas.setStrokeColor(hex_colour(t.crop_color))
    canvas.setLineWidth(t.crop_pt)
    for (ax, ay), (bx, by) in corner_marks(box, bleed_mm):
        canvas.line(mm(ax), mm(ay), mm(bx), mm(by))
    canvas.restoreState()


def registration_spots(page: tuple[float, float], back: bool) -> list[tuple[float, float]]:
    """Where a sheet's registration targets lie (mm from the page's lower-left corner): top left, top right and the
    middle of the right side on the front; on the back the same places seen through the paper after a long-edge
    flip (mirrored across the upright centre line). Three places, not a symmetric pair, so that a sheet turned the
    wrong way (a short-edge flip) shows at once: its targets no longer cover each other."""
    width, height = page
    inset = marks_theme().registration_inset
    spots = [(inset, height - inset), (width - inset, height - inset), (width - inset, height / 2)]
    return [(width - x, y) for x, y in spots] if back else spots


def draw_registration(canvas, page: tuple[float, float], back: bool) -> None:
    """The registration targets of one side: a circle with a cross through it, reaching past the circle."""
    t = marks_theme()
    radius = mm(t.registration_mm) / 2
    canvas.saveState()
    canvas.setStrokeColor(hex_colour(t.crop_color))
    canvas.setLineWidth(t.registration_pt)
    for x, y in registration_spots(page, back):
        cx, cy = mm(x), mm(y)
        canvas.circle(cx, cy, radius, stroke=1, fill=0)
        canvas.line(cx - 1.4 * radius, cy, cx + 1.4 * radius, cy)
        canvas.line(cx, cy - 1.4 * radius, cx, cy + 1.4 * radius)
    canvas.restoreState()
