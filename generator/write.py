"""Finished document bytes → files on disk, replaced atomically so a failed build never leaves a partial or lost PDF."""

from __future__ import annotations

import errno
import os
import re
import tempfile
from pathlib import Path

from generator.josa import quoted


class OutputError(Exception):
    """The output folder or file cannot be written; the message is Korean and names the path."""


_REASONS = {
    errno.EACCES: "권한이 없습니다",
    errno.EPERM: "권한이 없습니다",
    errno.EROFS: "읽기 전용 저장소입니다",
    errno.ENOSPC: "저장 공간이 부족합니다",
    errno.ENOENT: "경로를 만들 수 없습니다",
    errno.ENOTDIR: "경로 중간에 폴더가 아닌 것이 있습니다",
    errno.EDQUOT: "저장 용량 한도를 넘었습니다",
}


def reason(exc: OSError) -> str:
    """The OS error in Korean where we know it, else the system's own words."""
    return _REASONS.get(exc.errno, exc.strerror or str(exc))


_UNSAFE_NAME = re.compile(r'[\x00-\x1f/\\:*?"<>|]')


def safe_folder_name(name: str, fallback: str = "script") -> str:
    """A script id made safe to use as one folder name: no separators, no '..', nothing hidden."""
    cleaned = _UNSAFE_NAME.sub("_", name or "").strip().lstrip(".").strip()
    return cleaned[:100] or fallback


def prepare_folder(folder: Path) -> Path:
    """Creates the output folder, or raises OutputError naming what is in the way, before any rendering starts."""
    folder = Path(folder)
    for place in (folder, *folder.parents):
        if place.exists() and not place.is_dir():
            raise OutputError(
                f"출력 폴더를 만들 수 없습니다: {quoted(place, '은')} 폴더가 아니라 파일입니다. --out으로 다른 폴더를 지정하세요."
            )
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".botc-pnp-probe.", suffix=".tmp", dir=folder)
        os.close(handle)
        os.unlink(probe)
    except OSError as exc:
        raise OutputError(
            f"출력 폴더에 쓸 수 없습니다({reason(exc)}): {folder}. 쓰기 권한이 있는 폴더를 --out으로 지정하세요."
        ) from exc
    return folder


def write_atomic(path: Path, data: bytes) -> Path:
    path = Path(path)
    prepare_folder(path.parent)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise OutputError(f"출력 폴더에 쓸 수 없습니다({reason(exc)}): {path.parent}") from exc
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
            raise OutputError(f"파일을 쓸 수 없습니다({reason(exc)}): {path}. 이전 파일은 그대로 있습니다.") from exc
        raise
    return path
