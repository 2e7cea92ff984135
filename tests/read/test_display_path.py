"""Where a message says a file is: relative to the working folder when the file (its links followed) lies inside it,
else the path as given; the same as Path.resolve().relative_to(the working folder) for files, folders, '..', links to
files and links to folders, inside and outside."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.read import yamlio


def resolved_relative(path: str) -> str:
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return path


@pytest.fixture
def tree(tmp_path, monkeypatch):
    work, outside = tmp_path / "work", tmp_path / "outside"
    (work / "content" / "characters").mkdir(parents=True)
    outside.mkdir()
    (work / "content" / "characters" / "imp.yaml").write_text("id: imp\n", encoding="utf-8")
    (outside / "far.yaml").write_text("id: far\n", encoding="utf-8")
    (work / "link-in.yaml").symlink_to(work / "content" / "characters" / "imp.yaml")
    (work / "link-out.yaml").symlink_to(outside / "far.yaml")
    (work / "folder-link").symlink_to(outside, target_is_directory=True)
    monkeypatch.chdir(work)
    yamlio._display_path.cache_clear()
    yamlio._resolved_folder.cache_clear()
    yield work, outside
    yamlio._display_path.cache_clear()
    yamlio._resolved_folder.cache_clear()


def test_a_path_is_shown_as_resolving_it_against_the_working_folder_shows_it(tree):
    work, outside = tree
    paths = [
        "content/characters/imp.yaml",
        str(work / "content" / "characters" / "imp.yaml"),
        "content/characters/../characters/imp.yaml",
        "content",
        "content/",
        ".",
        "..",
        str(work),
        str(outside / "far.yaml"),
        "../outside/far.yaml",
        "link-in.yaml",
        "link-out.yaml",
        "folder-link/far.yaml",
        "missing/none.yaml",
        "/",
    ]
    shown = {path: yamlio.display_path(Path(path)) for path in paths}
    assert shown == {path: resolved_relative(str(Path(path))) for path in paths}
    assert shown["link-in.yaml"] == os.path.join("content", "characters", "imp.yaml")
    assert shown["link-out.yaml"] == "link-out.yaml"  # lies outside: shown as given
