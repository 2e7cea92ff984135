"""A TrueType file → the set of code points it has glyphs for, read straight from its cmap (no reportlab needed);
the theme's fonts → the code points all of them can print, kept in the user's cache (reading the cmaps in Python
took 30 ms of every `validate`)."""

from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=None)
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
    read before (kept as ranges, keyed by the files' size and time and this code)."""
    from generator.keep import usercache
    from generator.keep.usercache import code_stamp, files_stamp

    key = f"format 1 code {code_stamp('typeset/glyphs.py')} fonts {files_stamp([path for pair in pairs for path in pair])}"
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
