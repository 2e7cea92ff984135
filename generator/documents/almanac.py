"""A Game → the almanac: an A5 (or half-Letter) book in reading order, and the same pages imposed for saddle-stitching.

Layout stage for the almanac. The book is: cover, the script's notes (메모), contents, one entry per character in
sheet order (each on a new page), appendices (both night orders, setup table, jinxes, credits) and a back cover.
Contents page numbers are real and the book is laid out once: each number on the contents page is a PDF form that
is only filled in when the document is saved, after every entry has recorded the page it landed on (building the
story twice cost half the almanac's time). The imposition is generator.impose.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from generator.josa import fill_named
from generator.markup import render
from generator.model import NIGHT_NAMES_KO, NIGHTS, SHEET_TEAMS, TEAM_NAMES_KO, TEAMS
from generator.theme import color, font_name, mm, paper_size_pt, team_color, theme
from generator.typeset import remembering_paragraph

# Section labels printed in the book (user-facing, Korean).
LABELS = {
    "notes": "메모",
    "contents": "차례",
    "overview": "개요",
    "examples": "예시 · 메모",
    "how_to_run": "진행 방법",
    "night_setup": "밤과 설정",
    "appendix": "부록",
    "first_night": "첫날 밤 순서",
    "other_nights": "다른 밤 순서",
    "setup_table": "인원별 설정표",
    "jinxes": "징크스",
    "credits": "출처와 라이선스",
    "setup": "설정",
    "no_night": "밤에 깨우지 않습니다.",
    "no_notes": "이 스크립트에는 메모가 없습니다.",
    "cover_kicker": "BLOOD ON THE CLOCKTOWER · 해설서",
    "cover_count": "캐릭터 {count}명",
    "back_line": "Blood on the Clocktower 비공식 한국어 해설서 · botc-pnp로 만들었습니다",
    "players": "인원",
    "player_count": "{n}명",
    "min_players": "{n}명 이상",
}

CONTENTS_NUMBER_WIDTH = "00"  # dot leaders stop short of the widest page number the contents expects


def number_form_name(key: str) -> str:
    return "pageno_" + re.sub(r"[^A-Za-z0-9]", "_", key)


def settings() -> dict:
    return theme()["almanac"]


def page_sizes(paper: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """(reading page size, landscape sheet size) in points for the chosen sheet paper."""
    reading = paper_size_pt(settings()["page"][paper])
    sheet_w, sheet_h = paper_size_pt(paper)
    return reading, (max(sheet_w, sheet_h), min(sheet_w, sheet_h))


def reminder_names(character) -> list[str]:
    names = {n for n in character.reminders + character.global_reminders if n.strip()}
    return sorted(names, key=len, reverse=True)


def mark_reminders(text: str, names: list[str]) -> str:
    """Wraps reminder-token names used as tokens ('안전 리마인더', '취함으로 표시', '마을주민과 틀림으로') in *marks*.

    A name counts as a token when it is followed (possibly through '과/와 <other name>') by 알림, 리마인더,
    or '으로 표시' / '로 표시'; plain uses of the same word ('마을주민 캐릭터 토큰') stay unmarked.
    """
    if not names or "*" in text:
        return text
    alternatives = "|".join(re.escape(n) for n in names)
    chain = rf"(?:(?:과|와)\s+(?:{alternatives}))*"
    token_use = r"(?:\s*(?:들\s*)?(?:알림|리마인더)|(?:으로|로)\s+표시)"
    pattern = re.compile(rf"(?<![가-힣])({alternatives})(?={chain}{token_use}|(?:과|와)\s+(?:{alternatives}){chain}{token_use})")
    return pattern.sub(lambda m: f"*{m.group(1)}*", text)


class _Book:
    """State shared by the flowables and page callbacks of one build pass."""

    def __init__(self, game, options):
        self.game = game
        self.options = options
        self.recorded: dict[str, int] = {}  # key → page, filled in as the markers are drawn
        self.section = ""
        self.section_color = color("muted")
        self.icons: dict[str, object] = {}

    def icon(self, character):
        if character.id not in self.icons:
            from generator.icons import character_icon

            self.icons[character.id] = character_icon(character, self.game, self.options)
        return self.icons[character.id]


def _flowable_classes():
    """Small custom flowables, defined lazily so that importing this module does not import reportlab."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Flowable

    class Marker(Flowable):
        """Zero-size: records the page it lands on and the section the running head shows from here on."""

        def __init__(self, book, key=None, section=None, section_color=None):
            super().__init__()
            self.book, self.key, self.section, self.section_color = book, key, section, section_color
            self.width = self.height = 0

        def wrap(self, avail_width, avail_height):
            return 0, 0

        def draw(self):
            if self.key:
                self.book.recorded[self.key] = self.canv.getPageNumber()
            if self.section is not None:
                self.book.section = self.section
                self.book.section_color = self.section_color or color("muted")

    class ContentsLine(Flowable):
        """Icon, name, dot leader and page number on one line of the contents."""

        def __init__(self, book, text, key, icon=None, icon_color=None, indent=0.0, bold=False):
            super().__init__()
            self.book, self.text, self.key = book, text, key
            self.icon, self.icon_color, self.indent, self.bold = icon, icon_color, indent, bold
            s = settings()
            self.size, self.leading = s["contents_pt"], s["contents_leading_pt"]

        def wrap(self, avail_width, avail_height):
            self.width = avail_width
            return avail_width, self.leading

        def draw(self):
            from generator.icons import draw_icon

            canvas = self.canv
            baseline = (self.leading - self.size) / 2 + 1
            x = self.indent
            if self.icon_color:
                icon_size = self.size * 1.35
                draw_icon(canvas, self.icon, x, baseline - icon_size * 0.2, icon_size, self.icon_color)
                x += icon_size + 5
            font = font_name("serif_bold" if self.bold else "serif")
            canvas.setFillColor(HexColor(color("ink")))
            canvas.setFont(font, self.size)
            canvas.drawString(x, baseline, self.text)
            canvas.saveState()
            canvas.translate(self.width, baseline)
            canvas.doForm(number_form_name(self.key))
            canvas.restoreState()
            start = x + stringWidth(self.text, font, self.size) + 4
            end = self.width - stringWidth(CONTENTS_NUMBER_WIDTH, font, self.size) - 4
            canvas.setFillColor(HexColor(color("rule")))
            step = 3.2
            dot = start + (step - (start % step))
            while dot < end:
                canvas.circle(dot, baseline + 1.6, 0.35, stroke=0, fill=1)
                dot += step

    return Marker, ContentsLine


class _Styles:
    """Paragraph styles for the book, all sizes from the theme's almanac section."""

    def __init__(self, tight: float = 1.0):
        from reportlab.lib.colors import HexColor
        from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
        from reportlab.lib.styles import ParagraphStyle

        from generator.fonts import register_fonts

        register_fonts()
        s = settings()
        ink, muted = HexColor(color("ink")), HexColor(color("muted"))

        def make(name, role, size, leading, **extra):
            for key in ("spaceBefore", "spaceAfter"):
                if key in extra:
                    extra[key] *= tight
            return ParagraphStyle(
                f"{name}-{tight}", fontName=font_name(role), fontSize=size, leading=round(leading * tight, 2),
                textColor=extra.pop("textColor", ink), **extra,
            )

        self.body = make("body", "serif", s["body_pt"], s["body_leading_pt"], alignment=TA_JUSTIFY, spaceAfter=s["body_pt"] * 0.5)
        self.item = make(
            "item", "serif", s["body_pt"], s["body_leading_pt"], alignment=TA_JUSTIFY, leftIndent=s["list_indent_pt"],
            bulletIndent=0, bulletFontName=font_name("sans_bold"), bulletFontSize=s["small_pt"], spaceAfter=s["body_pt"] * 0.45,
        )
        self.small = make("small", "serif", s["small_pt"], s["small_leading_pt"], alignment=TA_JUSTIFY, spaceAfter=s["small_pt"] * 0.4)
        self.small_left = make("small-left", "serif", s["small_pt"], s["small_leading_pt"], alignment=TA_LEFT)
        self.body_left = make("body-left", "serif", s["body_pt"], s["body_leading_pt"], alignment=TA_LEFT, spaceAfter=s["body_pt"] * 0.5)
        self.section_title = make(
            "section-title", "serif_bold", s["name_pt"] * 0.8, s["name_pt"] * 1.05, spaceBefore=s["name_pt"] * 1.2,
            spaceAfter=s["body_pt"], keepWithNext=1,
        )
        self.heading = make(
            "heading", "sans_bold", s["heading_pt"], s["heading_pt"] * 1.4, spaceBefore=s["heading_space_before_pt"],
            spaceAfter=s["heading_pt"] * 0.35, keepWithNext=1,
        )
        self.title = make("title", "serif_bold", s["name_pt"] * 0.8, s["name_pt"] * 1.05, spaceAfter=s["body_pt"], keepWithNext=1)
        self.name = make("name", "serif_bold", s["name_pt"], s["name_pt"] * 1.2)
        self.ability = make("ability", "sans", s["ability_pt"], s["ability_leading_pt"], alignment=TA_LEFT)
        self.flavor = make(
            "flavor", "serif", s["flavor_pt"], s["flavor_pt"] * 1.65, alignment=TA_CENTER, textColor=muted,
            leftIndent=mm(s["flavor_indent"]), rightIndent=mm(s["flavor_indent"]), spaceBefore=s["body_pt"] * 0.9, spaceAfter=s["body_pt"] * 0.6,
        )
        self.cover_kicker = make("kicker", "sans", s["head_pt"] + 1, s["head_pt"] * 2, alignment=TA_CENTER, textColor=muted)
        self.cover_title = make("cover-title", "serif_bold", s["cover_title_pt"], s["cover_title_pt"] * 1.3, alignment=TA_CENTER)
        self.cover_author = make("cover-author", "sans", s["body_pt"] + 1, s["body_pt"] * 2, alignment=TA_CENTER, textColor=muted)
        self.center_small = make("center-small", "sans", s["small_pt"], s["small_leading_pt"], alignment=TA_CENTER, textColor=muted)
        self.team = make("team", "sans_bold", s["small_pt"] + 0.5, s["small_leading_pt"] + 2, spaceBefore=s["small_pt"], spaceAfter=2, keepWithNext=1)
        self.cell = make("cell", "sans", s["small_pt"], s["small_leading_pt"], alignment=TA_CENTER)
        self.cell_head = make("cell-head", "sans_bold", s["small_pt"], s["small_leading_pt"], alignment=TA_CENTER)


class AlmanacBuilder:
    def __init__(self, game, options):
        self.game = game
        self.options = options
        self.reading_size, self.sheet_size = page_sizes(options.paper)
        self.s = settings()
        self.styles = self.normal_styles = _Styles()
        self.tight_styles = [_Styles(factor) for factor in self.s["tight_leading"]]
        self.Marker, self.ContentsLine = _flowable_classes()

    # ----- page furniture -------------------------------------------------------------------------

    def frame_box(self):
        width, height = self.reading_size
        margin = self.s["margin"]
        return mm(margin["side"]), mm(margin["bottom"]), width - 2 * mm(margin["side"]), height - mm(margin["top"]) - mm(margin["bottom"])

    def draw_furniture(self, canvas, doc):
        """Running head (script title at the outer edge, section at the inner edge) and the page number."""
        from reportlab.lib.colors import HexColor
        from reportlab.pdfbase.pdfmetrics import stringWidth

        book = doc._almanac_book
        width, height = self.reading_size
        x, y, w, h = self.frame_box()
        page = canvas.getPageNumber()
        recto = page % 2 == 1
        head_y = y + h + mm(self.s["head_gap"])
        size = self.s["head_pt"]
        canvas.saveState()
        title = self.game.script.title
        font = font_name("sans")
        section_width = stringWidth(book.section, font_name("sans_bold"), size) + 12
        title_size = size
        while stringWidth(title, font, title_size) > w - section_width and title_size > 5.5:
            title_size -= 0.25
        canvas.setFillColor(HexColor(color("muted")))
        canvas.setFont(font, title_size)
        if recto:
            canvas.drawRightString(x + w, head_y, title)
        else:
            canvas.drawString(x, head_y, title)
        if book.section:
            canvas.setFillColor(HexColor(book.section_color))
            canvas.setFont(font_name("sans_bold"), size)
            (canvas.drawString if recto else canvas.drawRightString)(x if recto else x + w, head_y, book.section)
        canvas.setStrokeColor(HexColor(color("rule")))
        canvas.setLineWidth(self.s["rule_pt"])
        canvas.line(x, head_y - 3.5, x + w, head_y - 3.5)
        canvas.setFillColor(HexColor(color("ink")))
        canvas.setFont(font_name("serif"), self.s["folio_pt"])
        canvas.drawCentredString(x + w / 2, y - mm(self.s["folio_gap"]), str(page))
        canvas.restoreState()

    def draw_cover_border(self, canvas, doc):
        from reportlab.lib.colors import HexColor

        width, height = self.reading_size
        inset = mm(self.s["margin"]["side"]) * 0.55
        canvas.saveState()
        canvas.setStrokeColor(HexColor(color("rule")))
        canvas.setLineWidth(self.s["rule_pt"] * 2)
        canvas.rect(inset, inset, width - 2 * inset, height - 2 * inset)
        canvas.setLineWidth(self.s["rule_pt"])
        canvas.rect(inset + 2.5, inset + 2.5, width - 2 * inset - 5, height - 2 * inset - 5)
        canvas.restoreState()

    # ----- story ----------------------------------------------------------------------------------

    def para(self, template: str, style, **data):
        if style.alignment == 4:
            from generator.hangul_paragraph import hangul_paragraph

            return hangul_paragraph(render(template, **data), style)
        return remembering_paragraph()(render(template, **data), style)

    def text(self, text: str, style):
        return self.para("almanac_text.j2", style, text=text)

    def reminder_text(self, text: str, style):
        return self.para("almanac_reminder_text.j2", style, text=text, color=color("reminder"))

    def heading(self, label: str, team: str | None = None):
        from reportlab.lib.styles import ParagraphStyle
        from reportlab.lib.colors import HexColor

        style = self.styles.heading
        if team:
            style = ParagraphStyle(f"heading-{team}", parent=style, textColor=HexColor(team_color(team)))
        return self.text(label, style)

    def rule(self, color_name: str | None = None, hex_color: str | None = None, width: float | None = None, space: float = 4):
        from reportlab.platypus import HRFlowable

        return HRFlowable(
            width="100%", thickness=width or self.s["rule_pt"], color=hex_color or color(color_name or "rule"),
            spaceBefore=space, spaceAfter=space,
        )

    def named_name(self, character) -> str | None:
        named = self.game.named_character(character.id)
        return named.name if named else None

    def story(self, book: _Book) -> list:
        from reportlab.platypus import NextPageTemplate, PageBreak

        story = self.cover(book)
        story += [NextPageTemplate("body"), PageBreak()]
        story += self.notes_page(book)
        story += [PageBreak()]
        story += self.contents(book)
        for character in self.game.characters:
            story += [PageBreak()]
            story += self.fitted_entry(book, character)
        story += self.appendices(book)
        story += [NextPageTemplate("back"), PageBreak()]
        story += self.back_cover(book)
        return story

    def cover(self, book):
        from reportlab.platypus import Spacer

        st = self.styles
        x, y, w, h = self.frame_box()
        story = [
            Spacer(1, mm(14)),
            self.text(LABELS["cover_kicker"], st.cover_kicker),
            Spacer(1, mm(6)),
            self.text(self.game.script.title, st.cover_title),
            Spacer(1, mm(5)),
        ]
        if self.game.script.author:
            story.append(self.text(self.game.script.author, st.cover_author))
        story.append(Spacer(1, mm(9)))
        footer = [Spacer(1, mm(6)), self.text(LABELS["cover_count"].format(count=len(self.game.characters)), st.center_small)]
        used = sum(f.wrap(w, h)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in story + footer)
        story.append(self.icon_grid(book, w, h - used - mm(2)))
        return story + footer

    def icon_grid(self, book, width: float, height: float):
        """Every character icon in sheet order, as large as the theme asks but shrunk until the grid fits `height`."""
        from reportlab.platypus import KeepTogether, Table, TableStyle

        from generator.icons import icon_flowable

        characters = self.game.characters
        per_row = max(1, min(self.s["cover_icons_per_row"], len(characters)))
        size = mm(self.s["cover_icon"])
        while True:
            row_count = -(-len(characters) // per_row)
            cell_w = min(width / per_row, size * 1.5)
            if row_count * size * 1.3 <= height or size <= mm(4):
                break
            if per_row * size * 1.5 < width:
                per_row += 1  # room for another column: fewer rows before shrinking
            else:
                size *= 0.95
        cells = [icon_flowable(book.icon(c), size, team_color(c.team)) for c in characters]
        rows = []
        for start in range(0, len(cells), per_row):
            row = cells[start : start + per_row]
            table = Table([row], colWidths=[cell_w] * len(row), rowHeights=[size * 1.3], hAlign="CENTER")
            table.setStyle(TableStyle([("ALIGN", (0, 0), (-1, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
            rows.append(table)
        return KeepTogether(rows)

    def notes_page(self, book):
        st = self.styles
        story = [self.Marker(book, key="notes", section=LABELS["notes"]), self.text(LABELS["notes"], st.title), self.rule(space=4)]
        notes = (self.game.script.notes or "").strip()
        paragraphs = [p.strip() for p in notes.split("\n\n") if p.strip()] or [LABELS["no_notes"]]
        for paragraph in paragraphs:
            story.append(self.text(paragraph, st.body))
        return story

    def contents(self, book):
        st = self.styles
        story = [self.Marker(book, key="contents", section=LABELS["contents"]), self.text(LABELS["contents"], st.title), self.rule(space=4)]
        for team in TEAMS:
            members = self.game.by_team(team)
            if not members:
                continue
            from reportlab.lib.styles import ParagraphStyle
            from reportlab.lib.colors import HexColor

            team_style = ParagraphStyle(f"team-{team}", parent=st.team, textColor=HexColor(team_color(team)))
            story.append(self.text(TEAM_NAMES_KO[team], team_style))
            for character in members:
                story.append(self.ContentsLine(book, character.name, f"entry:{character.id}", book.icon(character), team_color(character.team)))
        story.append(self.text(LABELS["appendix"], st.team))
        for key in self.appendix_keys():
            story.append(self.ContentsLine(book, LABELS[key], key, indent=0))
        return story

    def appendix_keys(self) -> list[str]:
        keys = ["first_night", "other_nights", "setup_table"]
        if self.game.jinxes:
            keys.append("jinxes")
        keys.append("credits")
        return keys

    # ----- one character ------------------------------------------------------------------------

    def entry(self, book, character) -> list:
        from reportlab.lib.colors import HexColor
        from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

        from generator.icons import icon_flowable

        st, s = self.styles, self.s
        team = character.team
        tcolor = team_color(team)
        x, y, w, h = self.frame_box()
        icon_size = mm(s["icon"])
        header = Table(
            [[icon_flowable(book.icon(character), icon_size, tcolor),
              self.para("almanac_header.j2", st.name, team=TEAM_NAMES_KO.get(team, team), name=character.name,
                        team_font=font_name("sans_bold"), team_size=s["team_pt"], team_color=tcolor)]],
            colWidths=[icon_size + mm(5), w - icon_size - mm(5)],
        )
        header.setStyle(TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ]))
        pad = s["ability_padding_pt"]
        ability = Table([[self.text(character.ability, st.ability)]], colWidths=[w])
        ability.setStyle(TableStyle([
            ("BACKGROUND", (0, 0), (-1, -1), HexColor(color("paper_tint"))),
            ("LINEBEFORE", (0, 0), (0, -1), s["ability_rule_pt"] * 2, HexColor(tcolor)),
            ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8), ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
        ]))
        top = [
            self.Marker(book, key=f"entry:{character.id}", section=TEAM_NAMES_KO.get(team, team), section_color=tcolor),
            header,
            self.rule(hex_color=tcolor, width=s["rule_pt"] * 1.5, space=mm(3)),
            ability,
        ]
        story = [KeepTogether(top)]
        if character.flavor:
            story.append(self.text(character.flavor, st.flavor))
        else:
            story.append(Spacer(1, s["body_pt"]))
        if character.overview:
            story.append(self.heading(LABELS["overview"], team))
            for paragraph in character.overview.split("\n\n"):
                story.append(self.text(paragraph.strip(), st.body))
        if character.notes:
            story.append(self.heading(LABELS["examples"], team))
            for note in character.notes:
                story.append(self._item(note.strip(), "•", plain=True))
        if character.how_to_run:
            story.append(self.heading(LABELS["how_to_run"], team))
            names = reminder_names(character)
            for number, step in enumerate(character.how_to_run, 1):
                story.append(self._item(mark_reminders(step.strip(), names), f"{number}."))
        story += self.night_and_setup(character)
        return story

    def fitted_entry(self, book, character) -> list:
        """The entry; one that would spill only a little onto a second page is set with tighter leading instead."""
        x, y, w, h = self.frame_box()
        flowables = self.entry(book, character)
        height = self.measure(flowables, w, h)
        if h < height <= h * self.s["tighten_up_to"]:
            for styles in self.tight_styles:
                self.styles = styles
                try:
                    tight = self.entry(book, character)
                finally:
                    self.styles = self.normal_styles
                if self.measure(tight, w, h) <= h:
                    return tight
        return flowables

    @staticmethod
    def measure(flowables, width: float, height: float) -> float:
        """Height the flowables need in one column, spaces included (KeepTogether groups measured by their content)."""
        total = 0.0
        for f in flowables:
            inner = getattr(f, "_content", None)
            if inner is not None:
                total += AlmanacBuilder.measure(inner, width, height)
            else:
                total += f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter()
        return total

    def _item(self, text: str, bullet: str, plain: bool = False):
        template = "almanac_text.j2" if plain else "almanac_reminder_text.j2"
        markup = render(template, text=text, color=color("reminder"))
        from generator.hangul_paragraph import hangul_paragraph

        return hangul_paragraph(markup, self.styles.item, bullet)

    def night_place(self, character, night: str) -> int | None:
        steps = self.game.night_steps(night)
        return steps.index(character.id) + 1 if character.id in steps else None

    def night_and_setup(self, character) -> list:
        from generator.checks.setup import describe_setup

        st = self.styles
        story = [self.heading(LABELS["night_setup"], character.team)]
        wakes = False
        for night in NIGHTS:
            text = character.night_reminder(night)
            if not text:
                continue
            wakes = True
            place = self.night_place(character, night)
            story.append(self.para(
                "almanac_night.j2", st.small, night=NIGHT_NAMES_KO[night], place=place if place else "–",
                text=fill_named(text, self.named_name(character)), color=color("reminder"), muted=color("muted"),
            ))
        if not wakes:
            story.append(self.text(LABELS["no_night"], st.small))
        if character.changes_setup:
            hidden = character.setup.get("hidden_as")
            names = {c.id: c.name for c in self.game.library.characters.values()}
            story.append(self._setup_line(describe_setup(character, names, include_hidden=False), hidden))
        return story

    def _setup_line(self, changes: str, hidden: str | None):
        from reportlab.platypus import Paragraph

        inner = render("almanac_setup.j2", hidden_as=TEAM_NAMES_KO.get(hidden, hidden) if hidden else None, changes=changes, muted=color("muted"))
        label = render("almanac_fact.j2", label=LABELS["setup"], text="")
        return Paragraph(f"{label} {inner}", self.styles.small)

    # ----- appendices ---------------------------------------------------------------------------

    def appendices(self, book) -> list:
        from reportlab.platypus import PageBreak

        story = []
        for night in NIGHTS:
            story += [PageBreak(), self.Marker(book, key=night, section=LABELS["appendix"]), self.text(LABELS[night], self.styles.title), self.rule(space=4)]
            story += self.night_table(book, night)
        story += [PageBreak(), self.Marker(book, key="setup_table", section=LABELS["appendix"])]
        story += self.setup_table()
        if self.game.jinxes:
            story += [self.Marker(book, key="jinxes")]
            story += self.jinx_section(book)
        story += [PageBreak(), self.Marker(book, key="credits", section=LABELS["appendix"])]
        story += self.credits(book)
        return story

    def night_table(self, book, night: str) -> list:
        from reportlab.lib.colors import HexColor
        from reportlab.platypus import Paragraph, Table, TableStyle

        from generator.icons import icon_flowable

        st, s = self.styles, self.s
        x, y, w, h = self.frame_box()
        icon_size = mm(s["night_icon"])
        rows, styles = [], []
        library = self.game.library
        for number, step in enumerate(self.game.night_steps(night), 1):
            if step in library.fixed_steps:
                fixed = library.fixed_steps[step]
                note = LABELS["min_players"].format(n=fixed.min_players) if fixed.min_players else None
                text = fixed.night_reminder(night) or ""
                icon_cell = ""
                name, tint = fixed.name, team_color("fixed")
                styles.append(("BACKGROUND", (0, len(rows)), (-1, len(rows)), HexColor(color("paper_tint"))))
            else:
                character = self.game.character(step)
                note = None
                text = fill_named(character.night_reminder(night) or "", self.named_name(character))
                icon_cell = icon_flowable(book.icon(character), icon_size, team_color(character.team))
                name, tint = character.name, team_color(character.team)
            cell = Paragraph(
                render("almanac_night_step.j2", name=name, note=note, text=text, color=color("reminder"), muted=color("muted")),
                st.small_left,
            )
            number_cell = Paragraph(f'<font color="{tint}"><b>{number}</b></font>', st.cell)
            rows.append([number_cell, icon_cell, cell])
        if not rows:  # only with --force past a broken order, which validation already reported
            return [self.text("진행할 단계가 없습니다.", self.styles.body)]
        table = Table(rows, colWidths=[mm(7), icon_size + mm(3), w - mm(10) - icon_size], repeatRows=0)
        table.setStyle(TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEBELOW", (0, 0), (-1, -1), s["rule_pt"], HexColor(color("rule"))),
            ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
            ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
            *styles,
        ]))
        return [table]

    def setup_table(self) -> list:
        from reportlab.lib.colors import HexColor
        from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

        from generator.bag import bag_rows, team_range

        st, s = self.styles, self.s
        story = [self.text(LABELS["setup_table"], st.title), self.rule(space=4)]
        table_data = self.game.library.bag_table
        if not table_data:
            return story
        header = [Paragraph(LABELS["players"], st.cell_head)] + [
            Paragraph(f'<font color="{team_color(t)}">{TEAM_NAMES_KO[t]}</font>', st.cell_head) for t in SHEET_TEAMS
        ]
        rows = [header]
        for row in bag_rows(self.game, table_data):
            cells = [Paragraph(LABELS["player_count"].format(n=row.players), st.cell_head)]
            for team in SHEET_TEAMS:
                low, high = team_range(row, team)
                base = row.base.get(team)
                value = f"{low}" if low == high else f"{low}–{high}"
                cells.append(Paragraph(value if low == high == base else f"<b>{value}</b>", st.cell))
            rows.append(cells)
        x, y, w, h = self.frame_box()
        table = Table(rows, colWidths=[w / 5] * 5)
        table.setStyle(TableStyle([
            ("LINEBELOW", (0, 0), (-1, 0), s["rule_pt"] * 2, HexColor(color("ink"))),
            ("LINEBELOW", (0, 1), (-1, -1), s["rule_pt"], HexColor(color("rule"))),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, HexColor(color("paper_tint"))]),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
        ]))
        story.append(table)
        story.append(Spacer(1, s["small_pt"]))
        modifiers = [c for c in self.game.characters if c.changes_setup]
        story.append(self.para("almanac_setup_note.j2", st.small, modifiers=", ".join(c.name for c in modifiers)))
        return story

    def jinx_section(self, book) -> list:
        st = self.styles
        story = [self.text(LABELS["jinxes"], st.section_title), self.rule(space=4)]
        for jinx in self.game.jinxes:
            first, second = (self.game.character(cid).name for cid in jinx.characters)
            story.append(self.para("almanac_jinx.j2", st.body, first=first, second=second, text=jinx.text))
        return story

    def credits(self, book) -> list:
        from reportlab.platypus import Spacer

        st = self.styles
        story = [self.text(LABELS["credits"], st.title), self.rule(space=4)]
        body = st.body_left
        story.append(self.para("almanac_credits.j2", body, kind="game", title=self.game.script.title, author=self.game.script.author))
        story.append(self.para("almanac_credits.j2", body, kind="icons", authors=self.icon_authors()))
        own = self.user_icon_names()
        if own:
            story.append(self.para("almanac_credits.j2", body, kind="user_icons", names=", ".join(own)))
        listing = self.icon_listing()
        if listing:
            story.append(self.text(listing, st.small_left))
        story.append(Spacer(1, st.small.fontSize))
        story.append(self.para("almanac_credits.j2", body, kind="fonts"))
        return story

    def credits_table(self) -> dict[str, tuple[str, str]]:
        """icon file → (game-icons name, author) from content/icons/CREDITS.md, when that file is there."""
        path = Path(self.game.library.content_dir) / "icons" / "CREDITS.md"
        found = {}
        if path.is_file():
            row = re.compile(r"^\|\s*`([^`]+)`\s*\|[^|]*\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|\s*$")
            for line in path.read_text(encoding="utf-8").splitlines():
                match = row.match(line)
                if match:
                    found[match.group(1)] = (match.group(2), match.group(3))
        return found

    def user_icon_names(self) -> list[str]:
        folder = self.options.icons_dir
        if not folder:
            return []
        return [c.name for c in self.game.characters if any((Path(folder) / f"{c.id}{ext}").is_file() for ext in (".svg", ".png"))]

    def bundled_icons(self) -> list[tuple[str, str, str]]:
        table = self.credits_table()
        own = set(self.user_icon_names())
        used = []
        for c in self.game.characters:
            key = c.icon or f"{c.id}.svg"
            if c.name not in own and key in table:
                used.append((c.name, *table[key]))
        return used

    def icon_authors(self) -> str:
        authors = sorted({author for _, _, author in self.bundled_icons()})
        return ", ".join(authors) or "game-icons.net contributors"

    def icon_listing(self) -> str:
        return " · ".join(f"{name} {icon}" for name, icon, _ in self.bundled_icons())

    def back_cover(self, book) -> list:
        from reportlab.platypus import Spacer

        st = self.styles
        x, y, w, h = self.frame_box()
        return [
            self.Marker(book, section=""),
            Spacer(1, h * 0.62),
            self.text(self.game.script.title, st.cover_author),
            self.rule(space=mm(3)),
            self.text(LABELS["back_line"], st.center_small),
        ]

    # ----- build ----------------------------------------------------------------------------------

    def reading_pdf(self) -> bytes:
        from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

        book = _Book(self.game, self.options)
        buffer = io.BytesIO()
        x, y, w, h = self.frame_box()
        doc = BaseDocTemplate(
            buffer, pagesize=self.reading_size, invariant=1, title=f"{self.game.script.title} · 해설서",
            author=self.game.script.author or "", creator="botc-pnp", producer="botc-pnp",
            leftMargin=x, rightMargin=x, topMargin=self.reading_size[1] - y - h, bottomMargin=y,
        )
        doc._almanac_book = book
        frame = lambda name: Frame(x, y, w, h, id=name, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)  # noqa: E731
        doc.addPageTemplates([
            PageTemplate("cover", [frame("cover")], onPage=self.draw_cover_border),
            PageTemplate("body", [frame("body")], onPageEnd=self.draw_furniture),
            PageTemplate("back", [frame("back")]),
        ])
        doc.build(self.story(book), canvasmaker=self.canvas_filling_page_numbers(book))
        return buffer.getvalue()

    def canvas_filling_page_numbers(self, book):
        """A canvas class that, on save, defines each contents page-number form from the pages recorded while drawing."""
        from reportlab.lib.colors import HexColor
        from reportlab.pdfgen.canvas import Canvas

        size = settings()["contents_pt"]
        keys = [f"entry:{c.id}" for c in self.game.characters] + self.appendix_keys()

        class PageNumberCanvas(Canvas):
            def save(self):
                if len(self._code):
                    self.showPage()
                for key in keys:
                    self.beginForm(number_form_name(key), lowerx=-60, lowery=-size, upperx=0, uppery=size * 2)
                    self.setFont(font_name("serif"), size)
                    self.setFillColor(HexColor(color("ink")))
                    self.drawRightString(0, 0, str(book.recorded.get(key, "")))
                    self.endForm()
                super().save()

        return PageNumberCanvas


def build(game, options) -> list[tuple[str, bytes]]:
    from generator.impose import impose

    builder = AlmanacBuilder(game, options)
    reading = builder.reading_pdf()
    return [("almanac.pdf", reading), ("almanac-booklet.pdf", impose(reading, builder.sheet_size))]
