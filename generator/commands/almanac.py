"""`botc-pnp almanac`: a script → the almanac (해설서) as a reading-order PDF and an imposed saddle-stitch booklet."""

from __future__ import annotations

import typer

from generator import DEFAULT_OUTPUT_DIR
from generator.commands.common import (
    Console, ContentOpt, CreepOpt, DebugOpt, EnglishOpt, ForceOpt, IconsOpt, NamesOpt, OutOpt, PaperOpt, QuietOpt,
    ScriptArg, check_creep, check_naming, check_paper, friendly_errors,
)
from generator.options import RenderOptions

HELP = """해설서를 만듭니다: almanac.pdf(A5 쪽, 읽는 순서)와 almanac-booklet.pdf(A4 가로에 두 쪽씩, 중철 제본용).

소책자는 양면 인쇄에서 '짧은 쪽으로 넘기기'를 고르고 100 % 크기로 인쇄한 뒤, 반으로 접어 가운데를 스테이플로 박으세요.
--paper letter이면 Letter 용지에 Letter 절반 크기 쪽으로 만듭니다. 12장(48쪽)이 넘는 소책자는 --creep으로 안쪽 장의 밀림을
보정할 수 있습니다."""


def register(app: typer.Typer) -> None:
    @app.command("almanac", help=HELP)
    def almanac(
        script: ScriptArg = "in-space",
        content: ContentOpt = None,
        out: OutOpt = DEFAULT_OUTPUT_DIR,
        paper: PaperOpt = "a4",
        icons: IconsOpt = None,
        english: EnglishOpt = False,
        names: NamesOpt = "ours",
        creep: CreepOpt = 0.0,
        force: ForceOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        from generator.commands.produce import produce

        console = Console(quiet)
        with friendly_errors(console, debug):
            options = RenderOptions(paper=check_paper(paper), icons_dir=icons, english=english, creep_mm=check_creep(creep),
                                    names=check_naming(names))
            produce(script, content, out, options, ["almanac"], console, force)
