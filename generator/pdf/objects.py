"""A PDF written by reportlab (bytes) → its numbered objects, and those objects plus new pages → a new PDF.

Only what booklet imposition needs (generator.pdf.impose): reportlab writes a classic xref table, direct stream
lengths and page dictionaries holding /Contents, /MediaBox and /Resources. Objects are kept as bytes: a
dictionary's text is only scanned for references (`12 0 R`, strings skipped) so they can be renumbered, and a
stream's bytes are copied as they are, never decoded. Loading a general PDF library for this cost more than the
imposition itself.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from generator.keep.patterns import compiled

# A string literal (left as it is) or an indirect reference (renumbered); reportlab escapes parentheses in strings.
_STRING_OR_REFERENCE = compiled(rb"\((?:\\.|[^\\)])*\)|(?<![\w.+-])(\d+)\s+(\d+)\s+R\b", re.S)
_STREAM = compiled(rb">>\s*stream\r?\n")
_OBJECT_HEADER = compiled(rb"\s*(\d+)\s+0\s+obj\s*")  # the number is compared after: one pattern for every object


class NotReportlabPdf(ValueError):
    """The bytes are not a PDF of the shape reportlab writes."""


@dataclass
class PdfObject:
    """One object of a PDF: its value and, for a stream, the stream's bytes."""

    dictionary: bytes  # the object's value (for a stream, its dictionary)
    stream: bytes | None = None


class PdfObjects:
    """The objects of one reportlab PDF, by number."""

    def __init__(self, data: bytes):
        self.data = data
        self.trailer, offsets = _xref(data)
        self.objects: dict[int, PdfObject] = {}
        ordered = sorted(offsets.items(), key=lambda item: item[1])
        ends = [offset for _, offset in ordered[1:]] + [_startxref(data)]
        for (number, start), end in zip(ordered, ends):
            self.objects[number] = _parse_object(data, number, start, end)

    def trailer_reference(self, key: str) -> int | None:
        match = re.search(rb"/" + key.encode() + rb"\s+(\d+)\s+\d+\s+R", self.trailer)
        return int(match.group(1)) if match else None

    def page_numbers(self) -> list[int]:
        """Object numbers of the pages in reading order (the page tree walked depth first)."""
        root = self.trailer_reference("Root")
        if root is None or root not in self.objects:
            raise NotReportlabPdf("no catalog")
        pages = reference(self.objects[root].dictionary, "Pages")
        found: list[int] = []
        self._walk(pages, found, set())
        return found

    def _walk(self, number: int | None, found: list[int], seen: set[int]) -> None:
        if number is None or number in seen or number not in self.objects:
            raise NotReportlabPdf("broken page tree")
        seen.add(number)
        text = self.objects[number].dictionary
        kids = dictionary_entry(text, "Kids")
        if kids is None:
            found.append(number)
            return
        for kid in references_in(kids):
            self._walk(kid, found, seen)

    def page_box(self, page: int) -> tuple[float, float, float, float]:
        """The page's /MediaBox: left, bottom, right, top."""
        left, bottom, right, top = (
            float(v) for v in dictionary_entry(self.objects[page].dictionary, "MediaBox").strip(b"[] \n").split()
        )
        return left, bottom, right, top

    def page_size(self, page: int) -> tuple[float, float]:
        left, bottom, right, top = self.page_box(page)
        return right - left, top - bottom

    def page_as_form(self, page: int) -> int:
        """Turns the page's content stream object into a Form XObject (same number, same stream bytes) holding the
        page's resources and box; returns its number."""
        text = self.objects[page].dictionary
        contents = dictionary_entry(text, "Contents")
        numbers = references_in(contents or b"")
        if len(numbers) != 1 or numbers[0] not in self.objects or self.objects[numbers[0]].stream is None:
            raise NotReportlabPdf("a page without one content stream")
        content = self.objects[numbers[0]]
        inner = content.dictionary.strip()[2:-2].strip()
        resources = dictionary_entry(text, "Resources") or b"<< >>"
        box = dictionary_entry(text, "MediaBox")
        content.dictionary = (
            b"<<\n"
            + inner
            + b" /BBox "
            + box
            + b" /FormType 1 /Resources "
            + resources
            + b" /Subtype /Form /Type /XObject\n>>"
        )
        return numbers[0]

    def reachable_from(self, roots: list[int]) -> list[int]:
        """The numbers of every object the roots refer to, directly or not, roots included, ascending."""
        seen: set[int] = set()
        todo = list(roots)
        while todo:
            number = todo.pop()
            if number in seen or number not in self.objects:
                continue
            seen.add(number)
            todo += references_in(self.objects[number].dictionary)
        return sorted(seen)


def _startxref(data: bytes) -> int:
    at = data.rfind(b"startxref")
    if at < 0:
        raise NotReportlabPdf("no startxref")
    return int(data[at + 9 :].split()[0])


def _xref(data: bytes) -> tuple[bytes, dict[int, int]]:
    """(trailer dictionary, object number → byte offset) from the classic xref table."""
    start = _startxref(data)
    if data[start : start + 4] != b"xref":
        raise NotReportlabPdf("no classic xref table")
    trailer_at = data.index(b"trailer", start)
    lines = data[start + 4 : trailer_at].split(b"\n")
    offsets: dict[int, int] = {}
    number = 0
    for line in lines:
        parts = line.split()
        if len(parts) == 2:  # a subsection header: first number, count
            number = int(parts[0])
        elif len(parts) == 3:
            if parts[2] == b"n":
                offsets[number] = int(parts[0])
            number += 1
    return data[trailer_at : data.rindex(b"startxref")], offsets


def _parse_object(data: bytes, number: int, start: int, end: int) -> PdfObject:
    header = _OBJECT_HEADER.match(data, start)
    if header is None or int(header.group(1)) != number:
        raise NotReportlabPdf(f"object {number} is not where the xref says")
    body_start = header.end()
    stream = _STREAM.search(data, body_start, end)
    if stream is None:
        body = data[body_start:end].rstrip()
        if body.endswith(b"endobj"):
            body = body[:-6].rstrip()
        return PdfObject(body)
    dictionary = data[body_start : stream.start() + 2]
    length = re.search(rb"/Length\s+(\d+)(?!\s+\d+\s+R)", dictionary)
    if length is None:
        raise NotReportlabPdf(f"object {number}: a stream without a direct length")
    return PdfObject(dictionary, data[stream.end() : stream.end() + int(length.group(1))])


_REFERENCE = compiled(rb"\d+\s+\d+\s+R\b")
_STRING = compiled(rb"\((?:\\.|[^\\)])*\)", re.S)
_TOKEN = compiled(rb"/?[^\s/\[\]<>()]+")
# What changes the nesting of a value: a string (skipped whole), a dictionary's or an array's ends. The scan jumps
# from one to the next instead of stepping a byte at a time through names and numbers (a page's resources run long).
_NESTING = compiled(rb"\(|<<|>>|\[|\]")
_NAME = compiled(rb"/([^\s/\[\]<>()]+)\s*")


def _value_end(text: bytes, at: int) -> int:
    """The index just after the PDF value starting at `at` (a reference, number, name, array, dictionary, string)."""
    ref = _REFERENCE.match(text, at)
    if ref:
        return ref.end()
    opening = text[at : at + 2]
    if opening == b"<<" or text[at : at + 1] in (b"[", b"("):
        depth, i = 0, at
        while True:
            found = _NESTING.search(text, i)
            if found is None:
                raise NotReportlabPdf("an unclosed array or dictionary")
            mark, i = found.group(0), found.end()
            if mark == b"(":
                close = _STRING.match(text, found.start())
                i = close.end() if close else i
                if depth == 0:
                    return i
            elif mark in (b"<<", b"["):
                depth += 1
            else:
                depth -= 1
                if depth == 0:
                    return i
    token = _TOKEN.match(text, at)
    return token.end() if token else at


def dictionary_entry(text: bytes, key: str) -> bytes | None:
    """The value of /key at the top level of a dictionary's text, or None."""
    body = text.strip()
    if not body.startswith(b"<<"):
        return None
    i, end = 2, len(body) - 2
    while i < end:
        while i < end and body[i : i + 1].isspace():
            i += 1
        found = _NAME.match(body, i)
        if found is None:
            return None
        value_end = _value_end(body, found.end())
        if found.group(1) == key.encode():
            return body[found.end() : value_end]
        i = value_end
    return None


def reference(text: bytes, key: str) -> int | None:
    value = dictionary_entry(text, key)
    numbers = references_in(value or b"")
    return numbers[0] if len(numbers) == 1 else None


def references_in(text: bytes) -> list[int]:
    return [int(m.group(1)) for m in _STRING_OR_REFERENCE.finditer(text) if m.group(1) is not None]


def renumbered(text: bytes, numbers: dict[int, int]) -> bytes:
    def swap(match: re.Match) -> bytes:
        if match.group(1) is None:
            return match.group(0)
        return b"%d 0 R" % numbers[int(match.group(1))]

    return _STRING_OR_REFERENCE.sub(swap, text)


def write_pdf(
    source: PdfObjects, kept: list[int], sides: list[tuple[str, bytes, tuple[float, float]]], info: int | None
) -> bytes:
    """A new PDF of the kept objects (renumbered from 1, in their order) and one page per side: (the /XObject
    entries naming kept objects by their old numbers, the Flate-compressed content, the page size)."""
    numbers = {old: new for new, old in enumerate(kept, start=1)}
    next_number = len(kept) + 1
    if info is not None and info not in numbers:
        numbers[info] = next_number
        next_number += 1
    body: list[tuple[int, bytes, bytes | None]] = []
    for old in sorted(numbers, key=numbers.get):
        item = source.objects[old]
        body.append((numbers[old], renumbered(item.dictionary, numbers), item.stream))
    pages_number = next_number + 2 * len(sides)
    kids = []
    for index, (xobjects, content, (width, height)) in enumerate(sides):
        content_number, page_number = next_number + 2 * index, next_number + 2 * index + 1
        body.append((content_number, b"<< /Filter /FlateDecode /Length %d >>" % len(content), content))
        resources = renumbered(b"<< /XObject << " + xobjects.encode("ascii") + b" >> >>", numbers)
        body.append(
            (
                page_number,
                b"<< /Contents %d 0 R /MediaBox [ 0 0 %s %s ] /Parent %d 0 R /Resources %s /Type /Page >>"
                % (content_number, _num(width), _num(height), pages_number, resources),
                None,
            )
        )
        kids.append(b"%d 0 R" % page_number)
    body.append((pages_number, b"<< /Count %d /Kids [ %s ] /Type /Pages >>" % (len(kids), b" ".join(kids)), None))
    catalog = pages_number + 1
    body.append((catalog, b"<< /Pages %d 0 R /Type /Catalog >>" % pages_number, None))
    out = bytearray(b"%PDF-1.4\n%\x93\x8c\x8b\x9e botc-pnp\n")
    offsets = []
    for number, dictionary, stream in body:
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + dictionary
        if stream is not None:
            out += b"\nstream\n" + stream + b"\nendstream"
        out += b"\nendobj\n"
    xref_at = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(body) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    digest = hashlib.md5(bytes(out)).hexdigest().encode()
    info_entry = b"/Info %d 0 R " % numbers[info] if info is not None else b""
    out += b"trailer\n<< /ID [ <%s> <%s> ] %s/Root %d 0 R /Size %d >>\nstartxref\n%d\n%%%%EOF\n" % (
        digest,
        digest,
        info_entry,
        catalog,
        len(body) + 1,
        xref_at,
    )
    return bytes(out)


def _num(value: float) -> bytes:
    return (b"%.4f" % value).rstrip(b"0").rstrip(b".")
