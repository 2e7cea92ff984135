"""The running botc-pnp → the command a person can type to run it again, as written: a printed command must work
without an activated virtual environment (`botc-pnp` alone is often not on PATH)."""

from __future__ import annotations

import re
import shlex
import shutil
import sys
from pathlib import Path

README_FORM = ".venv/bin/botc-pnp"  # README's set-up installs here; its commands use this form


def program_command() -> str:
    """`botc-pnp` when that name on PATH is this program; else its path (relative to the current folder when inside
    it); `python -m generator` when run so; README's `.venv/bin/botc-pnp` when nothing better is known (a test)."""
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started is not None and started.name == "botc-pnp" and started.is_file():
        found = shutil.which("botc-pnp")
        if found and Path(found).absolute() == started.absolute():
            return "botc-pnp"
        return shell_word(shown_path(started))
    if started is not None and started.name == "__main__.py" and started.parent.name == "generator":
        return f"{shell_word(shown_path(Path(sys.executable)))} -m generator"
    return README_FORM


def shown_path(path: Path) -> str:
    absolute, here = path.absolute(), Path.cwd()
    if here != Path(here.anchor) and here in absolute.parents:
        return str(absolute.relative_to(here))
    return str(absolute)


def shell_word(text: str) -> str:
    """`text` as one shell word: as written when it holds only letters (Hangul too), digits and ./_-; else quoted."""
    return text if re.fullmatch(r"[\w./-]+", text) else shlex.quote(text)
