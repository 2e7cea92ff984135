"""A name and a payload (bytes) → a checked file in the user's cache folder, and back; never trusted blindly.

What is kept there (parsed fonts, converted icons) can always be made again from the bundled or the user's own
files, so every failure here is silent: a cache that cannot be read, written or verified is simply not used.

The folder: BOTC_PNP_CACHE_DIR when set (an empty value turns the cache off), else the platform's user cache
folder (XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows) + botc-pnp.

Each file starts with a header naming what it holds (kind and key) and a SHA-256 of the payload; a file whose
header or checksum does not match is ignored (and rewritten by the next store). Files are written to a temporary
name and renamed, so a reader never sees half a file. Payloads are marshal data (no code runs when reading it,
unlike pickle) and are only decoded after the checksum matched.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
from pathlib import Path

from generator.files import removed_on_failure

_HERE = Path(__file__).resolve().parent  # the generator package: its modules' source keys what they make

MAGIC = b"botc-pnp cache 1\n"
ENV = "BOTC_PNP_CACHE_DIR"


def cache_folder() -> Path | None:
    """The user's botc-pnp cache folder (not created here), or None when the cache is turned off."""
    override = os.environ.get(ENV)
    if override is not None:
        return Path(override) if override.strip() else None
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base) / "botc-pnp" / "Cache" if base else None
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "botc-pnp"
    base = os.environ.get("XDG_CACHE_HOME")
    if base and Path(base).is_absolute():
        return Path(base) / "botc-pnp"
    return Path.home() / ".cache" / "botc-pnp"


def file_digest(data: bytes) -> str:
    """The content key of a source file (a font, an icon): identity, not security."""
    return hashlib.sha1(data, usedforsecurity=False).hexdigest()


def runtime_tag() -> str:
    """Python's version: marshal's format and what it holds may differ between versions."""
    return f"py{sys.version_info[0]}.{sys.version_info[1]}"


# -- what a kept thing depends on: parts of the keys --------------------------------------------------------------

def files_stamp(paths) -> str:
    """A short fingerprint of files by size and modification time (reading a library's files or importing it to
    learn its version would cost part of what a cache saves)."""
    parts = []
    for path in paths:
        try:
            stat = Path(path).stat()
            parts.append(f"{Path(path).name}:{stat.st_size}-{stat.st_mtime_ns}")
        except OSError:
            parts.append(f"{Path(path).name}:missing")
    return hashlib.sha1(" ".join(parts).encode(), usedforsecurity=False).hexdigest()


def package_stamp(name: str) -> str:
    """files_stamp of an installed package's own files (not imported)."""
    from importlib.util import find_spec

    try:
        spec = find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            return "none"
        folder = Path(list(spec.submodule_search_locations)[0])
        return files_stamp(sorted(p for p in folder.iterdir() if p.is_file()))
    except (ImportError, OSError, ValueError):
        return "none"


def code_stamp(*names: str) -> str:
    """The SHA-1 of generator modules' source: the code that turns a text into what is kept."""
    code = hashlib.sha1(usedforsecurity=False)
    for name in names:
        try:
            code.update((_HERE / name).read_bytes())
        except OSError:  # an installation without sources: then only the version of botc-pnp tells
            from generator import __version__

            code.update(f"{name} of botc-pnp {__version__}".encode())
    return code.hexdigest()



def _path(kind: str, key: str) -> Path | None:
    folder = cache_folder()
    if folder is None:
        return None
    name = hashlib.sha1(f"{kind}\0{key}".encode(), usedforsecurity=False).hexdigest()
    return folder / kind / f"{name}.bin"


def _header(kind: str, key: str) -> bytes:
    return MAGIC + f"{kind}\0{key}\n".encode("utf-8", "surrogatepass")


def load(kind: str, key: str):
    """The value stored for (kind, key), or None when there is none or it does not verify."""
    path = _path(kind, key)
    if path is None:
        return None
    try:
        data = path.read_bytes()
    except OSError:
        return None
    header = _header(kind, key)
    if not data.startswith(header) or len(data) < len(header) + 32:
        return None
    checksum, payload = data[len(header) : len(header) + 32], data[len(header) + 32 :]
    if hashlib.sha256(payload).digest() != checksum:
        return None
    try:
        return marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return None


def store(kind: str, key: str, value) -> None:
    """Keeps `value` (marshal-able) for (kind, key); silently does nothing when the folder cannot be written."""
    path = _path(kind, key)
    if path is None:
        return
    try:
        payload = marshal.dumps(value)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".bin")
        with removed_on_failure(temporary):
            with os.fdopen(handle, "wb") as stream:
                stream.write(_header(kind, key) + hashlib.sha256(payload).digest() + payload)
            os.replace(temporary, path)
    except (OSError, ValueError):
        pass
