"""`botc-pnp build`: a script → every document of the kit, after validation."""

from __future__ import annotations

import typer

from generator import DEFAULT_OUTPUT_DIR
from generator.commands.common import (
    Console, ContentOpt, DebugOpt, ForceOpt, IconsOpt, OutOpt, PaperOpt, QuietOpt, ScriptArg, check_paper, friendly_errors,
)
from generator.options import RenderOptions


def register(app: typer.Typer) -> None:
    @app.command("build")
    def build(
        script: ScriptArg = "in-space",
        content: ContentOpt = None,
        out: OutOpt = DEFAULT_OUTPUT_DIR,
        paper: PaperOpt = "a4",
        icons: IconsOpt = None,
        force: ForceOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """검사를 먼저 한 뒤 키트의 모든 문서를 만듭니다: 캐릭터 시트, 밤 순서표, 토큰, 해설서(읽기용과 소책자용)."""
        from generator.commands.produce import produce
        from generator.documents import DOCUMENTS

        console = Console(quiet)
        with friendly_errors(console, debug):
            options = RenderOptions(paper=check_paper(paper), icons_dir=icons)
            produce(script, content, out, options, [name for name, _ in DOCUMENTS], console, force)
