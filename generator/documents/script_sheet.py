"""Game → script.pdf: the player sheet (page 1) and its back with both night orders, jinxes, travellers and loric (page 2)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Callable

from generator.fonts import register_fonts
from generator.icons import character_icon, draw_icon
from generator.josa import with_particle
from generator.markup import render
from generator.search_size import area_guess, largest_passing
from generator.model import NIGHT_NAMES_KO, SHEET_TEAMS, TEAM_NAMES_KO
from generator.theme import color, font_name, mm, paper_size_pt, team_color, theme
from generator.typeset import credit_line, draw_page_furniture, paragraph, style
from generator.wording import typographic_quotes, wording

FIRST_NIGHT_NOTE = "* 첫날 밤 제외"
# Fixed steps have no character icon: a small badge with one syllable stands in for it.
FIXED_BADGES = {"dusk": ("황", "fixed"), "minioninfo": ("하", "minion"), "demoninfo": ("악", "demon"), "dawn": ("새", "fixed")}


def sheet_theme() -> dict:
    return theme()["script_sheet"]


def icon_color(team: str) -> str:
    """Good icons blue, evil icons red, as players expect; travellers and loric keep their own colour."""
    if team in ("townsfolk", "outsider"):
        return team_color("townsfolk")
    if team in ("minion", "demon"):
        return team_color("minion")
    return team_color(team)


def build(game, options) -> list[tuple[str, bytes]]:
    register_fonts()
    from reportlab.pdfgen import canvas as pdf_canvas

    width, height = paper_size_pt(options.paper)
    buffer = io.BytesIO()
    canvas = pdf_canvas.Canvas(buffer, pagesize=(width, height), invariant=1)
    canvas.setTitle(f"{game.script.title} · 캐릭터 시트")
    canvas.setAuthor(game.script.author or "")
    canvas.setCreator("botc-pnp")
    icons = {c.id: character_icon(c, game, options) for c in game.characters}
    draw_front(canvas, game, icons, width, height, options)
    canvas.showPage()
    draw_back(canvas, game, icons, width, height, options)
    canvas.showPage()
    canvas.save()
    return [("script.pdf", buffer.getvalue())]


# ---------------------------------------------------------------- page 1: the player sheet


@dataclass
class Block:
    """One piece of a column: a team header or a character row, measured for one size and column width."""

    height: float
    draw: Callable[[object, float, float], None]  # (canvas, x, top y)
    header: bool = False
    team: str | None = None


def draw_title(canvas, game, x0: float, x1: float, top: float, title_size: float | None = None) -> float:
    """Title (one line, shrunk to fit, else wrapped) and author; returns the y under them."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    t = sheet_theme()
    width = x1 - x0
    size = title_size or t["title_size_pt"]
    bold = font_name("sans_bold")
    while size > t["title_min_size_pt"] and stringWidth(game.script.title, bold, size) > width:
        size -= 0.5
    para = paragraph(render("sheet_name.j2", name=typographic_quotes(game.script.title), color=color("ink"), note=None), style("sans_bold", size, alignment=1))
    _, h = para.wrap(width, 200)
    para.drawOn(canvas, x0, top - h)
    y = top - h
    if game.script.author:
        author = paragraph(
            render("sheet_name.j2", name=f"제작: {game.script.author}", color=color("muted"), note=None),
            style("sans", t["author_size_pt"], alignment=1),
        )
        _, ah = author.wrap(width, 100)
        author.drawOn(canvas, x0, y - ah - 1)
        y -= ah + 1
    return y - mm(t["header_gap"])


def team_header(team: str, count: int, width: float, continued: bool = False) -> Block:
    t = sheet_theme()
    size = t["team_size_pt"]
    height = size * 1.55

    def draw(canvas, x, top):
        from reportlab.lib.colors import HexColor

        canvas.saveState()
        canvas.setFillColor(HexColor(team_color(team)))
        canvas.rect(x, top - height + 1.5, 3, height - 3, stroke=0, fill=1)
        canvas.setFont(font_name("sans_bold"), size)
        label = TEAM_NAMES_KO[team] + (" (계속)" if continued else "")
        canvas.drawString(x + 6, top - size * 1.12, label)
        canvas.setStrokeColor(HexColor(team_color(team)))
        canvas.setLineWidth(theme()["page"]["rule_pt"])
        canvas.line(x + 6, top - height + 2, x + width, top - height + 2)
        canvas.restoreState()

    return Block(height + 1.5, draw, header=True, team=team)


def character_rows(game, icons, width: float, size: float, mode: str, name_column: float) -> list[Block]:
    """Measured rows, team by team in sheet order; `mode` is 'stacked' (name above ability) or 'side'."""
    t = sheet_theme()
    leading = round(size * t["leading_ratio"], 2)
    name_size = size + t["name_plus_pt"]
    icon_size = size * t["icon_per_pt"]
    text_x = icon_size + mm(t["icon_gap"])
    words = wording(game)
    blocks: list[Block] = []
    for team in SHEET_TEAMS:
        members = game.by_team(team)
        if not members:
            continue
        blocks.append(team_header(team, len(members), width))
        for character in members:
            markup = render(
                "sheet_row.j2", stacked=mode == "stacked", name=words.tie(character.name), ability=words.print(character.ability),
                name_font=font_name("sans_bold"), name_size=name_size, color=team_color(character.team),
            )
            if mode == "stacked":
                ability = paragraph(markup, style("serif", size, leading))
                _, text_h = ability.wrap(width - text_x, 10_000)
                name = None
                name_h = 0.0
                ability_x = text_x
            else:
                name = paragraph(
                    render("sheet_name.j2", name=words.tie(character.name), color=team_color(character.team), note=None),
                    style("sans_bold", name_size, leading),
                )
                _, name_h = name.wrap(name_column, 10_000)
                ability_x = text_x + name_column + mm(t["icon_gap"])
                ability = paragraph(markup, style("serif", size, leading))
                _, text_h = ability.wrap(width - ability_x, 10_000)
            row_h = max(icon_size, text_h, name_h)

            def draw(canvas, x, top, character=character, ability=ability, name=name, ability_x=ability_x,
                     text_h=text_h, row_h=row_h):
                draw_icon(canvas, icons.get(character.id), x, top - icon_size, icon_size, icon_color(character.team))
                text_top = top - max(0.0, (min(row_h, icon_size) - text_h) / 2)
                if name is not None:
                    name.drawOn(canvas, x + text_x, text_top - name.height)
                ability.drawOn(canvas, x + ability_x, text_top - text_h)

            blocks.append(Block(row_h, draw, team=character.team))
    return blocks


def flow(blocks: list[Block], columns: int, height: float, gap: float, team_gap: float, width: float = 0.0) -> list[list[Block]] | None:
    """Greedy fill, column by column; a header never ends a column. None when it does not fit."""
    placed: list[list[Block]] = [[]]
    used = 0.0
    i = 0
    while i < len(blocks):
        block = blocks[i]
        need = block.height
        if block.header and i + 1 < len(blocks):
            need += blocks[i + 1].height + gap  # keep with the first row
        lead = 0.0 if not placed[-1] else (team_gap if block.header else gap)
        if used + lead + need > height:
            if not placed[-1] or len(placed) == columns:
                return None
            placed.append([])
            used = 0.0
            if not block.header and block.team:  # a team carried over gets its header again
                repeat = team_header(block.team, 0, width, continued=True)
                placed[-1].append(repeat)
                used = repeat.height
            continue
        used += lead + block.height
        placed[-1].append(block)
        i += 1
    return placed


def column_height(blocks: list[Block], gap: float, team_gap: float) -> float:
    total = 0.0
    for index, block in enumerate(blocks):
        if index:
            total += team_gap if block.header else gap
        total += block.height
    return total


def plan_front(game, icons, body_width: float, body_height: float):
    """The layout with the largest ability size that fits: (size, columns, mode, placed columns, row gap)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    t = sheet_theme()
    floor = theme()["text"]["min_size_pt"]
    step = t["ability_step_pt"]
    sizes = []
    size = t["ability_max_pt"]
    while size >= floor - 1e-9:
        sizes.append(round(size, 2))
        size -= step
    best = None
    for columns, mode in t["layouts"]:
        column_width = (body_width - mm(t["column_gap"]) * (columns - 1)) / columns
        tries: dict[int, tuple] = {}

        def attempt(index, columns=columns, mode=mode, column_width=column_width):
            """(placed columns or None, row gap, needed height ÷ room) at sizes[index]."""
            if index not in tries:
                size = sizes[index]
                name_column = 0.0
                if mode == "side":
                    names = (stringWidth(c.name, font_name("sans_bold"), size + t["name_plus_pt"]) for c in game.characters)
                    widest = max(names, default=0.0)
                    name_column = min(widest + 1, mm(t["name_column_max"]))
                blocks = character_rows(game, icons, column_width, size, mode, name_column)
                gap = t["row_gap_pt"] * size / t["ability_max_pt"]
                team_gap = t["team_gap_pt"]
                overflow = column_height(blocks, gap, team_gap) / (columns * body_height)
                tries[index] = (flow(blocks, columns, body_height, gap, team_gap, column_width), gap, overflow)
            return tries[index]

        # the first (largest) size that fits, starting from the size the text's area at the largest suggests
        guess = area_guess(sizes, attempt(0)[2]) if attempt(0)[0] is None else 0
        index = largest_passing(len(sizes), lambda i: attempt(i)[0] is not None, guess)
        if index is not None:
            placed, gap, _ = attempt(index)
            found = (sizes[index], columns, mode, placed, gap, column_width)
            if best is None or found[0] > best[0]:
                best = found
    if best is None:  # does not fit even at the minimum size: two columns at the minimum, overflow reported
        columns, mode = t["layouts"][-1]
        column_width = (body_width - mm(t["column_gap"]) * (columns - 1)) / columns
        blocks = character_rows(game, icons, column_width, floor, mode, 0.0)
        half = (len(blocks) + 1) // 2
        best = (floor, columns, mode, [blocks[:half], blocks[half:]], t["row_gap_pt"], column_width)
    return best


def draw_front(canvas, game, icons, width: float, height: float, options) -> None:
    from reportlab.lib.colors import HexColor

    t = sheet_theme()
    margin = mm(theme()["page"]["margin"])
    x0, x1 = margin, width - margin
    top = draw_title(canvas, game, x0, x1, height - margin)
    bottom = margin + t["footer_size_pt"] * 1.6
    size, columns, mode, placed, gap, column_width = plan_front(game, icons, x1 - x0, top - bottom)
    if column_height(placed[0], gap, t["team_gap_pt"]) > top - bottom + 0.01 or len(placed) > columns:
        options.report.warning(
            "sheet-overflow",
            f"캐릭터가 너무 많아 캐릭터 시트 첫 쪽에 다 들어가지 않습니다(최소 글자 크기 {size}pt에서도 넘칩니다).",
            subject=game.script.id,
        )
    # spread spare height between rows (short scripts), up to the theme's maximum gap
    tallest = max(column_height(col, gap, t["team_gap_pt"]) for col in placed)
    gaps = max(1, max(len(col) - 1 for col in placed))
    spare = (top - bottom) - tallest
    gap = min(t["row_gap_max_pt"], gap + max(0.0, spare) / gaps / 2)
    for index, column in enumerate(placed):
        x = x0 + index * (column_width + mm(t["column_gap"]))
        y = top
        for number, block in enumerate(column):
            if number:
                y -= t["team_gap_pt"] if block.header else gap
            block.draw(canvas, x, y)
            y -= block.height
    canvas.saveState()
    canvas.setFillColor(HexColor(color("muted")))
    canvas.setFont(font_name("sans"), t["footer_size_pt"])
    canvas.drawRightString(x1, margin + 2, FIRST_NIGHT_NOTE)
    canvas.setStrokeColor(HexColor(color("rule")))
    canvas.setLineWidth(theme()["page"]["rule_pt"])
    canvas.line(x0, margin + t["footer_size_pt"] * 1.35, x1, margin + t["footer_size_pt"] * 1.35)
    canvas.restoreState()
    draw_page_furniture(canvas, width, height, "", 1, credit_line())


# ---------------------------------------------------------------- page 2: the back


def draw_badge(canvas, step_id: str, x: float, y: float, size: float) -> None:
    """A fixed step's stand-in icon: a rounded square in the step's colour with one syllable."""
    from reportlab.lib.colors import HexColor, white

    syllable, key = FIXED_BADGES.get(step_id, ("·", "fixed"))
    col = HexColor(team_color(key) if key != "fixed" else theme()["colors"]["teams"]["fixed"])
    inset = size * 0.1
    canvas.saveState()
    canvas.setFillColor(col)
    canvas.roundRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset, size * 0.18, stroke=0, fill=1)
    canvas.setFillColor(white)
    font_size = size * 0.5
    canvas.setFont(font_name("sans_bold"), font_size)
    canvas.drawCentredString(x + size / 2, y + size / 2 - font_size * 0.36, syllable)
    canvas.restoreState()


def step_label(game, step_id: str, night: str) -> tuple[str, str, str | None]:
    """(name, colour, condition) for a night step."""
    fixed = game.library.fixed_steps.get(step_id)
    if fixed is not None:
        key = FIXED_BADGES.get(step_id, ("", "fixed"))[1]
        condition = f"{fixed.min_players}명 이상" if fixed.min_players else None
        return fixed.name, theme()["colors"]["teams"]["fixed"] if key == "fixed" else team_color(key), condition
    character = game.character(step_id)
    return character.name, team_color(character.team), None


def team_label(game, step_id: str) -> str | None:
    """A character step's team in words, beside its name: team colours alone merge when printed in greyscale."""
    if step_id in game.library.fixed_steps:
        return None
    return TEAM_NAMES_KO.get(game.character(step_id).team)


def draw_night_column(canvas, game, icons, night: str, x: float, top: float, width: float, height: float) -> None:
    """One night's steps, icon and name per row, inside (x, top-height)–(x+width, top), upright."""
    from reportlab.lib.colors import HexColor

    b = sheet_theme()["back"]
    steps = game.night_steps(night)
    heading = b["heading_size_pt"]
    canvas.saveState()
    canvas.setFillColor(HexColor(color("ink")))
    canvas.setFont(font_name("sans_bold"), heading)
    canvas.drawString(x, top - heading, NIGHT_NAMES_KO[night])
    canvas.setStrokeColor(HexColor(color("rule")))
    canvas.setLineWidth(theme()["page"]["rule_pt"])
    canvas.line(x, top - heading * 1.45, x + width, top - heading * 1.45)
    canvas.restoreState()
    y = top - heading * 1.45 - 3
    row = max(mm(b["night_row_min"]), min(mm(b["night_row_max"]), (y - (top - height)) / max(1, len(steps))))
    icon = row * 0.86
    name_size = min(b["night_name_size_pt"], row * 0.5)
    for number, step_id in enumerate(steps, start=1):
        name, name_color, condition = step_label(game, step_id, night)
        iy = y - row + (row - icon) / 2
        if step_id in game.library.fixed_steps:
            draw_badge(canvas, step_id, x, iy, icon)
        else:
            character = game.character(step_id)
            draw_icon(canvas, icons.get(step_id), x, iy, icon, icon_color(character.team))
        para = paragraph(
            render("sheet_name.j2", name=wording(game).tie(name), color=name_color, note=condition or team_label(game, step_id), note_font=font_name("sans"),
                   note_size=b["night_note_size_pt"], note_color=color("muted")),
            style("sans_bold", name_size),
        )
        _, h = para.wrap(width - icon - 4, row)
        para.drawOn(canvas, x + icon + 4, y - row / 2 - h / 2 + name_size * 0.1)
        y -= row


def side_entries(game, icons, width: float, size: float):
    """Back-page entries below the nights: jinxes, travellers, loric; list of (section, [(icons, para)])."""
    leading = round(size * 1.3, 2)
    words = wording(game)
    sections = []
    jinx_rows = []
    for jinx in game.jinxes:
        first, second = (game.character(cid) for cid in jinx.characters)
        para = paragraph(
            render("side_entry.j2", name=f"{words.tie(first.name)} · {words.tie(second.name)}", text=words.print(jinx.text), color=color("ink"),
                   name_font=font_name("sans_bold"), note=None),
            style("serif", size, leading),
        )
        jinx_rows.append(([first, second], para))
    if jinx_rows:
        sections.append(("징크스", color("ink"), jinx_rows))
    for team in ("traveller", "loric", "fabled"):
        members = game.by_team(team)
        rows = []
        for character in members:
            note = None
            target = game.named_character(character.id)
            if target is not None:
                note = f"이 스크립트에서 {with_particle(character.name, '이')} 지정한 캐릭터: {target.name} ({TEAM_NAMES_KO[target.team]})"
            para = paragraph(
                render("side_entry.j2", name=words.tie(character.name), text=words.print(character.ability), color=team_color(team),
                       name_font=font_name("sans_bold"), note=note, note_font=font_name("sans_bold"),
                       note_color=team_color(target.team) if note else color("ink")),
                style("serif", size, leading),
            )
            icon_list = [character] + ([target] if note else [])
            rows.append((icon_list, para))
        if rows:
            sections.append((TEAM_NAMES_KO[team], team_color(team), rows))
    return sections


def side_height(column_sections, half: float, icon: float, b: dict) -> float:
    """Height of one column of back-page entries (sections of rows) in a column `half` wide."""
    total = 0.0
    for number, (_, _, rows) in enumerate(column_sections):
        total += b["section_size_pt"] * 1.6 + (b["section_gap_pt"] if number else 0)
        for icon_list, para in rows:
            text_w = half - icon * len(icon_list) - 4
            _, h = para.wrap(text_w, 10_000)
            total += max(icon, h) + 3
    return total


def draw_back(canvas, game, icons, width: float, height: float, options) -> None:
    from reportlab.lib.colors import HexColor

    b = sheet_theme()["back"]
    margin = mm(theme()["page"]["margin"])
    x0, x1 = margin, width - margin
    draw_page_furniture(canvas, width, height, game.script.title, 2, credit_line())
    top = height - margin - 4
    bottom = margin + 4
    icon = mm(b["icon"])
    gap = mm(b["night_column_gap"])
    half = (x1 - x0 - gap) / 2

    # extras first, measured, drawn at the bottom in two columns: jinx + loric left, travellers right; the largest
    # size from text_size_pt down in 0.25 pt steps (then the minimum) whose extras take at most 42 % of the page
    floor = theme()["text"]["min_size_pt"]
    sizes = []
    size = b["text_size_pt"]
    while size > floor:
        sizes.append(size)
        size = max(floor, size - 0.25)
    sizes.append(size)
    measured: dict[int, tuple] = {}
    room = (top - bottom) * 0.42

    def extras_at(index: int) -> tuple:
        """(left sections, right sections, height of the taller column) at sizes[index]."""
        if index not in measured:
            sections = side_entries(game, icons, half, sizes[index])
            left = [s for s in sections if s[0] != TEAM_NAMES_KO["traveller"]]
            right = [s for s in sections if s[0] == TEAM_NAMES_KO["traveller"]]
            if not right:
                left, right = left[: (len(left) + 1) // 2], left[(len(left) + 1) // 2 :]
            measured[index] = (left, right, max(side_height(left, half, icon, b), side_height(right, half, icon, b)))
        return measured[index]

    guess = area_guess(sizes, extras_at(0)[2] / room) if extras_at(0)[2] > room else 0
    index = largest_passing(len(sizes), lambda i: extras_at(i)[2] <= room, guess)
    left, right, extras = extras_at(len(sizes) - 1 if index is None else index)

    nights_bottom = bottom + extras + 8
    # first night upright on the left; other nights on the right, turned 180° for the player across the table
    draw_night_column(canvas, game, icons, "first_night", x0, top, half, top - nights_bottom)
    canvas.saveState()
    cx, cy = x0 + half + gap + half / 2, (top + nights_bottom) / 2
    canvas.translate(cx, cy)
    canvas.rotate(180)
    canvas.translate(-half / 2, -(top - nights_bottom) / 2)
    draw_night_column(canvas, game, icons, "other_nights", 0, top - nights_bottom, half, top - nights_bottom)
    canvas.restoreState()
    canvas.saveState()
    canvas.setStrokeColor(HexColor(color("rule")))
    canvas.setLineWidth(theme()["page"]["rule_pt"])
    canvas.setDash(2, 2)
    canvas.line(x0 + half + gap / 2, nights_bottom, x0 + half + gap / 2, top)
    canvas.setDash()
    canvas.line(x0, nights_bottom - 4, x1, nights_bottom - 4)
    canvas.restoreState()

    for column_index, column_sections in enumerate((left, right)):
        x = x0 + column_index * (half + gap)
        y = nights_bottom - 8
        for number, (title, section_color, rows) in enumerate(column_sections):
            if number:
                y -= b["section_gap_pt"]
            canvas.saveState()
            canvas.setFillColor(HexColor(section_color))
            canvas.setFont(font_name("sans_bold"), b["section_size_pt"])
            canvas.drawString(x, y - b["section_size_pt"], title)
            canvas.restoreState()
            y -= b["section_size_pt"] * 1.6
            for icon_list, para in rows:
                for n, character in enumerate(icon_list):
                    draw_icon(canvas, icons.get(character.id) if character.id in icons else character_icon(character, game, options),
                              x + n * icon, y - icon, icon * 0.92, icon_color(character.team))
                text_x = x + icon * len(icon_list) + 4
                _, h = para.wrap(half - icon * len(icon_list) - 4, 10_000)
                para.drawOn(canvas, text_x, y - h)
                y -= max(icon, h) + 3
