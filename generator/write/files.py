"""Finished document bytes → files in the output folder, written so that nothing else is ever touched.

The rules every writer keeps (they all come through here):
- a name made from data (a script or character id) is one plain file name: `safe_name` (generator.read.file_names)
  turns any id into a name that cannot leave the folder, and different ids never share a name;
- only a regular file or a new path is replaced: a folder, a link, a device or a pipe in the way is refused;
- nothing is written inside a content folder (`refuse_inside_content`);
- a set of files (a kit) is replaced together: every file is first written in full to a temporary beside its target,
  then all are renamed with Ctrl-C and SIGTERM held back, so a stop leaves the old kit or the new one, not a mix;
- temporaries carry the writer's process id, and preparing a folder removes those of processes that are gone
  (a build killed with SIGKILL), never anything else. Windows cannot be asked whether a process lives without
  risk (os.kill ends the process there), so on Windows a temporary is taken as left behind once it is 10 minutes old.
"""

from __future__ import annotations

import os
import signal
import stat
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from generator.disk import kind_of, reason, remove_quietly, removed_on_failure
from generator.interrupts import STOP_SIGNALS
from generator.josa import quoted, with_particle
from generator.keep.patterns import compiled


class OutputError(Exception):
    """The output folder or file cannot be written; the message is Korean and names the path."""


def refuse_inside_content(target: Path, content_dirs) -> None:
    """OutputError when `target` is, or lies inside, one of the content folders: content is never written to."""
    place = Path(target).resolve()
    for folder in content_dirs:
        if folder is None:
            continue
        content = Path(folder).resolve()
        if place == content or content in place.parents:
            raise OutputError(
                f"출력 위치 '{target}'가 내용 폴더 '{folder}' 안에 있습니다. 내용 폴더에는 아무것도 쓰지 않습니다. "
                "--out(또는 -o, --png)으로 내용 폴더 밖의 위치를 지정하세요."
            )


# --- folders ----------------------------------------------------------------------------------------------------

_TEMP_SUFFIX = ".tmp"
# ours: .<name>.<pid>.<8 random>.tmp ; before process ids were added: .<name>.<8 random>.tmp
_OUR_TEMP = compiled(r"^\..+\.(?P<pid>\d+)\.[a-z0-9_]{8}\.tmp$")
_OLD_TEMP = compiled(r"^\..+\.[a-z0-9_]{8}\.tmp$")
_OLD_TEMP_AGE = 600  # seconds: an old-style temporary this old belongs to no running build


def prepare_folder(folder: Path) -> Path:
    """Creates the output folder, or raises OutputError naming what is in the way, before any rendering starts;
    removes temporaries that stopped builds left behind."""
    folder = Path(folder)
    for place in (folder, *folder.parents):
        if place.exists() and not place.is_dir():
            raise OutputError(
                f"출력 폴더를 만들 수 없습니다: {quoted(place, '은')} 폴더가 아니라 파일입니다. --out으로 다른 폴더를 지정하세요."
            )
    import tempfile  # loaded by the commands that write, not by `validate`, which only reads

    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=_temp_prefix("botc-pnp-probe"), suffix=_TEMP_SUFFIX, dir=folder)
        os.close(handle)
        os.unlink(probe)
    except OSError as exc:
        raise OutputError(
            f"출력 폴더에 쓸 수 없습니다({reason(exc)}): {folder}. 쓰기 권한이 있는 폴더를 --out으로 지정하세요."
        ) from exc
    remove_stale_temporaries(folder)
    return folder


def check_kit_folder(folder: Path) -> None:
    """OutputError when something other than a real folder (a link, even to a folder; a file; a device) stands where
    a kit's own folder goes: the kit would be written wherever it points."""
    try:
        info = os.lstat(folder)
    except OSError:
        return  # missing (made next), or a parent in the way: prepare_folder says which
    if not (stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode)):  # a plain file: prepare_folder explains it
        raise OutputError(
            f"키트 폴더 자리 '{folder}'에 폴더가 아니라 {with_particle(kind_of(info.st_mode), '이')} 있습니다. 그것을 통해 쓰지 않습니다. "
            "치우거나 --out으로 다른 폴더를 지정하세요."
        )


def _temp_prefix(name: str) -> str:
    return f".{name}.{os.getpid()}."


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Deletes our own temporaries in `folder` whose writer is gone; returns them. Only regular files whose name has
    our pattern are touched, and only in this folder (not below it)."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.endswith(_TEMP_SUFFIX) or not entry.name.startswith("."):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            continue
        ours = _OUR_TEMP.match(entry.name)
        old = time.time() - info.st_mtime > _OLD_TEMP_AGE
        if ours:
            alive = _process_alive(int(ours["pid"]))
            stale = old if alive is None else not alive
        else:
            stale = bool(_OLD_TEMP.match(entry.name)) and old
        if stale:
            try:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
            except OSError:
                pass
    return removed


def _process_alive(pid: int) -> bool | None:
    """Whether process `pid` runs; None where the system cannot be asked safely (Windows: os.kill(pid, 0) would
    end that process)."""
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's live process (or a number we cannot ask about): leave its file alone
    return True


# --- files ------------------------------------------------------------------------------------------------------


def check_replaceable(path: Path) -> None:
    """OutputError unless `path` is missing or a regular file: only those may be replaced by a rename."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise OutputError(f"파일을 쓸 수 없습니다({reason(exc)}): {path}") from exc
    if not stat.S_ISREG(info.st_mode):
        raise OutputError(
            f"'{path}'는 일반 파일이 아니라 {kind_of(info.st_mode)}입니다. 이런 것은 덮어쓰지 않습니다. 다른 파일 이름이나 폴더를 지정하세요."
        )


# The files this run has replaced so far, so an interrupted or failed run can say truthfully what changed.
_replaced: list[Path] = []


def start_run() -> None:
    _replaced.clear()


def replaced_files() -> list[Path]:
    return list(_replaced)


def what_changed() -> str:
    """A Korean sentence for the end of an interrupted or failed run: which files are new, which are as before."""
    replaced = replaced_files()
    if not replaced:
        return "이전에 만든 파일은 그대로 있습니다."
    names = ", ".join(str(p) for p in replaced)
    return f"이미 새로 저장한 파일: {names}. 그 밖의 파일은 이전 그대로입니다."


@contextmanager
def interrupts_held():
    """Ctrl-C, SIGTERM and SIGHUP wait until the block ends (they are delivered right after), where the platform
    allows it."""
    held = set(STOP_SIGNALS)
    try:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, ValueError, OSError):
        previous = None
    try:
        yield
    finally:
        if previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def write_files(folder: Path, files: list[tuple[str, bytes]]) -> list[Path]:
    """Writes every (name, bytes) into `folder` and replaces the old files together; returns the paths.

    Names must be plain (see safe_name). Nothing is replaced unless every file was written in full; the renames run
    with interrupts held, so a stop leaves either the whole old set or the whole new one.
    """
    folder = Path(folder)
    targets = []
    for name, _ in files:
        if not name or name in (".", "..") or "/" in name or "\\" in name or "\x00" in name:
            raise OutputError(f"파일 이름으로 쓸 수 없는 이름입니다: {name!r}")
        targets.append(folder / name)
    for target in targets:
        check_replaceable(target)
    temporaries: list[str] = []
    renamed = 0
    current = None
    try:
        for target, (_, data) in zip(targets, files):
            current = target
            temporaries.append(_write_temporary(target, data))
        with interrupts_held():
            for temporary, target in zip(temporaries, targets):
                current = target
                check_replaceable(target)
                os.replace(temporary, target)
                renamed += 1
                _replaced.append(target)
    except BaseException as exc:
        for temporary in temporaries[renamed:]:
            remove_quietly(temporary)
        if isinstance(exc, OSError):
            raise OutputError(f"파일을 쓸 수 없습니다({reason(exc)}): {current}. {what_changed()}") from exc
        raise
    return targets


def _write_temporary(target: Path, data: bytes) -> str:
    """The bytes in full, on disk, in a temporary beside `target`; returns its path."""
    import tempfile

    prefix = _temp_prefix(target.name.encode("utf-8")[:60].decode("utf-8", errors="ignore"))
    try:
        handle, temporary = tempfile.mkstemp(prefix=prefix, suffix=_TEMP_SUFFIX, dir=target.parent)
    except OSError as exc:
        raise OutputError(f"출력 폴더에 쓸 수 없습니다({reason(exc)}): {target.parent}") from exc
    with removed_on_failure(temporary):
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)
    return temporary


def write_atomic(path: Path, data: bytes) -> Path:
    """One file, replaced only when complete (see write_files)."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"출력 폴더를 만들 수 없습니다({reason(exc)}): {path.parent}") from exc
    return write_files(path.parent, [(path.name, data)])[0]
