"""Shared by the document commands: the pipeline's run (check, refuse or resolve the choices, render, write the kit
at once) with its findings, progress and refusals printed in Korean."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import typer

from generator.commands.common import Console, stop_if_refused
from generator.findings import EXIT_FINDINGS, Unreadable
from generator.options import RenderOptions


def produce(
    script: str,
    content: Path | None,
    out: Path,
    options: RenderOptions,
    modules: list[str],
    console: Console,
    force: bool = False,
    more_files: Callable[[object], list[Path]] | None = None,
) -> tuple[object, list[Path]]:
    """Builds and writes the chosen documents; `more_files(game)` writes extra outputs (tokens --png) before the
    final word, so a forced build with findings still says everything it wrote."""
    from generator.pipeline.output import check_output_places, write_kit
    from generator.pipeline.printing import printable_game
    from generator.pipeline.rendering import render_documents

    started = time.perf_counter()
    game, report, refused = printable_game(script, content, options, force)
    if game is None or report.unreadable:
        raise Unreadable(report.findings)
    console.findings(report)
    stop_if_refused(refused, console, "문서를 만들지 않았습니다", "만들려면")
    check_token_choices(game, options)
    folder = check_output_places(game, out, options.png_dir)
    files = render_documents(game, options, modules, console.info)
    written = write_kit(folder, files)  # the whole kit is replaced together, or not at all
    already = {(f.code, f.subject) for f in report.findings}  # an icon validation warned about warns once
    for finding in options.report.findings:
        if (finding.code, finding.subject) in already and finding.subject is not None:
            continue
        if finding.level == "error":
            console.error(finding.format())
        elif not console.quiet:  # formatting names the finding's kind, read from a YAML file: not for nothing
            console.info(finding.format())
    for path in written:
        console.info(f"저장함: {path} ({path.stat().st_size / 1024:,.0f} KB)")
    if more_files is not None:
        written += more_files(game)
    console.info(f"완료: 파일 {len(written)}개, {time.perf_counter() - started:.1f}초.")
    if report.error_count:  # built anyway with --force: the findings still stand
        console.error(
            f"--force로 만들었지만 검사 오류 {report.error_count}개가 남아 있습니다. 위의 파일은 저장했습니다."
        )
        raise typer.Exit(EXIT_FINDINGS)
    return game, written


def check_token_choices(game, options: RenderOptions) -> None:
    """--only / --copies name characters of this script (ids, names or aliases); else a usage error (exit 2)."""
    from generator.pipeline.printing import resolve_token_choices

    problems = resolve_token_choices(game, options)
    if problems:
        flags = list(dict.fromkeys(flag for flag, _ in problems))
        raise typer.BadParameter(" ".join(message for _, message in problems), param_hint="/".join(flags))
