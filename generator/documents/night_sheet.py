"""Game → night-order.pdf: the storyteller's first-night and other-nights steps with full reminders, and a setup page.

Every instruction is set in the gothic at one size on every page (read at the table in dim light: a hairline serif
breaks up there), never shrunk to make a night fit. A night that fits one page has a page of its own; a longer one is
cut into pages of about equal length (never a page with a few orphaned rows), and starts on an even page, so that
printed on both sides and stapled on the left its pages face each other: a ruled notes page (메모) fills the gap when
one is needed. Steps that never happen at the script's player counts (minion and demon information on a 5–6 player
script) are left out, with one line saying so.
"""

from __future__ import annotations

import io

from generator.documents.parts import draw_badge, icon_color, step_label

from generator.load.notes import unplayed_note
from generator.typeset.fonts import register_fonts
from generator.typeset.paragraph import hangul_paragraph
from generator.art.icons import character_icon
from generator.art.icon_drawing import icon_flowable
from generator.josa import fill_named, with_particle
from generator.typeset.markup import render
from generator.model import BAG_TEAMS, NIGHT_NAMES_KO, NIGHTS, TEAM_NAMES_KO
from generator.read.theme import color, font_name, labels, look, mm, paper_size_pt, team_color, theme
from generator.typeset.styles import credit_line, draw_ground, draw_page_furniture, paragraph, style
from generator.load.wording import wording

MISSING_TEXT = "(이 단계의 안내문이 내용에 없습니다.)"
HOW_TO_READ = (
    "위에서 아래로 차례대로 진행하세요. 해당 캐릭터가 게임에 없거나 깨울 수 없으면 건너뜁니다. "
    "*밑줄 친 굵은 글자*는 알림 토큰 이름입니다."
)
NO_STEPS = "이 밤에는 진행할 단계가 없습니다. 밤 순서를 확인하세요(botc-pnp validate)."
CONTINUED = "{title} (계속)"
NIGHT_NOTES = "메모"


def night_theme() -> dict:
    return theme()["night_sheet"]


def rule_width() -> float:
    return theme()["page"]["rule_pt"]


def step_text(game, step_id: str, night: str) -> str:
    """The reminder for a step, with '{named…}' filled by the character the script names (right particle)."""
    fixed = game.library.fixed_steps.get(step_id)
    source = fixed if fixed is not None else game.character(step_id)
    text = source.night_reminder(night) or MISSING_TEXT
    named = game.named_character(step_id)
    return fill_named(text, named.name if named else None)


def badge_flowable(step_id: str, size: float):
    from reportlab.platypus import Flowable

    class Badge(Flowable):
        def wrap(self, avail_width, avail_height):
            return size, size

        def draw(self):
            draw_badge(self.canv, step_id, 0, 0, size)

    return Badge()


def night_table(game, icons, night: str, width: float, english: bool = False):
    """The night's steps as table rows: icon, name with its team (or its player-count condition), the full text."""
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Table, TableStyle

    t = night_theme()
    words = wording(game)
    icon = mm(t["icon"])
    name_column = mm(t["name_column"])
    padding = t["cell_padding_pt"]
    rows = []
    for step_id in game.night_steps(night):
        name, name_color, condition = step_label(game, step_id, night)
        if step_id in game.library.fixed_steps:
            picture = badge_flowable(step_id, icon)
            note = f"{condition}일 때만" if condition else None
        else:
            character = game.character(step_id)
            picture = icon_flowable(icons.get(step_id), icon, icon_color(character.team))
            note = TEAM_NAMES_KO.get(character.team)  # the team in words: team colours alone merge in greyscale
            if english and game.english_name(step_id):
                note = f"{note} · {game.english_name(step_id)}"
        name_para = paragraph(
            render("night_name.j2", name=words.tie(name), color=name_color, condition=note, condition_font=font_name("sans"),
                   condition_size=t["condition_size_pt"], condition_color=color("muted")),
            style("sans_bold", t["name_size_pt"]),
        )
        text_para = hangul_paragraph(
            render("night_step.j2", text=words.print(step_text(game, step_id, night)), reminder_color=color("reminder")),
            style("sans", t["reminder_size_pt"], leading=t["reminder_size_pt"] * t["leading"]), tight=True,
        )
        rows.append([picture, name_para, text_para])
    table = Table(rows, colWidths=[icon + 2 * padding, name_column, width - icon - 2 * padding - name_column])
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), padding),
        ("RIGHTPADDING", (0, 0), (-1, -1), padding),
        ("TOPPADDING", (0, 0), (-1, -1), padding),
        ("BOTTOMPADDING", (0, 0), (-1, -1), padding),
        ("LINEBELOW", (0, 0), (-1, -1), rule_width(), HexColor(color("rule"))),
    ]))
    return table


def night_pages(game, icons, night: str, width: float, height: float, english: bool = False) -> list[list]:
    """One night as pages of flowables: heading, how to read it, a note on steps left out, the steps; a night longer
    than a page goes on under '<night> (계속)' on pages of about equal length."""
    from reportlab.platypus import Spacer

    t = night_theme()
    title = heading(NIGHT_NAMES_KO[night], t["heading_size_pt"])
    intro = [Spacer(1, 3), note(HOW_TO_READ)]
    skipped = unplayed_note(game, night)
    if skipped:
        intro += [Spacer(1, 3), note(skipped)]
    intro.append(Spacer(1, 6))
    if not game.night_steps(night):  # only reachable with --force past validation, which already reported it
        return [[title, *intro, note(NO_STEPS)]]
    top = sum(f.wrap(width, height)[1] for f in [title, *intro])
    table = night_table(game, icons, night, width, english)
    if table.wrap(width, height)[1] <= height - top:
        return [[title, *intro, table]]
    continued = heading(CONTINUED.format(title=NIGHT_NAMES_KO[night]), t["heading_size_pt"])
    later_room = height - continued.wrap(width, height)[1] - 6
    rows = list(table._rowHeights)
    count = pages_needed(rows, height - top, later_room)
    pages, page, room = [], [title, *intro], height - top
    while True:
        target = sum(rows) / max(count, 1)  # of what is left, so the last page is not left with a row or two
        count -= 1
        taken, used = 0, 0.0
        while taken < len(rows) and used + rows[taken] <= room and (used < target or taken == 0):
            used += rows[taken]
            taken += 1
        pieces = table.split(width, used + 0.5) if taken < len(rows) else [table]
        if len(pieces) < 2:
            return pages + [page + [table]]
        pages.append(page + [pieces[0]])
        page = [heading(CONTINUED.format(title=NIGHT_NAMES_KO[night]), t["heading_size_pt"]), Spacer(1, 6)]
        table, rows, room = pieces[1], rows[taken:], later_room


def pages_needed(rows: list[float], first_room: float, later_room: float) -> int:
    """How many pages the rows take when each page is filled as full as it goes (rows never split)."""
    pages, room = 1, first_room
    for row in rows:
        if row > room and room < (first_room if pages == 1 else later_room):
            pages, room = pages + 1, later_room
        room -= row
    return pages


def notes_page(width: float, height: float) -> list:
    """A ruled page for the storyteller's notes, so that a night of two pages starts on the left of a spread."""
    from reportlab.platypus import Spacer

    from generator.typeset.flowables import RuledLines

    t = night_theme()
    title = heading(NIGHT_NOTES, t["heading_size_pt"])
    room = height - title.wrap(width, height)[1] - 12
    return [title, Spacer(1, 12), RuledLines(width, room, mm(t["notes_rule_gap"]), color("rule"))]


def with_continued_headings(flowables: list, width: float, height: float, title: str) -> list:
    """The flowables with a page break and a '<title> (계속)' heading wherever the frame would run out, so that a
    section longer than a page (the setup of a very long script) carries its heading on every page."""
    from collections import deque

    from reportlab.platypus import PageBreak, Spacer

    t = night_theme()
    story, queue = [], deque(flowables)
    room, at_top = height - 2, True  # a little kept free, so reportlab's own arithmetic always agrees
    while queue:
        flowable = queue.popleft()
        before = 0 if at_top else flowable.getSpaceBefore()
        _, needed = flowable.wrap(width, max(room - before, 0))
        if before + needed <= room:
            story.append(flowable)
            room -= before + needed + flowable.getSpaceAfter()
            at_top = False
            continue
        pieces = flowable.split(width, room - before) if room - before > 0 else []
        if len(pieces) > 1:
            story.append(pieces[0])
            queue.extendleft(reversed(pieces[1:]))
        elif at_top:  # taller than a page and cannot split: place it as it is
            story.append(flowable)
            continue
        else:
            queue.appendleft(flowable)
        continued = heading(CONTINUED.format(title=title), t["heading_size_pt"])
        story += [PageBreak(), continued, Spacer(1, 6)]
        room, at_top = height - 2 - continued.wrap(width, height)[1] - 6, False
    return story


def heading(text: str, size: float, text_color: str | None = None):
    return paragraph(render("sheet_name.j2", name=text, color=text_color or color("ink"), note=None), style("sans_bold", size))


def note(text: str):
    t = night_theme()
    return hangul_paragraph(render("night_step.j2", text=text, reminder_color=color("reminder")), style("sans", t["note_size_pt"]), tight=True)


def house_rules_story(game) -> list:
    """The script's bootlegger rules as written, above the setup table: they change how the game is set up and run."""
    from reportlab.platypus import Spacer

    if not game.script.bootlegger:
        return []
    t = night_theme()
    story = [heading(labels("almanac")["house_rules"], t["name_size_pt"]), Spacer(1, 4)]
    for rule in game.script.bootlegger:
        story += [note(rule), Spacer(1, 3)]
    return story + [Spacer(1, 8)]


def setup_story(game, icons, width: float, tint: str) -> list:
    """The bag for 5–15 players: base counts, this script's range (its cells in `tint`), and each modifier's effect,
    from generator.load.bag."""
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Spacer, Table, TableStyle

    from generator.load.bag import always_in_effect, apply_change, bag_rows, modifier_choices, team_range
    from generator.load.notes import describe_setup

    t = night_theme()
    size = t["table_size_pt"]
    if not game.library.bag_table:
        return []
    rows = bag_rows(game, game.library.bag_table)
    in_effect = {c.id for c in always_in_effect(game)}  # house rules: the base counts already hold them
    modifiers = [c for c in game.characters if c.changes_setup and c.id not in in_effect]
    names = {c.id: c.name for c in game.library.characters.values()}
    cell = style("sans", size, alignment=1)
    bold = style("sans_bold", size, alignment=1)

    def team_head(team):
        return paragraph(render("sheet_name.j2", name=TEAM_NAMES_KO[team], color=team_color(team), note=None), bold)

    story = [heading("설정표", night_theme()["heading_size_pt"]), Spacer(1, 4)]
    story.append(note(
        "인원수에 따라 가방에 넣을 캐릭터 토큰 수입니다. 왼쪽은 기본 구성이고, 오른쪽은 이 스크립트의 설정 변경 캐릭터가 "
        "게임에 들어왔을 때 나올 수 있는 범위입니다."
    ))
    story.append(Spacer(1, 6))
    header = [paragraph("인원", bold)] + [team_head(team) for team in BAG_TEAMS] + [team_head(team) for team in BAG_TEAMS]
    group = [paragraph("", cell), paragraph("기본", bold), "", "", "", paragraph("이 스크립트에서 가능한 범위", bold), "", "", ""]
    data = [group, header]
    for row in rows:
        ranges = []
        for team in BAG_TEAMS:
            low, high = team_range(row, team)
            ranges.append(paragraph(f"{low}" if low == high else f"{low}–{high}", cell))
        data.append([paragraph(f"{row.players}명", bold)] + [paragraph(str(n), cell) for n in row.base.as_tuple()] + ranges)
    first = width * 0.12
    other = (width - first) / 8
    table = Table(data, colWidths=[first] + [other] * 8)
    table.setStyle(TableStyle([
        ("SPAN", (1, 0), (4, 0)),
        ("SPAN", (5, 0), (8, 0)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 1), (-1, -1), rule_width(), HexColor(color("rule"))),
        ("LINEAFTER", (4, 0), (4, -1), rule_width() * 1.4, HexColor(color("rule"))),
        ("BACKGROUND", (5, 2), (8, -1), HexColor(tint)),
    ]))
    story.append(table)
    if not modifiers:
        story.append(Spacer(1, 8))
        story.append(note("이 스크립트에는 설정을 바꾸는 캐릭터가 없습니다. 기본 구성 그대로 쓰세요."))
        return story

    story += [Spacer(1, 12), heading("설정을 바꾸는 캐릭터", t["name_size_pt"] + 2), Spacer(1, 4)]
    for character in modifiers:
        hidden = character.setup.get("hidden_as")
        if hidden:
            text = (
                f"{with_particle(character.name, '은')} {TEAM_NAMES_KO[character.team]} 자리 하나를 차지하지만, "
                f"가방에는 그 대신 {TEAM_NAMES_KO[hidden]} 토큰을 넣습니다. 그 토큰을 뽑은 플레이어에게는 진짜 정체를 알리지 마세요."
            )
        else:
            text = describe_setup(character, names)
            if character.bag_changes:
                text += ". 바뀐 만큼 마을주민 수가 반대로 바뀝니다"
            text = f"게임에 들어오면: {text}."
        entry = paragraph(
            render("setup_note.j2", name=wording(game).tie(character.name), text=wording(game).tie(text), color=team_color(character.team), name_font=font_name("sans_bold")),
            style("serif", t["reminder_size_pt"]),
        )
        picture = icon_flowable(icons.get(character.id), mm(t["icon"]) * 0.8, icon_color(character.team))
        row = Table([[picture, entry]], colWidths=[mm(t["icon"]) + 4, width - mm(t["icon"]) - 4])
        row.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
        story.append(row)

    # one modifier at a time: the bag it gives for each player count (마을주민/외지인/하수인/악마)
    choices = [
        (c, delta)
        for c in modifiers
        for _, delta in modifier_choices(c)
        if delta and not c.setup.get("hidden_as") and "?" not in c.setup.values() and len(c.bag_changes) == 1
    ]
    if choices:
        section_start = len(story) + 1
        story += [Spacer(1, 10), heading("하나만 들어왔을 때의 구성 (마을주민 / 외지인 / 하수인 / 악마)", t["name_size_pt"]), Spacer(1, 4)]
        head = [paragraph("인원", bold), paragraph("기본", bold)]
        for character, delta in choices:
            team = next(iter(character.bag_changes))
            head.append(paragraph(
                render("sheet_name.j2", name=f"{wording(game).tie(character.name)} {TEAM_NAMES_KO[team]}\u00a0{delta:+d}", color=team_color(character.team), note=None),
                bold,
            ))
        data = [head]
        for row in rows:
            line = [paragraph(f"{row.players}명", bold), paragraph("/".join(map(str, row.base.as_tuple())), cell)]
            for character, delta in choices:
                counts = list(row.base.as_tuple())
                team = next(t for t, deltas in character.bag_changes.items() if delta in deltas)
                apply_change(counts, team, delta)
                line.append(paragraph("/".join(map(str, counts)), cell))
            data.append(line)
        columns = 2 + len(choices)
        first = width * 0.1
        table = Table(data, colWidths=[first] + [(width - first) / (columns - 1)] * (columns - 1))
        table.setStyle(TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, -1), rule_width(), HexColor(color("rule"))),
        ]))
        # one unsplittable block: the section moves to the next page whole rather than leave a row or two alone there
        block = Table([[story[section_start:] + [table]]], colWidths=[width])
        block.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                   ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        story[section_start:] = [block]
    return story


def build(game, options) -> list[tuple[str, bytes]]:
    register_fonts()
    from reportlab.platypus import BaseDocTemplate, Frame, PageBreak, PageTemplate

    width, height = paper_size_pt(options.paper)
    margin = mm(theme()["page"]["margin"])
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer, pagesize=(width, height), leftMargin=margin, rightMargin=margin, topMargin=margin + 6,
        bottomMargin=margin, title=f"{game.script.title} · 밤 순서표", author=game.script.author or "",
        creator="botc-pnp", invariant=1,
    )
    frame_height = height - 2 * margin - 6
    frame = Frame(margin, margin, width - 2 * margin, frame_height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    chosen = look(options.style)

    def furniture(canvas, document):  # at the start of each page: the style's ground lies under the frame's text
        draw_ground(canvas, width, height, chosen)
        draw_page_furniture(canvas, width, height, game.script.title, document.page, credit_line())

    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=furniture)])
    icons = {c.id: character_icon(c, game, options) for c in game.characters}
    body = width - 2 * margin
    pages = []
    for night in NIGHTS:
        night_pages_ = night_pages(game, icons, night, body, frame_height, options.english)
        if len(night_pages_) > 1 and len(pages) % 2 == 0:  # it would start on the right of a spread: the left first
            pages.append(notes_page(body, frame_height))
        pages += night_pages_
    story = []
    for number, page in enumerate(pages):
        story += ([PageBreak()] if number else []) + page
    if game.library.bag_table or game.script.bootlegger:
        story.append(PageBreak())
        story += with_continued_headings(house_rules_story(game) + setup_story(game, icons, body, chosen["tint"]), body,
                                         frame_height, "설정표")
    doc.build(story)
    return [("night-order.pdf", buffer.getvalue())]
