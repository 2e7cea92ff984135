"""A TrueType file → a reportlab TTFont, its parsed tables read from the user's cache when this exact file (by
content) was parsed before with this reportlab.

Parsing a large CJK font walks every glyph and cmap entry in Python (tens of thousands of reads per font); the
result is plain data (code point → glyph, widths, glyph offsets), kept by generator.keep.usercache under the file's
content hash, reportlab's version and Python's. The font file itself is still opened every time: reportlab subsets
the glyphs from its bytes when a PDF is saved (mapped, so only the glyphs a subset uses are read). Its content hash
is worked out once per version of the file: the digest is kept (as `ttfsum`) under the file's path, size,
modification and change times and inode, so a run no longer hashes the fonts' 20 MB (about 15 ms). Any font file
works (the bundled ones, a fallback another module registers): nothing here knows file names.
"""

from __future__ import annotations

import os
from fnmatch import fnmatch
from pathlib import Path

from generator.keep import usercache

KIND = "ttf"
SUMS = "ttfsum"  # a font file's content digest, by the file's identity on disk
FORMAT = 2  # of the kept state (2: a pairs table with a few floats among its ints is packed too)
# Face attributes that are not plain data: the file's bytes (read again), the scale function (rebuilt from
# unitsPerEm) and name strings (TTFNameBytes, rebuilt from their text).
_NOT_STORED = ("_ttf_data", "_pdfScale", "filename")


def load_ttfont(name: str, path: Path | str):
    """reportlab TTFont `name` for the font file at `path`, equal to TTFont(name, path)."""
    from reportlab.pdfbase.ttfonts import TTFont

    path = str(path)
    with open(path, "rb") as stream:
        info = os.fstat(stream.fileno())
        data = _file_bytes(stream, info.st_size)
    identity = _identity(path, info) if len(data) == info.st_size else None  # else it changed while read
    key = _key(data, identity)
    stored = usercache.load(KIND, key, _state_shape)
    face = _face_from(stored, data, path) if stored is not None else None
    if face is None:
        font = TTFont(name, path)
        usercache.store(KIND, key, _face_state(font.face))
        return font
    return _font_with_face(name, face)


def _file_bytes(stream, size: int):
    """The font file's bytes as reportlab reads them (by slices): mapped from the file where the system allows, so a
    build reads only the pieces its subsets use (a few hundred KB of the fonts' 20 MB; reading them all was about
    10 ms of system time a run, and 20 MB of memory in each process); read whole elsewhere (Windows would keep a
    mapped file from being replaced while the server runs)."""
    import mmap

    if os.name == "posix" and size:
        try:
            return mmap.mmap(stream.fileno(), size, access=mmap.ACCESS_READ)
        except (OSError, ValueError):
            pass
    return stream.read()


def _key(data: bytes, identity: str | None = None) -> str:
    """The kept state's key: the file's content digest (kept under `identity` after it is first worked out),
    reportlab's version and Python's."""
    import reportlab

    return f"{_digest(data, identity)} reportlab {reportlab.Version} {usercache.runtime_tag()} format {FORMAT}"


def _identity(path: str, info: os.stat_result) -> str:
    """A font file as it is on disk now: any write changes its modification time (and on Linux and macOS its change
    time, which no program can set back), a file put in its place its inode."""
    return f"{os.path.abspath(path)} {info.st_size} {info.st_mtime_ns} {info.st_ctime_ns} {info.st_ino} {info.st_dev}"


def _digest(data: bytes, identity: str | None) -> str:
    if identity is None:
        return usercache.file_digest(data)
    known = usercache.load(SUMS, identity, _is_digest)
    if known is not None:
        return known
    digest = usercache.file_digest(data)
    usercache.store(SUMS, identity, digest)
    return digest


_HEX = frozenset("0123456789abcdef")


def _is_digest(value) -> bool:
    return type(value) is str and len(value) == 40 and _HEX.issuperset(value)


def _face_state(face) -> dict:
    from reportlab.pdfbase.ttfonts import TTFNameBytes

    plain, names = {}, {}
    for attribute, value in vars(face).items():
        if attribute in _NOT_STORED:
            continue
        if isinstance(value, TTFNameBytes):
            names[attribute] = value.ustr
        else:
            plain[attribute] = _packed(value)
    return {"plain": plain, "names": names}


# The large tables are stored as machine-word arrays: unpacking them is a few C loops, where marshal would build
# a hundred thousand objects one by one. Anything of another shape is stored as it is.
def _is_ints(values) -> bool:
    return all(type(v) is int for v in values)


def _packed(value):
    from array import array

    if isinstance(value, list) and len(value) > 64:
        if _is_ints(value):
            return ("packed-ints", array("q", value).tobytes())
        if all(type(v) is tuple and len(v) == 2 for v in value):
            first, second = [v[0] for v in value], [v[1] for v in value]
            if _is_ints(first) and _is_ints(second):
                return ("packed-pairs", array("q", first).tobytes(), array("q", second).tobytes())
            floats = [at for at, v in enumerate(first) if type(v) is float]
            if (
                _is_ints(second)
                and len(floats) <= len(first) // 8
                and _is_ints(v for v in first if type(v) is not float)
            ):
                # reportlab's hmetrics: ints, then the last advance scaled (a float) for every glyph past the table
                return (
                    "packed-pairs-floats",
                    array("q", [0 if type(v) is float else v for v in first]).tobytes(),
                    array("q", second).tobytes(),
                    array("q", floats).tobytes(),
                    array("d", [first[at] for at in floats]).tobytes(),
                )
    if isinstance(value, dict) and len(value) > 64 and _is_ints(value):
        values = list(value.values())
        if _is_ints(values):
            return ("packed-int-dict", array("q", value).tobytes(), array("q", values).tobytes())
        if all(type(v) is float for v in values):
            return ("packed-float-dict", array("q", value).tobytes(), array("d", values).tobytes())
        if all(type(v) is list for v in values) and all(_is_ints(v) for v in values):
            lengths = [len(v) for v in values]
            flat = [item for v in values for item in v]
            return (
                "packed-list-dict",
                array("q", value).tobytes(),
                array("q", lengths).tobytes(),
                array("q", flat).tobytes(),
            )
    return ("plain", value)


def _unpacked(stored):
    from array import array

    def ints(data: bytes) -> list:
        return array("q", data).tolist()

    kind = stored[0]
    if kind == "plain":
        return stored[1]
    if kind == "packed-ints":
        return ints(stored[1])
    if kind == "packed-pairs":
        return Pairs(array("q", stored[1]), array("q", stored[2]), {})
    if kind == "packed-pairs-floats":
        return Pairs(array("q", stored[1]), array("q", stored[2]), dict(zip(ints(stored[3]), array("d", stored[4]))))
    if kind == "packed-int-dict":
        return dict(zip(ints(stored[1]), ints(stored[2])))
    if kind == "packed-float-dict":
        return dict(zip(ints(stored[1]), array("d", stored[2]).tolist()))
    if kind == "packed-list-dict":
        flat, result, at = ints(stored[3]), {}, 0
        for key, length in zip(ints(stored[1]), ints(stored[2])):
            result[key] = flat[at : at + length]
            at += length
        return result
    raise ValueError(kind)


class Pairs:
    """reportlab's hmetrics, [(advance, left side bearing)] by glyph, read from the kept arrays one glyph at a time:
    a PDF's subset reads a few hundred of a font's twenty thousand pairs, and making them all took 4 ms a font. The
    same values of the same types as the list (`floats` holds the few advances that are floats, by glyph)."""

    __slots__ = ("_first", "_second", "_floats")

    def __init__(self, first, second, floats: dict[int, float]):
        self._first, self._second, self._floats = first, second, floats

    def __len__(self) -> int:
        return len(self._first)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self._first)
            if index < 0:
                raise IndexError("pair index out of range")
        return (self._floats.get(index, self._first[index]), self._second[index])

    def __iter__(self):
        return (self[index] for index in range(len(self._first)))

    def __eq__(self, other) -> bool:
        return isinstance(other, (list, Pairs)) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # a list is not hashable either


# What every face must hold, of which type, for a TTFont to measure and subset with it: a kept state without one of
# them (or with one of another type) is parsed again instead of failing while drawing.
_NUMBERS = ("ascent", "descent", "defaultWidth", "capHeight", "stemV", "underlinePosition", "underlineThickness")
_INTS = ("numGlyphs", "flags")
_TABLES = {
    "charToGlyph": ("packed-int-dict", dict),
    "charWidths": ("packed-int-dict", "packed-float-dict", dict),
    "glyphPos": ("packed-ints", list),
    "hmetrics": ("packed-pairs", "packed-pairs-floats", list),
    "glyphToChar": ("packed-list-dict", dict),
}
_NAMES = ("name", "familyName", "styleName", "fullName")
_WORD = 8  # bytes of one array('q') or array('d') item


def _state_shape(stored) -> bool:
    """A kept face state of the form _face_state makes: plain values, names as text, tables as whole arrays."""
    if type(stored) is not dict or set(stored) != {"plain", "names"}:
        return False
    plain, names = stored["plain"], stored["names"]
    if type(plain) is not dict or type(names) is not dict or not all(type(names.get(n)) is str for n in _NAMES):
        return False
    if not all(type(value) is tuple and value and type(value[0]) is str for value in plain.values()):
        return False
    values = {name: value[1] for name, value in plain.items() if value[0] == "plain" and len(value) == 2}
    if not all(type(values.get(name)) is int for name in _INTS):
        return False
    if not all(type(values.get(name)) in (int, float) for name in _NUMBERS):
        return False
    units, bbox = values.get("unitsPerEm"), values.get("bbox")
    if (
        type(units) not in (int, float)
        or not 16 <= units <= 16384
        or type(values.get("italicAngle")) not in (int, float)
    ):
        return False
    if type(bbox) is not list or len(bbox) != 4 or not all(type(v) in (int, float) for v in bbox):
        return False
    return all(_is_table(plain.get(name), kinds) for name, kinds in _TABLES.items())


def _is_table(value, kinds) -> bool:
    """A packed table: its kind, then whole arrays of machine words (of equal length where they pair up); or a
    small or irregular one kept plain, as the container it is."""
    if type(value) is tuple and len(value) == 2 and value[0] == "plain":
        table = value[1]
        return any(type(table) is kind for kind in kinds if isinstance(kind, type)) and all(
            type(item) in (int, float) or (type(item) in (tuple, list) and all(type(i) in (int, float) for i in item))
            for item in (table if type(table) is list else [*table, *table.values()])
        )
    if type(value) is not tuple or value[0] not in kinds:
        return False
    arrays = value[1:]
    counts = {
        "packed-ints": 1,
        "packed-pairs": 2,
        "packed-pairs-floats": 4,
        "packed-int-dict": 2,
        "packed-float-dict": 2,
        "packed-list-dict": 3,
    }
    if len(arrays) != counts[value[0]] or not all(type(a) is bytes and len(a) % _WORD == 0 for a in arrays):
        return False
    if value[0] == "packed-pairs-floats":  # the floats' places: as many as floats, each inside the table
        from array import array

        places = array("q", arrays[2])
        return (
            len(arrays[0]) == len(arrays[1])
            and len(arrays[2]) == len(arrays[3])
            and (not places or (min(places) >= 0 and max(places) < len(arrays[0]) // _WORD))
        )
    return value[0] in ("packed-ints", "packed-list-dict") or len(arrays[0]) == len(arrays[1])


def _face_from(stored, data: bytes, path: str):
    """A TTFontFace rebuilt from stored state, or None when the state is not of the expected shape. The large
    tables are unpacked on first use: a build never reads some of them (glyphToChar), others only when saving."""
    from reportlab.pdfbase.ttfonts import TTFNameBytes

    try:
        plain, names = stored["plain"], stored["names"]
        face = _lazy_face_class().__new__(_lazy_face_class())
        packed = {attribute: value for attribute, value in plain.items() if value[0] != "plain"}
        vars(face).update({attribute: value[1] for attribute, value in plain.items() if value[0] == "plain"})
        vars(face).update({attribute: TTFNameBytes(text.encode("utf8")) for attribute, text in names.items()})
        units = float(face.unitsPerEm)
        if not all(
            isinstance(value, tuple) and all(isinstance(part, bytes) for part in value[1:]) for value in packed.values()
        ):
            return None
    except (TypeError, KeyError, AttributeError, IndexError, ValueError):
        return None
    face._botc_packed = packed
    face._ttf_data = data
    face.filename = path
    face._pdfScale = (lambda x: x) if units == 1000 else (lambda x, factor=1000 / units: x * factor)
    return face


_LAZY_FACE = None


class TableSlices:
    """A font file's table that reportlab only cuts into pieces (the glyf table, a piece per glyph of a subset): each
    piece is copied out of the file's bytes as bytes, where reportlab copied the whole table (about 12 MB of a Nanum
    font) for every subset it made, 100 MB a kit."""

    __slots__ = ("_data", "_start", "_length")

    def __init__(self, data: bytes, start: int, length: int):
        self._data, self._start = data, start
        self._length = max(0, min(length, len(data) - start))  # as long as the slice of the file would be

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if step == 1:
                return self._data[self._start + start : self._start + max(start, stop)]
        return bytes(self)[index]

    def __bytes__(self) -> bytes:
        return self._data[self._start : self._start + self._length]


def _lazy_face_class():
    global _LAZY_FACE
    if _LAZY_FACE is None:
        from reportlab.pdfbase.ttfonts import TTFontFace

        class CachedFace(TTFontFace):
            """A TTFontFace whose large tables are unpacked from the cache when first read."""

            def __getattr__(self, name):
                packed = self.__dict__.get("_botc_packed") or {}
                stored = packed.get(name)
                if stored is None:
                    if name in self.__dict__:  # another thread (serve) unpacked it meanwhile
                        return self.__dict__[name]
                    raise AttributeError(name)
                # threads may ask at once: each may unpack, none finds the table gone before it is set
                value = _unpacked(stored)
                setattr(self, name, value)
                packed.pop(name, None)
                return value

            def get_table(self, tag):
                if tag != "glyf":
                    return super().get_table(tag)
                start, length = self.get_table_pos(tag)
                return TableSlices(self._ttf_data, start, length)

        _LAZY_FACE = CachedFace
    return _LAZY_FACE


def _font_with_face(name: str, face):
    """TTFont(name, …) around an already parsed face: what TTFont.__init__ does after parsing."""
    from weakref import WeakKeyDictionary

    from reportlab import rl_config
    from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, unShapedFontGlob

    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, pattern) for pattern in unShapedFontGlob)
    return font
