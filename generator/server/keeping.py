"""A checked game with homebrew characters → kept and shared: a content folder in the workspace (save), and the
publisher JSON with its icon files beside it, as one zip (export).

Saving writes `<workspace>/<name>/` (write/content_folder.py): a character YAML and icon per homebrew character,
the night order and jinxes they change, the script as `scripts/<name>.yaml`, and nothing of the bundled library
(its content.yaml says it adds to it), so that
`botc-pnp build <workspace>/<name>/scripts/<name>.yaml --content <workspace>/<name>` prints the same kit.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from generator.server.errors import refuse
from generator.server.scripts import Workspace, _save_lock, script_yaml


def content_build_command(folder: Path, name: str) -> str:
    from generator.invocation import command_line
    from generator.pipeline.output import display_path

    return command_line("build", display_path(folder / "scripts" / f"{name}.yaml"), "--content", display_path(folder))


def save_content(workspace: Workspace, game, name: str, overwrite: bool) -> tuple[Path, str]:
    """Writes the content folder for the script `name`; (its script file, the build command)."""
    from generator.pipeline.exchange import write_content_folder
    from generator.pipeline.output import OutputError

    if workspace.overlaps_content():
        raise refuse(403, "save_in_content", folder=str(workspace.folder))
    if not game.script.character_ids:
        raise refuse(422, "save_empty")
    folder = workspace.folder / name
    command = content_build_command(folder, name)
    script = game.script
    if script.night_order is not None and script.night_order.official:
        script = dataclasses.replace(script, night_order=None)  # in the folder's own night_order.yaml instead
    text = script_yaml(dataclasses.replace(game, script=script), name, command)
    with _save_lock:
        try:
            write_content_folder(folder, game, name, text, overwrite)
        except FileExistsError:
            raise refuse(409, "save_exists", file=f"{name}/") from None
        except OutputError as exc:
            raise refuse(500, "save_failed", reason=str(exc)) from None
    return folder / "scripts" / f"{name}.yaml", command


def export_zip(game, name: str, report) -> bytes:
    """`<name>.json` and `icons/<id>.png` for every uploaded icon, in one zip (the JSON names the icons by those
    relative paths, which the loader reads beside the script file)."""
    from generator.pipeline.exchange import export_with_icons
    from generator.server.render import zip_bytes

    data, icons = export_with_icons(game, report)
    return zip_bytes(name, [(f"{name}.json", data), *icons])
