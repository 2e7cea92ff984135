"""The botc-pnp Typer app: every command, each defined in its own module under generator/commands/.

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

app = typer.Typer(
    name="botc-pnp",
    cls=KoreanGroup,
    help="Blood on the Clocktower 한국어 인쇄용 키트 생성기. 캐릭터 시트, 밤 순서표, 토큰, 정보 카드, 해설서를 PDF로 만듭니다.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def print_version(asked: bool) -> None:
    if asked:
        from generator import __version__

        typer.echo(f"botc-pnp {__version__}")
        raise typer.Exit(0)


@app.callback()
def botc_pnp(
    version: Annotated[
        bool,
        typer.Option("--version", help="botc-pnp의 버전을 보여 주고 끝냅니다.", is_eager=True, callback=print_version),
    ] = False,
) -> None:
    """Blood on the Clocktower 한국어 인쇄용 키트 생성기."""


for module_name in COMMAND_MODULES:
    importlib.import_module(f"generator.commands.{module_name}").register(app)
use_korean_commands(app)
