"""`botc-pnp validate`: a script → printed findings and setup table in Korean, and an exit code."""

from __future__ import annotations

from typing import Annotated

import typer

from generator.commands.common import (
    Console,
    ContentOpt,
    DebugOpt,
    IconsOpt,
    NamesOpt,
    QuietOpt,
    ScriptArg,
    friendly_errors,
    usage_errors,
)


def checked_naming(names: str) -> str:
    from generator.options import check_naming

    with usage_errors():
        return check_naming(names)


def setup_table_lines(game) -> list[str]:
    """The setup table as the terminal shows it: columns padded by display width (a Hangul letter takes two)."""
    from generator.pipeline.checking import setup_table

    table = setup_table(game)
    cells = [["인원", *(team["name"] for team in table["teams"]), "기본"]]
    for row in table["rows"]:
        ranges = [row["ranges"][team["id"]] for team in table["teams"]]
        cells.append(
            [
                f"{row['players']}명",
                *(f"{low}" if low == high else f"{low}–{high}" for low, high in ranges),
                "/".join(str(n) for n in row["base"]),
            ]
        )
    widths = [max(display_width(line[i]) for line in cells) for i in range(len(cells[0]))]
    lines = ["설정표 (스크립트의 수정 효과를 모두 반영한 범위)"]
    lines += [" | ".join(pad_left(cell, width) for cell, width in zip(line, widths)) for line in cells]
    if table["modifiers"]:
        lines.append("수정 효과: " + ", ".join(f"{m['name']}({m['change']})" for m in table["modifiers"]))
    return lines


def display_width(text: str) -> int:
    """Columns a terminal gives `text`: East Asian wide and full-width letters take two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad_left(text: str, width: int) -> str:
    return " " * max(0, width - display_width(text)) + text


def advice_for(game):
    from generator.pipeline.checking import advice

    return advice(game)


def advice_json(report, found) -> str:
    """The findings' JSON list with the advice after them: the same list `--json` prints, and entries of level
    'advice' (severity, code, subject, message, characters)."""
    import json
    from dataclasses import asdict

    return json.dumps([asdict(f) for f in report.findings] + [a.as_json() for a in found], ensure_ascii=False, indent=2)


MOST_NAMES = 6  # characters named on one advice line; the rest are counted


def advice_lines(found, game) -> list[str]:
    """The advice section: a heading with the counts by severity, then one line per piece of advice."""
    if game is None:
        return ["설계 조언: 스크립트를 읽지 못해 조언하지 않았습니다."]
    if not found:
        return ["설계 조언: 이 스크립트에는 조언할 것이 없습니다."]
    counts = {}
    for item in found:
        counts[item.severity_label] = counts.get(item.severity_label, 0) + 1
    summary = " · ".join(f"{label} {count}개" for label, count in counts.items())
    lines = [f"설계 조언 {len(found)}개({summary}). 조언은 오류가 아니며 종료 코드를 바꾸지 않습니다."]
    for item in found:
        names = [game.character(i).name for i in item.characters]
        shown = ", ".join(names[:MOST_NAMES]) + (f" 외 {len(names) - MOST_NAMES}개" if len(names) > MOST_NAMES else "")
        who = f" (캐릭터: {shown})" if names else ""
        lines.append(f"[{item.severity_label}] {item.message}{who}")
    return lines


def register(app: typer.Typer) -> None:
    @app.command("validate")
    def validate(
        script: ScriptArg = "in-space",
        content: ContentOpt = None,
        icons: IconsOpt = None,
        strict: Annotated[
            bool, typer.Option("--strict", help="경고도 오류로 취급합니다(경고가 있으면 종료 코드 1).")
        ] = False,
        as_json: Annotated[
            bool, typer.Option("--json", help="결과를 JSON 목록으로 출력합니다(level, code, subject, where, message).")
        ] = False,
        advice: Annotated[
            bool,
            typer.Option(
                "--advice",
                help="스크립트 설계 조언도 보여 줍니다: 게임이 재미있게 돌아갈지에 대한 조언을 심각도(높음·보통·낮음), 이유, "
                "바꿀 점과 함께. 조언은 오류가 아니어서 종료 코드를 바꾸지 않습니다(--json이면 level이 advice인 항목으로).",
            ),
        ] = False,
        names: NamesOpt = "ours",
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """스크립트의 밤 순서, 설정, 문장을 검사합니다(--advice이면 설계 조언도). 종료 코드: 0 문제 없음, 1 오류(--strict이면 경고 포함), 2 읽을 수 없는 입력."""
        console = Console(quiet)
        with friendly_errors(console, debug):
            from generator.pipeline.checking import check_script

            game, report = check_script(script, content, icons, checked_naming(names))
            readable = game is not None and not report.unreadable
            found = advice_for(game) if advice and readable else []
            if as_json:
                typer.echo(report.to_json() if not advice else advice_json(report, found))
                raise typer.Exit(report.exit_code(strict))
            console.findings(report)
            if readable and game.library.bag_table:
                console.info("")
                for line in setup_table_lines(game):
                    console.info(line)
            if advice:
                console.info("")
                for line in advice_lines(found, game if readable else None):
                    console.info(line)
            errors, warnings = report.error_count, len(report.findings) - report.error_count
            summary = f"검사 결과: 오류 {errors}개, 경고 {warnings}개."
            code = report.exit_code(strict)
            if code == 0:
                console.info(summary + " 인쇄해도 좋습니다.")
            else:
                console.error(summary + (" 경고도 오류로 취급했습니다(--strict)." if strict and not errors else ""))
            raise typer.Exit(code)
