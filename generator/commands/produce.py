"""Shared by the document commands: load → check → render the chosen documents → write them atomically, with progress."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import typer

from generator.commands.common import Console
from generator.findings import EXIT_FINDINGS, TextDoesNotFit
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
    from generator.commands.validate import checked_game_or_stop
    from generator.documents import DOCUMENTS
    from generator.write import check_kit_folder, prepare_folder, refuse_inside_content, safe_folder_name, write_files

    started = time.perf_counter()
    from generator.fonts import register_fonts

    register_fonts()  # first, so the glyph check reads the fonts reportlab parsed instead of parsing them again
    game, report = checked_game_or_stop(
        script, content, console, force, "문서를 만들지 않았습니다", "만들려면", icons_dir=options.icons_dir
    )
    check_token_choices(game, options)
    labels = dict(DOCUMENTS)
    folder = Path(out) / safe_folder_name(game.script.id)
    refuse_inside_content(folder, content_folders(game))
    if options.png_dir is not None:
        refuse_inside_content(Path(options.png_dir), content_folders(game))
    check_kit_folder(folder)
    target = prepare_folder(folder)
    files = render_documents(game, options, modules, labels, console)
    written = write_files(target, files)  # the whole kit is replaced together, or not at all
    already = {(f.code, f.subject) for f in report.findings}  # an icon validation warned about warns once
    for finding in options.report.findings:
        if (finding.code, finding.subject) in already and finding.subject is not None:
            continue
        console.info(finding.format()) if finding.level == "warning" else console.error(finding.format())
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
    from generator.layout_tokens import resolve_choices

    problems = resolve_choices(game, options)
    if problems:
        flags = list(dict.fromkeys(flag for flag, _ in problems))
        raise typer.BadParameter(" ".join(message for _, message in problems), param_hint="/".join(flags))


def content_folders(game) -> list[Path]:
    """The folders no output may go into: the content folder read, and the bundled one."""
    from generator import DEFAULT_CONTENT_DIR

    return [Path(game.library.content_dir), DEFAULT_CONTENT_DIR]


# The almanac takes about as long as all the other documents together, so it gets the second core when one is
# free; when other work holds it, a child would only queue behind that work, and everything renders here.
SEPARATE_PROCESS = ("almanac",)


def render_documents(game, options: RenderOptions, modules: list[str], labels: dict, console: Console) -> list[tuple[str, bytes]]:
    """Every chosen document's files, in the order of `modules`; the almanac renders in a child process beside the rest."""
    from generator import parallel
    from generator.fonts import register_fonts

    register_fonts()  # (no-op when produce did it) before forking, so the child inherits the parsed fonts
    waiting = {}
    try:
        if len(modules) > 1 and any(m in SEPARATE_PROCESS for m in modules) and parallel.core_free():
            for module_name in modules:
                if module_name in SEPARATE_PROCESS:
                    elsewhere = " (다른 코어에서)" if parallel.fork_available() else ""  # macOS, Windows: right here
                    console.info(f"만드는 중: {labels.get(module_name, module_name)}…{elsewhere}")
                    waiting[module_name] = parallel.start(lambda name=module_name: build_with_findings(name, game, options))
        results = {}
        for module_name in modules:
            if module_name not in waiting:
                console.info(f"만드는 중: {labels.get(module_name, module_name)}…")
                results[module_name] = render_one(module_name, game, options)
        for module_name, child in waiting.items():
            files, findings, failure = child.result()
            seen = set(options.report.findings)
            options.report.findings.extend(f for f in findings if f not in seen)
            if failure:
                raise TextDoesNotFit(failure)
            results[module_name] = files
    finally:
        parallel.stop_all(waiting.values())  # a failure or Ctrl-C above must not leave a child running
    if options.sheet_copies > 1 and "script_sheet" in results:
        from generator.repeat import repeat_pages

        results["script_sheet"] = [(name, repeat_pages(data, options.sheet_copies)) for name, data in results["script_sheet"]]
    return [item for module_name in modules for item in results[module_name]]


def render_one(module_name: str, game, options: RenderOptions) -> list[tuple[str, bytes]]:
    """One document's files; a text too long for its page becomes TextDoesNotFit instead of reportlab's English."""
    from reportlab.platypus.doctemplate import LayoutError

    from generator.checks.lengths import layout_failure_message
    from generator.documents import DOCUMENTS, document_builder

    try:
        return document_builder(module_name)(game, options)
    except LayoutError as exc:
        raise TextDoesNotFit(layout_failure_message(game, dict(DOCUMENTS).get(module_name, module_name), str(exc))) from exc


def build_with_findings(module_name: str, game, options: RenderOptions):
    """(files, new findings, Korean failure or None): what the forked child sends back."""
    before = len(options.report.findings)
    try:
        files, failure = render_one(module_name, game, options), None
    except TextDoesNotFit as exc:
        files, failure = [], str(exc)
    return files, options.report.findings[before:], failure
