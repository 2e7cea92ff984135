"""What every stage of the almanac is made of: its settings and labels, paragraph styles, the Book (the running
state of one build: game, styles, recorded pages, running-head section) and the small flowables and text helpers
(paragraphs set with whole-paragraph line breaking, headings, rules, list items, page markers)."""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, HRFlowable

from generator.load.wording import typographic_quotes, wording
from generator.read.theme import color, font_name, labels, look, mm, paper_size_pt, team_color, theme
from generator.typeset.fonts import register_fonts
from generator.typeset.markup import render
from generator.typeset.paragraph import hangul_paragraph


def settings() -> dict:
    return theme().almanac


def label(key: str, **values) -> str:
    text = labels("almanac")[key]
    return text.format(**values) if values else text


def page_sizes(paper: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """(reading page size, landscape sheet size) in points for the chosen sheet paper."""
    reading = paper_size_pt(settings()["page"][paper])
    sheet_w, sheet_h = paper_size_pt(paper)
    return reading, (max(sheet_w, sheet_h), min(sheet_w, sheet_h))


TEXT_STYLES = ("body", "item", "small")  # the running text a tighter entry may also set smaller


class Styles:
    """Paragraph styles for the book, all sizes from the theme's almanac section; `tight` scales leading and spaces."""

    def __init__(self, tight: float = 1.0, smaller: float = 0.0):
        register_fonts()
        s = settings()
        self.tight = tight
        # about how much shorter an entry gets (leading, and a smaller size also fits more on a line), generously
        self.saving = 1 - tight * ((s["body_pt"] + smaller) / s["body_pt"]) ** 2 + s["saving_slack"]
        ink, muted = HexColor(color("ink")), HexColor(color("muted"))

        def make(name, role, size, leading, **extra):
            for key in ("spaceBefore", "spaceAfter"):
                if key in extra:
                    extra[key] *= tight
            if smaller and name in TEXT_STYLES:
                leading *= (size + smaller) / size
                size += smaller
            return ParagraphStyle(
                f"{name}-{tight}-{smaller}",
                fontName=font_name(role),
                fontSize=size,
                leading=round(leading * tight, 2),
                textColor=extra.pop("textColor", ink),
                **extra,
            )

        body, small = s["body_pt"], s["small_pt"]
        self.body = make("body", "serif", body, s["body_leading_pt"], alignment=TA_JUSTIFY, spaceAfter=body * 0.5)
        self.item = make(
            "item",
            "serif",
            body,
            s["body_leading_pt"],
            alignment=TA_JUSTIFY,
            leftIndent=s["list_indent_pt"],
            bulletIndent=0,
            bulletFontName=font_name("sans_bold"),
            bulletFontSize=small,
            spaceAfter=body * 0.45,
        )
        self.small = make("small", "serif", small, s["small_leading_pt"], alignment=TA_JUSTIFY, spaceAfter=small * 0.4)
        self.small_left = make("small-left", "serif", small, s["small_leading_pt"], alignment=TA_LEFT)
        self.body_left = make(
            "body-left", "serif", body, s["body_leading_pt"], alignment=TA_LEFT, spaceAfter=body * 0.5
        )
        # the credits page is set in the gothic face throughout: its addresses and file names are gothic (the serif's
        # hyphen reads as a dash), and a sentence must not switch faces in the middle
        self.credits = make(
            "credits", "sans", body * 0.95, s["body_leading_pt"], alignment=TA_LEFT, spaceAfter=body * 0.5
        )
        self.credits_small = make("credits-small", "sans", small * 0.95, s["small_leading_pt"], alignment=TA_LEFT)
        self.section_title = make(
            "section-title",
            "serif_bold",
            s["name_pt"] * 0.8,
            s["name_pt"] * 1.05,
            spaceBefore=s["name_pt"] * 1.2,
            spaceAfter=body,
        )
        self.heading = make(
            "heading",
            "sans_bold",
            s["heading_pt"],
            s["heading_pt"] * 1.4,
            spaceBefore=s["heading_space_before_pt"],
            spaceAfter=s["heading_pt"] * 0.35,
        )
        self.continued = make(
            "continued", "sans", s["head_pt"] + 1, (s["head_pt"] + 1) * 1.6, textColor=muted, spaceAfter=body * 0.4
        )
        self.title = make("title", "serif_bold", s["name_pt"] * 0.8, s["name_pt"] * 1.05, spaceAfter=body)
        self.name = make("name", "serif_bold", s["name_pt"], s["name_pt"] * 1.2)
        self.ability = make("ability", "sans", s["ability_pt"], s["ability_leading_pt"], alignment=TA_LEFT)
        self.flavor = make(
            "flavor",
            "serif",
            s["flavor_pt"],
            s["flavor_pt"] * 1.65,
            alignment=TA_CENTER,
            textColor=color("flavor"),
            leftIndent=mm(s["flavor_indent"]),
            rightIndent=mm(s["flavor_indent"]),
            spaceBefore=body * 0.9,
            spaceAfter=body * 0.6,
        )
        self.cover_kicker = make(
            "kicker", "sans", s["head_pt"] + 1, s["head_pt"] * 2, alignment=TA_CENTER, textColor=muted
        )
        self.cover_title = make(
            "cover-title", "serif_bold", s["cover_title_pt"], s["cover_title_pt"] * 1.3, alignment=TA_CENTER
        )
        self.cover_author = make("cover-author", "sans", body + 1, body * 2, alignment=TA_CENTER, textColor=muted)
        self.center_small = make(
            "center-small", "sans", small, s["small_leading_pt"], alignment=TA_CENTER, textColor=muted
        )
        self.team = make("team", "sans_bold", small + 0.5, s["small_leading_pt"] + 2, spaceBefore=small, spaceAfter=2)
        self.cell = make("cell", "sans", small, s["small_leading_pt"], alignment=TA_CENTER)
        self.cell_head = make("cell-head", "sans_bold", small, s["small_leading_pt"], alignment=TA_CENTER)

    def colored(self, style, hex_color: str):
        return ParagraphStyle(f"{style.name}-{hex_color}", parent=style, textColor=HexColor(hex_color))


class Book:
    """State shared by the stages and page callbacks of one build."""

    def __init__(self, game, options):
        self.game = game
        self.options = options
        self.s = settings()
        self.reading_size, self.sheet_size = page_sizes(options.paper)
        self.normal_styles = Styles()
        self.tight_styles = [Styles(t["leading"], t.get("size", 0.0)) for t in self.s["tighter"]]
        self.styles = self.normal_styles
        self.tight_text = False  # set while an entry is re-set for the fewest lines
        self.words = wording(game)
        self.recorded: dict[str, int] = {}  # key → page, filled in as the markers are drawn
        self.section = ""
        self.heads: dict[int, tuple[str, str]] = {}  # the running head of each planned page (book.running_heads)
        self.section_color = color("muted")
        # markup by (template, data): the planner makes an entry again for each setting it tries, with the same texts
        self.rendered: dict[tuple, str] = {}
        self.look = look(options.style)  # --style: the pages' ground and the tint of boxes and rows (colours only)

    def icon(self, character):
        from generator.art.icons import character_icon

        return character_icon(character, self.game, self.options)  # found once per run (options.icons_found)

    def frame_box(self) -> tuple[float, float, float, float]:
        width, height = self.reading_size
        margin = self.s["margin"]
        return (
            mm(margin["side"]),
            mm(margin["bottom"]),
            width - 2 * mm(margin["side"]),
            height - mm(margin["top"]) - mm(margin["bottom"]),
        )

    # ----- paragraphs -----------------------------------------------------------------------------

    def para(self, template: str, style, bullet: str | None = None, **data):
        """A paragraph from a markup template; every almanac paragraph breaks its lines as a whole (HangulParagraph)."""
        return hangul_paragraph(self.markup(template, data), style, bullet, tight=self.tight_text, kept=self.words.kept)

    def markup(self, template: str, data: dict) -> str:
        """The template rendered with the data, once per book for the same values (a str and Markup of the same text
        render differently: the type is part of the key)."""
        key = (template, *((name, type(value), value) for name, value in sorted(data.items())))
        try:
            found = self.rendered.get(key)
        except TypeError:  # a list or another unhashable value: rendered each time
            return render(template, **data)
        if found is None:
            found = self.rendered[key] = render(template, **data)
        return found

    def text(self, text: str, style):
        """Our own wording (labels, titles): escaped, typographic quotes, brackets kept together."""
        return self.para("almanac_text.j2", style, text=self.words.tie(typographic_quotes(text)))

    def game_text(self, text: str, style, bullet: str | None = None, marked: bool = False, worded: bool = False):
        """Game text: printed names and terms (generator.load.wording; `worded` when already done), *reminder* marks in
        bold colour when `marked`."""
        template = "almanac_reminder_text.j2" if marked else "almanac_text.j2"
        shown = self.words.tie(text) if worded else self.words.print(text)
        return self.para(template, style, bullet, text=shown, color=color("reminder"))

    def heading(self, text: str, team: str | None = None):
        style = self.styles.colored(self.styles.heading, team_color(team)) if team else self.styles.heading
        return keep_with_next(self.text(text, style))

    def title(self, text: str, style=None) -> list:
        """A part's title and the rule under it; neither ends a page."""
        return [keep_with_next(self.text(text, style or self.styles.title)), keep_with_next(self.rule(space=4))]

    def continued(self, title: str):
        """The line at the top of a continuation page: '<title> (계속)'."""
        return self.text(label("continued", title=title), self.styles.continued)

    def rule(self, hex_color: str | None = None, width: float | None = None, space: float = 4):
        return HRFlowable(
            width="100%",
            thickness=width or self.s["rule_pt"],
            color=hex_color or color("rule"),
            spaceBefore=space,
            spaceAfter=space,
        )

    def named_name(self, character) -> str | None:
        named = self.game.named_character(character.id)
        return named.name if named else None


def keep_with_next(flowable):
    """Marks a flowable the planner never leaves at the foot of a page."""
    flowable.keep_with_next = True
    return flowable


class Marker(Flowable):
    """Zero-size: records the page it lands on and the section the running head shows from here on."""

    _ZEROSIZE = True

    def __init__(
        self, book: Book, key: str | None = None, section: str | None = None, section_color: str | None = None
    ):
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
