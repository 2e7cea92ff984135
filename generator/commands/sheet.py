"""`botc-pnp sheet`: a script → output/<script-id>/script.pdf, the player sheet and its night-order back."""

from __future__ import annotations

import typer

from generator import DEFAULT_OUTPUT_DIR
from generator.commands.common import (
    Console, ContentOpt, DebugOpt, ForceOpt, IconsOpt, OutOpt, PaperOpt, QuietOpt, ScriptArg, check_paper, friendly_errors,
)
from generator.options import RenderOptions


def register(app: typer.Typer) -> None:
    @app.command("sheet")
    def sheet(
        script: ScriptArg = "in-space",
        content: ContentOpt = None,
        out: OutOpt = DEFAULT_OUTPUT_DIR,
        paper: PaperOpt = "a4",
        icons: IconsOpt = None,
        force: ForceOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """캐릭터 시트(script.pdf)를 만듭니다: 앞면은 플레이어용 캐릭터 목록, 뒷면은 밤 순서·징크스·여행자·설화."""
        from generator.commands.produce import produce

        console = Console(quiet)
        with friendly_errors(console, debug):
            options = RenderOptions(paper=check_paper(paper), icons_dir=icons)
            produce(script, content, out, options, ["script_sheet"], console, force)
