"""Bundled TrueType files → fonts registered with reportlab, once per process and only when rendering (parsed tables
come from the user's cache when it has them: generator.keep.fontcache); and text → runs of the font that has its glyphs
(Nanum, else its Latin fallback), for paragraphs and canvas strings alike."""

from __future__ import annotations

from generator import FONTS_DIR
from generator.caches import remembered
from generator.keep.fontcache import load_ttfont
from generator.read.theme import theme

_registered = False


def register_fonts() -> None:
    global _registered
    if _registered:
        return
    from generator.typeset.deferred_patterns import import_reportlab_paragraph

    import_reportlab_paragraph()
    from reportlab import rl_config
    from reportlab.graphics import shapes
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.platypus import tables

    fonts = theme().fonts
    # reportlab's defaults name Helvetica (a canvas's first font, a table cell's font, a drawing's font) even when
    # nothing is drawn with it, and every PDF would then list a font it does not embed: the theme's sans instead.
    sans = fonts["sans"].name
    rl_config.canvas_basefontname = sans
    tables.CellStyle.fontname = sans
    shapes.STATE_DEFAULTS["fontName"] = sans
    # Flate-only streams: ASCII85 made files larger (imposition copies streams as they are).
    rl_config.useA85 = 0
    for spec in [*fonts.values(), *theme().fallback_fonts.values()]:
        pdfmetrics.registerFont(load_ttfont(spec.name, FONTS_DIR / spec.file))
    for family, bold in (("serif", "serif_bold"), ("sans", "sans_bold")):
        regular_name, bold_name = fonts[family].name, fonts[bold].name
        addMapping(regular_name, 0, 0, regular_name)
        addMapping(regular_name, 1, 0, bold_name)
        addMapping(regular_name, 0, 1, regular_name)
        addMapping(regular_name, 1, 1, bold_name)
    install_canvas_fallback()
    _registered = True


# The tables a document reads while measuring and embedding a subset. A cached font unpacks them on first use
# (generator.keep.fontcache); unpacked once before the almanac's process is forked, both processes share them.
SUBSET_TABLES = ("charToGlyph", "charWidths", "hmetrics", "glyphPos")


def unpack_subset_tables() -> None:
    """Reads the subsetting tables of the theme's fonts (the Latin fallbacks stay packed until a text needs them)."""
    from reportlab.pdfbase import pdfmetrics

    for spec in theme().fonts.values():
        face = getattr(pdfmetrics.getFont(spec.name), "face", None)
        for table in SUBSET_TABLES:
            getattr(face, table, None)


def ensure_font(role: str) -> str:
    """The reportlab name of a theme font role, registering it and its fallback alone when the full set is not (a
    width measured during validate costs one font, not eight)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for spec in (theme().fonts[role], theme().fallback_fonts[role]):
        if spec.name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(spec.name, str(FONTS_DIR / spec.file)))
    return theme().fonts[role].name


# --- fallback ---------------------------------------------------------------------------------------------------


@remembered(maxsize=None)
def fallback_name(font: str) -> str | None:
    """The registered fallback of a theme font (NanumGothic → NotoSans); None for any other font."""
    fallbacks = theme().fallback_fonts
    for role, spec in theme().fonts.items():
        if spec.name == font:
            return fallbacks[role].name
    return None


@remembered(maxsize=None)
def cover(font: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    return frozenset(pdfmetrics.getFont(font).face.charToGlyph) - {0xFFFF}


def is_hangul(ch: str) -> bool:
    code = ord(ch)
    return 0xAC00 <= code <= 0xD7A3 or 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F


def fallback_mask(text: str, fonts: list[str]) -> list[bool]:
    """For each character of `text` (set in `fonts[i]`), whether it is set in that font's fallback.

    A stretch of words without Hangul in which some letter is missing from its font ('Ave, César! Os que vão morrer
    te saúdam.') is set wholly in the fallback, so a Latin sentence never alternates between two designs; in a word
    with Hangul only the missing letters switch."""
    mask = [False] * len(text)
    needs = [
        bool(font) and fallback_name(font) is not None and ord(ch) not in cover(font) for ch, font in zip(text, fonts)
    ]
    if not any(needs):
        return mask
    has = [
        bool(font) and fallback_name(font) is not None and ord(ch) in cover(fallback_name(font))
        for ch, font in zip(text, fonts)
    ]
    words = _word_spans(text)
    index = 0
    while index < len(words):
        start, end = words[index]
        if any(is_hangul(ch) for ch in text[start:end]):
            for at in range(start, end):
                mask[at] = needs[at] and has[at]
            index += 1
            continue
        last = index  # the stretch of Hangul-free words (and the spaces between them) from here
        while last + 1 < len(words) and not any(is_hangul(ch) for ch in text[words[last + 1][0] : words[last + 1][1]]):
            last += 1
        stretch = range(start, words[last][1])
        if any(needs[at] for at in stretch):
            for at in stretch:
                mask[at] = has[at] and not text[at].isspace()
        index = last + 1
    return mask


def _word_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each run of non-space characters; the spaces between words belong to no span."""
    spans, start = [], None
    for at, ch in enumerate(text):
        if ch.isspace():
            if start is not None:
                spans.append((start, at))
                start = None
        elif start is None:
            start = at
    if start is not None:
        spans.append((start, len(text)))
    # a stretch runs over the spaces between its words: extend each span to the next word's start
    return [(s, spans[i + 1][0] if i + 1 < len(spans) else e) for i, (s, e) in enumerate(spans)]


def font_runs(text: str, font: str) -> list[tuple[str, str]]:
    """`text` as (piece, font) runs: the font where it has the glyphs, else its fallback (see fallback_mask)."""
    if fallback_name(font) is None or all(ord(ch) in cover(font) for ch in text):
        return [(text, font)]
    runs: list[tuple[str, str]] = []
    for ch, fallback in zip(text, fallback_mask(text, [font] * len(text))):
        name = fallback_name(font) if fallback else font
        if runs and runs[-1][1] == name:
            runs[-1] = (runs[-1][0] + ch, name)
        else:
            runs.append((ch, name))
    return runs


def text_width(text: str, font: str, size: float) -> float:
    """The printed width of `text` with its fallback runs."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return sum(stringWidth(piece, name, size) for piece, name in font_runs(text, font))


def with_fallback(frags: list) -> list:
    """Paragraph fragments (reportlab's parse of the markup) with the runs their fonts lack split off into the
    fallback: the decision is made over the whole paragraph, so a Latin sentence spread over bold and plain
    fragments switches as one."""
    # a line break is a frag without text: it separates words as a space does
    texts = ["\n" if getattr(frag, "lineBreak", False) else getattr(frag, "text", None) or "" for frag in frags]
    fonts = [getattr(frag, "fontName", None) or "" for frag in frags]
    text = "".join(texts)
    if not text or all(
        not f or fallback_name(f) is None or all(ord(ch) in cover(f) for ch in t) for t, f in zip(texts, fonts) if t
    ):
        return frags
    mask = fallback_mask(text, [f for t, f in zip(texts, fonts) for _ in t])
    result, at = [], 0
    for frag, piece, font in zip(frags, texts, fonts):
        flags = mask[at : at + len(piece)]
        at += len(piece)
        if not piece or not any(flags) or getattr(frag, "lineBreak", False):
            result.append(frag)
            continue
        start = 0
        for index in range(1, len(piece) + 1):
            if index == len(piece) or flags[index] != flags[start]:
                result.append(
                    frag.clone(text=piece[start:index], fontName=fallback_name(font) if flags[start] else font)
                )
                start = index
    return result


def install_canvas_fallback() -> None:
    """Canvas strings (titles, names on tokens and cards, running heads) get the same fallback runs as paragraphs:
    drawString and its centred and right-aligned forms set each run in its font. Text the font covers takes the
    untouched path."""
    from reportlab.pdfgen.canvas import Canvas

    if getattr(Canvas, "_botc_fallback", False):
        return
    plain = Canvas.drawString

    def draw_runs(canvas, x: float, y: float, text: str, anchor: float) -> bool:
        font, size, leading = canvas._fontname, canvas._fontsize, canvas._leading
        runs = font_runs(text, font) if isinstance(text, str) else [(text, font)]
        if len(runs) == 1 and runs[0][1] == font:
            return False
        from reportlab.pdfbase.pdfmetrics import stringWidth

        widths = [stringWidth(piece, name, size) for piece, name in runs]
        x -= anchor * sum(widths)
        for (piece, name), width in zip(runs, widths):
            canvas.setFont(name, size, leading)
            plain(canvas, x, y, piece)
            x += width
        canvas.setFont(font, size, leading)
        return True

    def make(original, anchor: float):
        def draw(self, x, y, text, *args, **kwargs):
            if args or kwargs or not draw_runs(self, x, y, text, anchor):
                return original(self, x, y, text, *args, **kwargs)
            return None

        draw.__doc__ = original.__doc__
        return draw

    Canvas.drawString = make(Canvas.drawString, 0.0)
    Canvas.drawCentredString = make(Canvas.drawCentredString, 0.5)
    Canvas.drawRightString = make(Canvas.drawRightString, 1.0)
    Canvas._botc_fallback = True
