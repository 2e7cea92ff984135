"""Theme + markup strings → reportlab paragraph styles, fitted paragraphs and the page furniture every document shares."""

from __future__ import annotations

from generator.caches import kept, remembered
from generator.read.theme import color, font_name, mm, theme
from generator.typeset.fonts import register_fonts


@remembered(maxsize=None)
def style(
    role: str = "serif",
    size: float = 9.0,
    leading: float | None = None,
    alignment: int = 0,
    text_color: str | None = None,
):
    """A ParagraphStyle in one of the theme's fonts; default word wrap, which breaks between 어절."""
    register_fonts()
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(
        name=f"{role}-{size}-{leading}-{alignment}-{text_color}",
        fontName=font_name(role),
        fontSize=size,
        leading=leading or round(size * 1.35, 2),
        alignment=alignment,
        textColor=HexColor(text_color or color("ink")),
    )


# Parsed markup by (markup, style): layout searches (the character sheet tries sizes and layouts) set the same
# texts again and again, and parsing reportlab's markup costs more than breaking the lines.
_PARSED: dict[tuple, tuple] = kept({})


def paragraph(markup: str, paragraph_style):
    """A paragraph of `markup` whose runs Nanum lacks are set in its Latin fallback; the parse is kept by (markup,
    style), since layout searches set the same texts again and again (frags are shared, never changed in place)."""
    paragraph_class = _paragraph_class()
    key = (markup, id(paragraph_style))
    found = _PARSED.get(key)
    if found is not None and found[0] is paragraph_style:
        _, text, frags = found
        return paragraph_class(text, paragraph_style, frags=frags)
    from generator.typeset.fonts import with_fallback

    para = paragraph_class(markup, paragraph_style)
    para.frags = with_fallback(para.frags)  # letters Nanum lacks set in its Latin fallback
    if para.style is paragraph_style and not para.bulletText:  # markup that changed the style is not kept
        if len(_PARSED) > 20_000:
            _PARSED.clear()
        _PARSED[key] = (paragraph_style, para.text, para.frags)
    return para


@remembered(maxsize=1)
def _paragraph_class():
    from reportlab.platypus import Paragraph

    from generator.typeset.words import untie_wide

    class TiedParagraph(Paragraph):
        """reportlab's Paragraph that unties a no-break unit wider than the column before wrapping (it would
        otherwise cut the unit between letters)."""

        def wrap(self, avail_width, avail_height):
            style = self.style
            self.frags = untie_wide(
                self.frags, avail_width - style.leftIndent - style.rightIndent - max(style.firstLineIndent, 0)
            )
            return super().wrap(avail_width, avail_height)

    return TiedParagraph


def draw_page_furniture(
    canvas, page_width: float, page_height: float, title: str, page_number: int | None, fine_print: str | None = None
):
    """Script title at the top and page number at the bottom, inside the theme margin."""
    register_fonts()
    from reportlab.lib.colors import HexColor

    margin = mm(theme().page.margin)
    canvas.saveState()
    canvas.setFillColor(HexColor(color("muted")))
    canvas.setFont(font_name("sans"), 7.5)
    canvas.drawString(margin, page_height - margin + 2, title)
    if page_number is not None:
        canvas.drawRightString(page_width - margin, margin - 9, f"{page_number}")
    if fine_print:
        canvas.setFont(font_name("sans"), 5.5)
        canvas.drawString(margin, margin - 9, fine_print)
    canvas.restoreState()


def draw_ground(canvas, page_width: float, page_height: float, chosen: dict) -> None:
    """A style's ground (read.theme.look), edge to edge, under everything a page draws: nothing for a style
    without one."""
    if not chosen["ground"]:
        return
    from reportlab.lib.colors import HexColor

    canvas.saveState()
    canvas.setFillColor(HexColor(chosen["ground"]))
    canvas.rect(0, 0, page_width, page_height, stroke=0, fill=1)
    canvas.restoreState()


def credit_line() -> str:
    return theme().credits["fine_print"]
