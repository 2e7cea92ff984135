"""A script or character id → the one plain file or folder name it is written under, and the warning a script id gets
when that name is not the id itself. The rule every writer keeps: a name made from data cannot leave its folder, is
never hidden or too long, and different ids never share a name."""

from __future__ import annotations

import hashlib

from generator.keep.patterns import compiled

# Characters no file system takes in a name, or that some treat specially, plus '%' itself (the escape mark).
_ESCAPED = compiled(r'[\x00-\x1f\x7f/\\:*?"<>|%]')
_EDGE = compiled(r"^[. ]|[. ]$")  # hidden files, '.' and '..', and names Windows cannot keep
MAX_NAME_BYTES = 120  # well under every file system's 255-byte name limit, leaving room for suffixes


def _escape(ch: str) -> str:
    return "".join(f"%{byte:02X}" for byte in ch.encode("utf-8"))


def safe_name(name: str) -> str:
    """An id → one file or folder name: never a path, never hidden, never too long, and injective.

    Unsafe characters (and '%') become %XX escapes, so 'a/b' → 'a%2Fb' and 'a:b' → 'a%3Ab' stay apart; a name longer
    than MAX_NAME_BYTES keeps its start and ends with '~' and a hash of the whole id. Plain ids come back unchanged.
    """
    escaped = _ESCAPED.sub(lambda m: _escape(m.group()), name)
    escaped = _EDGE.sub(lambda m: _escape(m.group()), escaped)
    if not escaped:
        return "%"  # no id escapes to a lone '%', so the empty id keeps a name of its own
    if len(escaped.encode("utf-8")) <= MAX_NAME_BYTES:
        return escaped
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:16]
    room = MAX_NAME_BYTES - len(digest) - 1
    start = escaped.encode("utf-8")[:room].decode("utf-8", errors="ignore")
    return f"{start}~{digest}"


def safe_folder_name(name: str) -> str:
    """The folder a script id's kit goes into (see safe_name)."""
    return safe_name(name)


def is_plain_name(name: str) -> bool:
    """The id is used as it is for a file or folder name."""
    return bool(name) and safe_name(name) == name


def warn_unsafe_script_id(script_id: str, where: str, report) -> None:
    """A script id becomes the output folder's name: a warning (in `report`) naming the folder an id that is not a
    plain name gets. Called by both script readers (YAML and JSON)."""
    if is_plain_name(script_id):
        return
    report.warning(
        "script-id-not-plain",
        f"스크립트 id '{script_id[:80]}{'…' if len(script_id) > 80 else ''}'는 폴더 이름으로 그대로 쓸 수 없습니다"
        f"(경로 구분 기호나 특수 문자, 앞뒤의 점·공백, 너무 긴 이름). 출력 폴더 이름은 '{safe_folder_name(script_id)}'가 됩니다. "
        "한글, 영문, 숫자와 '-', '_'만 쓰면 id가 그대로 폴더 이름이 됩니다.",
        where=where,
    )
