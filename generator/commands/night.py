"""`botc-pnp night`: a script → output/<script-id>/night-order.pdf, the storyteller's night steps and setup page."""

from __future__ import annotations

import typer

from generator import DEFAULT_OUTPUT_DIR
from generator.commands.common import (
    Console, ContentOpt, DebugOpt, ForceOpt, IconsOpt, OutOpt, PaperOpt, QuietOpt, ScriptArg, check_paper, friendly_errors,
)
from generator.options import RenderOptions


def register(app: typer.Typer) -> None:
    @app.command("night")
    def night(
        script: ScriptArg = "in-space",
        content: ContentOpt = None,
        out: OutOpt = DEFAULT_OUTPUT_DIR,
        paper: PaperOpt = "a4",
        icons: IconsOpt = None,
        force: ForceOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """밤 순서표(night-order.pdf)를 만듭니다: 첫날 밤과 다른 밤의 진행 안내 전문, 인원별 설정표."""
        from generator.commands.produce import produce

        console = Console(quiet)
        with friendly_errors(console, debug):
            options = RenderOptions(paper=check_paper(paper), icons_dir=icons)
            produce(script, content, out, options, ["night_sheet"], console, force)
