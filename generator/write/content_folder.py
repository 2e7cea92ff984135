"""A Game with homebrew characters → a content folder `botc-pnp build --content` reads as it is: a character YAML per
homebrew character with its icon file, the night order with the homebrew characters in their places, their jinxes,
and the script under scripts/. A game checked against the bundled library gets only these, and a content.yaml that
says they add to the bundled library (load/library.py reads it so); a game checked against a library of its own
gets that library copied beside them.

The folder is made beside its target and put in place in one rename, so a stop leaves the old folder or the new one;
the library it copies is only read.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import yaml

from generator.keep.patterns import compiled
from generator.load.library import BASE_FILE
from generator.model import NIGHTS, Character, Game
from generator.write.export_json import icon_suffix
from generator.write.files import OutputError, interrupts_held

NOT_COPIED = {"scripts", "schema", "sources", "CORRECTIONS.md"}  # bundled scripts, the reference schema, import history
BASE_TEXT = (
    "# botc-pnp serve에서 저장한 내용 폴더입니다. botc-pnp에 들어 있는 내용(공식 캐릭터와 아이콘, 설정표, 규칙 …)에\n"
    "# 이 폴더의 캐릭터를 더해 읽습니다. 밤 순서와 징크스는 이 폴더에 있으면 이 폴더의 것을 씁니다.\n"
    "base: bundled\n"
)
MARKER = ".botc-pnp-content"  # a folder this module wrote: the editor may replace it
FLOW_LIST_START = compiled(r"^(first_night|other_nights):\s*\[")
LINE_WIDTH = 118


def wrapped_flow_list(key: str, items: list[str]) -> str:
    """'key: [a, b, …]' wrapped at LINE_WIDTH with two-space continuation lines."""
    rows, row = [], f"{key}: ["
    for index, item in enumerate(items):
        piece = item + (", " if index < len(items) - 1 else "]")
        if len(row) + len(piece) > LINE_WIDTH:
            rows.append(row.rstrip())
            row = "  " + piece
        else:
            row += piece
    rows.append(row)
    return "\n".join(rows) + "\n"


def with_night_lists(text: str, lists: dict[str, list[str]]) -> str:
    """night_order.yaml's text with its first_night / other_nights flow lists replaced, comments kept."""
    lines = text.splitlines(keepends=True)
    out, index = [], 0
    while index < len(lines):
        match = FLOW_LIST_START.match(lines[index])
        if match and match.group(1) in lists:
            end = index
            while "]" not in lines[end] and end + 1 < len(lines):
                end += 1
            out.append(wrapped_flow_list(match.group(1), lists[match.group(1)]))
            index = end + 1
            continue
        out.append(lines[index])
        index += 1
    return "".join(out)


def copy_library(source: Path, folder: Path) -> None:
    """The library's files of a content folder (not its scripts or import history) into `folder`, with empty
    characters/, icons/ and scripts/ where the source has none: a content folder `--content` reads, as `botc-pnp new`
    and the page's 저장 make it."""
    for entry in sorted(Path(source).iterdir()):
        if entry.name in NOT_COPIED or entry.name.startswith("."):
            continue
        if entry.is_dir():
            shutil.copytree(entry, folder / entry.name)
        else:
            shutil.copy2(entry, folder / entry.name)
    for name in ("characters", "icons", "scripts"):
        (folder / name).mkdir(exist_ok=True)


def character_yaml(character: Character, icon_name: str | None) -> str:
    """One character in content/characters/ form (the format `botc-pnp new` explains field by field)."""
    data = {
        "id": character.id,
        "name": character.name,
        "team": character.team,
        "edition": "custom",
        "ability": character.ability,
        "flavor": character.flavor,
        "overview": character.overview,
        "examples": character.examples,
        "how_to_run": character.how_to_run,
        "notes": character.notes,
        "tips": character.tips,
        "reminders": character.reminders,
        "global_reminders": character.global_reminders,
        "first_night": character.first_night,
        "other_nights": character.other_nights,
        "cues": character.cues,
        "setup": character.setup,
        "icon": icon_name,
        "original": character.original,
    }
    kept = {key: value for key, value in data.items() if value not in (None, "", [], {})}  # in the order above
    header = f"# {character.name}: botc-pnp serve의 캐릭터 편집기에서 저장한 자작 캐릭터입니다.\n"
    return header + yaml.safe_dump(kept, allow_unicode=True, sort_keys=False, width=1000)


def on_bundled_library(game: Game) -> bool:
    from generator import DEFAULT_CONTENT_DIR

    return Path(game.library.content_dir).resolve() == DEFAULT_CONTENT_DIR.resolve()


def homebrew_of(game: Game) -> list[Character]:
    """The listed characters the library does not have as they are: given in full by the script, or, in a library of
    additions (load/library.py), added by its folder."""
    from generator import DEFAULT_CONTENT_DIR
    from generator.load.characters import character_files

    bundled = character_files(DEFAULT_CONTENT_DIR) if on_bundled_library(game) else set(game.library.characters)
    return [c for c in game.listed if c.custom or c.id not in bundled]


def icon_of(character: Character) -> bytes | None:
    """The picture a homebrew character was given: uploaded, or a file of the folder of additions it came from."""
    if character.icon_data is not None:
        return character.icon_data
    if character.icon and character.image and character.image_base:
        from generator.disk import NotReadable, read_capped
        from generator.limits import MAX_ICON_BYTES

        try:
            return read_capped(Path(character.image_base) / character.image, MAX_ICON_BYTES, follow_links=False)
        except (NotReadable, OSError):
            return None  # build reports the missing icon; the folder keeps the character without it
    return None


def content_files(game: Game) -> list[tuple[str, bytes]]:
    """(path in the folder, bytes) of what the homebrew characters add to the library."""
    content_dir = Path(game.library.content_dir)
    files: list[tuple[str, bytes]] = []
    for character in homebrew_of(game):
        icon_name = None
        picture = icon_of(character)
        if picture is not None:
            icon_name = f"{character.id}{icon_suffix(picture)}"
            files.append((f"icons/{icon_name}", picture))
        elif character.custom and character.id in game.library.characters:
            icon_name = game.library.characters[character.id].icon
        files.append((f"characters/{character.id}.yaml", character_yaml(character, icon_name).encode("utf-8")))
    order = game.script.night_order
    if order is not None and order.official:  # the library's order with the homebrew characters in their places
        text = (content_dir / "night_order.yaml").read_text(encoding="utf-8")
        files.append(
            ("night_order.yaml", with_night_lists(text, {n: list(order.steps(n)) for n in NIGHTS}).encode("utf-8"))
        )
    if game.script.jinxes:
        path = content_dir / "jinxes.yaml"
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        added = [{"characters": list(j.characters), "text": j.text} for j in game.script.jinxes]
        text = (
            text.rstrip("\n")
            + ("\n" if text.strip() else "")
            + yaml.safe_dump(added, allow_unicode=True, sort_keys=False, width=1000)
        )
        files.append(("jinxes.yaml", text.encode("utf-8")))
    return files


def write_content_folder(target: Path, game: Game, script_name: str, script_text: str, overwrite: bool) -> Path:
    """Writes the whole folder at `target` (see the module's docstring); an existing folder is replaced only when
    this module made it and `overwrite` is given. Raises OutputError (Korean) or FileExistsError."""
    target = Path(target)
    source = Path(game.library.content_dir)
    if target.exists() and not (overwrite and (target / MARKER).is_file()):
        raise FileExistsError(str(target))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        building = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    except OSError as exc:
        raise OutputError(f"작업 폴더에 쓸 수 없습니다({exc.strerror or exc}): {target.parent}") from exc
    old = None
    try:
        if on_bundled_library(game):
            (building / BASE_FILE).write_text(BASE_TEXT, encoding="utf-8")
        else:
            copy_library(source, building)
        for name, data in [*content_files(game), (f"scripts/{script_name}.yaml", script_text.encode("utf-8"))]:
            (building / name).parent.mkdir(exist_ok=True)
            (building / name).write_bytes(data)
        (building / MARKER).write_text("botc-pnp serve\n", encoding="utf-8")
        os.chmod(building, 0o755)
        with interrupts_held():
            if target.exists():
                old = target.with_name(f".{target.name}.old-{os.getpid()}")
                os.replace(target, old)
            os.replace(building, target)
    except OSError as exc:
        shutil.rmtree(building, ignore_errors=True)
        raise OutputError(f"내용 폴더를 쓸 수 없습니다({exc.strerror or exc}): {target}") from exc
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    return target
