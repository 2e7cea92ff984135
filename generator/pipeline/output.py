"""Named files → the output folder: where a script's kit goes, never inside a content folder, the whole kit replaced
at once (write/files.py), and what a stopped run changed, for the door to say."""

from __future__ import annotations

from pathlib import Path

from generator.read.yamlio import display_path  # noqa: F401  (how the doors show a path: relative where it can be)
from generator.write.files import OutputError, start_run, what_changed, write_atomic  # noqa: F401  (the doors' words for a run)


def content_folders(game) -> list[Path]:
    """The folders no output may go into: the content folder read, and the bundled one."""
    from generator import DEFAULT_CONTENT_DIR

    return [Path(game.library.content_dir), DEFAULT_CONTENT_DIR]


def kit_folder_name(name: str) -> str:
    """A script's id or name as the one plain folder name its kit is written under (also inside the page's zip)."""
    from generator.read.file_names import safe_folder_name

    return safe_folder_name(name)


def kit_folder(game, out: Path) -> Path:
    """<out>/<the script's id as one plain name>: where the game's documents go."""
    return Path(out) / kit_folder_name(game.script.id)


def check_output_places(game, out: Path, png_dir: Path | None = None) -> Path:
    """The kit folder, once it is known that nothing will be written into a content folder or over what is not a kit;
    an OutputError otherwise, before anything is rendered."""
    from generator.write.files import check_kit_folder, refuse_inside_content

    folder = kit_folder(game, out)
    refuse_inside_content(folder, content_folders(game))
    if png_dir is not None:
        refuse_inside_content(Path(png_dir), content_folders(game))
    check_kit_folder(folder)
    return folder


def write_kit(folder: Path, files: list[tuple[str, bytes]]) -> list[Path]:
    """The files in `folder`, replacing the whole kit together or not at all."""
    from generator.write.files import prepare_folder, write_files

    return write_files(prepare_folder(folder), files)


def write_token_pngs(game, options) -> list[Path]:
    """One transparent PNG per token in options.png_dir, replaced together."""
    from generator.documents.tokens import png_files

    return write_kit(Path(options.png_dir), png_files(game, options))


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Temporary files a killed run left in `folder` (never another running process's)."""
    from generator.write.files import remove_stale_temporaries as remove

    return remove(folder)
