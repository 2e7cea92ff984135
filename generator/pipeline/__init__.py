"""The stages both doors run: a script → a checked Game (load, then every check) → the chosen documents' PDF bytes.

The CLI commands (generator/commands/) add printing, exit codes and writing files; the web server
(generator/server/) adds requests, its worker pool and answers. Neither keeps a copy of these steps.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from generator.keep import parsecache
from generator.findings import TextDoesNotFit
from generator.options import RenderOptions


def validate_game(script, content, icons_dir=None, names: str = "ours"):
    """Loads, names the characters as they will print (`names`, see generator.load.naming) and checks; returns (game or
    None, report). Shared with build, which refuses to render on errors."""
    from generator.check import run_checks
    from generator.load.game import load_game
    from generator.load.naming import named_game

    game, report = load_game(script, content)
    if game is not None and not report.unreadable:
        game = named_game(game, names)
        run_checks(game, report, icons_dir)
    return game, report


def content_folders(game) -> list[Path]:
    """The folders no output may go into: the content folder read, and the bundled one."""
    from generator import DEFAULT_CONTENT_DIR

    return [Path(game.library.content_dir), DEFAULT_CONTENT_DIR]


# The almanac takes about as long as all the other documents together, so it gets the second core when one is
# free; when other work holds it, a child would only queue behind that work, and everything renders here.
SEPARATE_PROCESS = ("almanac",)


def render_documents(game, options: RenderOptions, modules: list[str], labels: dict, progress: Callable[[str], None] = lambda line: None) -> list[tuple[str, bytes]]:
    """Every chosen document's files, in the order of `modules`; the almanac renders in a child process beside the rest
    when a core is free. `progress` hears a Korean line as each document starts."""
    from generator.pipeline import parallel
    from generator.typeset.fonts import register_fonts

    register_fonts()  # (no-op when produce did it) before forking, so the child inherits the parsed fonts
    waiting = {}
    try:
        if len(modules) > 1 and any(m in SEPARATE_PROCESS for m in modules) and parallel.core_free():
            if parallel.fork_available():
                from generator.typeset.fonts import unpack_subset_tables

                unpack_subset_tables()  # once here rather than once in each process
            for module_name in modules:
                if module_name in SEPARATE_PROCESS:
                    elsewhere = " (다른 코어에서)" if parallel.fork_available() else ""  # macOS, Windows: right here
                    progress(f"만드는 중: {labels.get(module_name, module_name)}…{elsewhere}")
                    waiting[module_name] = parallel.start(lambda name=module_name: build_in_child(name, game, options))
        results = {}
        for module_name in modules:
            if module_name not in waiting:
                progress(f"만드는 중: {labels.get(module_name, module_name)}…")
                results[module_name] = render_one(module_name, game, options)
        for module_name, child in waiting.items():
            files, findings, failure, parses = child.result()
            parsecache.adopt(parses)  # the child's new parses are saved with this process's
            seen = set(options.report.findings)
            options.report.findings.extend(f for f in findings if f not in seen)
            if failure:
                raise TextDoesNotFit(failure)
            results[module_name] = files
    finally:
        parallel.stop_all(waiting.values())  # a failure or Ctrl-C above must not leave a child running
    if options.sheet_copies > 1 and "script_sheet" in results:
        from generator.pdf.repeat import repeat_pages

        results["script_sheet"] = [(name, repeat_pages(data, options.sheet_copies)) for name, data in results["script_sheet"]]
    return [item for module_name in modules for item in results[module_name]]


def render_one(module_name: str, game, options: RenderOptions) -> list[tuple[str, bytes]]:
    """One document's files; a text too long for its page becomes TextDoesNotFit instead of reportlab's English."""
    from reportlab.platypus.doctemplate import LayoutError

    from generator.check.lengths import layout_failure_message
    from generator.documents import DOCUMENTS, document_builder

    try:
        return document_builder(module_name)(game, options)
    except LayoutError as exc:
        raise TextDoesNotFit(layout_failure_message(game, dict(DOCUMENTS).get(module_name, module_name), str(exc))) from exc


def build_in_child(module_name: str, game, options: RenderOptions):
    """build_with_findings and what the child parsed or used from the kept parses (it ends without saving them)."""
    return (*build_with_findings(module_name, game, options), parsecache.handed_over())


def build_with_findings(module_name: str, game, options: RenderOptions):
    """(files, new findings, Korean failure or None): what the forked child sends back."""
    before = len(options.report.findings)
    try:
        files, failure = render_one(module_name, game, options), None
    except TextDoesNotFit as exc:
        files, failure = [], str(exc)
    return files, options.report.findings[before:], failure
