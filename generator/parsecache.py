"""A YAML file's text → what parsing it gave last time, from the user's cache (generator.usercache); or a new
parse → kept there for the next run.

Every command reads the whole library (181 character files, the night order, the jinxes) and the templates'
YAML; parsing them with libyaml and building the line map cost 30–40 ms of each `validate` and `build`. The parses
are kept together in one cache file, each under the SHA-1 of its text and as its own marshal bytes (so every
lookup gives fresh objects that a caller may change), and the file's key holds the versions of Python, PyYAML and
of the modules whose code makes the parse (an edited parser never meets an old parse). A text whose parse holds
anything marshal cannot keep (a YAML date) is simply parsed every time. The file is rewritten only when a run
parsed something new; it keeps the newest MAX_ENTRIES parses.
"""

from __future__ import annotations

import hashlib
import marshal
from functools import lru_cache
from pathlib import Path

from generator import usercache

KIND = "yaml"
MAX_ENTRIES = 4096

_stored: dict[str, bytes] | None = None  # digest → marshal bytes, as read from the cache file
_added: dict[str, bytes] = {}  # parsed in this run, not yet in the cache file


@lru_cache(maxsize=1)
def _key() -> str:
    """What the kept parses depend on: this code and yamlio's, PyYAML's files (their size and time: importing PyYAML
    to read its version would cost part of what the cache saves) and Python's version."""
    from importlib.util import find_spec

    here = Path(__file__).resolve().parent
    code = hashlib.sha1(usedforsecurity=False)
    for name in ("parsecache.py", "yamlio.py"):
        code.update((here / name).read_bytes())
    pyyaml = "none"
    try:
        spec = find_spec("yaml")
        if spec is not None and spec.submodule_search_locations:
            folder = Path(list(spec.submodule_search_locations)[0])
            pyyaml = " ".join(f"{p.name}:{p.stat().st_size}-{p.stat().st_mtime_ns}" for p in sorted(folder.iterdir()) if p.is_file())
    except (ImportError, OSError, ValueError):
        pass
    return f"format 1 code {code.hexdigest()} pyyaml {hashlib.sha1(pyyaml.encode(), usedforsecurity=False).hexdigest()} {usercache.runtime_tag()}"


def _digest(text: str, kind: str) -> str:
    return kind + hashlib.sha1(text.encode("utf-8", "surrogatepass"), usedforsecurity=False).hexdigest()


def _entries() -> dict[str, bytes]:
    global _stored
    if _stored is None:
        loaded = usercache.load(KIND, _key()) if usercache.cache_folder() is not None else None
        _stored = loaded if isinstance(loaded, dict) else {}
    return _stored


def lookup(text: str, kind: str):
    """The value kept for this text and kind of parse, as new objects, or None."""
    digest = _digest(text, kind)
    data = _added.get(digest) or _entries().get(digest)
    if not isinstance(data, bytes):
        return None
    try:
        return marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None


def remember(text: str, kind: str, value) -> None:
    """Keeps a new parse for `save` (at the latest when the program ends); a value marshal cannot hold is not kept."""
    if usercache.cache_folder() is None:
        return
    try:
        _added[_digest(text, kind)] = marshal.dumps(value)
    except ValueError:
        return
    _save_at_exit()


@lru_cache(maxsize=1)
def _save_at_exit() -> None:
    import atexit

    atexit.register(save)


def save() -> None:
    """Writes the cache file when this run parsed something new (silently nothing when it cannot)."""
    if not _added:
        return
    entries = {digest: data for digest, data in _entries().items() if digest not in _added}
    entries.update(_added)
    if len(entries) > MAX_ENTRIES:
        entries = dict(list(entries.items())[-MAX_ENTRIES:])
    _added.clear()
    global _stored
    _stored = entries
    usercache.store(KIND, _key(), entries)


def safe_load(text: str):
    """yaml.safe_load(text) (libyaml when present), remembered like the content's parses."""
    found = lookup(text, "plain:")
    if found is not None:
        return found[0]
    import yaml

    value = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 - a safe loader
    remember(text, "plain:", (value,))
    return value
