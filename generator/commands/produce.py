"""Shared by the document commands: load → check → render the chosen documents → write them atomically, with progress."""

from __future__ import annotations

import time
from pathlib import Path

import typer

from generator.commands.common import Console
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
) -> list[Path]:
    from generator.commands.validate import validate_game
    from generator.documents import DOCUMENTS, document_builder
    from generator.write import prepare_folder, safe_folder_name, write_atomic

    started = time.perf_counter()
    game, report = validate_game(script, content)
    if game is None or report.unreadable:
        raise Unreadable(report.findings)
    console.findings(report)
    if report.errors and not force:
        console.error(
            f"검사에서 오류 {len(report.errors)}개가 나와 문서를 만들지 않았습니다. "
            "오류를 고치거나, 그래도 만들려면 --force를 붙이세요."
        )
        raise typer.Exit(EXIT_FINDINGS)
    labels = dict(DOCUMENTS)
    target = prepare_folder(Path(out) / safe_folder_name(game.script.id))
    files: list[tuple[str, bytes]] = []
    for module_name in modules:
        console.info(f"만드는 중: {labels.get(module_name, module_name)}…")
        files.extend(document_builder(module_name)(game, options))
    written = []
    for name, data in files:
        written.append(write_atomic(target / name, data))
    for finding in options.report.findings:
        console.info(finding.format()) if finding.level == "warning" else console.error(finding.format())
    for path in written:
        console.info(f"저장함: {path} ({path.stat().st_size / 1024:,.0f} KB)")
    console.info(f"완료: 문서 {len(written)}개, {time.perf_counter() - started:.1f}초.")
    return written
