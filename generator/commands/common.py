"""Shared CLI plumbing: the common options, Korean error reporting, and loading a game for a command."""

from __future__ import annotations

import sys
import traceback
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Optional

import typer

from generator.commands import flags
from generator.findings import EXIT_FINDINGS, EXIT_UNREADABLE, Report, TextDoesNotFit, Unreadable
from generator.options import BY_NAME

ScriptArg = Annotated[
    str,
    typer.Argument(help="내장 스크립트 id(예: trouble-brewing, in-space) 또는 스크립트 파일(.yaml/.json) 경로."),
]
ContentOpt = Annotated[
    Optional[Path],
    typer.Option(
        "--content",
        help="내용 폴더(botc-pnp new가 만드는 폴더와 같은 구조). 기본값: botc-pnp에 함께 들어 있는 라이브러리.",
        show_default=False,
    ),
]
OutOpt = Annotated[Path, typer.Option("--out", help="출력 폴더. 문서는 <출력 폴더>/<스크립트 id>/에 씁니다.")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="오류 말고는 아무것도 출력하지 않습니다.")]
DebugOpt = Annotated[bool, typer.Option("--debug", help="예상하지 못한 오류가 나면 파이썬 추적 정보를 보여 줍니다.")]
ForceOpt = Annotated[bool, typer.Option("--force", help="검사에서 오류가 나와도 문서를 만듭니다.")]
# the print options a non-printing command shares with the others, as the table declares them (generator/options.py)
IconsOpt = flags.annotation(BY_NAME["icons"])
NamesOpt = flags.annotation(BY_NAME["names"])


class Console:
    """Korean messages to the terminal; progress goes quiet with --quiet, errors never do."""

    def __init__(self, quiet: bool = False):
        self.quiet = quiet

    def info(self, message: str) -> None:
        if not self.quiet:
            typer.echo(message)

    def error(self, message: str) -> None:
        typer.echo(message, err=True)

    def findings(self, report: Report, show_warnings: bool = True) -> None:
        for finding in report.findings:
            if finding.level == "error":
                self.error(finding.format())
            elif show_warnings and not self.quiet:
                typer.echo(finding.format())


@contextmanager
def usage_errors():
    """A choice generator.options refuses → typer's usage error for that flag (exit 2, Korean, no traceback)."""
    from generator.options import OptionError

    try:
        yield
    except OptionError as refused:
        raise typer.BadParameter(refused.message, param_hint=refused.flag) from None


@contextmanager
def friendly_errors(console: Console, debug: bool = False):
    """Turns every failure into a Korean message and an exit code; a traceback only with --debug."""
    from generator.interrupts import Interrupted, exit_code_of, stop_requested
    from generator.pipeline.output import OutputError, start_run, what_changed

    start_run()
    try:
        yield
    except (typer.Exit, typer.Abort, typer.BadParameter):
        raise  # typer prints usage problems itself (exit 2)
    except Unreadable as exc:
        for finding in exc.findings:
            if finding.level == "error":
                console.error(finding.format())
        console.error("입력을 읽을 수 없어 멈췄습니다.")
        raise typer.Exit(EXIT_UNREADABLE) from None
    except OutputError as exc:
        console.error(f"[오류] {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    except TextDoesNotFit as exc:
        console.error(f"[오류] {exc} 이전에 만든 파일은 그대로 있습니다.")
        raise typer.Exit(EXIT_FINDINGS) from None
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): stop quietly, as command-line tools do
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise typer.Exit(0) from None
    except (KeyboardInterrupt, Interrupted) as stop:  # Ctrl-C, SIGTERM: temporaries are gone, children stopped
        console.error(f"중단했습니다. {what_changed()}")
        raise typer.Exit(exit_code_of(stop)) from None
    except Exception as exc:  # the promise is: no traceback for users, ever
        if debug:
            traceback.print_exc(file=sys.stderr)
        stopped = stop_requested()
        if stopped is not None:  # the stop was swallowed on the way and became this error: it is still a stop
            console.error(f"중단했습니다. {what_changed()}")
            raise typer.Exit(exit_code_of(stopped)) from None
        console.error(
            f"[오류] 예상하지 못한 문제가 생겼습니다: {type(exc).__name__}: {exc}. "
            f"{what_changed()} --debug로 다시 실행하면 자세한 정보를 볼 수 있습니다."
        )
        raise typer.Exit(EXIT_FINDINGS) from None


def checked_game_or_stop(
    script, content, console, force: bool, refused: str, anyway: str, icons_dir=None, names="ours"
):
    """The game, when it may be turned into output (export-json): loaded and checked by the pipeline, its findings
    printed; unreadable input raises, a refusal stops (see stop_if_refused)."""
    from generator.pipeline.checking import check_script
    from generator.pipeline.printing import refusal

    game, report = check_script(script, content, icons_dir, names)
    if game is None or report.unreadable:
        raise Unreadable(report.findings)
    console.findings(report)
    stop_if_refused(refusal(game, report, force), console, refused, anyway)
    return game, report


def stop_if_refused(refused, console, what: str, anyway: str) -> None:
    """The pipeline's refusal (pipeline/printing.py) in the command line's words, exit 1; nothing when there is none.
    `what` says what was not done ('문서를 만들지 않았습니다'), `anyway` how --force would do it ('만들려면')."""
    from generator.pipeline.printing import NO_CHARACTERS

    if refused is None:
        return
    if refused.reason == NO_CHARACTERS:  # nothing to print or export, even with --force
        console.error(f"[오류] 스크립트에 라이브러리의 캐릭터가 하나도 없어 {what}. 캐릭터 id나 이름을 확인해 주세요.")
    else:
        console.error(
            f"검사에서 오류 {refused.errors}개가 나와 {what}. 오류를 고치거나, 그래도 {anyway} --force를 붙이세요."
        )
    raise typer.Exit(EXIT_FINDINGS)
