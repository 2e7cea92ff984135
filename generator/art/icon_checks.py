"""An SVG icon's bytes and parsed drawing → whether it is cheap and safe to draw: few enough elements and numbers
(counting the copies <use> makes), only numbers a PDF can hold (finite, within MAX_SVG_COORDINATE), nothing outside
itself, and shapes only: a picture inside it (<image>, a data: link) is found before svglib would decode it.

The source is counted before svglib parses it, so a huge or self-multiplying SVG costs milliseconds to refuse; the
parsed drawing is walked once, its number lists checked at C speed.
"""

from __future__ import annotations

import re
from typing import Any

from generator.keep.patterns import compiled
from generator.limits import MAX_SVG_COORDINATE, MAX_SVG_ELEMENTS, MAX_SVG_POINTS

DRAWABLE, BAD_NUMBERS, TOO_COMPLEX = "drawable", "bad-numbers", "too-complex"


def svg_source_too_complex(data: bytes) -> bool:
    """Cheap counts first (an element takes one '<', a number two bytes at least); <use> copies counted on the XML."""
    if data.count(b"<") > 2 * MAX_SVG_ELEMENTS:
        return True
    if len(data) > 2 * MAX_SVG_POINTS and len(_NUMBER.findall(data)) > MAX_SVG_POINTS:
        return True
    return b"use" in data and _expanded_elements(data) > MAX_SVG_ELEMENTS


_EXTERNAL_MARKS = (b"<!entity", b"@import", b"<?xml-stylesheet")
_OUTSIDE_URL = compiled(rb"url\(\s*['\"]?\s*(?!#)", re.IGNORECASE)  # url(#gradient) stays inside the picture
_LINK_ATTRIBUTES = ("href", "{http://www.w3.org/1999/xlink}href", "src")


def svg_external_reference(data: bytes) -> bool:
    """Whether an SVG points at anything outside itself: an <image>, <use> or link to a file or address (anything but
    '#id' or a data: picture), an entity, or CSS that imports or loads a url(). Unreadable XML counts as
    pointing outside: an upload is refused rather than guessed at."""
    from lxml import etree

    lowered = data.lower()
    if any(mark in lowered for mark in _EXTERNAL_MARKS) or _OUTSIDE_URL.search(data):
        return True
    try:
        root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False))
    except (etree.LxmlError, ValueError):
        return True
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        for name in _LINK_ATTRIBUTES:
            value = (element.get(name) or "").strip()
            if value and not value.startswith("#") and not value.lower().startswith("data:image/"):
                return True
    return False


def svg_holds_picture(data: bytes) -> bool:
    """Whether an SVG holds a picture rather than shapes: an <image> element (whatever it points at: a data:
    PNG or JPEG, a file, an address) or a link to a data: picture (svglib decodes one behind <use> too). Looked up
    on the XML svglib would read (same parser options), before it decodes anything."""
    from lxml import etree

    if b"image" not in data.lower():  # both marks are spelled with it: most icons cost one scan
        return False
    try:
        root = etree.fromstring(
            data, etree.XMLParser(remove_comments=True, recover=True, resolve_entities=False, no_network=True)
        )
    except (etree.LxmlError, ValueError):
        return False  # svglib cannot read it either and says so
    if root is None:
        return False
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        if element.tag.rsplit("}", 1)[-1] == "image":
            return True
        if any((element.get(name) or "").strip().lower().startswith("data:image/") for name in _LINK_ATTRIBUTES):
            return True
    return False


def drawing_verdict(drawing: Any) -> str:
    """DRAWABLE, BAD_NUMBERS or TOO_COMPLEX for a parsed svglib drawing. Drawing objects count a path's operators
    and groups as well as the source's numbers and elements, hence twice the limits."""
    counts = [0, 0]  # shapes, numbers
    if not _drawable(drawing, counts):
        return BAD_NUMBERS
    if counts[0] > 2 * MAX_SVG_ELEMENTS or counts[1] > 2 * MAX_SVG_POINTS:
        return TOO_COMPLEX
    return DRAWABLE


_NUMBER = compiled(rb"\d+")
_SIZE_RANGE = (1e-3, MAX_SVG_COORDINATE)


def _expanded_elements(data: bytes) -> int:
    """How many elements the SVG has once every <use> is replaced by a copy of what it points at (nested ones too),
    counted on the XML before svglib makes the copies. A cycle counts as too many; XML that cannot be read counts as
    nothing (svglib then says it cannot read it)."""
    from lxml import etree

    too_many = MAX_SVG_ELEMENTS + 1
    try:
        root = etree.fromstring(
            data, etree.XMLParser(remove_comments=True, recover=True, resolve_entities=False, no_network=True)
        )
    except (etree.LxmlError, ValueError):
        return 0  # svglib will say it cannot read it
    if root is None:
        return 0
    by_id = {
        element.get("id"): element for element in root.iter() if isinstance(element.tag, str) and element.get("id")
    }
    sizes: dict[str, int] = {}
    open_ids: set[str] = set()

    def size(element) -> int:
        total = 1
        for child in element:
            if isinstance(child.tag, str):
                total += size(child)
                if total > too_many:
                    return too_many
        if isinstance(element.tag, str) and element.tag.rsplit("}", 1)[-1] == "use":
            reference = element.get("{http://www.w3.org/1999/xlink}href") or element.get("href") or ""
            target = reference[1:] if reference.startswith("#") else ""
            if target in by_id:
                if target in open_ids:
                    return too_many  # a <use> inside what it points at
                if target not in sizes:
                    open_ids.add(target)
                    sizes[target] = size(by_id[target])
                    open_ids.discard(target)
                total += sizes[target]
        return min(total, too_many)

    try:
        return size(root)
    except RecursionError:
        return too_many


def _drawable(drawing: Any, counts: list[int]) -> bool:
    """Every number a PDF would get from this drawing is finite and within MAX_SVG_COORDINATE, and the drawing has a
    usable size; `counts` gets the number of shapes and numbers seen."""
    width, height = drawing.width, drawing.height
    if not all(_finite(v) and _SIZE_RANGE[0] <= v <= _SIZE_RANGE[1] for v in (width, height)):
        return False
    stack = [drawing]
    while stack:
        node = stack.pop()
        counts[0] += 1
        for name, value in vars(node).items():
            if name == "contents":
                stack.extend(value or [])
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                counts[1] += 1
                if not _within(value):
                    return False
            elif isinstance(value, (list, tuple)) and value:
                counts[1] += len(value)
                if not _all_within(value):
                    return False
        if counts[0] > 2 * MAX_SVG_ELEMENTS or counts[1] > 2 * MAX_SVG_POINTS:
            return True  # too complex: said by the caller
    return True


def _finite(value: float) -> bool:
    return value == value and value not in (float("inf"), float("-inf"))


def _all_within(values) -> bool:
    """Every number of a list is finite and within MAX_SVG_COORDINATE, at C speed (a path holds thousands): a NaN or
    an infinity makes the sum NaN or infinite. Lists of other things (dash patterns of names, colours) pass."""
    try:
        total = sum(values)
        largest = max(map(abs, values))
    except TypeError:
        numbers = [v for v in values if isinstance(v, (int, float))]
        return not numbers or _all_within(numbers)
    return _finite(total) and largest <= MAX_SVG_COORDINATE


def _within(value: float) -> bool:
    return -MAX_SVG_COORDINATE <= value <= MAX_SVG_COORDINATE  # False for NaN too
