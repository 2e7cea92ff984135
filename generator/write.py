"""Finished document bytes → files on disk, replaced atomically so a failed build never leaves a partial or lost PDF."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


class OutputError(Exception):
    """The output folder or file cannot be written; the message is Korean and names the path."""


def write_atomic(path: Path, data: bytes) -> Path:
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"출력 폴더를 만들 수 없습니다({exc.strerror}): {path.parent}") from exc
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise OutputError(f"출력 폴더에 쓸 수 없습니다({exc.strerror}): {path.parent}") from exc
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException as exc:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise OutputError(f"파일을 쓸 수 없습니다({exc.strerror}): {path}") from exc
        raise
    return path
