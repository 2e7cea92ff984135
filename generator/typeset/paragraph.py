"""Paragraph markup → a Korean paragraph flowable set with whole-paragraph line breaking (generator.typeset.linebreak).

reportlab's own paragraph breaks line by line (greedy) and puts all the leftover width into the word spaces, which in
narrow Korean columns gave word gaps over 1 em. reportlab still parses the markup here (fonts, bold, colours,
<br/>, <u>); this flowable breaks, splits and draws:

- a paragraph split across pages leaves at least two lines on each side (no widows or orphans);
- each word, and each font-subset piece of a word, is placed at its computed x, so PDF readers that drop the
  character spacing at the end of a text string (pdfminer does) still see where the glyphs are;
- `tight=True` asks for the fewest lines first (the almanac's planner uses it to absorb a small overflow).
"""

from __future__ import annotations

from generator import FONTS_DIR
from generator.caches import kept, remembered
from generator.keep import parsecache
from generator.keep.patterns import compiled
from generator.read.theme import theme
from generator.typeset.fonts import with_fallback
from generator.typeset.linebreak import Line, break_lines_at
from generator.typeset.words import NBSP, width_of

# Broken lines by (markup, style, width, tight): tighter-leading variants of an entry and repeated texts break once.
BREAKS: dict[tuple, list] = kept({})
# Parsed markup by (markup, font, size, colour): the same text in an entry set again tighter is parsed once.
PARSED: dict[tuple, list] = kept({})


def _paragraph_class():
    from reportlab.lib.colors import toColor
    from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_RIGHT
    from reportlab.lib.rl_accel import fp_str
    from reportlab.platypus import Paragraph

    def color_op(color) -> str:
        color = toColor(color)
        return f"{fp_str(color.red, color.green, color.blue)} rg"

    class HangulParagraph(Paragraph):
        """A Paragraph (same markup and style) set with whole-paragraph line breaking; see the module docstring."""

        def __init__(
            self,
            text,
            style,
            bulletText=None,
            tight: bool = False,
            lines: list[Line] | None = None,
            kept: frozenset[str] = frozenset(),
            **kwargs,
        ):
            key = (text, style.fontName, style.fontSize, str(style.textColor))
            frags = (PARSED.get(key) or kept_frags(key)) if text else []
            super().__init__(text, style, bulletText=bulletText, frags=frags, **kwargs)
            if frags is None:
                self.frags = with_fallback(self.frags)  # letters Nanum lacks set in its Latin fallback
                keep_frags(key, self.frags)
            if text:
                PARSED[key] = self.frags
            self._markup = text
            self.tight = tight
            self.kept = kept
            self._pinned = lines  # the lines of a split-off part: never broken again
            self._broken: tuple[float, list[Line]] | None = None

        # -- breaking ------------------------------------------------------------------------------

        def lines_for(self, width: float) -> list[Line]:
            if self._pinned is not None:
                return self._pinned
            if self._broken and self._broken[0] == width:
                return self._broken[1]
            style = self.style
            key = (
                self._markup,
                style.fontName,
                style.fontSize,
                str(style.textColor),
                style.alignment,
                style.leftIndent,
                style.rightIndent,
                style.firstLineIndent,
                width,
                self.tight,
                names_key(self.kept),
            )
            if key in BREAKS:
                self._broken = (width, BREAKS[key])
                return BREAKS[key]
            text_width = width - style.leftIndent - style.rightIndent
            widths = (text_width - style.firstLineIndent, text_width)
            known = KEPT_LINES.lookup(_key_text(key)) if self._markup else None
            lines, ends = break_lines_at(
                self.frags,
                widths,
                style.fontSize,
                style.alignment == TA_JUSTIFY,
                self.tight,
                style.alignment == TA_CENTER,
                known,
                self.kept,
            )
            if self._markup and ends != known:
                KEPT_LINES.remember(_key_text(key), ends)
            self._broken = (width, lines)
            if len(BREAKS) > 20_000:
                BREAKS.clear()
                PARSED.clear()
            BREAKS[key] = lines
            return lines

        def wrap(self, avail_width, avail_height):
            self.width = avail_width
            self.height = len(self.lines_for(avail_width)) * self.style.leading
            return self.width, self.height

        def split(self, avail_width, avail_height):
            """Two parts at a line boundary with at least two lines on each side, or [] to move the whole paragraph; a
            page never ends inside a word (a line cut between syllables stays with the rest of its word)."""
            lines = self.lines_for(avail_width)
            fits = int((avail_height + 1e-6) // self.style.leading)
            if fits >= len(lines):
                return [self]
            fitting = cut = min(fits, len(lines) - 2)
            while cut >= 2 and lines[cut - 1].words and lines[cut - 1].words[-1].joined:
                cut -= 1
            if cut < 2:  # a run without spaces (Chinese text) ends every line inside a word: a page may too
                cut = fitting
            if cut < 2:
                return []
            first = HangulParagraph("", self.style, bulletText=self.bulletText, lines=lines[:cut])
            rest = HangulParagraph("", self.style, lines=lines[cut:])
            first.frags, rest.frags = self.frags, []  # getPlainText of the first part stays meaningful
            return [first, rest]

        # -- drawing -------------------------------------------------------------------------------

        def draw(self):
            canvas = self.canv
            style = self.style
            lines = self.lines_for(self.width)
            if not lines:
                return
            y = self.height - style.fontSize
            if self.bulletText:
                self._draw_bullet(canvas, y)
            canvas.saveState()
            text_width = self.width - style.leftIndent - style.rightIndent
            for index, line in enumerate(lines):
                x = style.leftIndent + (style.firstLineIndent if index == 0 and self._pinned is None else 0)
                if style.alignment == TA_CENTER:
                    x += (text_width - line.natural) / 2
                elif style.alignment == TA_RIGHT:
                    x += text_width - line.natural
                self._draw_line(canvas, line, x, y)
                y -= style.leading
            canvas.restoreState()

        def _draw_line(self, canvas, line: Line, x: float, y: float) -> None:
            """Each word, and each font-subset piece of a word, is placed at its computed x (PDF readers that drop the
            character spacing at the end of a text string, as pdfminer does, still see where the glyphs are)."""
            letter = line.letter_extra if line.justified else 0.0
            word_extra = line.word_extra if line.justified else 0.0
            shown = shown_pieces(canvas._doc)
            ops = ["BT", f"1 0 0 1 {fp_str(x, y)} Tm"]
            origin = x  # Td moves are relative to the last line-matrix origin
            if letter:
                ops.append(f"{fp_str(letter)} Tc")
            font = color = None
            underlines = []  # (x0, x1, size, colour) of underlined runs, ruled after the text
            last = len(line.words) - 1
            for number, word in enumerate(line.words):
                runs = word.runs
                for index, run in enumerate(runs):
                    if run.underline:
                        underlines.append([x, None, run.size, run.color])
                    if run.color is not color and run.color != color:
                        ops.append(color_op(run.color))
                        color = run.color
                    # the space after a word is drawn for copy and paste, in the font of the word's last run
                    spaced = number < last and index == len(runs) - 1
                    for name, encoded, width, count in shown(run.font, run.text, run.size, run.width, spaced):
                        if (name, run.size) != font:
                            ops.append(f"{name} {fp_str(run.size)} Tf")
                            font = (name, run.size)
                        if abs(x - origin) > 1e-3:
                            ops.append(f"{fp_str(x - origin)} 0 Td")
                            origin = x
                        ops.append(encoded)
                        x += width + letter * count
                    if run.underline:
                        underlines[-1][1] = x - letter
                        if spaced:  # the underline stops before the space, as it did before the space was a piece
                            underlines[-1][1] -= width_of(" ", run.font, run.size) + letter
                if number < last:  # the space was drawn for copy and paste; the next word starts here
                    end = runs[-1]
                    x += word.space + word_extra - width_of(" ", end.font, end.size) - letter
            if letter:
                ops.append("0 Tc")  # character spacing is text state: it would outlive this text object
            ops.append("ET")
            canvas.addLiteral(" ".join(ops))
            for x0, x1, size, run_color in underlines:
                canvas.setStrokeColor(run_color)
                canvas.setLineWidth(max(0.5, size * 0.06))
                canvas.line(x0, y - size * 0.14, x1, y - size * 0.14)

        def _draw_bullet(self, canvas, y: float) -> None:
            style = self.style
            canvas.saveState()
            canvas.setFont(style.bulletFontName, style.bulletFontSize)
            canvas.setFillColor(getattr(style, "bulletColor", None) or style.textColor)
            canvas.drawString(style.bulletIndent, y, self.bulletText)
            canvas.restoreState()

    return HangulParagraph


# Parsed markup kept between runs (generator.keep.parsecache): reportlab's parser and the Latin fallback took about
# 80 µs a paragraph, a tenth of a build. Depends on reportlab, this code, the fonts' files and the theme.
def _frags_version() -> str:
    from generator import TEMPLATES_DIR
    from generator.keep.usercache import code_stamp, files_stamp, package_stamp
    from generator.read.theme import font_paths

    fallback = [FONTS_DIR / spec.file for spec in theme().fallback_fonts.values()]
    return (
        f"code {code_stamp('typeset/paragraph.py', 'typeset/fonts.py', 'keep/parsecache.py')} reportlab {package_stamp('reportlab')} "
        f"fonts {files_stamp([*font_paths(), *fallback, TEMPLATES_DIR / 'theme.yaml'])}"
    )


def _frags_shape(key_text: str, stored) -> bool:
    """Kept frags are a list of {attribute: ("color", (r, g, b, a)) or ("value", plain)}, and their texts together
    are the markup's text (tags dropped, entities read): a damaged or foreign entry can neither blank a paragraph
    nor change its words."""
    if type(stored) is not list:
        return False
    texts = []
    for attributes in stored:
        if type(attributes) is not dict:
            return False
        for name, item in attributes.items():
            if type(name) is not str or type(item) is not tuple or len(item) != 2:
                return False
            kind, value = item
            if kind == "color":
                if type(value) is not tuple or len(value) != 4 or not all(type(v) in (int, float) for v in value):
                    return False
            elif kind != "value" or not _is_plain(value):
                return False
        text = attributes.get("text", ("value", ""))[1]
        if type(text) is not str:
            return False
        texts.append(text)
    return "".join(texts) == markup_text(key_text.split("\0", 1)[0])


_TAG = compiled(r"<[^>]*>")


def markup_text(markup: str) -> str:
    """The text reportlab's parser reads out of paragraph markup: the tags dropped, the entities read."""
    import html

    return html.unescape(_TAG.sub("", markup))


KEPT = parsecache.store("frags", _frags_version, _frags_shape)


# Where a paragraph's lines end, by (markup, style, width, tight): the whole-paragraph search was about 70 ms of a
# build. Depends also on the line-breaking code.
def _lines_version() -> str:
    from generator.keep.usercache import code_stamp

    return f"{_frags_version()} breaking {code_stamp('typeset/linebreak.py', 'typeset/words.py')}"


def _lines_shape(key_text: str, ends) -> bool:
    """Kept line ends: a list (one per segment) of word counts (a tuple) or piece counts (a list: a line ends inside a
    word); linebreak checks them against the words."""
    return type(ends) is list and all(
        type(segment) in (list, tuple) and all(type(end) is int for end in segment) for segment in ends
    )


KEPT_LINES = parsecache.store("lines", _lines_version, _lines_shape)


def _key_text(key: tuple) -> str:
    return "\0".join(str(part) for part in key)


def kept_frags(key: tuple) -> list | None:
    """The frags parsed for this (markup, font, size, colour) in an earlier run, rebuilt, or None."""
    stored = KEPT.lookup(_key_text(key))
    if stored is None:
        return None
    try:
        return [_frag_from(attributes) for attributes in stored]
    except (TypeError, ValueError, KeyError):
        return None


def keep_frags(key: tuple, frags: list) -> None:
    plain = [_plain_frag(frag) for frag in frags]
    if all(item is not None for item in plain):
        KEPT.remember(_key_text(key), plain)


def _plain_frag(frag) -> dict | None:
    """A frag's attributes as marshal-able data, or None when it holds something else (then it is not kept)."""
    from reportlab.lib.colors import Color
    from reportlab.platypus.paraparser import ParaFrag

    if type(frag) is not ParaFrag:
        return None
    plain = {}
    for name, value in vars(frag).items():
        if type(value) is Color:
            plain[name] = ("color", (value.red, value.green, value.blue, value.alpha))
        elif _is_plain(value):
            plain[name] = ("value", value)
        else:
            return None
    return plain


def _is_plain(value) -> bool:
    if value is None or type(value) in (int, float, str, bool):
        return True
    return type(value) in (list, tuple) and all(_is_plain(item) for item in value)


def _frag_from(plain: dict):
    from reportlab.lib.colors import Color
    from reportlab.platypus.paraparser import ParaFrag

    frag = ParaFrag.__new__(ParaFrag)
    vars(frag).update({name: Color(*value) if kind == "color" else value for name, (kind, value) in plain.items()})
    return frag


def shown_pieces(doc):
    """A function (font, text, size, width, spaced) → [(subset font name, 'Tj' operator, advance, glyph count)] for
    one PDF document, remembered there: a word's subset pieces are the same every time the document shows it, and
    long texts show the same words hundreds of times. `spaced` adds the space that follows a word."""
    cached = getattr(doc, "_hangul_shown", None)
    if cached is not None:
        return cached
    from reportlab.lib.rl_accel import escapePDF
    from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

    memo: dict[tuple, list] = {}

    def shown(font: str, text: str, size: float, width: float, spaced: bool) -> list:
        key = (font, text, size, spaced)
        pieces = memo.get(key)
        if pieces is None:
            face = getFont(font)
            plain = text.replace(NBSP, " ") + (" " if spaced else "")
            split = face.splitString(plain, doc)
            if spaced:
                width += width_of(" ", font, size)
            pieces, offset = [], 0
            for subset, encoded in split:
                count = len(encoded)
                advance = width if len(split) == 1 else stringWidth(plain[offset : offset + count], font, size)
                offset += count
                pieces.append((face.getSubsetInternalName(subset, doc), f"({escapePDF(encoded)}) Tj", advance, count))
            memo[key] = pieces
        return pieces

    doc._hangul_shown = shown
    return shown


@remembered(maxsize=1)
def hangul_paragraph_class():
    return _paragraph_class()


def hangul_paragraph(
    markup: str, style, bullet: str | None = None, tight: bool = False, kept: frozenset[str] = frozenset()
):
    """A HangulParagraph for reportlab markup in `style` (justified when the style is); `kept`: the game's one-word
    names, never cut between syllables (generator.load.wording.Wording.kept)."""
    return hangul_paragraph_class()(markup, style, bulletText=bullet, tight=tight, kept=kept)


@remembered(maxsize=64)
def names_key(kept: frozenset[str]) -> str:
    """A short stand-in for a set of kept names in cache keys (the same names give the same key in every run)."""
    if not kept:
        return ""
    import hashlib

    return hashlib.blake2b("\n".join(sorted(kept)).encode(), digest_size=8).hexdigest()
