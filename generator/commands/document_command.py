"""A document module name → a CLI command with the common options that writes just that document."""

from __future__ import annotations

import typer

from generator import DEFAULT_OUTPUT_DIR
from generator.commands.common import (
    Console, ContentOpt, DebugOpt, EnglishOpt, ForceOpt, IconsOpt, NamesOpt, OutOpt, PaperOpt, QuietOpt, ScriptArg, StyleOpt,
    check_naming, check_paper, check_style, friendly_errors,
)
from generator.options import RenderOptions


def register_document_command(app: typer.Typer, command_name: str, module_name: str, help_text: str,
                              styled: bool = False) -> None:
    """`styled`: the document follows --style, and the command takes it."""

    def run(script, content, out, paper, icons, english, names, force, quiet, debug, style="clean") -> None:
        from generator.commands.produce import produce

        console = Console(quiet)
        with friendly_errors(console, debug):
            options = RenderOptions(paper=check_paper(paper), icons_dir=icons, english=english, style=check_style(style),
                                    names=check_naming(names))
            produce(script, content, out, options, [module_name], console, force)

    if styled:
        def command(
            script: ScriptArg = "in-space",
            content: ContentOpt = None,
            out: OutOpt = DEFAULT_OUTPUT_DIR,
            paper: PaperOpt = "a4",
            icons: IconsOpt = None,
            english: EnglishOpt = False,
            names: NamesOpt = "ours",
            style: StyleOpt = "clean",
            force: ForceOpt = False,
            quiet: QuietOpt = False,
            debug: DebugOpt = False,
        ) -> None:
            run(script, content, out, paper, icons, english, names, force, quiet, debug, style)
    else:
        def command(
            script: ScriptArg = "in-space",
            content: ContentOpt = None,
            out: OutOpt = DEFAULT_OUTPUT_DIR,
            paper: PaperOpt = "a4",
            icons: IconsOpt = None,
            english: EnglishOpt = False,
            names: NamesOpt = "ours",
            force: ForceOpt = False,
            quiet: QuietOpt = False,
            debug: DebugOpt = False,
        ) -> None:
            run(script, content, out, paper, icons, english, names, force, quiet, debug)

    command.__doc__ = help_text
    command.__name__ = command_name
    app.command(command_name)(command)
