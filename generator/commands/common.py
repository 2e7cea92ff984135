"""Shared CLI plumbing: the common options, Korean error reporting, and loading a game for a command."""

from __future__ import annotations

import sys
import traceback
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Optional

import typer

from generator.findings import EXIT_FINDINGS, EXIT_UNREADABLE, Report, TextDoesNotFit, Unreadable

ScriptArg = Annotated[
    str,
    typer.Argument(help="내장 스크립트 id(예: trouble-brewing, in-space) 또는 스크립트 파일(.yaml/.json) 경로."),
]
ContentOpt = Annotated[
    Optional[Path],
    typer.Option("--content", help="내용 폴더(botc-pnp new가 만드는 폴더와 같은 구조). 기본값: botc-pnp에 함께 들어 있는 라이브러리.", show_default=False),
]
OutOpt = Annotated[Path, typer.Option("--out", help="출력 폴더. 문서는 <출력 폴더>/<스크립트 id>/에 씁니다.")]
PaperOpt = Annotated[str, typer.Option("--paper", help="용지: a4 또는 letter.")]
IconsOpt = Annotated[
    Optional[Path],
    typer.Option("--icons", help="직접 만든 아이콘 폴더(<캐릭터 id>.svg 또는 .png). 있으면 내장 아이콘 대신 씁니다.", show_default=False),
]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="오류 말고는 아무것도 출력하지 않습니다.")]
DebugOpt = Annotated[bool, typer.Option("--debug", help="예상하지 못한 오류가 나면 파이썬 추적 정보를 보여 줍니다.")]
ForceOpt = Annotated[bool, typer.Option("--force", help="검사에서 오류가 나와도 문서를 만듭니다.")]
EnglishOpt = Annotated[bool, typer.Option(
    "--english", help="영어 이름 함께 넣기: 캐릭터마다 출판사의 영어 이름을 한국어 이름 옆에 작게 넣습니다(캐릭터 시트, 밤 순서표, "
    "한 장 밤 순서, 해설서). 영어로 게임을 배운 플레이어가 있는 모임에 좋습니다.")]

NamesOpt = Annotated[str, typer.Option(
    "--names", metavar="ours|community",
    help="캐릭터 이름 표기: ours는 이 키트의 이름, community는 온라인 마도서의 한국어 옵션이 쓰는 커뮤니티 번역 이름입니다"
    "(라이브러리에 있는 캐릭터만, 나머지는 이 키트의 이름). 능력과 해설서 문장 속 이름도 함께 바뀌고, 헷갈릴 이름은 검사가 알려 줍니다.")]
StyleOpt = Annotated[str, typer.Option(
    "--style", help="인쇄 스타일: clean(기본, 흰 종이에 깔끔하게) 또는 parchment(옅은 크림색 바탕에 틀을 두른 제목, 흑백으로 "
    "찍어도 글자가 또렷함). 캐릭터 시트, 밤 순서표, 한 장 밤 순서에 씁니다.")]
CreepOpt = Annotated[float, typer.Option(
    "--creep", metavar="MM", help="소책자 밀림 보정(mm): 접으면 안쪽 장일수록 바깥 가장자리로 밀려 나오므로, 가운데 장의 쪽을 이만큼 "
    "접는 선 쪽으로 옮기고 그 사이 장은 고르게 나눠 옮깁니다(바깥 장은 그대로). 12장이 넘는 소책자에 쓰세요: 80 g 종이는 "
    "장당 약 0.1 mm라 17장이면 --creep 1.6입니다. 0이면 보정하지 않습니다.")]


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


def check_paper(paper: str) -> str:
    from generator import options

    with usage_errors():
        return options.check_paper(paper)


def check_naming(names: str) -> str:
    from generator import options

    with usage_errors():
        return options.check_naming(names)


def check_style(style: str) -> str:
    from generator import options

    with usage_errors():
        return options.check_style(style)


def check_creep(creep: float) -> float:
    from generator import options

    with usage_errors():
        return options.check_creep(creep)


@contextmanager
def friendly_errors(console: Console, debug: bool = False):
    """Turns every failure into a Korean message and an exit code; a traceback only with --debug."""
    from generator.interrupts import Interrupted, exit_code_of, stop_requested
    from generator.write.files import OutputError, start_run, what_changed

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
        raise typer.Exit(EXIT_UNREADABLE)
    except OutputError as exc:
        console.error(f"[오류] {exc}")
        raise typer.Exit(EXIT_UNREADABLE)
    except TextDoesNotFit as exc:
        console.error(f"[오류] {exc} 이전에 만든 파일은 그대로 있습니다.")
        raise typer.Exit(EXIT_FINDINGS)
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): stop quietly, as command-line tools do
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise typer.Exit(0)
    except (KeyboardInterrupt, Interrupted) as stop:  # Ctrl-C, SIGTERM: temporaries are gone, children stopped
        console.error(f"중단했습니다. {what_changed()}")
        raise typer.Exit(exit_code_of(stop))
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
        raise typer.Exit(EXIT_FINDINGS)


def checked_game_or_stop(script, content, console, force: bool, refused: str, anyway: str, icons_dir=None, names="ours"):
    """The game, when it may be turned into output (build, the document commands, export-json): loaded and checked by the
    pipeline, its findings printed; unreadable input raises, errors stop unless --force."""
    from generator.findings import EXIT_FINDINGS, Unreadable
    from generator.pipeline import validate_game

    game, report = validate_game(script, content, icons_dir, names)
    if game is None or report.unreadable:
        raise Unreadable(report.findings)
    console.findings(report)
    if not game.characters:  # nothing to print or export, even with --force
        console.error(f"[오류] 스크립트에 라이브러리의 캐릭터가 하나도 없어 {refused}. 캐릭터 id나 이름을 확인해 주세요.")
        raise typer.Exit(EXIT_FINDINGS)
    if report.error_count and not force:
        console.error(
            f"검사에서 오류 {report.error_count}개가 나와 {refused}. 오류를 고치거나, 그래도 {anyway} --force를 붙이세요."
        )
        raise typer.Exit(EXIT_FINDINGS)
    return game, report
