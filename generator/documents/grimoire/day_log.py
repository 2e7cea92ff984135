"""The grimoire's back page: a day log for eight days, a line per nomination (who nominated whom, how many voted
for it), the day's execution and notes, and the players alive that day (half of them, rounded up, execute).
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.read.theme import color, font_name, labels, mm, theme


def columns(width: float) -> list[tuple[str, float]]:
    """(key, width in points) of each column: fixed ones as the theme says, flexible ones share the rest."""
    spec = theme().grimoire["day_log"]["columns"]
    fixed = sum(mm(v) for v in spec.values() if not isinstance(v, Mapping))
    flex = sum(v["flex"] for v in spec.values() if isinstance(v, Mapping))
    return [
        (key, mm(v) if not isinstance(v, Mapping) else (width - fixed) * v["flex"] / flex) for key, v in spec.items()
    ]


def rows_per_day(height: float) -> tuple[int, float]:
    """(nomination lines a day, their height): as many as the theme allows at row_min or more."""
    d = theme().grimoire["day_log"]
    room = height - mm(d["header_h"])
    count = d["rows_per_day"]
    while count > 1 and room / (d["days"] * count) < mm(d["row_min"]):
        count -= 1
    return count, min(mm(d["row_max"]), room / (d["days"] * count))


def draw_day_log(canvas, x0: float, x1: float, top: float, bottom: float) -> None:
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase.pdfmetrics import stringWidth

    t, words = theme().grimoire, labels("grimoire")
    d = t["day_log"]
    heads = words["day_columns"]
    ink, line = HexColor(color("ink")), HexColor(t["line_color"])
    cols = columns(x1 - x0)
    edges = [x0]
    for _, w in cols:
        edges.append(edges[-1] + w)
    lines, row = rows_per_day(top - bottom)
    header = mm(d["header_h"])
    day_h = lines * row
    low = top - header - d["days"] * day_h
    canvas.saveState()
    canvas.setFillColor(ink)
    canvas.setFont(font_name("sans_bold"), t["label_pt"] + 0.5)
    for (key, _), left, right in zip(cols, edges, edges[1:]):
        if key != "arrow":  # printed on every line instead
            canvas.drawCentredString((left + right) / 2, top - header / 2 - (t["label_pt"] + 0.5) * 0.35, heads[key])
    spans = {"day", "executed", "notes"}  # one cell a day; the others a cell per nomination
    canvas.setStrokeColor(line)
    canvas.setLineWidth(d["row_pt"])
    for day in range(d["days"]):
        day_top = top - header - day * day_h
        for k in range(1, lines):
            y = day_top - k * row
            for (key, _), left, right in zip(cols, edges, edges[1:]):
                if key not in spans or key == "notes":
                    canvas.line(left, y, right, y)
    for (key, _), left in zip(cols[1:], edges[1:]):
        if key != "nominee":  # the arrow's column reads as one cell with the names either side
            canvas.line(left, top, left, low)
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(d["rule_pt"])
    canvas.rect(x0, low, x1 - x0, top - low, stroke=1, fill=0)
    canvas.line(x0, top - header, x1, top - header)
    for day in range(1, d["days"]):
        canvas.line(x0, top - header - day * day_h, x1, top - header - day * day_h)
    arrow = dict(zip((k for k, _ in cols), zip(edges, edges[1:])))["arrow"]
    day_left, day_right = edges[0], edges[1]
    for day in range(d["days"]):
        day_top = top - header - day * day_h
        canvas.setFillColor(ink)
        canvas.setFont(font_name("sans_bold"), d["day_number_pt"])
        canvas.drawCentredString(
            (day_left + day_right) / 2, day_top - mm(1.5) - d["day_number_pt"] * 0.75, str(day + 1)
        )
        canvas.setFont(font_name("sans"), t["label_pt"])
        base = day_top - day_h + mm(1.6)
        canvas.drawString(day_left + mm(1.2), base, words["day_alive"])
        blank = day_left + mm(1.2) + stringWidth(words["day_alive"], font_name("sans"), t["label_pt"]) + mm(1)
        canvas.setStrokeColor(line)
        canvas.setLineWidth(t["line_pt"])
        canvas.line(blank, base - mm(0.4), day_right - mm(1.2), base - mm(0.4))
        canvas.setFont(font_name("sans_bold"), t["label_pt"] + 1)
        for k in range(lines):
            canvas.drawCentredString(
                (arrow[0] + arrow[1]) / 2, day_top - (k + 0.5) * row - (t["label_pt"] + 1) * 0.35, heads["arrow"]
            )
    canvas.restoreState()
