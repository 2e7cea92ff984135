"""A command that prints documents → a Typer command: the script, the folders, the print options the table gives it
(generator/options.py), --force, --quiet and --debug; run through produce (load, check, render, write)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import typer

from generator import DEFAULT_OUTPUT_DIR
from generator.commands import flags
from generator.commands.common import (
    Console,
    ContentOpt,
    DebugOpt,
    ForceOpt,
    OutOpt,
    QuietOpt,
    ScriptArg,
    friendly_errors,
    usage_errors,
)
from generator.options import RenderOptions


def register_document_command(
    app: typer.Typer,
    command_name: str,
    modules: list[str] | Callable[[], list[str]],
    help_text: str,
    more_files: Callable[[object, RenderOptions, Console], list[Path]] | None = None,
    **command_settings,
) -> None:
    """`modules`: the documents it makes (or a function that names them when the command runs); `more_files(game,
    options, console)` writes what else it makes (tokens --png) before the final word."""

    def run(values: dict) -> None:
        from generator.commands.produce import produce
        from generator.options import render_options

        console = Console(values["quiet"])
        with usage_errors():
            options = render_options(values)
        with friendly_errors(console, values["debug"]):
            more = (lambda game: more_files(game, options, console)) if more_files is not None else None
            chosen = modules() if callable(modules) else modules
            produce(values["script"], values["content"], values["out"], options, chosen, console, values["force"], more)

    before = [
        flags.plain_parameter("script", ScriptArg, "in-space"),
        flags.plain_parameter("content", ContentOpt, None),
        flags.plain_parameter("out", OutOpt, DEFAULT_OUTPUT_DIR),
    ]
    after = [
        flags.plain_parameter("force", ForceOpt, False),
        flags.plain_parameter("quiet", QuietOpt, False),
        flags.plain_parameter("debug", DebugOpt, False),
    ]
    app.command(command_name, **command_settings)(flags.command_function(command_name, help_text, run, before, after))
