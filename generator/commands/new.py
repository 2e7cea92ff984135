"""`botc-pnp new DIR`: a starter content folder for a homebrew script that validates and builds as it is.

The folder is a full content folder (the loader reads exactly one): the bundled characters, icons, night order,
rules, jinxes and setup table, plus an example character and a script, both explained field by field in Korean
comments (templates/new/). The example character is put into the copied night order.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer

from generator.commands.common import Console, DebugOpt, QuietOpt, friendly_errors
from generator.findings import EXIT_UNREADABLE
from generator.invocation import invocation, shell_word
from generator.josa import with_particle

EXAMPLE_ID = "lamplighter"  # the starter's example character (generator/pipeline/exchange.py writes it)
# Characters that end a line in YAML or a terminal (C0, DEL, C1, U+2028/2029): the folder name is written into the
# starter's files and printed in commands, so it may not hold one. (Compiled by re, not generator.keep.patterns: `--help`
# loads this module and must not read the cache.)
LINE_BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def register(app: typer.Typer) -> None:
    @app.command("new")
    def new(
        folder: Annotated[Path, typer.Argument(help="만들 폴더. 없거나 비어 있어야 합니다.", show_default=False)],
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """자작 스크립트 시작 폴더를 만듭니다: 공식 캐릭터와 밤 순서, 설명이 달린 예시 캐릭터·스크립트. 그대로 검사하고 만들 수 있습니다."""
        console = Console(quiet)
        with friendly_errors(console, debug):
            if LINE_BREAKS.search(str(folder)):
                console.error(
                    f"[오류] 폴더 이름에 줄바꿈이나 제어 문자가 있습니다: {str(folder)!r}. "
                    "시작 폴더의 파일 안에 이 이름이 들어가므로 쓸 수 없습니다. 글자, 숫자, 공백, '-', '_'로 된 이름을 주세요."
                )
                raise typer.Exit(EXIT_UNREADABLE)
            from generator.pipeline.exchange import make_starter, refuse_starter_place

            refuse_starter_place(folder)
            if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
                what = "파일" if not folder.is_dir() else "비어 있지 않은 폴더"
                console.error(
                    f"[오류] {with_particle(str(folder), '은')} 이미 있는 {what}입니다. 덮어쓰지 않습니다. 없는 폴더 이름을 주세요."
                )
                raise typer.Exit(EXIT_UNREADABLE)
            try:
                script_path = make_starter(folder)
            except OSError as exc:
                console.error(f"[오류] 폴더를 만들 수 없습니다({exc.strerror or exc}): {folder}")
                raise typer.Exit(EXIT_UNREADABLE) from None
            console.info(f"시작 폴더를 만들었습니다: {folder}")
            console.info(f"  스크립트: {script_path}")
            console.info(f"  예시 캐릭터: {folder / 'characters' / f'{EXAMPLE_ID}.yaml'}")
            console.info("다음 명령으로 검사하고 인쇄물을 만드세요:")
            quoted_script, quoted_folder = shell_word(str(script_path)), shell_word(str(folder))
            command = invocation()
            console.info(f"  {command} validate {quoted_script} --content {quoted_folder}")
            console.info(f"  {command} build {quoted_script} --content {quoted_folder}")
