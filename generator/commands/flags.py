"""The print options' table (generator/options.py) → Typer parameters, and the command functions made of them: a
flag is declared once there, and every command that takes it gets the same name, default, limits and Korean help."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from generator.options import Option, options_of

KIND_TYPES: dict[str, Any] = {
    "flag": bool,
    "number": float,
    "integer": int,
    "choice": str,
    "text": str,
    "pairs": list[str],
    "path": Path,
}


def annotation(option: Option):
    """Annotated[type, typer.Option(...)] of one print option, as a command's parameter takes it."""
    kind = KIND_TYPES[option.kind]
    if option.default is None:
        kind = Optional[kind]
    info = typer.Option(
        *option.flags, help=option.help, metavar=option.metavar, show_default=option.default is not None
    )
    return Annotated[kind, info]


def parameter(option: Option) -> inspect.Parameter:
    return inspect.Parameter(
        option.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=option.default, annotation=annotation(option)
    )


def plain_parameter(name: str, kind, default) -> inspect.Parameter:
    """A parameter of the command's own (the script, the folders, --force, --quiet …), declared with Annotated."""
    return inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default, annotation=kind)


def command_function(
    command: str,
    help_text: str,
    run: Callable[[dict], None],
    before: list[inspect.Parameter],
    after: list[inspect.Parameter],
) -> Callable[..., None]:
    """A function Typer reads as `command`: the parameters `before`, then the print options the table gives `command`,
    then `after`; called with all of them, it hands `run` one dict of the values by name."""

    def call(**values) -> None:
        run(values)

    call.__signature__ = inspect.Signature([*before, *(parameter(o) for o in options_of(command)), *after])  # type: ignore[attr-defined]
    call.__doc__ = help_text
    call.__name__ = command.replace("-", "_")
    return call
