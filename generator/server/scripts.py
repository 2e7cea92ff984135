"""Script files the page can start from (the content folder's bundled scripts, the user's workspace) → a list and
their paths; and a checked game → a YAML file in the workspace, in the format content/scripts/ uses, so that
`botc-pnp build <workspace>/<name>.yaml` prints the same kit.

A request never names a path: it names a script, which must be one of those listed; a saved file's name is checked
against requests.NAME_PATTERN and lands directly in the workspace folder. The content folder is only ever read.
"""

from __future__ import annotations

import threading
from pathlib import Path

import yaml

from generator.server.errors import refuse
from generator.server.requests import NAME_PATTERN

SOURCES = ("bundled", "workspace")
# the editions in the order players meet them; other bundled scripts follow by name
BUNDLED_FIRST = ("trouble-brewing", "bad-moon-rising", "sects-and-violets")
_save_lock = threading.Lock()


class Workspace:
    def __init__(self, folder: Path, content_dir: Path):
        self.folder = Path(folder)
        self.content_dir = Path(content_dir)

    def remove_stale_temporaries(self) -> None:
        """Temporaries of saves whose process is gone (killed mid-write) are removed when a server starts."""
        from generator.pipeline.output import remove_stale_temporaries

        if self.folder.is_dir():
            remove_stale_temporaries(self.folder)

    def saving(self) -> bool:
        """Whether a save is writing its file now."""
        return _save_lock.locked()

    def wait_for_saves(self, timeout: float) -> bool:
        """Waits until no save is writing, then lets none start: called as the server stops, so the process never
        ends halfway through a file. False when a save was still writing after `timeout` seconds."""
        return _save_lock.acquire(timeout=timeout)

    def overlaps_content(self) -> bool:
        """The workspace lies in (or is) the content folder: saving there would modify bundled content."""
        folder, content = self.folder.resolve(), self.content_dir.resolve()
        return folder == content or content in folder.parents

    def folder_of(self, source: str) -> Path:
        return self.content_dir / "scripts" if source == "bundled" else self.folder

    def files(self, source: str) -> dict[str, Path]:
        """Script name → path for one source; names that are not safe file names are left out."""
        folder = self.folder_of(source)
        if not folder.is_dir():
            return {}
        return {
            path.stem: path
            for path in sorted(folder.glob("*.yaml"))
            if NAME_PATTERN.fullmatch(path.stem) and path.is_file()
        }

    def listing(self) -> list[dict]:
        """Every script with its title and size, read with the quiet YAML loader; broken files are listed by name."""
        from generator.findings import Report
        from generator.read.yamlio import load_yaml

        found = []
        for source in SOURCES:
            for name, path in sorted(self.files(source).items(), key=lambda item: listing_order(source, item[0])):
                located = load_yaml(path, Report())
                data = located.data if located is not None and isinstance(located.data, dict) else {}
                characters = data.get("characters")
                found.append(
                    {
                        "source": source,
                        "name": name,
                        "title": data.get("title") if isinstance(data.get("title"), str) else name,
                        "count": len(characters) if isinstance(characters, list) else 0,
                    }
                )
        return found

    def path_of(self, source: str, name: str) -> Path:
        files = self.files(source) if source in SOURCES else {}
        if name not in files:
            known = ", ".join(f"{source}/{n}" for source in SOURCES for n in self.files(source)) or "없음"
            raise refuse(404, "script_unknown", name=f"{source}/{name}"[:80], known=known)
        return files[name]

    def build_command(self, path: Path) -> str:
        """The command that prints the kit of a saved script from the folder the server was started in, with
        --content when the server reads a content folder other than the bundled one."""
        from generator import DEFAULT_CONTENT_DIR
        from generator.invocation import command_line
        from generator.pipeline.output import display_path

        bundled = self.content_dir.resolve() == DEFAULT_CONTENT_DIR.resolve()
        return command_line(
            "build", display_path(path), *([] if bundled else ["--content", display_path(self.content_dir)])
        )

    def save(self, game, name: str, overwrite: bool) -> Path:
        """Writes the game's script as <workspace>/<name>.yaml atomically; refuses to replace a file unless asked."""
        from generator.pipeline.output import OutputError, write_atomic

        if self.overlaps_content():
            raise refuse(403, "save_in_content", folder=str(self.folder))
        if not game.script.character_ids:  # as every other route refuses it: never replace a saved script with nothing
            raise refuse(422, "save_empty")
        custom = [c for c in game.characters if c.custom]
        if custom:
            raise refuse(422, "save_custom", names=", ".join(c.name for c in custom))
        target = self.folder / f"{name}.yaml"
        with _save_lock:
            if target.exists() and not overwrite:
                raise refuse(409, "save_exists", file=f"{name}.yaml")
            try:
                return write_atomic(target, script_yaml(game, name, self.build_command(target)).encode("utf-8"))
            except OutputError as exc:
                raise refuse(500, "save_failed", reason=str(exc)) from None


def listing_order(source: str, name: str) -> tuple:
    first = BUNDLED_FIRST if source == "bundled" else ()
    return (first.index(name) if name in first else len(first), name)


def script_yaml(game, name: str, build_command: str) -> str:
    """The script in content/scripts/ form: id, title, author, notes, characters, named characters, house rules
    and (only when the script has its own) night order, lists on one line as the bundled scripts write them."""
    from generator.model import NIGHTS

    script = game.script
    data: dict = {"id": name, "title": script.title}
    if script.author:
        data["author"] = script.author
    if script.notes:
        data["notes"] = script.notes
    data["characters"] = list(script.character_ids)  # as resolved, unknown ids included: saving never drops one
    if script.named_characters:
        data["named_characters"] = dict(script.named_characters)
    if script.bootlegger:
        data["bootlegger"] = list(script.bootlegger)
    if script.players:
        from generator.load.players import players_text

        data["players"] = players_text(script.players)
    if script.night_order is not None:
        for night in NIGHTS:
            data[night] = list(script.night_order.steps(night))
    header = f"# botc-pnp serve에서 저장한 스크립트입니다. 인쇄물 만들기: {build_command}\n"
    return header + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None, width=120)
