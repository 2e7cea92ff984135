"""The botc-pnp Typer app: every command, each defined in its own module under generator/commands/; a command line
that names its command gets an app with that command alone (app_for).

The process starts in generator/cli.py, which handles stop signals before this (heavy) module loads."""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from generator.commands.korean import KoreanGroup, use_korean_commands

COMMAND_MODULES = [
    "validate",
    "characters",
    "build",
    "sheet",
    "night",
    "night_card",
    "tokens",
    "info_cards",
    "almanac",
    "grimoire",
    "town_square",
    "export_json",
    "new",
    "import_text",
    "serve",
]


def new_app(command_names: list[str] | None = None) -> typer.Typer:
    """The app with the commands whose modules are named (their command's name, '-' as '_'), or every command."""
    app = typer.Typer(
        name="botc-pnp",
        cls=KoreanGroup,
        help="Blood on the Clocktower 한국어 인쇄용 키트 생성기. 캐릭터 시트, 밤 순서표, 토큰, 정보 카드, 해설서를 PDF로 "
        "만듭니다.",
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    app.callback()(botc_pnp)
    for module_name in COMMAND_MODULES if command_names is None else command_names:
        importlib.import_module(f"generator.commands.{module_name}").register(app)
    use_korean_commands(app)
    return app


def print_version(asked: bool) -> None:
    if asked:
        from generator import __version__

        typer.echo(f"botc-pnp {__version__}")
        raise typer.Exit(0)


def botc_pnp(
    version: Annotated[
        bool,
        typer.Option("--version", help="botc-pnp의 버전을 보여 주고 끝냅니다.", is_eager=True, callback=print_version),
    ] = False,
) -> None:
    """Blood on the Clocktower 한국어 인쇄용 키트 생성기."""


def app_for(args: list[str]) -> typer.Typer:
    """The app a command line needs: when its first word names a command, that command alone (its module is the only
    one loaded, and Typer builds one command instead of fifteen: about a tenth of `validate`); otherwise (help, the
    version, a mistyped name with its suggestions) every command."""
    first = args[0] if args else ""
    module_name = first.replace("-", "_")
    if first and not first.startswith("-") and module_name in COMMAND_MODULES:
        return new_app([module_name])
    return new_app()


_every_command: typer.Typer | None = None


def __getattr__(name: str):
    """`app`: the app with every command, made on first use (tests, `from generator.cli import app`)."""
    global _every_command
    if name == "app":
        if _every_command is None:
            _every_command = new_app()
        return _every_command
    raise AttributeError(name)
