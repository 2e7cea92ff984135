"""An SVG icon's bytes → the reportlab drawing svglib made of them before, from the user's cache; or the drawing
→ plain data stored there.

Converting an SVG needs svglib, lxml and PIL (tens of milliseconds to import in every process that draws) and
parses every path again; the drawing is a tree of a few shape classes holding numbers, so it is kept as plain data
(generator.keep.usercache), keyed by the file's content hash, this format, the icon limits and the versions of
reportlab and svglib. Only icons that were accepted are stored; a drawing holding anything else than groups and
plain shapes (an embedded image, text) is simply not stored and is converted every time.
"""

from __future__ import annotations

from generator.caches import remembered
from generator.keep import usercache
from generator.limits import MAX_PNG_PIXELS, MAX_SVG_ELEMENTS, MAX_SVG_POINTS

KIND = "svg"
FORMAT = 1
_LEAVES = ("Path", "Rect", "Circle", "Ellipse", "Line", "PolyLine", "Polygon")
_FILL_ONLY = "NoStrokePath"  # svglib's path that is never stroked (an open path filled)


@remembered(maxsize=1)
def _versions() -> str:
    """reportlab's version and svglib's files (not imported: that would cost what this cache saves)."""
    import reportlab

    # the checks that accept an SVG before it is converted: a drawing kept by older checks is not used
    checks = usercache.code_stamp("art/icon_checks.py")
    return f"reportlab {reportlab.Version} svglib {usercache.package_stamp('svglib')} checks {checks} {usercache.runtime_tag()}"


def key_for(data: bytes) -> str:
    limits = f"{MAX_SVG_ELEMENTS}/{MAX_SVG_POINTS}/{MAX_PNG_PIXELS}"
    return f"{usercache.file_digest(data)} format {FORMAT} limits {limits} {_versions()}"


def cached_drawing(data: bytes):
    """The drawing stored for these SVG bytes, or None."""
    stored = usercache.load(KIND, key_for(data))
    if stored is None:
        return None
    try:
        drawing = _rebuild(stored, [0, 0])
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError):
        return None
    from reportlab.graphics.shapes import Drawing

    return drawing if isinstance(drawing, Drawing) else None


def store_drawing(data: bytes, drawing) -> None:
    plain = _plain(drawing)
    if plain is not None:
        usercache.store(KIND, key_for(data), plain)


# -- drawing → plain data ----------------------------------------------------------------------------------------


class _NotPlain(Exception):
    pass


def _plain(drawing):
    try:
        return _node(drawing)
    except _NotPlain:
        return None


def _node(node):
    name = type(node).__name__
    if name not in ("Drawing", "Group", _FILL_ONLY, *_LEAVES):
        raise _NotPlain(name)
    attributes = {}
    for attribute, value in vars(node).items():
        if attribute == "_attrMap":
            continue
        if attribute == "contents":
            value = [_node(child) for child in value]
            attributes[attribute] = ("nodes", value)
            continue
        attributes[attribute] = _value(value)
    return (name, attributes)


def _value(value):
    from reportlab.lib.colors import Color

    if value is None or type(value) in (int, float, str, bool):
        return ("v", value)
    if type(value) is Color:
        return ("color", (value.red, value.green, value.blue, value.alpha))
    if type(value) in (list, tuple) and all(item is None or type(item) in (int, float, str, bool) for item in value):
        return ("list" if type(value) is list else "tuple", list(value))
    raise _NotPlain(type(value).__name__)


# -- plain data → drawing ----------------------------------------------------------------------------------------


@remembered(maxsize=1)
def _classes() -> dict:
    from reportlab.graphics import shapes

    class FillOnlyPath(shapes.Path):
        """A path that is filled and never stroked, whatever its stroke attributes say (as svglib's)."""

        def getProperties(self, *args, **kwargs):
            properties = super().getProperties(*args, **kwargs)
            if "strokeWidth" in properties:
                properties["strokeWidth"] = 0
            if "strokeColor" in properties:
                properties["strokeColor"] = None
            return properties

    classes = {name: getattr(shapes, name) for name in ("Drawing", "Group", *_LEAVES)}
    classes[_FILL_ONLY] = FillOnlyPath
    return classes


# Attributes a shape's _attrMap names that svglib's drawings do not set (reportlab reads them with a default).
_UNSET = {"fillOverprint", "overprintMask", "strokeOverprint", "canv", "formats", "initialFontName", "initialFontSize"}
# points taken by each of reportlab's path operators: moveTo, lineTo, curveTo, closePath
_OPERATOR_POINTS = {0: 2, 1: 2, 2: 6, 3: 0}


def _rebuild(stored, counts: list[int]):
    """A kept node → the reportlab shape, or ValueError when it is not one svglib could have made: every attribute
    its class knows, each passing reportlab's own check, paths whose operators fit their points, and no more nodes or
    points than an accepted icon may have."""
    from reportlab.lib.colors import Color

    name, attributes = stored
    cls = _classes()[name]
    if type(attributes) is not dict:
        raise ValueError(name)
    counts[0] += 1
    if counts[0] > 2 * MAX_SVG_ELEMENTS:  # the bounds generator.art.icon_checks puts on a converted drawing
        raise ValueError("too many nodes")
    node = cls() if name in ("Drawing", "Group") else cls.__new__(cls)
    values = {}
    for attribute, (kind, value) in attributes.items():
        if kind == "nodes":
            values[attribute] = [_rebuild(child, counts) for child in value]
        elif kind == "color":
            values[attribute] = Color(*value)
        elif kind == "tuple":
            values[attribute] = tuple(value)
        elif kind == "list":
            values[attribute] = list(value)
        elif kind == "v":
            values[attribute] = value
        else:
            raise ValueError(kind)
    _check_attributes(cls, name, values, counts)
    vars(node).update(values)
    return node


def _check_attributes(cls, name: str, values: dict, counts: list[int]) -> None:
    known = cls._attrMap
    if not set(values) <= set(known) or (name not in ("Drawing", "Group") and set(known) - set(values) - _UNSET):
        raise ValueError(name)
    for attribute, value in values.items():
        if attribute != "contents" and not known[attribute].validate(value):
            raise ValueError(attribute)
    points = values.get("points")
    if points is not None:
        counts[1] += len(points)
        if counts[1] > 2 * MAX_SVG_POINTS or len(points) % 2:
            raise ValueError("points")
    operators = values.get("operators")
    if operators is not None and sum(_OPERATOR_POINTS.get(op, 10**9) for op in operators) != len(points or ()):
        raise ValueError("operators")
