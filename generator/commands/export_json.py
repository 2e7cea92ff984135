"""`botc-pnp export-json`: a script → one JSON file in the publisher's format, for the official tool and online grimoires."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from generator import DEFAULT_OUTPUT_DIR
from generator.commands.common import Console, ContentOpt, DebugOpt, ForceOpt, QuietOpt, ScriptArg, friendly_errors
from generator.findings import EXIT_FINDINGS, Report

JsonOutOpt = Annotated[
    Optional[Path],
    typer.Option(
        "--output",
        "-o",
        help=f"저장할 JSON 파일. 기본값: {DEFAULT_OUTPUT_DIR}/<스크립트 id>.json",
        show_default=False,
    ),
]

SortOpt = Annotated[
    bool,
    typer.Option(
        "--sort",
        help="캐릭터를 출판사의 공식 순서로 정렬해 씁니다(팀별로, 능력의 첫머리와 영어 능력의 길이 순서. 세 에디션의 캐릭터는 "
        "인쇄된 시트의 순서). serve 화면의 '공식 순서로 정렬' 단추와 같은 순서입니다.",
    ),
]


def register(app: typer.Typer) -> None:
    @app.command("export-json")
    def export_json(
        script: ScriptArg = "in-space",
        output: JsonOutOpt = None,
        content: ContentOpt = None,
        force: ForceOpt = False,
        sort: SortOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """스크립트를 출판사 JSON 형식(공식 스크립트 도구·온라인 마도서용)으로 내보냅니다. 한도보다 긴 문장은 줄이고 경고합니다."""
        from generator.commands.common import checked_game_or_stop
        from generator.pipeline import exchange

        console = Console(quiet)
        with friendly_errors(console, debug):
            game, report = checked_game_or_stop(script, content, console, force, "JSON을 쓰지 않았습니다", "쓰려면")
            export_report = Report()
            data = exchange.export_json(game, export_report, sort)
            console.findings(export_report)
            if export_report.errors:
                console.error("내보낸 JSON이 출판사 형식에 맞지 않아 저장하지 않았습니다.")
                raise typer.Exit(EXIT_FINDINGS)
            target = Path(output) if output is not None else exchange.default_json_path(game, DEFAULT_OUTPUT_DIR)
            icons = exchange.export_places(game, target)
            exchange.write_export(target, data, icons)
            for path, _ in icons:
                console.info(f"저장함: {path} (자작 캐릭터의 아이콘, JSON의 image가 이 파일을 가리킵니다)")
            console.info(f"저장함: {target} (캐릭터 {len(game.characters)}개, {len(data) / 1024:,.0f} KB)")
            if report.error_count:  # written anyway with --force: the findings still stand
                console.error(f"--force로 저장했지만 검사 오류 {report.error_count}개가 남아 있습니다.")
                raise typer.Exit(EXIT_FINDINGS)
