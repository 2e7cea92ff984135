"""A Game's icon references → findings at validate time: icons that are missing or point outside the icons folder,
so the placeholder a build would print is announced before printing. Files are only looked up, never decoded."""

from __future__ import annotations

from pathlib import Path

from generator.findings import Report
from generator.model import Game


def check(game: Game, report: Report, icons_dir: Path | None = None) -> None:
    from generator.icons import IconProblem, resolve_icon_path

    if icons_dir is not None and not Path(icons_dir).is_dir():
        report.warning(
            "icons-dir-missing",
            f"--icons로 준 '{icons_dir}'는 폴더가 아니거나 없습니다. 내장 아이콘으로 만듭니다.",
            where=str(icons_dir),
        )
        icons_dir = None
    content_dir = Path(game.library.content_dir)
    for character in game.characters:
        problems: list[IconProblem] = []
        path = resolve_icon_path(character.id, character.icon, content_dir, icons_dir, problems)
        where = character.where("icon") if character.icon else character.source
        for problem in problems:
            report.warning(problem.code, f"{character.name}: {problem.message_ko}", subject=character.id, where=where)
        if problems:
            continue
        if path is None:
            report.warning(
                "icon-missing",
                f"{character.name}: 아이콘이 지정되지 않았고 아이콘 폴더에 {character.id}.svg나 {character.id}.png도 "
                "없습니다. 자리표시 아이콘으로 인쇄합니다. icon 항목에 파일 이름을 쓰거나 그 이름의 파일을 넣어 주세요.",
                subject=character.id,
                where=where,
            )
        elif not path.is_file():
            report.warning(
                "icon-missing",
                f"{character.name}: 아이콘 파일이 없습니다: {path.name}. 자리표시 아이콘으로 인쇄합니다. "
                f"아이콘 폴더({content_dir / 'icons'})에 파일을 넣거나 icon 항목을 고쳐 주세요.",
                subject=character.id,
                where=where,
            )
