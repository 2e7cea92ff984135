"""This run's command line → how to start botc-pnp again the same way, so a command botc-pnp prints (after `new`,
after saving in `serve`) runs as written from the folder the user is in, whatever way botc-pnp was installed."""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path


def invocation() -> str:
    """'botc-pnp' when that name on PATH is this program (pipx, an activated environment), else the path it was
    started by (.venv/bin/botc-pnp after README's install), or '<python> -m generator'."""
    from generator import PACKAGE_DIR

    started = sys.argv[0] if sys.argv else ""
    if started and Path(started).resolve() == PACKAGE_DIR / "__main__.py":
        return f"{shell_word(sys.executable)} -m generator"
    on_path = shutil.which("botc-pnp")
    if Path(started).name == "botc-pnp" and Path(started).is_file():
        if on_path and Path(on_path).resolve() == Path(started).resolve():
            return "botc-pnp"
        return shell_word(started)
    return "botc-pnp"


def shell_word(text) -> str:
    """`text` as one word for a shell: as it is when it holds only letters (Hangul too), digits and @%+=:,./-_,
    else in single quotes (shlex.quote, which would also quote every Hangul name)."""
    text = str(text)
    if text and all(ch.isalnum() or ch in "@%+=:,./-_" for ch in text):
        return text
    return shlex.quote(text)


def command_line(*arguments) -> str:
    """'<invocation> arg …' with each argument quoted where a shell needs it."""
    return " ".join([invocation(), *(shell_word(argument) for argument in arguments)])
