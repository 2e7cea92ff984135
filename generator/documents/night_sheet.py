"""Game → night-order.pdf: the storyteller's first-night and other-nights steps with full reminders, and a setup page.

Every instruction is set in the gothic at one size on every page (read at the table in dim light: a hairline serif
breaks up there), never shrunk to make a night fit: each step one row, its name run in before its instruction, rows
as dense as the theme's tightest leading when a night needs it (generator/documents/night_rows.py). Each night
starts on a front, so printed on both sides a night is one sheet: one too long for a side goes on over the leaf, on
the back of the same sheet, with a warning; the back a one-sided night leaves holds the setup (or a ruled notes page,
메모); a teensy script's nights and setup share one side. Steps that never happen at the script's player counts
(minion and demon information on a 5–6 player script) are left out, with one line saying so.
"""

from __future__ import annotations

import io

from generator.art.icon_drawing import icon_flowable
from generator.art.icons import character_icon
from generator.documents.night_rows import (
    CONTINUED,
    NOTES,
    Piece,
    heading,
    night_theme,
    note,
    page_padding,
    piece_flowables,
    plan,
    rule_width,
)
from generator.documents.parts import icon_color
from generator.josa import with_particle
from generator.load.wording import wording
from generator.model import BAG_TEAMS, NIGHT_NAMES_KO, NIGHTS, TEAM_NAMES_KO
from generator.read.theme import color, font_name, labels, look, mm, paper_size_pt, team_color, theme
from generator.typeset.fonts import register_fonts
from generator.typeset.markup import render
from generator.typeset.styles import credit_line, draw_ground, draw_page_furniture, paragraph, style

NIGHT_NOTES = "메모"
# a night too long for one side of the night sheet: where it goes on (the build's warning)
CONTINUES = (
    "밤 순서표의 {night} {steps}단계가 한 쪽에 다 들어가지 않아, 같은 장의 뒷면에 '{night} (계속)'으로 이어집니다. "
    "양면으로 인쇄하면 이 밤은 종이 한 장입니다."
)
CONTINUES_MORE = (
    "밤 순서표의 {night} {steps}단계가 한 장의 앞뒷면에도 다 들어가지 않아, 뒷면과 다음 장에 '{night} (계속)'으로 "
    "이어집니다(모두 {pages}쪽, 양면으로 {sheets}장)."
)


def notes_page(width: float, height: float) -> list:
    """A ruled page for the storyteller's notes: the back of a one-sided night, so that the next night starts on a
    front."""
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
    story.append(
        note(
            "인원수에 따라 가방에 넣을 캐릭터 토큰 수입니다. 왼쪽은 기본 구성이고, 오른쪽은 이 스크립트의 설정 변경 캐릭터가 "
            "게임에 들어왔을 때 나올 수 있는 범위입니다."
        )
    )
    story.append(Spacer(1, 6))
    header = (
        [paragraph("인원", bold)] + [team_head(team) for team in BAG_TEAMS] + [team_head(team) for team in BAG_TEAMS]
    )
    group = [
        paragraph("", cell),
        paragraph("기본", bold),
        "",
        "",
        "",
        paragraph("이 스크립트에서 가능한 범위", bold),
        "",
        "",
        "",
    ]
    data = [group, header]
    for row in rows:
        ranges = []
        for team in BAG_TEAMS:
            low, high = team_range(row, team)
            ranges.append(paragraph(f"{low}" if low == high else f"{low}–{high}", cell))
        data.append(
            [paragraph(f"{row.players}명", bold)] + [paragraph(str(n), cell) for n in row.base.as_tuple()] + ranges
        )
    first = width * 0.12
    other = (width - first) / 8
    table = Table(data, colWidths=[first] + [other] * 8)
    table.setStyle(
        TableStyle(
            [
                ("SPAN", (1, 0), (4, 0)),
                ("SPAN", (5, 0), (8, 0)),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LINEBELOW", (0, 1), (-1, -1), rule_width(), HexColor(color("rule"))),
                ("LINEAFTER", (4, 0), (4, -1), rule_width() * 1.4, HexColor(color("rule"))),
                ("BACKGROUND", (5, 2), (8, -1), HexColor(tint)),
            ]
        )
    )
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
            render(
                "setup_note.j2",
                name=wording(game).tie(character.name),
                text=wording(game).tie(text),
                color=team_color(character.team),
                name_font=font_name("sans_bold"),
            ),
            style("serif", t["reminder_size_pt"]),
        )
        picture = icon_flowable(icons.get(character.id), mm(t["setup_icon"]) * 0.8, icon_color(character.team))
        row = Table([[picture, entry]], colWidths=[mm(t["setup_icon"]) + 4, width - mm(t["setup_icon"]) - 4])
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
        story += [
            Spacer(1, 10),
            heading("하나만 들어왔을 때의 구성 (마을주민 / 외지인 / 하수인 / 악마)", t["name_size_pt"]),
            Spacer(1, 4),
        ]
        head = [paragraph("인원", bold), paragraph("기본", bold)]
        for character, delta in choices:
            team = next(iter(character.bag_changes))
            head.append(
                paragraph(
                    render(
                        "sheet_name.j2",
                        name=f"{wording(game).tie(character.name)} {TEAM_NAMES_KO[team]}\u00a0{delta:+d}",
                        color=team_color(character.team),
                        note=None,
                    ),
                    bold,
                )
            )
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
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("LINEBELOW", (0, 0), (-1, -1), rule_width(), HexColor(color("rule"))),
                ]
            )
        )
        # one unsplittable block: the section moves to the next page whole rather than leave a row or two alone there
        block = Table([[story[section_start:] + [table]]], colWidths=[width])
        block.setStyle(
            TableStyle(
                [
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
        story[section_start:] = [block]
    return story


def setup_pages(flowables: list, width: float, height: float) -> list[list]:
    """The setup section cut into pages as it breaks alone, '설정표 (계속)' heading the pages after the first."""
    from reportlab.platypus import PageBreak

    pages: list[list] = [[]]
    for flowable in with_continued_headings(flowables, width, height, "설정표"):
        if isinstance(flowable, PageBreak):
            pages.append([])
        else:
            pages[-1].append(flowable)
    return pages


def setup_height(flowables: list, width: float, room: float) -> float:
    """The height of a one-page setup, to set it under the last night where it fits."""
    from generator.typeset.flowables import Stack

    return Stack(list(flowables)).wrap(width, room)[1]


def build(game, options) -> list[tuple[str, bytes]]:
    register_fonts()
    from reportlab.platypus import BaseDocTemplate, Frame, PageBreak, PageTemplate, Spacer

    width, height = paper_size_pt(options.paper)
    margin = mm(theme().page.margin)
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=(width, height),
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin + 6,
        bottomMargin=margin,
        title=f"{game.script.title} · 밤 순서표",
        author=game.script.author or "",
        creator="botc-pnp",
        invariant=1,
    )
    frame_height = height - 2 * margin - 6
    frame = Frame(
        margin, margin, width - 2 * margin, frame_height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0
    )

    chosen = look(options.style)

    def furniture(canvas, document):  # at the start of each page: the style's ground lies under the frame's text
        draw_ground(canvas, width, height, chosen)
        draw_page_furniture(canvas, width, height, game.script.title, document.page, credit_line())

    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=furniture)])
    icons = {c.id: character_icon(c, game, options) for c in game.characters}
    body = width - 2 * margin
    room = frame_height - 2  # a little kept free, so reportlab's own arithmetic always agrees
    setup = []
    if game.library.bag_table or game.script.bootlegger:
        setup = setup_pages(
            house_rules_story(game) + setup_story(game, icons, body, chosen["tint"]), body, frame_height
        )
    # every other row on a band one step off the page: the style's tint on white paper, lighter on a tinted ground
    # (a band darker than parchment takes names in the outsider's blue under 4.5:1 in greyscale)
    band = night_theme()["band_on_ground"] if chosen["ground"] else chosen["tint"]
    one_page = setup_height(setup[0], body, room) if len(setup) == 1 else None
    _, pages = plan(game, icons, NIGHTS, body, room, len(setup), one_page, options.english)
    report_continued_nights(game, pages, options.report)
    story = []
    for number, page in enumerate(pages):
        if number:
            story.append(PageBreak())
        padding = page_padding(page, room)
        for index, piece in enumerate(page.pieces):
            if index:
                story.append(Spacer(1, night_theme()["block_gap_pt"]))
            if isinstance(piece, Piece):
                story += piece_flowables(piece, body, padding, band, guide=index == 0)
            elif piece == NOTES:
                story += notes_page(body, room)
            else:
                story += setup[piece.index]
    doc.build(story)
    return [("night-order.pdf", buffer.getvalue())]


def report_continued_nights(game, pages, report) -> None:
    """A warning, in Korean, for each night that goes on over the leaf, naming the night and where it goes on."""
    from generator.documents.night_rows import continuing

    for night, count in continuing(pages).items():
        template = CONTINUES if count == 2 else CONTINUES_MORE
        message = template.format(
            night=NIGHT_NAMES_KO[night], steps=len(game.night_steps(night)), pages=count, sheets=(count + 1) // 2
        )
        report.warning("night-sheet-continues", message, subject=game.script.id)
