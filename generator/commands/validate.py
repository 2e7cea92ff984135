"""`botc-pnp validate`: a script → printed findings and setup table in Korean, and an exit code."""

from __future__ import annotations

from typing import Annotated

import typer

from generator.commands.common import Console, ContentOpt, DebugOpt, IconsOpt, NamesOpt, QuietOpt, ScriptArg, check_naming, friendly_errors


def bag_table_lines(game) -> list[str]:
    from generator.load.bag import bag_rows, team_range
    from generator.model import BAG_TEAMS, TEAM_NAMES_KO

    rows = bag_rows(game, game.library.bag_table)
    header = "인원 | " + " | ".join(f"{TEAM_NAMES_KO[t]}" for t in BAG_TEAMS) + " | 기본"
    lines = ["설정표 (스크립트의 수정 효과를 모두 반영한 범위)", header]
    for row in rows:
        cells = []
        for team in BAG_TEAMS:
            low, high = team_range(row, team)
            cells.append(f"{low}" if low == high else f"{low}–{high}")
        base = "/".join(str(n) for n in row.base.as_tuple())
        lines.append(f"{row.players:>3}명 | " + " | ".join(f"{c:>5}" for c in cells) + f" | {base}")
    modifiers = [c for c in game.characters if c.changes_setup]
    if modifiers:
        from generator.check.setup import describe_setup

        names = {c.id: c.name for c in game.library.characters.values()}
        lines.append("수정 효과: " + ", ".join(f"{c.name}({describe_setup(c, names)})" for c in modifiers))
    return lines


def register(app: typer.Typer) -> None:
    @app.command("validate")
    def validate(
        script: ScriptArg = "in-space",
        content: ContentOpt = None,
        icons: IconsOpt = None,
        strict: Annotated[bool, typer.Option("--strict", help="경고도 오류로 취급합니다(경고가 있으면 종료 코드 1).")] = False,
        as_json: Annotated[bool, typer.Option("--json", help="결과를 JSON 목록으로 출력합니다(level, code, subject, where, message).")] = False,
        names: NamesOpt = "ours",
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """스크립트의 밤 순서, 설정, 문장을 검사합니다. 종료 코드: 0 문제 없음, 1 오류(--strict이면 경고 포함), 2 읽을 수 없는 입력."""
        console = Console(quiet)
        with friendly_errors(console, debug):
            from generator.pipeline import validate_game

            game, report = validate_game(script, content, icons, check_naming(names))
            if as_json:
                typer.echo(report.to_json())
                raise typer.Exit(report.exit_code(strict))
            console.findings(report)
            if game is not None and not report.unreadable and game.library.bag_table:
                console.info("")
                for line in bag_table_lines(game):
                    console.info(line)
            errors, warnings = report.error_count, len(report.findings) - report.error_count
            summary = f"검사 결과: 오류 {errors}개, 경고 {warnings}개."
            code = report.exit_code(strict)
            if code == 0:
                console.info(summary + " 인쇄해도 좋습니다.")
            else:
                console.error(summary + (" 경고도 오류로 취급했습니다(--strict)." if strict and not errors else ""))
            raise typer.Exit(code)
