"""`botc-pnp import-text`: almanac text files → one character YAML per character, through generator/importer.py."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator import DEFAULT_CONTENT_DIR
from generator.commands.common import Console, ContentOpt, DebugOpt, QuietOpt, friendly_errors
from generator.findings import EXIT_FINDINGS, EXIT_UNREADABLE, Report


def name_entries(content_dir: Path, report: Report) -> list[dict]:
    """Names the importer can recognise: the folder's ids.yaml (or the bundled one) plus every character's name and aliases."""
    from generator.content import load_characters
    from generator.yamlio import load_yaml

    entries: list[dict] = []
    ids_file = content_dir / "ids.yaml"
    if not ids_file.is_file():
        ids_file = DEFAULT_CONTENT_DIR / "ids.yaml"
    located = load_yaml(ids_file, report) if ids_file.is_file() else None
    if located is not None and isinstance(located.data, list):
        entries.extend(e for e in located.data if isinstance(e, dict) and isinstance(e.get("id"), str) and isinstance(e.get("name"), str))
    if (content_dir / "characters").is_dir():
        for character in load_characters(content_dir, Report()).values():
            entries.append({"id": character.id, "name": character.name, "team": character.team, "aliases": character.aliases})
    return entries


def register(app: typer.Typer) -> None:
    @app.command("import-text")
    def import_text(
        files: Annotated[list[Path], typer.Argument(help="해설서 텍스트 파일(UTF-8). 여러 개면 뒤의 파일이 같은 캐릭터의 항목을 덮어씁니다.", show_default=False)],
        out: Annotated[Path, typer.Option("--out", help="캐릭터 YAML(<id>.yaml)을 쓸 폴더.", show_default=False)],
        content: ContentOpt = None,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """해설서 텍스트(전체 해설서 또는 개요 문단)를 읽어 캐릭터마다 YAML 파일을 씁니다. 이름→id 표는 ids.yaml과 캐릭터의 이름·별칭에서 만듭니다."""
        from generator.importer import AlmanacError, name_table, parse_almanac, write_character_yaml
        from generator.yamlio import read_text

        console = Console(quiet)
        with friendly_errors(console, debug):
            report = Report()
            name_to_id, id_to_team = name_table(name_entries(Path(content or DEFAULT_CONTENT_DIR), report))
            characters: dict[str, dict] = {}
            failed = False
            for path in files:
                text = read_text(path, report)
                if text is None:
                    failed = True
                    continue
                try:
                    parsed = parse_almanac(text, name_to_id, id_to_team)
                except AlmanacError as exc:
                    console.error(f"[오류] {path}: {exc}")
                    failed = True
                    continue
                for character in parsed.characters:
                    characters.setdefault(character["id"], {}).update(character)
                console.info(f"읽음: {path} (캐릭터 {len(parsed.characters)}개)")
            console.findings(report)
            if report.unreadable and not characters:
                raise typer.Exit(EXIT_UNREADABLE)
            for character_id, character in characters.items():
                try:
                    write_character_yaml(character, Path(out) / f"{character_id}.yaml")
                except OSError as exc:
                    console.error(f"[오류] 파일을 쓸 수 없습니다({exc.strerror or exc}): {Path(out) / f'{character_id}.yaml'}")
                    raise typer.Exit(EXIT_UNREADABLE)
            console.info(f"저장함: {out}에 캐릭터 YAML {len(characters)}개.")
            if failed:
                raise typer.Exit(EXIT_FINDINGS)
