"""A Game's pictures → findings at validate time: icons that are missing or point outside the icons folder, and the
script's logo when it is not read or cannot be used, so what a build would print instead is announced before
printing. Icon files are only looked up, never decoded; the logo is decoded (one picture) to say whether it works.
A path that cannot be a path at all (a NUL, a lone surrogate, too long) is an error: the field must be fixed."""

from __future__ import annotations

from pathlib import Path

from generator.findings import Report
from generator.model import Game


def check(game: Game, report: Report, icons_dir: Path | None = None) -> None:
    from generator.art.icons import IconProblem, missing_icon_message, resolve_icon_path, reuses_library_id

    if icons_dir is not None and not Path(icons_dir).is_dir():
        report.warning(
            "icons-dir-missing",
            f"--icons로 준 '{icons_dir}'는 폴더가 아니거나 없습니다. 내장 아이콘으로 만듭니다.",
            where=str(icons_dir),
        )
        icons_dir = None
    content_dir = Path(game.library.content_dir)
    for character in game.characters:
        if character.icon_data is not None:  # uploaded as the picture itself: decoded once to say whether it works
            from generator.art.icons import UPLOAD_REASONS, icon_from_bytes

            _icon, problem = icon_from_bytes(character.icon_data, f"{character.id}-icon")
            if problem is not None:
                reason = UPLOAD_REASONS.get(problem.code, UPLOAD_REASONS[None])
                report.warning(
                    problem.code,
                    f"{character.name}: 올린 아이콘을 쓸 수 없어 자리표시 아이콘으로 인쇄합니다: {reason}.",
                    subject=character.id,
                    where=character.where("icon"),
                )
            continue
        problems: list[IconProblem] = []
        path = resolve_icon_path(
            character.id,
            character.icon,
            content_dir,
            icons_dir,
            problems,
            character.image,
            character.image_base,
            by_id=not reuses_library_id(character, game),
        )
        where = character.where("icon") if character.icon else character.source
        for problem in problems:
            level = report.error if problem.code == "path-invalid" else report.warning
            level(problem.code, f"{character.name}: {problem.message_ko}", subject=character.id, where=where)
        if problems:
            continue
        if path is None:
            report.warning(
                "icon-missing",
                f"{character.name}: {missing_icon_message(character)}",
                subject=character.id,
                where=where,
            )
        elif not path.is_file():
            fix = (
                f"image에 쓴 경로({character.image})가 스크립트 폴더의 파일을 가리키게 고쳐 주세요."
                if character.image
                else f"아이콘 폴더({content_dir / 'icons'})에 파일을 넣거나 icon 항목을 고쳐 주세요."
            )
            report.warning(
                "icon-missing",
                f"{character.name}: 아이콘 파일이 없습니다: {path.name}. 자리표시 아이콘으로 인쇄합니다. {fix}",
                subject=character.id,
                where=where,
            )
    check_logo(game, report)
    check_almanac_address(game, report)


def check_almanac_address(game: Game, report: Report) -> None:
    from generator.load.links import almanac_address

    _, problem = almanac_address(game.script)
    if problem is not None:
        report.warning("almanac-address", problem, subject=game.script.id, where=game.script.where("almanac"))


def check_logo(game: Game, report: Report) -> None:
    from generator.art.icons import script_logo

    _, problem = script_logo(game.script)
    if problem is not None:
        code, message = problem
        level = report.error if code == "path-invalid" else report.warning
        level(code, message, subject=game.script.id, where=game.script.where("logo"))
