"""Shared by the document commands: load → check → render the chosen documents → write them atomically, with progress."""

from __future__ import annotations

import time
from pathlib import Path

import typer

from generator.commands.common import Console
from generator.findings import EXIT_FINDINGS
from generator.josa import quoted
from generator.options import RenderOptions


def produce(
    script: str,
    content: Path | None,
    out: Path,
    options: RenderOptions,
    modules: list[str],
    console: Console,
    force: bool = False,
) -> tuple[object, list[Path]]:
    from generator.commands.validate import checked_game_or_stop
    from generator.documents import DOCUMENTS
    from generator.write import prepare_folder, safe_folder_name, write_atomic

    started = time.perf_counter()
    from generator.fonts import register_fonts

    register_fonts()  # first, so the glyph check reads the fonts reportlab parsed instead of parsing them again
    game, report = checked_game_or_stop(
        script, content, console, force, "문서를 만들지 않았습니다", "만들려면", icons_dir=options.icons_dir
    )
    check_token_choices(game, options)
    labels = dict(DOCUMENTS)
    target = prepare_folder(Path(out) / safe_folder_name(game.script.id))
    files = render_documents(game, options, modules, labels, console)
    written = []
    for name, data in files:
        written.append(write_atomic(target / name, data))
    already = {(f.code, f.subject) for f in report.findings}  # an icon validation warned about warns once
    for finding in options.report.findings:
        if (finding.code, finding.subject) in already and finding.subject is not None:
            continue
        console.info(finding.format()) if finding.level == "warning" else console.error(finding.format())
    for path in written:
        console.info(f"저장함: {path} ({path.stat().st_size / 1024:,.0f} KB)")
    console.info(f"완료: 문서 {len(written)}개, {time.perf_counter() - started:.1f}초.")
    if report.errors:  # built anyway with --force: the findings still stand
        console.error(f"--force로 만들었지만 검사 오류 {len(report.errors)}개가 남아 있습니다.")
        raise typer.Exit(EXIT_FINDINGS)
    return game, written


def check_token_choices(game, options: RenderOptions) -> None:
    """--only / --copies name characters of this script (ids, names or aliases); else a usage error (exit 2)."""
    from generator.layout_tokens import resolve_choices

    problems = resolve_choices(game, options)
    if problems:
        flags = list(dict.fromkeys(flag for flag, _ in problems))
        raise typer.BadParameter(" ".join(message for _, message in problems), param_hint="/".join(flags))


# The almanac takes about as long as all the other documents together, so it gets the second core.
SEPARATE_PROCESS = ("almanac",)


def render_documents(game, options: RenderOptions, modules: list[str], labels: dict, console: Console) -> list[tuple[str, bytes]]:
    """Every chosen document's files, in the order of `modules`; the almanac renders in a child process beside the rest."""
    from generator import parallel
    from generator.documents import document_builder
    from generator.fonts import register_fonts

    register_fonts()  # (no-op when produce did it) before forking, so the child inherits the parsed fonts
    waiting = {}
    try:
        if len(modules) > 1:
            for module_name in modules:
                if module_name in SEPARATE_PROCESS:
                    console.info(f"만드는 중: {labels.get(module_name, module_name)}… (다른 코어에서)")
                    waiting[module_name] = parallel.start(lambda name=module_name: build_with_findings(name, game, options))
        results = {}
        for module_name in modules:
            if module_name not in waiting:
                console.info(f"만드는 중: {labels.get(module_name, module_name)}…")
                results[module_name] = render_one(module_name, game, options)
        for module_name, child in waiting.items():
            files, findings, failure = child.result()
            options.report.findings.extend(f for f in findings if f not in options.report.findings)
            if failure:
                raise TextDoesNotFit(failure)
            results[module_name] = files
    finally:
        parallel.stop_all(waiting.values())  # a failure or Ctrl-C above must not leave a child running
    if options.sheet_copies > 1 and "script_sheet" in results:
        from generator.repeat import repeat_pages

        results["script_sheet"] = [(name, repeat_pages(data, options.sheet_copies)) for name, data in results["script_sheet"]]
    return [item for module_name in modules for item in results[module_name]]


class TextDoesNotFit(Exception):
    """A page could not hold a text (reportlab's LayoutError); the message is Korean and names the owner and field."""


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
