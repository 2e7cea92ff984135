"""`botc-pnp sheet`: a script → output/<script-id>/script.pdf, the player sheet and its night-order back
(with --copies N, that pair N times in duplex order for handing round the table)."""

from __future__ import annotations

from typing import Annotated

import typer

from generator import DEFAULT_OUTPUT_DIR
from generator.commands.common import (
    Console, ContentOpt, DebugOpt, EnglishOpt, ForceOpt, IconsOpt, NamesOpt, OutOpt, PaperOpt, QuietOpt, ScriptArg, StyleOpt,
    check_naming, check_paper, check_style, friendly_errors,
)
from generator.options import RenderOptions

MAX_COPIES = 50

CopiesOpt = Annotated[
    int,
    typer.Option("--copies", metavar="N", help=f"몇 부를 만들지(1–{MAX_COPIES}). 앞면, 뒷면, 앞면, 뒷면… 순서라 양면 인쇄하면 한 장에 한 부씩 나옵니다."),
]


def register(app: typer.Typer) -> None:
    @app.command("sheet")
    def sheet(
        script: ScriptArg = "in-space",
        copies: CopiesOpt = 1,
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
        """캐릭터 시트(script.pdf)를 만듭니다: 앞면은 플레이어용 캐릭터 목록, 뒷면은 인원별 구성·밤 순서·징크스·여행자·설화. --copies로 플레이어 수만큼 만들 수 있습니다."""
        from generator.commands.produce import produce

        if not 1 <= copies <= MAX_COPIES:
            raise typer.BadParameter(f"{copies}부는 만들 수 없습니다. 1–{MAX_COPIES} 사이로 주세요.", param_hint="--copies")
        console = Console(quiet)
        with friendly_errors(console, debug):
            options = RenderOptions(paper=check_paper(paper), icons_dir=icons, sheet_copies=copies, english=english,
                                    names=check_naming(names), style=check_style(style))
            produce(script, content, out, options, ["script_sheet"], console, force)
