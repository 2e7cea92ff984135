"""A regular expression's text → its compiled Pattern, made from what compiling it gave in an earlier run (kept in the
user's cache by generator.keep.parsecache, store 'pattern') instead of compiling it again.

Python compiles every pattern anew in each process, and a class of Hangul syllables ([가-힣]) is slow to compile:
the compiler marks its 11,172 code points one at a time, about 0.3 ms a class. The checks and the wording use about
a hundred patterns with such classes or with long lists of names; compiling them was about a tenth of `validate`.
What the compiler made of a pattern (its code words, its groups and its flags) is kept instead, and the regular
expression engine builds the Pattern from it; the engine checks the code before it takes it, and a Pattern made so
compares equal to one compiled anew (same text, flags and code). The store's key holds the exact Python build and
the engine's version, so another Python compiles its own.

The modules `botc-pnp --help` loads (generator.app, the command modules under generator/commands/, josa) compile
with re directly: the help must not read the cache (nor load hashlib for it).
"""

from __future__ import annotations

import re
import sys

from generator.keep import parsecache
from generator.keep.usercache import code_stamp

try:  # the compiler's parts (Python 3.11 and later; private, so untyped); without them patterns are compiled by re
    import _sre  # type: ignore[import-not-found]
    from re import _compiler, _parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python implementation
    _sre = None


def _version() -> str:
    engine = f"{getattr(_sre, 'MAGIC', 0)}-{getattr(_sre, 'CODESIZE', 0)}-{getattr(_sre, 'MAXGROUPS', 0)}"
    return f"code {code_stamp('keep/patterns.py')} python {sys.version} {sys.implementation.name} sre {engine}"


def _is_compiled_form(text: str, value) -> bool:
    """(flags, code words, groups, {group name: number}, (name or None per group)): what compiled() keeps, its groups
    agreeing with each other. The code words themselves are checked by the engine (_sre.compile refuses code it
    cannot run)."""
    if type(value) is not tuple or len(value) != 5:
        return False
    flags, code, groups, names, numbered = value
    return (
        type(flags) is int
        and type(code) is list
        and {int}.issuperset(map(type, code))
        and type(groups) is int
        and type(names) is dict
        and {str}.issuperset(map(type, names))
        and {int}.issuperset(map(type, names.values()))
        and type(numbered) is tuple
        and {str, type(None)}.issuperset(map(type, numbered))
        and len(numbered) == groups + 1  # the engine would take more groups than the code has
        and all(
            type(number) is int and 0 < number <= groups and numbered[number] == name for name, number in names.items()
        )
    )


PATTERNS = parsecache.store("pattern", _version, _is_compiled_form)
# A longer pattern (a homebrew library's thousands of names in one alternation) is compiled as re does: its code would
# be over the store's entry limit (parsecache.MAX_ENTRY_BYTES) anyway, and copying it to find that out costs memory.
MAX_KEPT_LENGTH = 10_000


def compiled(pattern: str | bytes, flags: int = 0) -> re.Pattern:
    """re.compile(pattern, flags) of a text or bytes pattern, from the kept compiled form when there is one."""
    flags = int(flags)
    if _sre is None or flags & re.DEBUG or len(pattern) > MAX_KEPT_LENGTH:
        return re.compile(pattern, flags)
    key = key_of(pattern, flags)
    kept = PATTERNS.lookup(key)
    if kept is not None:
        try:
            return _sre.compile(pattern, *kept)
        except (RuntimeError, TypeError, ValueError, OverflowError):  # code the engine refuses: compiled below
            pass
    made = _compile(pattern, flags)
    PATTERNS.remember(key, made)
    return _sre.compile(pattern, *made)


def key_of(pattern: str | bytes, flags: int) -> str:
    """The store's key of a pattern: text and bytes apart (a bytes pattern matches bytes, the same letters as text
    match text)."""
    if isinstance(pattern, str):
        return f"s{flags}\0{pattern}"
    return f"b{flags}\0{pattern.decode('latin-1')}"


def _compile(pattern: str | bytes, flags: int) -> tuple:
    """What re's compiler passes the engine for this pattern (re._compiler.compile, step by step)."""
    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    names = dict(parsed.state.groupdict)
    numbered: list[str | None] = [None] * parsed.state.groups
    for name, number in names.items():
        numbered[number] = name
    # the code words include the compiler's named opcodes (an int subclass marshal cannot keep): plain ints
    return int(flags | parsed.state.flags), list(map(int, code)), parsed.state.groups - 1, names, tuple(numbered)
