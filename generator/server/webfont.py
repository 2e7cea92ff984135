"""A bundled TrueType font → the same font in a form browsers accept, for the page (never for the PDFs).

Chromium's font sanitiser (OTS) refuses NanumGothic as shipped: it carries an empty `TSI3` table, one of the source
tables of Microsoft's hinting editor (TSI0–TSI5), which no renderer reads. Dropping those tables changes no outline,
metric or hint the browser uses. A font changed in any way is a Modified Version under the SIL OFL, which may not keep
the Reserved Font Names ("Nanum", "NanumGothic", …), so the copy also gets a new family name; it keeps the copyright
and licence records, and the page links the OFL text. Fonts that need no change are served exactly as bundled.
"""

from __future__ import annotations

import struct
from pathlib import Path

from generator.caches import remembered

EDITOR_TABLE_PREFIX = b"TSI"
CHECKSUM_MAGIC = 0xB1B0AFBA
WINDOWS_ENGLISH = (3, 1, 0x409)
KEPT_NAME_IDS = (0, 5, 13, 14)  # copyright, version, licence description, licence URL


def tables_of(data: bytes) -> tuple[int, dict[bytes, bytes]]:
    version, count = struct.unpack_from(">IH", data, 0)
    tables = {}
    for index in range(count):
        tag, _checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        tables[tag] = data[offset : offset + length]
    return version, tables


def needs_web_copy(path: Path) -> bool:
    _version, tables = tables_of(Path(path).read_bytes())
    return any(tag.startswith(EDITOR_TABLE_PREFIX) for tag in tables)


def name_records(table: bytes) -> dict[tuple, str]:
    """(platform, encoding, language, name id) → text, for the Windows Unicode records."""
    _format, count, storage = struct.unpack_from(">HHH", table, 0)
    records = {}
    for index in range(count):
        platform, encoding, language, name_id, length, offset = struct.unpack_from(">6H", table, 6 + 12 * index)
        if (platform, encoding) == WINDOWS_ENGLISH[:2]:
            raw = table[storage + offset : storage + offset + length]
            records[(platform, encoding, language, name_id)] = raw.decode("utf-16-be", errors="replace")
    return records


def name_table(original: bytes, family: str, style: str) -> bytes:
    """A Windows-English name table with the new family name and the original's copyright, version and licence."""
    kept = name_records(original)
    texts = {
        name_id: kept[(*WINDOWS_ENGLISH, name_id)] for name_id in KEPT_NAME_IDS if (*WINDOWS_ENGLISH, name_id) in kept
    }
    postscript = f"{family.replace(' ', '').replace('-', '')}-{style}"
    texts.update({1: family, 2: style, 3: f"{family} {style}; web copy", 4: f"{family} {style}", 6: postscript})
    records, storage = [], b""
    for name_id in sorted(texts):
        encoded = texts[name_id].encode("utf-16-be")
        records.append(struct.pack(">6H", *WINDOWS_ENGLISH, name_id, len(encoded), len(storage)))
        storage += encoded
    header = struct.pack(">HHH", 0, len(records), 6 + 12 * len(records))
    return header + b"".join(records) + storage


def checksum(data: bytes) -> int:
    padded = data + b"\0" * (-len(data) % 4)
    return sum(struct.unpack(f">{len(padded) // 4}I", padded)) & 0xFFFFFFFF


def assemble(version: int, tables: dict[bytes, bytes]) -> bytes:
    """An sfnt file of these tables, with directory, alignment and checksums as the format requires."""
    tags = sorted(tables)
    count = len(tags)
    power = 1 << (count.bit_length() - 1)
    directory = struct.pack(">IHHHH", version, count, power * 16, power.bit_length() - 1, count * 16 - power * 16)
    offset = 12 + 16 * count
    body = b""
    for tag in tags:
        data = tables[tag]
        directory += struct.pack(">4sIII", tag, checksum(data), offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    font = bytearray(directory + body)
    head_offset = struct.unpack_from(">I", directory, 12 + 16 * tags.index(b"head") + 8)[0]
    struct.pack_into(">I", font, head_offset + 8, 0)
    struct.pack_into(">I", font, head_offset + 8, (CHECKSUM_MAGIC - checksum(bytes(font))) & 0xFFFFFFFF)
    return bytes(font)


@remembered(maxsize=8)
def web_copy(path: Path, family: str, style: str) -> bytes:
    """The font without its hinting-editor tables, named `family`; computed once per process (about 20 ms)."""
    version, tables = tables_of(Path(path).read_bytes())
    kept = {tag: data for tag, data in tables.items() if not tag.startswith(EDITOR_TABLE_PREFIX)}
    head = bytearray(kept[b"head"])
    struct.pack_into(">I", head, 8, 0)  # checkSumAdjustment is recomputed over the new file
    kept[b"head"] = bytes(head)
    kept[b"name"] = name_table(tables[b"name"], family, style)
    return assemble(version, kept)
