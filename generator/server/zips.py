"""A zip the page uploads (its own export: `<name>/<name>.json` and `<name>/icons/<id>.png`) → the script's publisher
JSON with its homebrew characters' pictures as data: addresses, the envelope /api/validate reads.

The zip is read in memory and never unpacked to disk. One JSON file, pictures only where the JSON's `image` names
them beside it, every member's size checked before it is read and the read capped there (a zip bomb's claimed sizes
are refused, its real ones never reached), and no more members than a script could need.
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import posixpath
import re
import zipfile

from generator.keep.patterns import compiled
from generator.limits import MAX_FILE_BYTES, MAX_UPLOADED_IMAGE_BYTES
from generator.server.errors import refuse
from generator.server.requests import json_body, refuse_unencodable

MAX_ZIP_MEMBERS = 300  # a JSON and an icon per character of the longest script, and room for a README or two
# what a browser's FileReader makes of a .zip: its type by the system's word for it, or none at all
ZIP_DATA_URL = compiled(
    r"data:(?:application/(?:zip|x-zip-compressed|octet-stream))?;base64,([A-Za-z0-9+/=\s]*)", re.ASCII
)
PICTURE_TYPES = ((b"\x89PNG", "image/png"), (b"\xff\xd8\xff", "image/jpeg"))


def zip_bytes_of(body: bytes) -> bytes:
    """The zip inside the request's `{"zip": "data:application/zip;base64,…"}`."""
    envelope = json_body(body, "zip_envelope")
    value = envelope.get("zip") if isinstance(envelope, dict) else None
    match = ZIP_DATA_URL.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise refuse(400, "zip_envelope")
    try:
        return base64.b64decode(match.group(1), validate=False)
    except (binascii.Error, ValueError):
        raise refuse(400, "zip_envelope") from None


def _member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> bytes:
    if info.flag_bits & 0x1:
        raise refuse(400, "zip_encrypted", name=info.filename[:80])
    if info.file_size > limit:
        raise refuse(413, "zip_member_too_big", name=info.filename[:80], limit=limit)
    try:
        with archive.open(info) as stream:
            data = stream.read(limit + 1)
    except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError, RuntimeError, ValueError):
        raise refuse(400, "zip_unreadable") from None
    if len(data) > limit:
        raise refuse(413, "zip_member_too_big", name=info.filename[:80], limit=limit)
    return data


def _picture_address(data: bytes) -> str | None:
    kind = next((mime for head, mime in PICTURE_TYPES if data.startswith(head)), None)
    if kind is None and data.lstrip()[:5] in (b"<svg ", b"<?xml", b"<svg\n", b"<svg>"):
        kind = "image/svg+xml"
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}" if kind else None


def envelope_from_zip(data: bytes) -> dict:
    """The page's envelope for the zip's script: `{"script": [...], "icons": {id: data: address}}`; a picture the
    JSON names and the zip holds becomes the character's icon (its `image` path is dropped: no file is read)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [info for info in archive.infolist() if not info.is_dir()]
    except (zipfile.BadZipFile, OSError, EOFError, ValueError):
        raise refuse(400, "zip_unreadable") from None
    if len(members) > MAX_ZIP_MEMBERS:
        raise refuse(413, "zip_too_many", count=len(members), limit=MAX_ZIP_MEMBERS)
    scripts = [info for info in members if info.filename.lower().endswith(".json") and "__MACOSX" not in info.filename]
    if len(scripts) != 1:
        raise refuse(400, "zip_no_json" if not scripts else "zip_many_json", count=len(scripts))
    text = _member(archive, scripts[0], MAX_FILE_BYTES)
    try:
        document = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise refuse(400, "zip_json_unreadable", name=scripts[0].filename[:80]) from None
    if not isinstance(document, list):
        raise refuse(400, "zip_json_unreadable", name=scripts[0].filename[:80])
    refuse_unencodable({"script": document})
    by_name = {info.filename: info for info in members}
    folder = posixpath.dirname(scripts[0].filename)
    icons: dict[str, str] = {}
    for entry in document:
        image = entry.get("image") if isinstance(entry, dict) else None
        if not isinstance(image, str) or "://" in image or image.startswith(("/", "data:")):
            continue
        info = by_name.get(posixpath.normpath(posixpath.join(folder, image)))
        if info is None or not isinstance(entry.get("id"), str):
            continue
        address = _picture_address(_member(archive, info, MAX_UPLOADED_IMAGE_BYTES))
        if address is not None:
            icons[entry["id"]] = address
            del entry["image"]
    return {"script": document, "icons": icons}
