"""A path on disk → its bytes, read safely, or a Korean reason why not; and the Korean words for file kinds and errors.

Every input file botc-pnp reads (content YAML, script JSON, almanac text, icons) comes through `read_capped`:
only a regular file is read (a device such as /dev/zero, a pipe, a socket or a folder is refused before reading,
and a pipe is never waited on), and never more than the limit plus one byte, whatever size the file claims.
"""

from __future__ import annotations

import errno
import os
import stat
from contextlib import contextmanager
from pathlib import Path

_REASONS = {
    errno.EACCES: "권한이 없습니다",
    errno.EPERM: "권한이 없습니다",
    errno.EROFS: "읽기 전용 저장소입니다",
    errno.ENOSPC: "저장 공간이 부족합니다",
    errno.ENOENT: "경로를 만들 수 없습니다",
    errno.ENOTDIR: "경로 중간에 폴더가 아닌 것이 있습니다",
    errno.EDQUOT: "저장 용량 한도를 넘었습니다",
    errno.ENAMETOOLONG: "파일 이름이 너무 깁니다",
    errno.EISDIR: "같은 이름의 폴더가 있습니다",
    errno.ELOOP: "심볼릭 링크가 고리를 이룹니다",
}


def reason(exc: OSError) -> str:
    """The OS error in Korean where we know it, else the system's own words."""
    return _REASONS.get(exc.errno, exc.strerror or str(exc))


_KINDS = [
    (stat.S_ISDIR, "폴더"),
    (stat.S_ISLNK, "심볼릭 링크"),
    (stat.S_ISCHR, "장치 파일"),
    (stat.S_ISBLK, "장치 파일"),
    (stat.S_ISFIFO, "이름 있는 파이프(FIFO)"),
    (stat.S_ISSOCK, "소켓"),
]


def kind_of(mode: int) -> str:
    """'폴더', '장치 파일', … for anything that is not a regular file."""
    return next((label for test, label in _KINDS if test(mode)), "일반 파일이 아닌 것")


class NotReadable(Exception):
    """The file cannot be read; `code` is the finding code, the message Korean (without the path)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


# O_BINARY (Windows only): without it os.read turns CRLF into LF and stops at the first Ctrl-Z, as in every PNG header
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_CHUNK = 1 << 20


def read_capped(path: Path | str, limit: int, follow_links: bool = True) -> bytes:
    """The whole content of a regular file of at most `limit` bytes; NotReadable otherwise. With `follow_links`
    false a symbolic link is refused as well, wherever it points."""
    path = Path(path)
    try:
        _refuse_unless_regular((os.stat if follow_links else os.lstat)(path).st_mode)
        handle = os.open(path, _OPEN_FLAGS | (0 if follow_links else getattr(os, "O_NOFOLLOW", 0)))
    except FileNotFoundError:
        raise NotReadable("file-missing", "파일을 찾을 수 없습니다") from None
    except OSError as exc:
        raise NotReadable("file-unreadable", f"파일을 읽을 수 없습니다({reason(exc)})") from None
    try:
        info = os.fstat(handle)
        _refuse_unless_regular(info.st_mode)  # it may have changed since the first look
        if info.st_size > limit:
            raise _too_big(info.st_size, limit)
        chunks, total = [], 0
        want = info.st_size + 1  # the whole file in one read (no joined copy), one byte more to see it end
        while True:
            chunk = os.read(handle, min(max(want, _CHUNK), limit + 1 - total))
            want = 0
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise _too_big(None, limit)
        return b"".join(chunks)
    except OSError as exc:
        raise NotReadable("file-unreadable", f"파일을 읽을 수 없습니다({reason(exc)})") from None
    finally:
        os.close(handle)


def _refuse_unless_regular(mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise NotReadable("file-not-regular", f"일반 파일이 아니라 {kind_of(mode)}입니다. 읽지 않습니다")


def _too_big(size: int | None, limit: int) -> NotReadable:
    found = f"{size:,}바이트" if size is not None else f"{limit:,}바이트 넘음"
    return NotReadable("file-too-big", f"파일이 너무 큽니다({found}). {limit:,}바이트까지 읽습니다")


def remove_quietly(path) -> None:
    """Removes a file if it is there; a file already gone or not removable is no error."""
    try:
        os.unlink(path)
    except OSError:
        pass


@contextmanager
def removed_on_failure(path):
    """A temporary file being written: removed when the block fails, Ctrl-C and SIGTERM included."""
    try:
        yield
    except BaseException:
        remove_quietly(path)
        raise
