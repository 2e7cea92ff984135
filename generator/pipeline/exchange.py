"""The script and its characters in the formats around us, in and out: the publisher's JSON written beside the
homebrew icons it names, the user's almanac text read into character YAML, and a starter content folder made for a new
homebrew script. The doors say what was written; nothing here prints."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator import DEFAULT_CONTENT_DIR, TEMPLATES_DIR
from generator.findings import Report
from generator.invocation import invocation, shell_word
from generator.write.files import OutputError

STARTER_DIR = TEMPLATES_DIR / "new"
EXAMPLE_ID = "lamplighter"
SCRIPT_ID = "my-script"


# --- the publisher's JSON ---------------------------------------------------------------------------------------


def export_json(game, report: Report, sort: bool = False) -> bytes:
    """The game as the publisher's script JSON; what does not fit the format is in `report`."""
    from generator.write.export_json import export_json_bytes

    return export_json_bytes(game, report, sort)


def export_with_icons(game, report: Report) -> tuple[bytes, list[tuple[str, bytes]]]:
    """The publisher JSON and (relative path, bytes) of each uploaded homebrew icon it names."""
    from generator.write.export_json import export_icon_files

    return export_json(game, report), export_icon_files(game)


def write_content_folder(folder: Path, game, name: str, script_text: str, overwrite: bool) -> Path:
    """A content folder for a script with homebrew characters: what differs from the bundled library, and the
    script (write/content_folder.py)."""
    from generator.write.content_folder import write_content_folder as write

    return write(folder, game, name, script_text, overwrite)


def export_places(game, target: Path) -> list[tuple[Path, bytes]]:
    """(path, bytes) of the homebrew icons the JSON at `target` names, once it is known that neither the JSON nor an
    icon would be written into a content folder or over something that is not a file (OutputError otherwise)."""
    from generator.pipeline.output import content_folders
    from generator.write.export_json import export_icon_files
    from generator.write.files import check_replaceable, refuse_inside_content

    refuse_inside_content(target, content_folders(game))
    check_replaceable(target)  # a device or folder in the way is refused before anything is touched
    icons = [(target.parent / relative, icon) for relative, icon in export_icon_files(game)]
    for path, _ in icons:
        refuse_inside_content(path, content_folders(game))
        check_replaceable(path)
    return icons


def write_export(target: Path, data: bytes, icons: list[tuple[Path, bytes]]) -> None:
    """The icons first, then the JSON: the JSON never names a file that is not there yet."""
    from generator.write.files import prepare_folder, write_atomic

    prepare_folder(target.parent)
    for path, icon in icons:
        prepare_folder(path.parent)
        write_atomic(path, icon)
    write_atomic(target, data)


def default_json_path(game, out: Path) -> Path:
    from generator.read.file_names import safe_name

    return Path(out) / f"{safe_name(game.script.id)}.json"


# --- the user's almanac text ------------------------------------------------------------------------------------


def name_entries(content_dir: Path | None, report: Report) -> list[dict]:
    """Names the importer can recognise: the folder's ids.yaml (or the bundled one) plus every character's name and aliases."""
    from generator.load.characters import load_characters
    from generator.read.yamlio import load_yaml

    content_dir = Path(content_dir or DEFAULT_CONTENT_DIR)
    entries: list[dict] = []
    ids_file = content_dir / "ids.yaml"
    if not ids_file.is_file():
        ids_file = DEFAULT_CONTENT_DIR / "ids.yaml"
    located = load_yaml(ids_file, report) if ids_file.is_file() else None
    if located is not None and isinstance(located.data, list):
        entries.extend(
            e
            for e in located.data
            if isinstance(e, dict) and isinstance(e.get("id"), str) and isinstance(e.get("name"), str)
        )
    if (content_dir / "characters").is_dir():
        for character in load_characters(content_dir, Report()).values():
            entries.append(
                {
                    "id": character.id,
                    "name": character.name,
                    "team": character.team,
                    "aliases": [*character.aliases, *character.community_names],
                }
            )
    return entries


def read_almanac(path: Path, name_to_id: dict, id_to_team: dict, report: Report):
    """(characters read, None) from one almanac text file, or (None, the Korean reason it could not be parsed);
    (None, None) when the file could not be read (the reason is in `report`)."""
    from generator.read.yamlio import read_text
    from generator.write.importer import AlmanacError, parse_almanac

    text = read_text(path, report)
    if text is None:
        return None, None
    try:
        return parse_almanac(text, name_to_id, id_to_team).characters, None
    except AlmanacError as exc:
        return None, str(exc)


def name_table(entries: list[dict]):
    from generator.write.importer import name_table as table

    return table(entries)


def planned_files(characters: dict[str, dict], out: Path) -> tuple[list[tuple[str, bytes, bool]], int, list]:
    """(file name, bytes, replaces an existing file) for every character whose file is new or differs, the number
    already up to date, and the ids refused (not plain ids, so no file name is made of them)."""
    from generator.disk import NotReadable, read_capped
    from generator.limits import MAX_FILE_BYTES
    from generator.load.characters import ID_PATTERN
    from generator.write.importer import dump_character_yaml

    changed: list[tuple[str, bytes, bool]] = []
    unchanged, refused = 0, []
    for character_id, character in characters.items():
        if not isinstance(character_id, str) or not ID_PATTERN.match(character_id):
            refused.append(character_id)
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


def write_planned(out: Path, changed: list[tuple[str, bytes, bool]], overwrite: bool) -> list[Path]:
    """Writes the files together; a file that would replace different content needs --overwrite, else nothing is
    written at all."""
    from generator.write.files import write_files

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
        from generator.disk import reason

        raise OutputError(f"폴더를 만들 수 없습니다({reason(exc)}): {out}") from exc
    return write_files(out, [(name, data) for name, data, _ in changed])


# --- a starter content folder -------------------------------------------------------------------------------------


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


def refuse_starter_place(folder: Path) -> None:
    """OutputError when `folder` lies inside the bundled library: a starter is written beside it, never into it."""
    from generator.write.files import refuse_inside_content

    refuse_inside_content(folder, [DEFAULT_CONTENT_DIR])


def make_starter(folder: Path, source: Path = DEFAULT_CONTENT_DIR) -> Path:
    """Writes the starter into `folder` (which must be missing or empty); returns the script path."""
    from generator.write.content_folder import copy_library

    folder.mkdir(parents=True, exist_ok=True)
    copy_library(source, folder)
    script_path = folder / "scripts" / f"{SCRIPT_ID}.yaml"
    shutil.copy2(STARTER_DIR / "character.yaml", folder / "characters" / f"{EXAMPLE_ID}.yaml")
    shutil.copy2(STARTER_DIR / f"{EXAMPLE_ID}.svg", folder / "icons" / f"{EXAMPLE_ID}.svg")
    script_path.write_text(
        fill((STARTER_DIR / "script.yaml").read_text(encoding="utf-8"), folder, script_path), encoding="utf-8"
    )
    (folder / "README.md").write_text(
        fill((STARTER_DIR / "README.md").read_text(encoding="utf-8"), folder, script_path), encoding="utf-8"
    )
    insert_into_night_order(folder / "night_order.yaml", EXAMPLE_ID, "first_night", after="washerwoman")
    return script_path
