"""`botc-pnp import-text`: almanac text files → one character YAML per character, through generator/write/importer.py."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator import DEFAULT_CONTENT_DIR
from generator.commands.common import Console, ContentOpt, DebugOpt, QuietOpt, friendly_errors
from generator.findings import EXIT_FINDINGS, EXIT_UNREADABLE, Report


def name_entries(content_dir: Path, report: Report) -> list[dict]:
    """Names the importer can recognise: the folder's ids.yaml (or the bundled one) plus every character's name and aliases."""
    from generator.load.characters import load_characters
    from generator.read.yamlio import load_yaml

    entries: list[dict] = []
    ids_file = content_dir / "ids.yaml"
    if not ids_file.is_file():
        ids_file = DEFAULT_CONTENT_DIR / "ids.yaml"
    located = load_yaml(ids_file, report) if ids_file.is_file() else None
    if located is not None and isinstance(located.data, list):
        entries.extend(e for e in located.data if isinstance(e, dict) and isinstance(e.get("id"), str) and isinstance(e.get("name"), str))
    if (content_dir / "characters").is_dir():
        for character in load_characters(content_dir, Report()).values():
            entries.append({"id": character.id, "name": character.name, "team": character.team, "aliases": [*character.aliases, *character.community_names]})
    return entries


OverwriteOpt = Annotated[
    bool, typer.Option("--overwrite", help="--out에 이미 있고 내용이 다른 캐릭터 YAML(손으로 고친 파일일 수 있음)도 덮어씁니다.")
]


def register(app: typer.Typer) -> None:
    @app.command("import-text")
    def import_text(
        files: Annotated[list[Path], typer.Argument(help="해설서 텍스트 파일(UTF-8). 여러 개면 뒤의 파일이 같은 캐릭터의 항목을 덮어씁니다.", show_default=False)],
        out: Annotated[Path, typer.Option("--out", help="캐릭터 YAML(<id>.yaml)을 쓸 폴더.", show_default=False)],
        content: ContentOpt = None,
        overwrite: OverwriteOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        """해설서 텍스트(전체 해설서 또는 개요 문단)를 읽어 캐릭터마다 YAML 파일을 씁니다. 이름→id 표는 ids.yaml과 캐릭터의 이름·별칭에서 만듭니다.

        --out에 이미 있는 파일은 내용이 같으면 그대로 두고, 다르면 --overwrite를 붙였을 때만 덮어씁니다."""
        from generator.write.importer import AlmanacError, name_table, parse_almanac
        from generator.read.yamlio import read_text

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
            changed, unchanged, refused = planned_files(characters, Path(out), console)
            failed = failed or refused
            written = write_planned(Path(out), changed, overwrite, console)
            console.info(f"저장함: {out}에 캐릭터 YAML {len(written)}개" + (f"(내용이 같아 그대로 둔 파일 {unchanged}개)." if unchanged else "."))
            if failed:
                raise typer.Exit(EXIT_FINDINGS)


def planned_files(characters: dict[str, dict], out: Path, console: Console) -> tuple[list[tuple[str, bytes, bool]], int, bool]:
    """(file name, bytes, replaces an existing file) for every character whose file is new or differs, the number
    already up to date, and whether an id had to be refused (it is not a plain id, so no file name is made of it)."""
    from generator.load.characters import ID_PATTERN
    from generator.read.files import NotReadable, read_capped
    from generator.write.importer import dump_character_yaml
    from generator.limits import MAX_FILE_BYTES

    changed, unchanged, refused = [], 0, False
    for character_id, character in characters.items():
        if not isinstance(character_id, str) or not ID_PATTERN.match(character_id):
            console.error(
                f"[오류] 캐릭터 id {character_id!r}로는 파일 이름을 만들 수 없어 건너뜁니다. id는 영문 소문자, 숫자, '_', '-'로만 씁니다"
                "(ids.yaml이나 캐릭터 파일의 id를 고치세요)."
            )
            refused = True
            continue
        name = f"{character_id}.yaml"
        data = dump_character_yaml(character).encode("utf-8")
        target = out / name
        if not target.exists() and not target.is_symlink():
            changed.append((name, data, False))
            continue
        try:
            same = read_capped(target, MAX_FILE_BYTES) == data
        except NotReadable:
            same = False
        if same:
            unchanged += 1
        else:
            changed.append((name, data, True))
    return changed, unchanged, refused


def write_planned(out: Path, changed: list[tuple[str, bytes, bool]], overwrite: bool, console: Console) -> list[Path]:
    """Writes the files together; a file that would replace different content needs --overwrite, else nothing is
    written at all."""
    from generator.write.files import OutputError, write_files

    differing = [name for name, _, replaces in changed if replaces]
    if differing and not overwrite:
        shown = ", ".join(differing[:10]) + (f" 외 {len(differing) - 10}개" if len(differing) > 10 else "")
        raise OutputError(
            f"{out}에 이미 있고 내용이 다른 파일 {len(differing)}개를 덮어쓰지 않았습니다: {shown}. "
            "손으로 고친 내용이 사라질 수 있습니다. 그래도 덮어쓰려면 --overwrite를 붙이세요. 아무 파일도 쓰지 않았습니다."
        )
    if not changed:
        return []
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        from generator.read.files import reason

        raise OutputError(f"폴더를 만들 수 없습니다({reason(exc)}): {out}") from exc
    return write_files(out, [(name, data) for name, data, _ in changed])
