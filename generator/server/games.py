"""A script request (or a YAML script file) and the warm library → a checked Game and its findings, by the same
loaders and checks `botc-pnp validate` runs, so the page shows exactly what the CLI would print."""

from __future__ import annotations

from pathlib import Path

from generator.findings import Report
from generator.server.requests import ScriptRequest
from generator.server.warm import Loaded


def fresh_report(loaded: Loaded) -> Report:
    """A report that starts with the content folder's own findings, as every CLI run's does."""
    return Report(list(loaded.findings), loaded.unreadable)


def game_from_request(loaded: Loaded, request: ScriptRequest, prepare=None, names: str = "ours"):
    """(game or None, report) for a publisher-JSON request: loaded, resolved against the library, named as it will
    print (`names`) and checked. `prepare(script)`, when given, runs on the loaded script before it is resolved and
    checked (the editor marks the fields of the character it edits)."""
    from generator.pipeline.checking import read_publisher_json

    report = fresh_report(loaded)
    script = read_publisher_json(request.text, request.where, request.name, report, loaded.library)
    if script is None:
        return None, report
    if request.notes:
        script.notes = request.notes
    script.logo_image = request.logo_image
    script.logo_base = None  # sent over HTTP: no folder, so no path in it names a file here
    for loric, target in request.named.items():
        loric_id, target_id = loaded.lookup.id_for(loric), loaded.lookup.id_for(target)
        if loric_id and target_id:
            script.named_characters[loric_id] = target_id
    for character_id, data in request.icons.items():
        character = script.custom_characters.get(character_id)
        if character is not None:
            character.icon_data = data
    if prepare is not None:
        prepare(script)
    return checked(script, loaded, report, names)


def game_from_file(loaded: Loaded, path: Path):
    """(game or None, report) for a YAML script file of the content folder or the workspace."""
    from generator.pipeline.checking import read_script_file

    report = fresh_report(loaded)
    script = read_script_file(path, loaded.library.content_dir, report)
    if script is None:
        return None, report
    return checked(script, loaded, report)


def checked(script, loaded: Loaded, report: Report, names: str = "ours"):
    from generator.pipeline.checking import check_loaded

    return check_loaded(script, loaded.library, report, names)
