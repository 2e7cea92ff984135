"""An Icon (generator.art.icons) → drawn on a canvas, fitted and centred in a square and recoloured to the team's ink,
once per document as a PDF form; or as a platypus flowable. Where there is no icon, a dashed circle with a '?'."""

from __future__ import annotations

from typing import Any

from generator.art.icons import Icon

_FLOWABLE_CLASS: Any = None


def _to_color(color: Any) -> Any:
    from reportlab.lib import colors

    if isinstance(color, colors.Color):
        return color
    if isinstance(color, str) and color.startswith("#"):
        return colors.HexColor(color)
    return colors.toColor(color)


def draw_icon(canvas: Any, icon: Icon | None, x: float, y: float, size: float, color: Any) -> None:
    """Draw `icon` fitted and centred in the square (x, y, size, size); SVGs are recoloured to `color`.

    With no icon, a dashed circle with a question mark is drawn in `color`.
    """
    col = _to_color(color)
    if icon is None:
        _draw_placeholder(canvas, x, y, size, col)
        return
    scale = size / max(icon.width, icon.height)
    w, h = icon.width * scale, icon.height * scale
    ox, oy = x + (size - w) / 2, y + (size - h) / 2
    form = _png_form(canvas, icon) if icon.kind == "png" else _icon_form(canvas, icon, col)
    canvas.saveState()
    canvas.translate(ox, oy)
    canvas.scale(scale, scale)
    canvas.doForm(form)
    canvas.restoreState()


def _icon_form(canvas: Any, icon: Icon, col: Any) -> str:
    """The name of a PDF form holding this icon in this colour, drawn once per document and reused after.

    An icon used on many tokens or pages is then stored once: smaller PDFs, and no re-rendering of its paths. The
    operators a form holds are the same in every document, so a later document's form takes them as they are (a
    kit's documents show the same icons in the same colours), where they name nothing that document lacks.
    """
    forms = canvas.__dict__.setdefault("_botc_icon_forms", {})
    key = (id(icon), col.hexval())
    if key not in forms:
        name = f"botcIcon{len(forms)}"
        canvas.beginForm(name, 0, 0, icon.width, icon.height)
        alone = not canvas._code  # the form's operators start here (beginForm set the page's aside, if any)
        drawn = icon._drawn.get(col.hexval()) if alone else None
        if drawn is not None and all(canvas._doc.fontMapping.get(font) == ref for font, ref in drawn[1]):
            canvas._code.extend(drawn[0])
            canvas._doc.ensureMinPdfVersion(*drawn[2])  # what drawing it asked of the file: the same header
        else:
            for shape in icon._fill_shapes:
                shape.fillColor = col
            for shape in icon._stroke_shapes:
                shape.strokeColor = col
            needs = _rendered(icon, canvas)
            fonts = _fonts_named(canvas) if alone else None
            if fonts is not None:
                icon._drawn[col.hexval()] = (tuple(canvas._code), fonts, needs)
        canvas.endForm()
        forms[key] = (name, icon)  # keeps the icon alive so its id() stays unique for this canvas
    return forms[key][0]


def _rendered(icon: Icon, canvas: Any) -> tuple[str, ...]:
    """Draws the icon's drawing on the canvas; returns the PDF features it made the file declare (reportlab raises
    the header's version for transparency, which an SVG's fill opacity asks for even when opaque), so that a copy of
    its operators declares them too."""
    from reportlab.graphics import renderPDF

    doc, asked = canvas._doc, []

    def ensure(*keys: str) -> None:
        asked.extend(keys)
        type(doc).ensureMinPdfVersion(doc, *keys)

    doc.ensureMinPdfVersion = ensure  # this document only, for this drawing
    try:
        renderPDF.draw(icon.drawing, canvas, 0, 0)
    finally:
        del doc.ensureMinPdfVersion
    return tuple(dict.fromkeys(asked))


# operators that name a resource of the document other than a font (a graphics state, an image or form, a colour
# space, a shading, an inline image): a form using one is drawn anew in each document
RESOURCE_OPERATORS = frozenset({"gs", "Do", "cs", "CS", "scn", "SCN", "sh", "BI", "ID", "EI"})


def _fonts_named(canvas: Any) -> tuple[tuple[str, str], ...] | None:
    """The fonts the form being drawn sets its text in, as (font, its name in this document) (renderPDF sets the
    canvas's default font even for a drawing without text); None when the form uses any other resource of the
    document, which copying its operators would leave out."""
    if canvas._formsinuse or canvas._colorsUsed or canvas._shadingUsed:
        return None
    tokens = " ".join(canvas._code).split()
    if RESOURCE_OPERATORS.intersection(tokens):
        return None
    refs = {tokens[n - 2] for n, token in enumerate(tokens) if token == "Tf" and n >= 2}
    fonts = {ref: font for font, ref in canvas._doc.fontMapping.items() if ref in refs}
    if len(fonts) != len(refs):
        return None
    return tuple(sorted((font, ref) for ref, font in fonts.items()))


def prime_forms(icons: list[tuple[Icon | None, Any]]) -> None:
    """Each (icon, colour)'s form operators drawn now, on a canvas that is then dropped, so that every document after
    takes them as they are (see _icon_form): run before the almanac's process is forked, the two processes do not
    each draw the icons they share."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(io.BytesIO())
    for icon, color in icons:
        if icon is not None and icon.kind != "png":
            _icon_form(canvas, icon, _to_color(color))


def _png_form(canvas: Any, icon: Icon) -> str:
    """The name of a PDF form holding this PNG icon, made once per document: the image is encoded and stored once
    however many times it is drawn."""
    from reportlab.lib.utils import ImageReader

    forms = canvas.__dict__.setdefault("_botc_icon_forms", {})
    key = (id(icon), "png")
    if key not in forms:
        name = f"botcIcon{len(forms)}"
        canvas.beginForm(name, 0, 0, icon.width, icon.height)
        canvas.drawImage(ImageReader(icon.image), 0, 0, icon.width, icon.height, mask="auto")
        canvas.endForm()
        forms[key] = (name, icon)
    return forms[key][0]


def _draw_placeholder(canvas: Any, x: float, y: float, size: float, col: Any) -> None:
    r = size * 0.42
    cx, cy = x + size / 2, y + size / 2
    canvas.saveState()
    canvas.setStrokeColor(col)
    canvas.setFillColor(col)
    canvas.setLineWidth(max(0.5, size * 0.04))
    canvas.setDash(size * 0.09, size * 0.06)
    canvas.circle(cx, cy, r, stroke=1, fill=0)
    canvas.setDash()
    font_size = size * 0.5
    from generator.read.theme import font_name
    from generator.typeset.fonts import register_fonts

    register_fonts()  # (a no-op once a document has registered them) the '?' is set in the theme's face
    canvas.setFont(font_name("sans_bold"), font_size)
    canvas.drawCentredString(cx, cy - font_size * 0.35, "?")
    canvas.restoreState()


def icon_flowable(icon: Icon | None, size: float, color: Any) -> Any:
    """A platypus Flowable `size` points square that draws the icon (or the placeholder)."""
    global _FLOWABLE_CLASS
    if _FLOWABLE_CLASS is None:
        from reportlab.platypus import Flowable

        class IconFlowable(Flowable):
            def __init__(self, icon: Icon | None, size: float, color: Any):
                super().__init__()
                self.icon, self.size, self.color = icon, size, color
                self.width = self.height = size

            def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
                return self.size, self.size

            def draw(self) -> None:
                draw_icon(self.canv, self.icon, 0, 0, self.size, self.color)

        _FLOWABLE_CLASS = IconFlowable
    return _FLOWABLE_CLASS(icon, size, color)
