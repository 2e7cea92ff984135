"""A content folder → its characters and Library, searched as `botc-pnp characters` searches them (Korean names, 초성,
ids, English names): what the command lists and what the page keeps loaded."""

from __future__ import annotations

from pathlib import Path

from generator.findings import Report
from generator.load.search import EDITION_HELP, TEAM_HELP  # noqa: F401  (the doors' help for --team and --edition)


def load_library(content_dir: Path | None = None):
    """(Library, report) of a content folder (None: the bundled one), with the icon cache emptied: a reload may
    follow an edit of any file, icons included."""
    from generator.load.library import load_library as load

    library, report = load(content_dir)
    forget_pictures()
    return library, report


def forget_pictures() -> None:
    """The parsed icons dropped: the content folder was read again, and an icon file may have changed with it."""
    from generator.art import icons

    icons.clear_cache()


def characters_of(content_dir: Path | None, report: Report) -> dict | None:
    """{id: Character} of a content folder; a broken file is a finding in `report` and left out. None for a folder
    without a characters/ folder (the reason is in `report`)."""
    from generator import DEFAULT_CONTENT_DIR
    from generator.load.characters import load_characters

    folder = Path(content_dir or DEFAULT_CONTENT_DIR)
    if not (folder / "characters").is_dir():
        report.cannot_read("content-missing", f"캐릭터 폴더가 없습니다: {folder / 'characters'}", where=str(folder))
        return None
    return load_characters(folder, report)


def team_of(value: str | None) -> str | None:
    """A team as typed (id or Korean) → its id; ValueError when it is none."""
    from generator.load.search import team_of as parse

    return parse(value)


def edition_of(value: str | None) -> str | None:
    """An edition as typed (short name, Korean name or a part only one has) → its id; ValueError when it is none."""
    from generator.load.search import edition_of as parse

    return parse(value)


def search_characters(
    characters, query: str | None = None, team: str | None = None, edition: str | None = None
) -> list:
    from generator.load.search import search

    return search(characters, query, team, edition)


def sort_key(character) -> tuple:
    """The library's listing order: team, then Korean name."""
    from generator.load.search import sort_key as key

    return key(character)


def id_lookup(characters):
    """Names, aliases and spellings → ids of `characters` (what the page resolves a typed name with)."""
    from generator.load.search import IdLookup

    return IdLookup(characters)


def printed_words(characters):
    """A text → the words the PDFs print it with (aliases and glossary terms replaced)."""
    from generator.load.publisher.characters import library_words

    return library_words(characters)


def icon_file(character, content_dir) -> Path | None:
    """The icon file a library character is drawn with (its own, else the bundled one), or None."""
    from generator.art.icons import resolve_icon_path

    return resolve_icon_path(character.id, character.icon, content_dir, None)


def checked_upload(data: bytes, name: str) -> str | None:
    """None when the bytes are a picture the documents can print (PNG, JPEG or SVG within the limits), else the
    Korean reason an upload is refused."""
    from generator.art.icons import UPLOAD_REASONS, icon_from_bytes

    _icon, problem = icon_from_bytes(data, name)
    if problem is None:
        return None
    return UPLOAD_REASONS.get(problem.code, UPLOAD_REASONS[None])


def shrunk_to_icon_size(image):
    """A picture shrunk once to the size the documents print icons at."""
    from generator.art.icons import shrunk_to_icon_size as shrunk

    return shrunk(image)
