"""`botc-pnp new DIR`: a starter content folder for a homebrew script that validates and builds as it is.

The folder is a full content folder (the loader reads exactly one): the bundled characters, icons, night order,
rules, jinxes and setup table, plus an example character and a script, both explained field by field in Korean
comments (templates/new/). The example character is put into the copied night order.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Annotated

import typer

from generator import DEFAULT_CONTENT_DIR, TEMPLATES_DIR
from generator.commands.common import Console, DebugOpt, QuietOpt, friendly_errors
from generator.findings import EXIT_UNREADABLE
from generator.invocation import invocation, shell_word
from generator.josa import with_particle

STARTER_DIR = TEMPLATES_DIR / "new"
EXAMPLE_ID = "lamplighter"
SCRIPT_ID = "my-script"
# Characters that end a line in YAML or a terminal (C0, DEL, C1, U+2028/2029): the folder name is written into the
# starter's files and printed in commands, so it may not hold one.
LINE_BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def insert_into_night_order(path: Path, character_id: str, night: str, after: str) -> None:
    """Adds the id to one night's flow list (one line or wrapped), after `after` (else before dawn), keeping the
    file's comments."""
    from generator.write.content_folder import FLOW_LIST_START, wrapped_flow_list

    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for start, line in enumerate(lines):
        match = FLOW_LIST_START.match(line)
        if not match or match.group(1) != night:
            continue
        end = start
        while "]" not in lines[end] and end + 1 < len(lines):
            end += 1
        block = "".join(lines[start : end + 1])
        inner = block[block.index("[") + 1 : block.index("]")]
        steps = [s.strip() for s in inner.replace("\n", " ").split(",") if s.strip()]
        if character_id in steps:
            return
        at = steps.index(after) + 1 if after in steps else (steps.index("dawn") if "dawn" in steps else len(steps))
        steps.insert(at, character_id)
        lines[start : end + 1] = [wrapped_flow_list(night, steps)]
        path.write_text("".join(lines), encoding="utf-8")
        return
    raise ValueError(f"{path}에서 '{night}: [...]' 목록을 찾지 못했습니다")


def fill(text: str, folder: Path, script_path: Path) -> str:
    return (
        text.replace("__BOTC_PNP__", invocation())
        .replace("__SCRIPT_PATH__", shell_word(script_path.as_posix()))
        .replace("__DIR__", shell_word(folder.as_posix()))
        .replace("__SCRIPT_ID__", SCRIPT_ID)
    )


def make_starter(folder: Path, source: Path = DEFAULT_CONTENT_DIR) -> Path:
    """Writes the starter into `folder` (which must be missing or empty); returns the script path."""
    from generator.write.content_folder import copy_library

    folder.mkdir(parents=True, exist_ok=True)
    copy_library(source, folder)
    script_path = folder / "scripts" / f"{SCRIPT_ID}.yaml"
    shutil.copy2(STARTER_DIR / "character.yaml", folder / "characters" / f"{EXAMPLE_ID}.yaml")
    shutil.copy2(STARTER_DIR / f"{EXAMPLE_ID}.svg", folder / "icons" / f"{EXAMPLE_ID}.svg")
    script_path.write_text(fill((STARTER_DIR / "script.yaml").read_text(encoding="utf-8"), folder, script_path), encoding="utf-8")
    (folder / "README.md").write_text(fill((STARTER_DIR / "README.md").read_text(encoding="utf-8"), folder, script_path), encoding="utf-8")
    insert_into_night_order(folder / "night_order.yaml", EXAMPLE_ID, "first_night", after="washerwoman")
    return script_path


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
            from generator.write.files import refuse_inside_content

            refuse_inside_content(folder, [DEFAULT_CONTENT_DIR])
            if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
                what = "파일" if not folder.is_dir() else "비어 있지 않은 폴더"
                console.error(f"[오류] {with_particle(str(folder), '은')} 이미 있는 {what}입니다. 덮어쓰지 않습니다. 없는 폴더 이름을 주세요.")
                raise typer.Exit(EXIT_UNREADABLE)
            try:
                script_path = make_starter(folder)
            except OSError as exc:
                console.error(f"[오류] 폴더를 만들 수 없습니다({exc.strerror or exc}): {folder}")
                raise typer.Exit(EXIT_UNREADABLE)
            console.info(f"시작 폴더를 만들었습니다: {folder}")
            console.info(f"  스크립트: {script_path}")
            console.info(f"  예시 캐릭터: {folder / 'characters' / f'{EXAMPLE_ID}.yaml'}")
            console.info("다음 명령으로 검사하고 인쇄물을 만드세요:")
            quoted_script, quoted_folder = shell_word(str(script_path)), shell_word(str(folder))
            command = invocation()
            console.info(f"  {command} validate {quoted_script} --content {quoted_folder}")
            console.info(f"  {command} build {quoted_script} --content {quoted_folder}")
