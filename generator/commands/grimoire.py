"""`botc-pnp grimoire`: a script → output/<script-id>/grimoire.pdf, a paper grimoire for one game night (seats for
the players, demon bluffs, the bag for that count, this script's nights with a blank per step, a day tracker)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from generator import DEFAULT_OUTPUT_DIR
from generator.commands.common import (
    Console, ContentOpt, DebugOpt, ForceOpt, IconsOpt, NamesOpt, OutOpt, PaperOpt, QuietOpt, ScriptArg, check_naming, check_paper, friendly_errors,
)
from generator.options import MAX_PLAYERS, RenderOptions

MAX_COPIES = 20
FEWEST = 5

SeatsOpt = Annotated[
    Optional[int],
    typer.Option("--players", metavar="N", show_default=False,
                 help=f"이번 게임의 플레이어 수({FEWEST}–{MAX_PLAYERS}, 여행자 포함): 자리가 이만큼 생기고, 가방 구성과 밤 순서가 이 인원에 맞춰집니다. 기본값: 스크립트의 최대 인원."),
]
CopiesOpt = Annotated[int, typer.Option("--copies", metavar="N", help=f"몇 장을 만들지(1–{MAX_COPIES}). 게임마다 한 장씩 씁니다.")]


def register(app: typer.Typer) -> None:
    @app.command("grimoire")
    def grimoire(
        script: ScriptArg = "in-space",
        players: SeatsOpt = None,
        copies: CopiesOpt = 1,
        content: ContentOpt = None,
        out: OutOpt = DEFAULT_OUTPUT_DIR,
        paper: PaperOpt = "a4",
        icons: IconsOpt = None,
        names: NamesOpt = "ours",
        force: ForceOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """마도서 기록지(grimoire.pdf)를 만듭니다: 플레이어 자리(이름·캐릭터·알림), 악마 블러프, 이 인원의 가방 구성, 이 스크립트의 밤 순서와 깨울 자리를 적는 빈칸, 낮 기록. 게임 날 이야기꾼이 종이 마도서로 씁니다."""
        from generator.commands.produce import produce

        if players is not None and not FEWEST <= players <= MAX_PLAYERS:
            raise typer.BadParameter(f"{players}명은 쓸 수 없습니다. {FEWEST}–{MAX_PLAYERS} 사이로 주세요.", param_hint="--players")
        if not 1 <= copies <= MAX_COPIES:
            raise typer.BadParameter(f"{copies}장은 만들 수 없습니다. 1–{MAX_COPIES} 사이로 주세요.", param_hint="--copies")
        console = Console(quiet)
        with friendly_errors(console, debug):
            options = RenderOptions(paper=check_paper(paper), icons_dir=icons, players=players, grimoire_copies=copies,
                                    names=check_naming(names))
            produce(script, content, out, options, ["grimoire"], console, force)
