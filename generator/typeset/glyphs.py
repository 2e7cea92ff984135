"""A TrueType file → the set of code points it has glyphs for, read straight from its cmap (no reportlab needed);
the theme's fonts → the code points all of them can print, kept in the user's cache (reading the cmaps in Python
took 30 ms of every `validate`)."""

from __future__ import annotations

import operator
import struct
from bisect import bisect_right
from itertools import repeat
from pathlib import Path

from generator.caches import kept, remembered


@remembered(maxsize=None)
def covered_code_points(font_path: Path) -> frozenset[int]:
    data = Path(font_path).read_bytes()
    num_tables = struct.unpack_from(">H", data, 4)[0]
    cmap_offset = None
    for i in range(num_tables):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap_offset = offset
    if cmap_offset is None:
        return frozenset()
    count = struct.unpack_from(">H", data, cmap_offset + 2)[0]
    subtables = []
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap_offset + 4 + 8 * i)
        subtables.append((platform, encoding, cmap_offset + offset))
    points: set[int] = set()
    for platform, encoding, offset in subtables:
        fmt = struct.unpack_from(">H", data, offset)[0]
        if platform == 3 and encoding == 10 and fmt == 12:
            return frozenset(_read_format12(data, offset))
        if platform in (0, 3) and fmt == 4:
            points |= _read_format4(data, offset)
    return frozenset(points)


def _read_format4(data: bytes, offset: int) -> set[int]:
    seg_count = struct.unpack_from(">H", data, offset + 6)[0] // 2
    ends = struct.unpack_from(f">{seg_count}H", data, offset + 14)
    starts = struct.unpack_from(f">{seg_count}H", data, offset + 16 + 2 * seg_count)
    deltas = struct.unpack_from(f">{seg_count}h", data, offset + 16 + 4 * seg_count)
    range_base = offset + 16 + 6 * seg_count
    range_offsets = struct.unpack_from(f">{seg_count}H", data, range_base)
    points = set()
    for seg, (start, end, delta, range_offset) in enumerate(zip(starts, ends, deltas, range_offsets)):
        if range_offset == 0:
            # every code maps to code + delta: only the one that lands on glyph 0 (if any) is missing
            zero = (-delta) & 0xFFFF
            if start <= zero <= end:
                points.update(range(start, zero))
                points.update(range(zero + 1, min(end, 0xFFFE) + 1))
            else:
                points.update(range(start, min(end, 0xFFFE) + 1))
            continue
        for code in range(start, end + 1):
            if code == 0xFFFF:
                continue
            if range_offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                address = range_base + 2 * seg + range_offset + 2 * (code - start)
                glyph = struct.unpack_from(">H", data, address)[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                points.add(code)
    return points


def _read_format12(data: bytes, offset: int) -> set[int]:
    groups = struct.unpack_from(">I", data, offset + 12)[0]
    points = set()
    for i in range(groups):
        start, end, _glyph = struct.unpack_from(">III", data, offset + 16 + 12 * i)
        points.update(range(start, end + 1))
    return points


def printable_everywhere(pairs: list[tuple[Path, Path]]) -> frozenset[int]:
    """The code points every (font, its fallback) pair can print, from the user's cache when these very files were
    read before (kept as ranges, keyed by the files' size and time and this code); worked out once in a process for
    the same files (a server checks many scripts)."""
    from generator.keep.usercache import cache_folder, files_stamp

    pairs = [(Path(font), Path(fallback)) for font, fallback in pairs]
    stamp = files_stamp([path for pair in pairs for path in pair])
    return _printable_everywhere(tuple(pairs), stamp, cache_folder())


@remembered(maxsize=4)
def _printable_everywhere(pairs: tuple[tuple[Path, Path], ...], stamp: str, folder: Path | None) -> frozenset[int]:
    from generator.keep import usercache
    from generator.keep.usercache import code_stamp

    key = f"format 1 code {code_stamp('typeset/glyphs.py')} fonts {stamp}"
    kept = usercache.load("glyphs", key, _ranges_shape) if usercache.cache_folder() is not None else None
    if kept is not None:
        return frozenset(code for start, end in kept for code in range(start, end + 1))
    sets = [covered_code_points(path) | covered_code_points(fallback) for path, fallback in pairs]
    points = frozenset.intersection(*sets) if sets else frozenset()
    usercache.store("glyphs", key, _ranges(points))
    return points


def _ranges_shape(kept) -> bool:
    """Kept ranges: (start, end) pairs of code points, ascending and apart, as _ranges makes them."""
    if type(kept) is not list:
        return False
    last = -2
    for item in kept:
        if type(item) is not tuple or len(item) != 2 or type(item[0]) is not int or type(item[1]) is not int:
            return False
        start, end = item
        if not last + 1 < start <= end <= 0x10FFFF:
            return False
        last = end
    return True


def _ranges(points) -> list[tuple[int, int]]:
    ranges: list[tuple[int, int]] = []
    for code in sorted(points):
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1] = (ranges[-1][0], code)
        else:
            ranges.append((code, code))
    return ranges


# -- advance widths, so text is measured the same without reportlab (validate) and with it (the documents) ----------

WIDTHS_FORMAT = 1


class Advances(dict):
    """code point → advance in thousandths of an em, each looked up in the font's runs of equal width when first
    asked for: a check measures a few hundred different letters of a font's twenty thousand."""

    def __init__(self, runs: list[tuple[int, int, float]], default: float):
        super().__init__()
        self.runs, self.default = runs, default
        self.starts = [run[0] for run in runs]

    def __missing__(self, code: int) -> float:
        at = bisect_right(self.starts, code) - 1
        width = self.runs[at][2] if at >= 0 and code <= self.runs[at][1] else self.default
        self[code] = width
        return width


_WIDTHS: dict[str, Advances] = kept({})


def width_table(role: str) -> Advances:
    """The advances of a theme font (code point → thousandths of an em, `default` for a letter it lacks), as
    reportlab measures them (its face's charWidths and defaultWidth), kept in the user's cache as runs of equal
    width: a warm `validate` measures night-card cues without loading reportlab or parsing a font."""
    if role not in _WIDTHS:
        _WIDTHS[role] = Advances(*_load_widths(role))
    return _WIDTHS[role]


def text_width(text: str, role: str, size: float) -> float:
    """reportlab's stringWidth of `text` in the role's font: 0.001 × size × the sum of the advances."""
    table = width_table(role)
    return 0.001 * size * sum([table[ord(ch)] for ch in text])


def _load_widths(role: str) -> tuple[list[tuple[int, int, float]], float]:
    from generator import TEMPLATES_DIR
    from generator.keep import usercache
    from generator.keep.usercache import code_stamp, files_stamp, package_stamp
    from generator.read.theme import font_paths

    key = (
        f"widths {WIDTHS_FORMAT} {role} code {code_stamp('typeset/glyphs.py', 'typeset/fonts.py')} "
        f"fonts {files_stamp([*font_paths(), TEMPLATES_DIR / 'theme.yaml'])} reportlab {package_stamp('reportlab')}"
    )
    kept = usercache.load("glyphs", key, _widths_shape) if usercache.cache_folder() is not None else None
    if kept is None:
        kept = _measured(role)
        usercache.store("glyphs", key, kept)
    return kept


def _measured(role: str) -> tuple[list[tuple[int, int, float]], float]:
    """The role's font file read straight (cmap, hmtx): the advances reportlab's face would hold, as runs."""
    from generator import FONTS_DIR
    from generator.read.theme import theme

    widths, default = advances(FONTS_DIR / theme().fonts[role].file)
    runs: list[tuple[int, int, float]] = []
    for code in sorted(widths):
        width = widths[code]
        if runs and runs[-1][1] == code - 1 and runs[-1][2] == width:
            runs[-1] = (runs[-1][0], code, width)
        else:
            runs.append((code, code, width))
    return runs, default


def advances(font_path: Path) -> tuple[dict[int, float], float]:
    """(code point → advance width in thousandths of an em, glyph 0's advance) of a TrueType file, as reportlab's
    TTFontFace computes charWidths and defaultWidth: hmtx advances scaled by 1000 / unitsPerEm, a glyph past the
    table's long metrics taking the last advance."""
    data = Path(font_path).read_bytes()
    tables = _tables(data)
    units = struct.unpack_from(">H", data, tables[b"head"] + 18)[0]
    long_metrics = struct.unpack_from(">H", data, tables[b"hhea"] + 34)[0]
    glyph_count = struct.unpack_from(">H", data, tables[b"maxp"] + 4)[0]
    hmtx = tables[b"hmtx"]
    widths = [struct.unpack_from(">H", data, hmtx + 4 * g)[0] for g in range(long_metrics)]
    widths += [widths[-1]] * max(0, glyph_count - long_metrics)

    def scale(value: int) -> float:
        return value if units == 1000 else value * 1000 / units

    glyphs = _code_to_glyph(data, tables[b"cmap"])
    return {code: scale(widths[glyph]) for code, glyph in glyphs.items() if glyph < len(widths)}, scale(widths[0])


def _tables(data: bytes) -> dict[bytes, int]:
    count = struct.unpack_from(">H", data, 4)[0]
    found = {}
    for i in range(count):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        found[tag] = offset
    return found


def _code_to_glyph(data: bytes, cmap: int) -> dict[int, int]:
    """The cmap's mapping, from its Windows full-repertoire table (format 12) when it has one, else its format 4
    tables (Unicode or Windows BMP)."""
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    found: dict[int, int] = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        start = cmap + offset
        fmt = struct.unpack_from(">H", data, start)[0]
        if platform == 3 and encoding == 10 and fmt == 12:
            mapping = {}
            for g in range(struct.unpack_from(">I", data, start + 12)[0]):
                first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * g)
                mapping.update((code, glyph + code - first) for code in range(first, last + 1))
            return mapping
        if platform in (0, 3) and fmt == 4:
            found.update(_format4_glyphs(data, start))
    return found


def _format4_glyphs(data: bytes, offset: int) -> dict[int, int]:
    seg_count = struct.unpack_from(">H", data, offset + 6)[0] // 2
    ends = struct.unpack_from(f">{seg_count}H", data, offset + 14)
    starts = struct.unpack_from(f">{seg_count}H", data, offset + 16 + 2 * seg_count)
    deltas = struct.unpack_from(f">{seg_count}h", data, offset + 16 + 4 * seg_count)
    range_base = offset + 16 + 6 * seg_count
    range_offsets = struct.unpack_from(f">{seg_count}H", data, range_base)
    mapping = {}
    for seg, (start, end, delta, range_offset) in enumerate(zip(starts, ends, deltas, range_offsets)):
        for code in range(start, end + 1):
            if range_offset == 0:  # kept even when it gives glyph 0 (U+FFFF of the closing segment), as reportlab does
                mapping[code] = (code + delta) & 0xFFFF
                continue
            address = range_base + 2 * seg + range_offset + 2 * (code - start)
            glyph = struct.unpack_from(">H", data, address)[0]
            glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                mapping[code] = glyph
    return mapping


def _widths_shape(kept) -> bool:
    """Kept advances: ([(first, last, width), …] ascending and apart, default), each width 0–10,000; checked with a
    few passes in C over the runs (a font's table holds thousands), not run by run."""
    if type(kept) is not tuple or len(kept) != 2 or type(kept[1]) not in (int, float):
        return False
    runs = kept[0]
    if type(runs) is not list or not {tuple}.issuperset(map(type, runs)) or not {3}.issuperset(map(len, runs)):
        return False
    if not runs:
        return True
    firsts, lasts, widths = zip(*runs)
    return (
        {int}.issuperset(map(type, firsts))
        and {int}.issuperset(map(type, lasts))
        and {int, float}.issuperset(map(type, widths))
        and 0 <= firsts[0]
        and lasts[-1] <= 0x10FFFF
        and all(map(operator.le, firsts, lasts))
        and all(map(operator.lt, lasts, firsts[1:]))
        and all(map(operator.le, repeat(0), widths))  # NaN fails both comparisons
        and all(map(operator.ge, repeat(10_000), widths))
    )
