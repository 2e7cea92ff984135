"""`botc-pnp characters`: the content folder's characters and a search → a Korean table (or JSON) of ids to use."""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Optional

import typer

from generator.commands.common import Console, ContentOpt, DebugOpt, QuietOpt, friendly_errors
from generator.pipeline.library import EDITION_HELP, TEAM_HELP


def display_width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, width: int) -> str:
    return text + " " * max(0, width - display_width(text))


def table_lines(found) -> list[str]:
    from generator.model import EDITION_NAMES_KO, TEAM_NAMES_KO

    rows = [("id", "이름", "팀", "판")]
    rows += [
        (c.id, c.name, TEAM_NAMES_KO.get(c.team, c.team), EDITION_NAMES_KO.get(c.edition or "custom", c.edition))
        for c in found
    ]
    widths = [max(display_width(row[i]) for row in rows) for i in range(3)]
    return [
        "  ".join([pad(row[0], widths[0]), pad(row[1], widths[1]), pad(row[2], widths[2]), row[3]]).rstrip()
        for row in rows
    ]


def register(app: typer.Typer) -> None:
    @app.command("characters")
    def characters(
        query: Annotated[
            Optional[str],
            typer.Argument(
                metavar="검색어",
                help="찾을 말: 한국어 이름(띄어쓰기 무시), 초성(예: ㅅㅌㅂ), id, 영어 이름. 비우면 모두 보여 줍니다.",
                show_default=False,
            ),
        ] = None,
        team: Annotated[Optional[str], typer.Option("--team", help=TEAM_HELP, show_default=False)] = None,
        edition: Annotated[Optional[str], typer.Option("--edition", help=EDITION_HELP, show_default=False)] = None,
        content: ContentOpt = None,
        as_json: Annotated[
            bool, typer.Option("--json", help="결과를 JSON 목록으로 출력합니다(id, name, team, edition, ability).")
        ] = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """라이브러리의 캐릭터를 찾아 id, 한국어 이름, 팀, 판을 보여 줍니다. 스크립트에 쓸 id를 찾을 때 씁니다."""
        from generator.pipeline.library import edition_of, printed_words, search_characters, team_of

        console = Console(quiet)
        try:
            wanted_team = team_of(team)
        except ValueError:
            raise typer.BadParameter(f"알 수 없는 팀입니다: '{team}'. {TEAM_HELP}", param_hint="--team") from None
        try:
            wanted_edition = edition_of(edition)
        except ValueError:
            raise typer.BadParameter(
                f"알 수 없는 판입니다: '{edition}'. {EDITION_HELP}", param_hint="--edition"
            ) from None
        with friendly_errors(console, debug):
            library = load_characters_or_stop(content, console)
            found = search_characters(library.values(), query, wanted_team, wanted_edition)
            printed = printed_words(library)  # the words the PDFs print (aliases, glossary terms)
            if as_json:
                typer.echo(
                    json.dumps(
                        [
                            {
                                "id": c.id,
                                "name": c.name,
                                "team": c.team,
                                "edition": c.edition or "custom",
                                "ability": printed(c.ability),
                            }
                            for c in found
                        ],
                        ensure_ascii=False,
                        indent=2,
                    )
                )
                raise typer.Exit(0 if found else 1)
            if not found:
                console.error(
                    f"찾는 캐릭터가 없습니다: {query or ''} (라이브러리에 {len(library)}명). 초성(예: ㅅㅌㅂ)이나 id 일부로 찾아보세요."
                )
                raise typer.Exit(1)
            for line in table_lines(found):
                console.info(line)
            console.info(
                f"{len(found)}명" + (f" (라이브러리 전체 {len(library)}명)" if len(found) != len(library) else "")
            )


def load_characters_or_stop(content, console):
    """The content folder's characters; a broken file is reported as a warning and left out of the list."""
    from generator.findings import Report, Unreadable
    from generator.pipeline.library import characters_of

    report = Report()
    characters = characters_of(content, report)
    if characters is None:
        raise Unreadable(report.findings)
    for finding in report.findings:
        console.error(finding.format())
    return characters
