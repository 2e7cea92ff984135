"""`botc-pnp import-text`: almanac text files → one character YAML per character, through generator/write/importer.py."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.commands.common import Console, ContentOpt, DebugOpt, QuietOpt, friendly_errors
from generator.findings import EXIT_FINDINGS, EXIT_UNREADABLE, Report

OverwriteOpt = Annotated[
    bool,
    typer.Option(
        "--overwrite", help="--out에 이미 있고 내용이 다른 캐릭터 YAML(손으로 고친 파일일 수 있음)도 덮어씁니다."
    ),
]


def register(app: typer.Typer) -> None:
    @app.command("import-text")
    def import_text(
        files: Annotated[
            list[Path],
            typer.Argument(
                help="해설서 텍스트 파일(UTF-8). 여러 개면 뒤의 파일이 같은 캐릭터의 항목을 덮어씁니다.",
                show_default=False,
            ),
        ],
        out: Annotated[Path, typer.Option("--out", help="캐릭터 YAML(<id>.yaml)을 쓸 폴더.", show_default=False)],
        content: ContentOpt = None,
        overwrite: OverwriteOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """해설서 텍스트(전체 해설서 또는 개요 문단)를 읽어 캐릭터마다 YAML 파일을 씁니다. 이름→id 표는 ids.yaml과 캐릭터의 이름·별칭에서 만듭니다.

        --out에 이미 있는 파일은 내용이 같으면 그대로 두고, 다르면 --overwrite를 붙였을 때만 덮어씁니다."""
        from generator.pipeline import exchange

        console = Console(quiet)
        with friendly_errors(console, debug):
            report = Report()
            name_to_id, id_to_team = exchange.name_table(exchange.name_entries(content, report))
            characters: dict[str, dict] = {}
            failed = False
            for path in files:
                found, problem = exchange.read_almanac(path, name_to_id, id_to_team, report)
                if problem is not None:
                    console.error(f"[오류] {path}: {problem}")
                if found is None:
                    failed = True
                    continue
                for character in found:
                    characters.setdefault(character["id"], {}).update(character)
                console.info(f"읽음: {path} (캐릭터 {len(found)}개)")
            console.findings(report)
            if report.unreadable and not characters:
                raise typer.Exit(EXIT_UNREADABLE)
            changed, unchanged, refused = exchange.planned_files(characters, Path(out))
            for character_id in refused:
                console.error(
                    f"[오류] 캐릭터 id {character_id!r}로는 파일 이름을 만들 수 없어 건너뜁니다. id는 영문 소문자, 숫자, '_', '-'로만 씁니다"
                    "(ids.yaml이나 캐릭터 파일의 id를 고치세요)."
                )
            failed = failed or bool(refused)
            written = exchange.write_planned(Path(out), changed, overwrite)
            console.info(
                f"저장함: {out}에 캐릭터 YAML {len(written)}개"
                + (f"(내용이 같아 그대로 둔 파일 {unchanged}개)." if unchanged else ".")
            )
            if failed:
                raise typer.Exit(EXIT_FINDINGS)
