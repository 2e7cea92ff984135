"""A name and a payload (bytes) → a checked file in the user's cache folder, and back; never trusted blindly.

What is kept there (parsed fonts, converted icons) can always be made again from the bundled or the user's own
files, so every failure here is silent: a cache that cannot be read, written or verified is simply not used.

The folder: BOTC_PNP_CACHE_DIR when set (an empty or relative value turns the cache off), else the platform's user
cache folder (XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows) + botc-pnp;
a relative HOME or XDG_CACHE_HOME means no cache. On Linux and macOS the folder must be the user's own and writable by
nobody else (it is created so), or it is not used: no one else can put a file where botc-pnp reads.

Each file starts with a header naming what it holds (kind and key) and an HMAC-SHA-256 of header and payload under a
secret of the user's own, kept outside the cache folder (cache_secret); a file whose header or checksum does not match
is ignored (and rewritten by the next store): a file someone else put in the cache folder, without that secret, is
never used. Only regular files are read (a link,
a pipe or a device is not), never more than a cap. Files are written to a temporary name and renamed, so a reader
never sees half a file. Payloads are marshal data of plain values only: numbers, text, bytes and containers of them.
That is checked before a value is signed (store; parsecache's entries when they are kept), never a code object (which
marshal can also hold) nor anything else, so a file whose checksum verifies holds plain data and is not walked again
on reading (that walk was about 1 % of a kit). Each store then checks the shape of what it reads, value by value.
The plain-data check looks at a whole level of the value at once in C (the types of every item, then every item's
contents) rather than one object at a time in Python.
"""

from __future__ import annotations

import gc
import hashlib
import hmac
import marshal
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path

from generator.caches import kept
from generator.disk import NotReadable, read_capped, removed_on_failure

_PACKAGE = Path(__file__).resolve().parents[1]  # the generator package: its modules' source keys what they make

MAGIC = b"botc-pnp cache 1\n"
ENV = "BOTC_PNP_CACHE_DIR"
MAX_FILE_BYTES = 16 * 1024 * 1024  # the largest kept file, a CJK font's tables, is about 1.5 MB
PLAIN_TYPES = (type(None), bool, int, float, str, bytes)
CONTAINERS = (tuple, list, set, frozenset)


def cache_folder() -> Path | None:
    """The user's botc-pnp cache folder (not created here), or None when the cache is turned off."""
    override = os.environ.get(ENV)
    if override is not None:
        return _absolute(override)
    if sys.platform == "win32":
        base = _absolute(os.environ.get("LOCALAPPDATA"), windows=True)
        return base / "botc-pnp" / "Cache" if base else None
    home = _absolute(os.environ.get("HOME")) if "HOME" in os.environ else _absolute(str(Path.home()))
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "botc-pnp" if home else None
    base = _absolute(os.environ.get("XDG_CACHE_HOME"))
    if base:
        return base / "botc-pnp"
    return home / ".cache" / "botc-pnp" if home else None


def _absolute(value: str | None, windows: bool = False) -> Path | None:
    """An absolute folder from an environment value; an empty or relative one (a cache in whatever folder the
    command runs in) gives None."""
    from pathlib import PureWindowsPath

    if not value or not value.strip() or not (PureWindowsPath(value) if windows else Path(value)).is_absolute():
        return None
    return Path(value)


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
    """The SHA-1 of generator modules' source (paths inside the package, 'keep/parsecache.py'): the code that turns a
    text into what is kept."""
    code = hashlib.sha1(usedforsecurity=False)
    for name in names:
        try:
            code.update((_PACKAGE / name).read_bytes())
        except OSError:  # an installation without sources: then only the version of botc-pnp tells
            from generator import __version__

            code.update(f"{name} of botc-pnp {__version__}".encode())
    return code.hexdigest()


SECRET_BYTES = 32


def secret_file() -> Path | None:
    """Where the cache's secret is kept: beside a cache folder given in BOTC_PNP_CACHE_DIR (`<folder>.key`), else in
    the platform's folder for the user's settings (XDG_CONFIG_HOME or ~/.config on Linux, ~/Library/Application
    Support on macOS, %APPDATA% on Windows) under botc-pnp: never inside the cache folder itself."""
    folder = cache_folder()
    if folder is None:
        return None
    if os.environ.get(ENV) is not None:
        return folder.with_name(folder.name + ".key")
    if sys.platform == "win32":
        base = _absolute(os.environ.get("APPDATA"), windows=True)
        return base / "botc-pnp" / "cache.key" if base else None
    home = _absolute(os.environ.get("HOME")) if "HOME" in os.environ else _absolute(str(Path.home()))
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "botc-pnp" / "cache.key" if home else None
    base = _absolute(os.environ.get("XDG_CONFIG_HOME")) or (home / ".config" if home else None)
    return base / "botc-pnp" / "cache.key" if base else None


_SECRETS: dict[Path, bytes] = kept({})


def cache_secret() -> bytes | None:
    """The user's cache secret (made on first use, readable by the user only), or None: then nothing is kept."""
    path = secret_file()
    if path is None:
        return None
    known = _SECRETS.get(path)
    if known is not None:
        return known
    secret = _read_secret(path)
    if secret is None:
        secret = _make_secret(path)
    if secret is not None:
        _SECRETS[path] = secret
    return secret


def _read_secret(path: Path) -> bytes | None:
    try:
        data = read_capped(path, SECRET_BYTES, follow_links=False)
    except NotReadable:
        return None
    if len(data) != SECRET_BYTES:
        return None
    if os.name == "posix":
        info = os.stat(path)
        if info.st_uid != os.getuid() or info.st_mode & 0o077:
            return None  # a secret others may read or write is none
    return data


def _make_secret(path: Path) -> bytes | None:
    """A new random secret, written once (another process making one at the same moment wins, and is read)."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    except FileExistsError:
        return _read_secret(path)
    except OSError:
        return None
    secret = os.urandom(SECRET_BYTES)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(secret)
    except OSError:
        return None
    return secret


def _checksum(secret: bytes, header: bytes, payload) -> bytes:
    """HMAC-SHA-256 of header and payload (bytes or a view of them: a font's kept state is a megabyte or more, and
    the file's bytes are hashed where they lie rather than joined into a copy first)."""
    mac = hmac.new(secret, header, hashlib.sha256)
    mac.update(payload)
    return mac.digest()


def _path(kind: str, key: str) -> Path | None:
    folder = cache_folder()
    if folder is None:
        return None
    name = hashlib.sha1(f"{kind}\0{key}".encode(), usedforsecurity=False).hexdigest()
    return folder / kind / f"{name}.bin"


def _header(kind: str, key: str) -> bytes:
    return MAGIC + f"{kind}\0{key}\n".encode("utf-8", "surrogatepass")


def load(kind: str, key: str, shape: Callable[[object], bool] | None = None, max_bytes: int = MAX_FILE_BYTES):
    """The value stored for (kind, key), or None when there is none, it does not verify, it is not plain data or
    `shape` (the store's own check of what it reads) refuses it."""
    path = _path(kind, key)
    if path is None or not _private_folder(path.parent.parent) or not _real_folder(path.parent):
        return None
    try:
        data = read_capped(path, max_bytes, follow_links=False)
    except NotReadable:
        return None
    secret = cache_secret()
    header = _header(kind, key)
    if secret is None or not data.startswith(header) or len(data) < len(header) + 32:
        return None
    view = memoryview(data)
    checksum, payload = view[len(header) : len(header) + 32], view[len(header) + 32 :]
    if not hmac.compare_digest(_checksum(secret, header, payload), checksum):
        return None
    value = signed_loads(payload)
    if value is None:
        return None
    try:
        return value if shape is None or shape(value) else None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError, RecursionError):
        return None


def signed_loads(data):
    """The value in marshal data (bytes or a view of them) that came out of a file whose checksum verified, or None:
    what this user's botc-pnp signed was plain when it was signed (store, parsecache's remember)."""
    try:
        return marshal.loads(data)
    except (EOFError, ValueError, TypeError, RecursionError):
        return None


# Objects a plain value of n marshal bytes may hold, counted as the check visits them: each object takes at least a
# byte, a shared one (marshal's back reference) five and is visited again; a value past this is a crafted cycle or a
# tower of shared containers, which would keep the check busy for ever, and is refused like any other foreign value.
VISITS_PER_BYTE = 64
_PLAIN_SET = frozenset(PLAIN_TYPES + CONTAINERS + (dict,))


def visits_for(size: int) -> int:
    return VISITS_PER_BYTE * size + 1024


def is_plain(value, most: int | None = None) -> bool:
    """Numbers, text, bytes, and tuples, lists, sets and dicts of them: never a code object (marshal can hold one,
    and jinja2 or anyone else would run it), nor the odd types marshal also knows (Ellipsis, complex). At most `most`
    objects are looked at (visits_for the data's size; unlimited when the value is this process's own)."""
    if sys.implementation.name != "cpython":
        return _is_plain_one_by_one(value, most)
    # Level by level: the types of all items of a level in one pass, then their contents in one call. For the exact
    # built-in containers (the only ones marshal makes) gc.get_referents gives every item, dict keys and values (a
    # dict of str keys gives its values only: its keys are str, plain). Text, numbers and bytes have no contents.
    level, seen = [value], 0
    while level:
        seen += len(level)
        if most is not None and seen > most:
            return False
        if not _PLAIN_SET.issuperset(map(type, level)):
            return False
        level = gc.get_referents(*level)
    return True


def _is_plain_one_by_one(value, most: int | None = None) -> bool:
    """is_plain, one object at a time (any Python: needs nothing of CPython's own)."""
    pending, seen = [value], 0
    while pending:
        item = pending.pop()
        seen += 1
        if most is not None and seen > most:
            return False
        kind = type(item)
        if kind in PLAIN_TYPES:
            continue
        if kind in CONTAINERS:
            pending.extend(item)
        elif kind is dict:
            pending.extend(item.keys())
            pending.extend(item.values())
        else:
            return False
    return True


def _private_folder(folder: Path) -> bool:
    """Whether the cache folder is a folder of this user's that nobody else may write (always, where the system has
    no such owners)."""
    if os.name != "posix":
        return True
    try:
        info = os.stat(folder)
    except OSError:
        return False
    return (
        stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def _real_folder(folder: Path) -> bool:
    """A kind's folder is read only when it is a folder itself, not a link to one somewhere else."""
    try:
        return stat.S_ISDIR(os.lstat(folder).st_mode)
    except OSError:
        return False


def kind_folder(kind: str) -> Path | None:
    """The folder of one kind's files when it may be read and cleaned, else None."""
    folder = cache_folder()
    if folder is None or not _private_folder(folder) or not _real_folder(folder / kind):
        return None
    return folder / kind


def _make_folders(path: Path) -> bool:
    """Creates the cache folder (private) and the kind's folder; whether both may be used."""
    folder = path.parent.parent
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private_folder(folder) and os.name == "posix" and os.stat(folder).st_uid == os.getuid():
            os.chmod(folder, 0o700)  # made by an older botc-pnp under a loose umask
        if not _private_folder(folder):
            return False
        path.parent.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return False
    return _real_folder(path.parent)


def store(kind: str, key: str, value) -> None:
    """Keeps `value` (plain, marshal-able) for (kind, key); silently does nothing when the folder cannot be written."""
    path = _path(kind, key)
    if path is None:
        return
    try:
        payload = marshal.dumps(value)
        if not is_plain(value, visits_for(len(payload))):  # bounded: a value that holds itself is refused, not walked
            return
        if not _make_folders(path):
            return
        secret = cache_secret()
        if secret is None:
            return
        import tempfile  # only a run that stores something needs it (it imports random, which seeds itself)

        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".bin")
        with removed_on_failure(temporary):
            with os.fdopen(handle, "wb") as stream:
                header = _header(kind, key)
                stream.write(header + _checksum(secret, header, payload) + payload)
            os.replace(temporary, path)
    except (OSError, ValueError):
        pass
