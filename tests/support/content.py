"""The bundled content → private copies a test may break one file at a time (hard links, detached before a change),
YAML edit helpers, and the checks a test runs on them as `validate` does."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"


# --- private copies of content/ ----------------------------------------------------------------------------------
# A real copy of 380 files costs 0.13 s, and hundreds of tests need one. Each worker copies content/ once (the
# pristine copy); a test's copy is made of hard links to it (5 ms). A file is detached (made a file of its own)
# before a test changes it: the helpers below do it, and a test that writes in place into a shared file is caught.
_pristine: dict = {}


def file_stats(folder: Path) -> dict[str, os.stat_result]:
    """Every file under `folder` (links followed, as Path.is_file does) by its path relative to it, with its stat:
    os.scandir, a third of what rglob and a stat per Path cost, after every test that copies content/."""
    found: dict[str, os.stat_result] = {}
    pending = [("", str(folder))]
    while pending:
        prefix, directory = pending.pop()
        try:
            entries = list(os.scandir(directory))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir():
                pending.append((prefix + entry.name + "/", entry.path))
            elif entry.is_file():
                found[prefix + entry.name] = entry.stat()
    return found


def _fingerprint(folder: Path) -> dict:
    return {name: (stat.st_size, stat.st_mtime_ns) for name, stat in file_stats(folder).items()}


def _pristine_folder() -> Path:
    if "folder" not in _pristine:
        import atexit
        import tempfile

        root = Path(tempfile.mkdtemp(prefix="botc-pnp-content-"))
        atexit.register(shutil.rmtree, root, True)
        shutil.copytree(CONTENT, root / "content")
        _pristine.update(folder=root / "content", fingerprint=_fingerprint(root / "content"))
    return _pristine["folder"]


def content_copy(target: Path) -> Path:
    """A copy of the bundled content at `target` to edit (through detach, or the helpers below, which detach)."""
    shutil.copytree(_pristine_folder(), target, copy_function=os.link)
    _pristine["used"] = True
    return target


def detach(path: Path) -> Path:
    """Makes `path` a file of its own (not a link shared with other tests' copies) before it is changed in place."""
    path = Path(path)
    if path.is_file() and path.stat().st_nlink > 1:
        data = path.read_bytes()
        path.unlink()
        path.write_bytes(data)
    return path


def read_yaml(path: Path):
    """yaml.safe_load with libyaml when present: test modules read all 181 characters and the roster as they are
    collected, and the pure-Python parser made that a third of collection time."""
    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506


def write_yaml(path: Path, data) -> Path:
    path = detach(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10_000), encoding="utf-8")
    return path


def edit_yaml(path: Path, change) -> Path:
    """Loads a YAML file, lets `change` mutate (or replace, by returning) the data, writes it back."""
    data = read_yaml(path)
    result = change(data)
    return write_yaml(path, data if result is None else result)


def edit_character(content: Path, character_id: str, **fields) -> Path:
    """Sets fields of content/characters/<id>.yaml; a value of None removes the field."""

    def change(data):
        for key, value in fields.items():
            if value is None:
                data.pop(key, None)
            else:
                data[key] = value

    return edit_yaml(content / "characters" / f"{character_id}.yaml", change)


def edit_order(content: Path, night: str, change) -> Path:
    """Applies `change(list_of_ids)` to one night of content/night_order.yaml (mutate or return a new list)."""

    def apply(data):
        result = change(data[night])
        if result is not None:
            data[night] = result

    return edit_yaml(content / "night_order.yaml", apply)


def write_script(content: Path, characters: list[str], name: str = "test", **extra) -> Path:
    """Writes content/scripts/<name>.yaml with the given character ids (and any extra keys) and returns its path."""
    data = {"id": name, "title": "시험 스크립트", "author": "시험", "characters": list(characters), **extra}
    return write_yaml(content / "scripts" / f"{name}.yaml", data)


def script_ids(name: str = "in-space", travellers: bool = True) -> list[str]:
    """The character ids of a bundled script, in its order; without its travellers when asked."""
    ids = list(read_yaml(CONTENT / "scripts" / f"{name}.yaml")["characters"])
    if travellers:
        return ids
    return [i for i in ids if read_yaml(CONTENT / "characters" / f"{i}.yaml")["team"] != "traveller"]


def bundled_ids() -> list[str]:
    return script_ids("in-space")


def library_ids() -> list[str]:
    return sorted(p.stem for p in (CONTENT / "characters").glob("*.yaml"))


def validate(script="in-space", content: Path | None = None):
    """Loads and checks like `botc-pnp validate` does; returns (game, report)."""
    from generator.pipeline.checking import check_script as validate_game

    return validate_game(script, content)


def with_code(report, code: str, level: str | None = None) -> list:
    return [f for f in report.findings if f.code == code and (level is None or f.level == level)]


def codes(report) -> set[str]:
    return {f.code for f in report.findings}
