"""A text → what parsing it gave last time, from the user's cache (generator.keep.usercache); or a new parse → kept there
for the next run. Four stores use it: YAML files (here), the markup a template made of its data
(generator.typeset.markup), and paragraph markup's frags and where its lines end (generator.typeset.paragraph).

Every command reads the whole library (181 character files, the night order, the jinxes) and the templates' YAML;
parsing them with libyaml and building the line map cost 30–40 ms of each `validate` and `build`. A build also
parses about a thousand paragraphs of markup and breaks them into lines. Each store keeps its parses together in one
cache file, each under the SHA-1 of its text and as its own marshal bytes (so every lookup gives fresh objects that
a caller may change). The file's key holds what the parses depend on: the versions of Python and of the libraries,
and the code that makes them (an edited parser never meets an old parse). A parse holding anything marshal cannot
keep (a YAML date) is simply parsed every time. A file is rewritten only when a run parsed something new (at the
latest when the program ends); it keeps the parses this run used or made and then the newest others, up to MAX_BYTES
(reading and checking the file costs about 5 ms a megabyte, on every run).

An entry is checked for plain data (usercache.is_plain) when it is kept, before the file that holds it is signed,
and decoded (and its shape checked) when a run first looks it up, never before: a file holds up to MAX_BYTES of
parses from every script the user printed (a 200-character script's line ends alone are some 20,000 entries), and a
run needs only its own. Decoding the whole file on reading made every run pay for what earlier runs printed: 23,000
entries decoded when a kit looked up 1,500. A second lookup of the same entry costs one marshal.loads.
"""

from __future__ import annotations

import gc
import hashlib
import marshal
import sys
from collections.abc import Callable
from functools import lru_cache
from itertools import chain

from generator.caches import remembered
from generator.keep import usercache
from generator.keep.usercache import code_stamp, package_stamp

STALE_DAYS = 30  # a store's file of another version, not written for this long, is removed when the store is saved
MAX_BYTES = 2 * 1024 * 1024  # a kit's markup is about 0.8 MB, the library's YAML about 0.4 MB
MAX_ENTRY_BYTES = 64 * 1024  # a character file's parse is about 4 KB, a paragraph's frags about 1 KB


DIGEST_LENGTH = 40  # hex SHA-1 of a text


def _entries_shape(value) -> bool:
    """The file's table: {hex SHA-1: marshal bytes of one parse}, each entry at most MAX_ENTRY_BYTES (checked with
    a few passes in C over keys and values, not entry by entry)."""
    return (
        type(value) is dict
        and {str}.issuperset(map(type, value))
        and {DIGEST_LENGTH}.issuperset(map(len, value))
        and {bytes}.issuperset(map(type, value.values()))
        and max(map(len, value.values()), default=0) <= MAX_ENTRY_BYTES
    )


class KeptParses:
    """One cache file of parses: lookup(text) → a fresh copy or None, remember(text, value), save().

    `shape(text, value)` is the store's check of a parse read back: True only for a value of the form its parses
    take (and, where that is cheap, one that agrees with the text); anything else is parsed again."""

    def __init__(self, kind: str, version: Callable[[], str], shape: Callable[[str, object], bool]):
        self.kind = kind
        self.shape = shape
        self.version = lru_cache(maxsize=1)(version)
        self.stored: dict[str, bytes] | None = None  # digest → marshal bytes, as read from the cache file
        self.added: dict[str, bytes] = {}  # parsed in this run, not yet in the cache file
        self.added_bytes = 0  # their size: at most about MAX_BYTES (the newest), as save would keep them
        self.used: set[str] = set()  # found in the cache file by this run
        self.verified: set[str] = set()  # entries whose bytes this run has already checked (plain data, shape)

    def _key(self) -> str:
        return f"format 2 {self.version()} {usercache.runtime_tag()}"

    def _entries(self) -> dict[str, bytes]:
        if self.stored is None:
            loaded = (
                usercache.load(self.kind, self._key(), _entries_shape, MAX_BYTES + MAX_ENTRY_BYTES + 4096)
                if usercache.cache_folder() is not None
                else None
            )
            self.stored = loaded if loaded is not None else {}
            self.verified.intersection_update(self.added)  # a file read again may hold other bytes: checked again
        return self.stored

    @staticmethod
    def _digest(text: str) -> str:
        return hashlib.sha1(text.encode("utf-8", "surrogatepass"), usedforsecurity=False).hexdigest()

    def lookup(self, text: str):
        """The value kept for this text, as new objects, or None."""
        digest = self._digest(text)
        data = self.added.get(digest) or self._entries().get(digest)
        if not isinstance(data, bytes):
            return None
        if digest in self.verified:  # the same bytes passed the checks before: only new objects are needed
            return marshal.loads(data)
        value = usercache.signed_loads(data)  # the file's checksum verified (_entries): the entry was plain when kept
        try:
            if value is None or not self.shape(text, value):
                return None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError, RecursionError):
            return None
        self.used.add(digest)
        self.verified.add(digest)
        return value

    def holds_any(self) -> bool:
        """Whether this store has a parse for anything: kept by an earlier run or made by this one."""
        return bool(self.added) or bool(self._entries())

    def remember(self, text: str, value) -> None:
        """Keeps a new parse for `save`; a value marshal cannot hold, or that is not plain data, is not kept."""
        if usercache.cache_folder() is None:
            return
        try:
            data = marshal.dumps(value)
        except ValueError:
            return
        if len(data) > MAX_ENTRY_BYTES:
            return  # one huge text (a pasted book) must not crowd out the rest, nor be read on every run
        if not usercache.is_plain(value, usercache.visits_for(len(data))):
            return
        self._add(self._digest(text), data)
        _save_all_at_exit()

    def _add(self, digest: str, data: bytes) -> None:
        """A new entry for `save`. A process that runs for hours (`serve`) renders ever new texts: what it added
        is held to MAX_BYTES, the oldest dropped first, which are the ones save would drop."""
        previous = self.added.get(digest)
        self.added[digest] = data
        self.added_bytes += len(data) - (len(previous) if previous is not None else 0)
        self.verified.discard(digest)  # new bytes: checked again when read
        while self.added_bytes > MAX_BYTES and len(self.added) > 1:
            oldest = next(iter(self.added))
            self.added_bytes -= len(self.added.pop(oldest))
            self.verified.discard(oldest)

    def save(self) -> None:
        """Writes the cache file when this run parsed something new (silently nothing when it cannot)."""
        if not self.added:
            return
        stored = self._entries()
        others = [(d, data) for d, data in stored.items() if d not in self.added and d not in self.used]
        used = [(d, stored[d]) for d in stored if d in self.used and d not in self.added]
        ordered = others + used + list(self.added.items())
        total, start = sum(len(data) for _, data in ordered), 0
        while total > MAX_BYTES and start < len(ordered) - 1:  # the oldest of the others go first
            total -= len(ordered[start][1])
            start += 1
        entries = dict(ordered[start:])
        self.added, self.added_bytes = {}, 0
        self.stored = entries
        usercache.store(self.kind, self._key(), entries)
        self._remove_stale()

    def _remove_stale(self) -> None:
        """Removes files of this store not written for STALE_DAYS: other versions' (an older botc-pnp, fonts since
        replaced). One still in use is only written again, once."""
        import os
        import stat
        import time

        folder = usercache.kind_folder(self.kind)  # None for a link: what it points at is not ours to clean
        if folder is None:
            return
        oldest = time.time() - STALE_DAYS * 86400
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if not entry.name.endswith(".bin"):
                        continue
                    info = entry.stat(follow_symlinks=False)
                    if stat.S_ISREG(info.st_mode) and info.st_mtime < oldest:
                        os.unlink(entry.path)
        except OSError:
            pass

    def forget(self) -> None:
        """Drops what this process read or added (tests; a changed cache folder)."""
        self.stored, self.added, self.used, self.verified = None, {}, set(), set()
        self.added_bytes = 0


STORES: list[KeptParses] = []


@remembered(maxsize=1)
def _save_all_at_exit() -> None:
    import atexit

    atexit.register(save)


def save() -> None:
    for store in STORES:
        store.save()


def read_all() -> None:
    """Every store's cache file read now (a forked child then inherits what was read instead of reading it too)."""
    for kept in STORES:
        kept._entries()


def handed_over() -> dict:
    """What a forked child parsed or used, by store, for its parent to `adopt` (a child leaves without saving)."""
    return {kept.kind: (dict(kept.added), set(kept.used)) for kept in STORES if kept.added or kept.used}


def adopt(parses: dict) -> None:
    for kept in STORES:
        added, used = parses.get(kept.kind, ({}, set()))
        for digest, data in added.items():
            kept._add(digest, data)
        if added:
            _save_all_at_exit()
        kept.used |= used


def store(kind: str, version: Callable[[], str], shape: Callable[[str, object], bool]) -> KeptParses:
    kept = KeptParses(kind, version, shape)
    STORES.append(kept)
    return kept


_YAML_TYPES = frozenset({list, dict, str, int, float, bool, type(None)})


def is_yaml_data(value) -> bool:
    """What a safe YAML load gives: None, booleans, numbers, text, lists, and mappings with scalar keys (a YAML parse
    makes no tuple, set or bytes). A key can only be a scalar here: lists and mappings cannot be keys, and tuples are
    not YAML data at all. Checked a level at a time in C, like usercache.is_plain, not object by object."""
    if sys.implementation.name != "cpython":
        return _is_yaml_data_one_by_one(value)
    level = [value]
    while level:
        if not _YAML_TYPES.issuperset(map(type, level)):
            return False
        level = gc.get_referents(*level)
    return True


def _is_yaml_data_one_by_one(value) -> bool:
    pending = [value]
    while pending:
        item = pending.pop()
        kind = type(item)
        if kind is list:
            pending.extend(item)
        elif kind is dict:
            pending.extend(item.values())
            if not all(type(key) in (str, int, float, bool) or key is None for key in item):
                return False
        elif kind not in (str, int, float, bool, type(None)):
            return False
    return True


def _is_key_path(path) -> bool:
    return type(path) is tuple and all(type(part) in (str, int) for part in path)


MAX_LINE = 10_000_000


def _is_line(value) -> bool:
    return type(value) is int and 0 <= value < MAX_LINE


def _are_lines(lines) -> bool:
    """{key path: line}: tuples of text and numbers → line numbers (a pass in C over each part, not key by key)."""
    return (
        type(lines) is dict
        and {tuple}.issuperset(map(type, lines))
        and {str, int}.issuperset(map(type, chain.from_iterable(lines)))
        and {int}.issuperset(map(type, lines.values()))
        and (not lines or (min(lines.values()) >= 0 and max(lines.values()) < MAX_LINE))
    )


def _is_located_parse(value) -> bool:
    """generator.read.yamlio's parse: (data, {key path: line}, [(key path, line, line)] twice: duplicates, folded)."""
    if type(value) is not tuple or len(value) != 4:
        return False
    data, lines, duplicates, folded = value
    return (
        is_yaml_data(data)
        and _are_lines(lines)
        and all(
            type(items) is list
            and all(
                type(item) is tuple
                and len(item) == 3
                and _is_key_path(item[0])
                and _is_line(item[1])
                and _is_line(item[2])
                for item in items
            )
            for items in (duplicates, folded)
        )
    )


def _yaml_shape(text: str, value) -> bool:
    """A 'plain:' parse is (data,); a 'located:' parse is yamlio's (data, lines, duplicates, folded)."""
    if text.startswith("plain:"):
        return type(value) is tuple and len(value) == 1 and is_yaml_data(value[0])
    return text.startswith("located:") and _is_located_parse(value)


YAML = store(
    "yaml",
    lambda: f"code {code_stamp('keep/parsecache.py', 'read/yamlio.py')} pyyaml {package_stamp('yaml')}",
    _yaml_shape,
)


def safe_load(text: str):
    """yaml.safe_load(text) (libyaml when present), remembered like the content's parses."""
    found = YAML.lookup("plain:" + text)
    if found is not None:
        return found[0]
    import yaml

    value = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 - a safe loader
    YAML.remember("plain:" + text, (value,))
    return value
