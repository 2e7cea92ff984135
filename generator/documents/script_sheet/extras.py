"""Game → the extras band of the sheet back: jinxes, travellers, loric, fabled, the script's bootlegger rules and the
almanac's QR code as headings and entries measured for one text size and column width, and their cut into the two
columns under the nights (generator/documents/script_sheet/back.py places them)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.art.icon_drawing import draw_icon
from generator.art.icons import character_icon
from generator.documents.parts import icon_color
from generator.documents.script_sheet.look import back_theme, sheet_theme
from generator.josa import with_particle
from generator.load.links import almanac_address
from generator.load.wording import wording
from generator.model import TEAM_NAMES_KO
from generator.read.theme import color, font_name, labels, mm, team_color, theme
from generator.read.theme import hex_colour as _hex
from generator.typeset.markup import render
from generator.typeset.paragraph import hangul_paragraph
from generator.typeset.styles import style

EXTRA_TEAMS = ("traveller", "loric", "fabled")


@dataclass
class Item:
    """A section heading or an entry of the extras band, measured for one text size and column width."""

    height: float
    draw: Callable[[object, float, float], None]  # (canvas, x, top y)
    heading: bool = False
    title: tuple[str, str] | None = None  # a heading's (title, colour), to draw it again across both columns
    width: float = 0.0  # a heading's column width
    of: Item | None = None  # a heading repeated at the top of the next column: the heading it continues


def section_heading(title: str, section_color: str, width: float, continued: bool = False) -> Item:
    b = back_theme()
    label = f"{title} (계속)" if continued else title
    size = b["section_size_pt"]
    height = size * 1.5 + mm(b["heading_gap"])

    def draw(canvas, x, top):
        canvas.saveState()
        canvas.setFillColor(_hex(section_color))
        canvas.rect(x, top - size * 1.3, 3, size * 1.3, stroke=0, fill=1)
        canvas.setFont(font_name("sans_bold"), size)
        canvas.drawString(x + 6, top - size * 1.05, label)
        canvas.setStrokeColor(_hex(section_color))
        canvas.setLineWidth(theme().page.rule_pt)
        canvas.line(x + 6, top - size * 1.5, x + width, top - size * 1.5)
        canvas.restoreState()

    return Item(height, draw, heading=True, title=(title, section_color), width=width)


def continued_heading(heading: Item) -> Item:
    """The heading of a section cut in two, again at the top of the right column, marked '(계속)'."""
    again = section_heading(*heading.title, heading.width, continued=True)
    again.of = heading
    return again


def entry(game, icons, options, pictured: list, markup: str, width: float, size: float) -> Item:
    """An entry: its icons (none for a bootlegger rule, which is then indented like the others) and its text."""
    icon = size * back_theme()["icon_per_pt"]
    text_x = icon * max(1, len(pictured)) + mm(1.5)
    para = hangul_paragraph(markup, style("serif", size, round(size * sheet_theme()["leading_ratio"], 2)), tight=True)
    _, text_h = para.wrap(width - text_x, 10_000)
    height = max(icon if pictured else 0.0, text_h)

    def draw(canvas, x, top):
        for number, character in enumerate(pictured):
            picture = icons.get(character.id) if character.id in icons else character_icon(character, game, options)
            draw_icon(canvas, picture, x + number * icon, top - icon, icon * 0.94, icon_color(character.team))
        para.drawOn(canvas, x + text_x, top - max(0.0, (min(height, icon) - text_h) / 2) - text_h)

    return Item(height, draw)


def extra_items(game, icons, options, width: float, size: float) -> list[Item]:
    """Jinxes, travellers, loric, fabled and bootlegger rules as headings and entries, in that order."""
    words = wording(game)
    ink = color("ink")
    name_font = font_name("sans_bold")
    items: list[Item] = []
    if game.jinxes:
        items.append(section_heading("징크스", ink, width))
        for jinx in game.jinxes:
            first, second = (game.character(cid) for cid in jinx.characters)
            markup = render(
                "side_entry.j2",
                name=f"{words.tie(first.name)} · {words.tie(second.name)}",
                text=words.print(jinx.text),
                color=ink,
                name_font=name_font,
                note=None,
            )
            items.append(entry(game, icons, options, [first, second], markup, width, size))
    for team in EXTRA_TEAMS:
        members = game.by_team(team)
        if members:
            items.append(section_heading(TEAM_NAMES_KO[team], team_color(team), width))
        for character in members:
            target = game.named_character(character.id)
            note = None
            if target is not None:
                note = f"이 스크립트에서 {with_particle(character.name, '이')} 지정한 캐릭터: {target.name} ({TEAM_NAMES_KO[target.team]})"
            markup = render(
                "side_entry.j2",
                name=words.tie(character.name),
                text=words.print(character.ability),
                color=team_color(team),
                name_font=name_font,
                note=note,
                note_font=name_font,
                note_color=team_color(target.team) if target is not None else ink,
            )
            items.append(
                entry(game, icons, options, [character] + ([target] if target is not None else []), markup, width, size)
            )
    rules = [rule for rule in game.script.bootlegger if rule and rule.strip()]
    if rules:
        items.append(section_heading(labels("almanac")["house_rules"], team_color("loric"), width))
        for rule in rules:
            items.append(
                entry(game, icons, options, [], render("almanac_text.j2", text=words.print(rule.strip())), width, size)
            )
    address, _ = almanac_address(game.script)
    if address:
        items.append(section_heading(labels("sheet")["almanac_online"], ink, width))
        items.append(qr_entry(address, width, size))
    return items


def qr_entry(address: str, width: float, size: float) -> Item:
    """The almanac's address as a QR code with a caption beside it: printed only, never fetched."""
    from reportlab.graphics import renderPDF
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.graphics.shapes import Drawing
    from reportlab.pdfbase.pdfmetrics import stringWidth

    side = mm(back_theme()["qr_mm"])
    text_x = side + mm(3)
    one_pt = stringWidth(address, font_name("sans"), 1) or 1.0  # the address on one line, smaller when it is long
    address_size = round(min(max(6.0, size - 2), (width - text_x) / one_pt), 2)
    widget = QrCodeWidget(address, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(side, side, transform=[side / (x1 - x0), 0, 0, side / (y1 - y0), 0, 0])
    drawing.add(widget)
    caption = hangul_paragraph(
        render(
            "qr_caption.j2",
            text=labels("sheet")["almanac_caption"],
            address=address,
            address_font=font_name("sans"),
            address_size=address_size,
            address_color=color("muted"),
        ),
        style("serif", size, size * 1.3),
    )
    _, text_h = caption.wrap(width - text_x, 10_000)
    height = max(side, text_h)

    def draw(canvas, x, top):
        renderPDF.draw(drawing, canvas, x, top - side)
        caption.drawOn(canvas, x + text_x, top - (height + text_h) / 2 if text_h < side else top - text_h)

    return Item(height, draw)


def split_columns(items: list[Item], spaces: tuple[float, float]) -> tuple[list[Item], list[Item], float] | None:
    """The items in two columns under the two nights, cut where the column that comes nearest to its bottom has the
    most room left: (left, right, least room left), or None when no cut fits. A heading never ends a column; a
    section cut in two repeats its heading, marked '(계속)', at the top of the right column, which then starts no
    higher than the left one. Heights come from running sums, so trying every cut costs one pass over the items."""
    b = back_theme()
    section_gap, entry_gap = mm(b["section_gap"]), mm(b["entry_gap"])
    count = len(items)
    reach = [0.0]  # reach[i]: the height of items[:i] stacked, the gaps between them included
    for number, item in enumerate(items):
        if number:
            reach[-1] += section_gap if item.heading else entry_gap
        reach.append(reach[-1] + item.height)
    best = None  # (room, cut, repeated heading or None)
    heading = None  # the last heading left of the cut
    for cut in range(0, count + 1):
        if cut and items[cut - 1].heading:
            heading = items[cut - 1]
            continue
        rest = (
            reach[count] - reach[cut] - ((section_gap if items[cut].heading else entry_gap) if 0 < cut < count else 0.0)
        )
        repeated = heading if cut < count and not items[cut].heading else None
        if repeated is not None:
            rest += repeated.height + entry_gap
        right = min(spaces) if repeated is not None else spaces[1]  # a continued section starts level, never above
        room = min(spaces[0] - reach[cut], right - rest)
        if room >= 0 and (best is None or room > best[0] + 1e-6):
            best = (room, cut, repeated)
    if best is None:
        return None
    room, cut, repeated = best
    return items[:cut], ([continued_heading(repeated)] if repeated is not None else []) + items[cut:], room


def draw_column(canvas, items: list[Item], x: float, top: float) -> None:
    b = back_theme()
    y = top
    for number, item in enumerate(items):
        if number:
            y -= mm(b["section_gap"]) if item.heading else mm(b["entry_gap"])
        item.draw(canvas, x, y)
        y -= item.height
