"""Shared by the document commands: load → check → render the chosen documents → write them atomically, with progress."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import typer

from generator.commands.common import Console
from generator.findings import EXIT_FINDINGS
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
    from generator.commands.common import checked_game_or_stop
    from generator.documents import DOCUMENTS
    from generator.pipeline import content_folders, render_documents
    from generator.read.file_names import safe_folder_name
    from generator.write.files import check_kit_folder, prepare_folder, refuse_inside_content, write_files

    started = time.perf_counter()
    from generator.typeset.fonts import register_fonts

    register_fonts()  # first, so the glyph check reads the fonts reportlab parsed instead of parsing them again
    game, report = checked_game_or_stop(
        script, content, console, force, "문서를 만들지 않았습니다", "만들려면", icons_dir=options.icons_dir,
        names=options.names,
    )
    check_token_choices(game, options)
    labels = dict(DOCUMENTS)
    folder = Path(out) / safe_folder_name(game.script.id)
    refuse_inside_content(folder, content_folders(game))
    if options.png_dir is not None:
        refuse_inside_content(Path(options.png_dir), content_folders(game))
    check_kit_folder(folder)
    target = prepare_folder(folder)
    files = render_documents(game, options, modules, labels, console.info)
    written = write_files(target, files)  # the whole kit is replaced together, or not at all
    already = {(f.code, f.subject) for f in report.findings}  # an icon validation warned about warns once
    for finding in options.report.findings:
        if (finding.code, finding.subject) in already and finding.subject is not None:
            continue
        console.info(finding.format()) if finding.level != "error" else console.error(finding.format())
    for path in written:
        console.info(f"저장함: {path} ({path.stat().st_size / 1024:,.0f} KB)")
    if more_files is not None:
        written += more_files(game)
    console.info(f"완료: 파일 {len(written)}개, {time.perf_counter() - started:.1f}초.")
    if report.error_count:  # built anyway with --force: the findings still stand
        console.error(f"--force로 만들었지만 검사 오류 {report.error_count}개가 남아 있습니다. 위의 파일은 저장했습니다.")
        raise typer.Exit(EXIT_FINDINGS)
    return game, written


def check_token_choices(game, options: RenderOptions) -> None:
    """--only / --copies name characters of this script (ids, names or aliases); else a usage error (exit 2)."""
    from generator.art.token_layout import resolve_choices

    problems = resolve_choices(game, options)
    if problems:
        flags = list(dict.fromkeys(flag for flag, _ in problems))
        raise typer.BadParameter(" ".join(message for _, message in problems), param_hint="/".join(flags))
