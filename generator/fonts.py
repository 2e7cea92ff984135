"""Bundled Nanum TrueType files → fonts registered with reportlab, once per process and only when rendering (parsed
tables come from the user's cache when it has them: generator.fontcache)."""

from __future__ import annotations

from generator import FONTS_DIR
from generator.fontcache import load_ttfont
from generator.theme import theme

_registered = False


def register_fonts() -> None:
    global _registered
    if _registered:
        return
    from reportlab.pdfbase import pdfmetrics
    from reportlab.lib.fonts import addMapping

    from reportlab import rl_config
    from reportlab.graphics import shapes
    from reportlab.platypus import tables

    fonts = theme()["fonts"]
    # reportlab's defaults name Helvetica (a canvas's first font, a table cell's font, a drawing's font) even when
    # nothing is drawn with it, and every PDF would then list a font it does not embed: the theme's sans instead.
    sans = fonts["sans"]["name"]
    rl_config.canvas_basefontname = sans
    tables.CellStyle.fontname = sans
    shapes.STATE_DEFAULTS["fontName"] = sans
    # Flate-only streams: ASCII85 made files larger (imposition copies streams as they are).
    rl_config.useA85 = 0
    for spec in fonts.values():
        pdfmetrics.registerFont(load_ttfont(spec["name"], FONTS_DIR / spec["file"]))
    for family, bold in (("serif", "serif_bold"), ("sans", "sans_bold")):
        regular_name, bold_name = fonts[family]["name"], fonts[bold]["name"]
        addMapping(regular_name, 0, 0, regular_name)
        addMapping(regular_name, 1, 0, bold_name)
        addMapping(regular_name, 0, 1, regular_name)
        addMapping(regular_name, 1, 1, bold_name)
    _registered = True


def registered_coverage() -> list[frozenset[int]] | None:
    """The code points of each registered font, or None when fonts are not registered (validate never registers them)."""
    if not _registered:
        return None
    from reportlab.pdfbase import pdfmetrics

    # 0xFFFF is the cmap's end-of-table sentinel, not a printable character
    return [frozenset(pdfmetrics.getFont(spec["name"]).face.charToGlyph) - {0xFFFF} for spec in theme()["fonts"].values()]
