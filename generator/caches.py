"""What a process remembers between calls (parsed files, measured widths, loaded pictures, compiled rules) → one
registry that forgets it all at once: the server when its content folder changed, a test that needs a fresh process's
state. Every in-process cache of generator/ is made through here, so none is missed."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
D = TypeVar("D", bound=dict)

_CLEARERS: list[Callable[[], None]] = []


def remembered(maxsize: int | None = 128) -> Callable[[F], F]:
    """functools.lru_cache, registered: clear_all() empties it."""

    def decorate(function: F) -> F:
        cached = lru_cache(maxsize=maxsize)(function)
        _CLEARERS.append(cached.cache_clear)
        return cached  # type: ignore[return-value]  # an lru_cache wrapper calls as the function it wraps

    return decorate


def kept(store: D) -> D:
    """A dict a module fills as a cache, registered: clear_all() empties it."""
    _CLEARERS.append(store.clear)
    return store


def clear_all() -> None:
    """Forgets everything every registered cache holds."""
    for clear in _CLEARERS:
        clear()


def registered() -> int:
    """How many caches are registered (for tests)."""
    return len(_CLEARERS)
