"""reportlab's paragraph module → imported with the regular expressions it compiles at import deferred to their first
use.

Among them is a URL pattern compiled case-blind over most of Unicode: about 20 ms of every command that prints, for
reportlab's own line breaking of bare URLs, which no botc-pnp paragraph uses (they break their own lines:
generator.typeset.paragraph). Only that module's own compiles are deferred, and a deferred pattern compiles on first
use, so a program that does use them gets the same patterns."""

from __future__ import annotations

import re
import sys
import threading
from typing import Any

MODULE = "reportlab.platypus.paragraph"
_IMPORTING = threading.Lock()  # two server threads that render at once: one swaps re.compile and puts it back


class DeferredPattern:
    """Stands for re.compile(pattern, flags) and compiles it on first use (a method or attribute asked for)."""

    def __init__(self, compile_now, pattern, flags: int) -> None:
        self._source = (compile_now, pattern, flags)
        self._compiled: re.Pattern | None = None

    def __getattr__(self, name: str) -> Any:  # only for names the object itself lacks: the pattern's own
        if self._compiled is None:
            compile_now, pattern, flags = self._source
            self._compiled = compile_now(pattern, flags)
        return getattr(self._compiled, name)


def import_reportlab_paragraph() -> None:
    """Imports reportlab.platypus.paragraph (and what it imports) once, its own import-time compiles deferred. Called
    before anything else imports reportlab's platypus; an earlier import only means the patterns were compiled."""
    with _IMPORTING:
        if MODULE not in sys.modules:
            _import_deferring_compiles()


def _import_deferring_compiles() -> None:
    compile_now = re.compile

    def compile_later(pattern, flags=0):
        if sys._getframe(1).f_globals.get("__name__") == MODULE:
            return DeferredPattern(compile_now, pattern, flags)
        return compile_now(pattern, flags)

    re.compile = compile_later  # type: ignore[assignment]
    try:
        import reportlab.platypus.paragraph  # noqa: F401
    finally:
        re.compile = compile_now
