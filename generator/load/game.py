"""Content folder and a script (YAML or publisher JSON) → a checked Game, or findings. The library itself is read by
content_characters (character files) and content_library (night order, rules, jinxes, setup table)."""

from __future__ import annotations

from pathlib import Path

from generator import DEFAULT_CONTENT_DIR
from generator.findings import Report
from generator.josa import quoted, with_particle
from generator.limits import MAX_NIGHT_STEPS, MAX_SCRIPT_CHARACTERS
from generator.load.characters import character_files, load_characters
from generator.load.fields import Fields, require_mapping, suggest
from generator.load.library import adds_to_bundled, load_library, load_night_order, night_lines
from generator.load.links import logo_or_none
from generator.model import JINX_FABLED, Game, Library, NightOrder, Script
from generator.read.yamlio import Located, display_path, load_yaml, read_text

DEFAULT_SCRIPT = "in-space"
SCRIPT_KEYS = {
    "id",
    "title",
    "author",
    "notes",
    "characters",
    "named_characters",
    "first_night",
    "other_nights",
    "bootlegger",
    "logo",
    "players",
    "almanac",
}


def script_path(script: str | Path, content_dir: Path) -> Path:
    candidate = Path(script)
    # a folder that happens to share a script's name (`--out .` writes one) never hides the bundled script
    if candidate.suffix.lower() in (".yaml", ".yml", ".json") or (candidate.exists() and not candidate.is_dir()):
        return candidate
    if script == DEFAULT_SCRIPT and not (content_dir / "scripts" / f"{script}.yaml").exists():
        # a homebrew folder (botc-pnp new) has its own single script: use it when none was named
        own = sorted((content_dir / "scripts").glob("*.yaml"))
        if len(own) == 1:
            return own[0]
    path = content_dir / "scripts" / f"{script}.yaml"
    if not path.exists() and adds_to_bundled(content_dir, Report()):  # a folder of additions: the bundled scripts too
        return DEFAULT_CONTENT_DIR / "scripts" / f"{script}.yaml"
    return path


def load_script(script: str | Path, content_dir: Path, report: Report) -> Script | None:
    path = script_path(script, content_dir)
    if path.suffix.lower() == ".json":
        return load_script_json(path, report, content_dir)
    if not path.exists():
        bundled = sorted(p.stem for p in (content_dir / "scripts").glob("*.yaml"))
        report.cannot_read(
            "script-missing",
            f"스크립트를 찾을 수 없습니다: {script}. 내장 스크립트 id({', '.join(bundled) or '없음'}) 또는 .yaml/.json 파일 경로를 주세요.",
            where=display_path(path),
        )
        return None
    located = load_yaml(path, report)
    if located is None:
        return None
    mapping = require_mapping(located, report, "스크립트")
    if mapping is None:
        return None
    fields = Fields(located, mapping, report)
    fields.warn_unknown(SCRIPT_KEYS)
    title = fields.text("title", required=True)
    characters = fields.text_list("characters", MAX_SCRIPT_CHARACTERS, "캐릭터")
    if "characters" not in mapping or not characters:
        fields.missing("characters")
    named = {}
    for key, value in fields.named_mapping_of("named_characters", "캐릭터 id").items():
        if isinstance(value, str):
            named[key] = value
        else:
            report.error(
                "wrong-type",
                f"{quoted('named_characters.' + str(key), '은')} 캐릭터 id(문자열)여야 합니다.",
                where=located.where("named_characters", key),
            )
    order = None
    if "first_night" in mapping or "other_nights" in mapping:
        order = NightOrder(
            fields.text_list("first_night", MAX_NIGHT_STEPS, "단계"),
            fields.text_list("other_nights", MAX_NIGHT_STEPS, "단계"),
            display_path(path),
        )
        order.lines = night_lines(located, order)
    script_id = fields.text("id") or path.stem
    from generator.read.file_names import warn_unsafe_script_id

    warn_unsafe_script_id(script_id, located.where("id"), report)
    loaded = Script(
        id=script_id,
        title=title or path.stem,
        author=fields.text("author"),
        character_ids=characters,
        notes=fields.text("notes"),
        named_characters=named,
        night_order=order,
        bootlegger=fields.text_list("bootlegger"),
        logo=logo_or_none(fields.text("logo"), "logo", False, report, located.where("logo")),
        logo_base=str(Path(path).parent),
        almanac=fields.text("almanac"),
        players=declared_players(mapping, located, report),
        source=display_path(path),
    )
    loaded.lines = {i: located.line("characters", i) for i in range(len(characters))}
    loaded.places = fields.places()
    return loaded


def declared_players(mapping: dict, located: Located, report: Report) -> tuple[int, int] | None:
    """The script's `players: 5-6`, or None (not given, or reported as unreadable)."""
    from generator.load.players import parse_players

    if mapping.get("players") is None:
        return None
    players, problem = parse_players(mapping["players"])
    if problem:
        report.error("players-range", f"'players': {problem}", where=located.where("players"))
    return players


def load_script_json(path: Path, report: Report, content_dir: Path | None = None) -> Script | None:
    """A publisher JSON script file → a Script, read against the content folder's characters and night order."""
    from generator.load.publisher.script import script_from_json_text

    path = Path(path)
    text = read_text(path, report)
    if text is None:
        return None
    script = script_from_json_text(
        text, display_path(path), path.stem, report, lambda: library_parts(content_dir), path.parent
    )
    if script is not None:
        script.logo_base = str(path.parent)  # _meta.logo is read from the JSON file's folder
    return script


def library_parts(content_dir: Path | None):
    """(characters, night order) of the content folder, read quietly: its own problems are reported elsewhere."""
    folder = Path(content_dir or DEFAULT_CONTENT_DIR)
    quiet = Report()
    if adds_to_bundled(folder, quiet):  # a folder of additions: the bundled library with them
        library, _ = load_library(folder, quiet)
        return library.characters, library.night_order
    characters = load_characters(folder, quiet) if (folder / "characters").is_dir() else {}
    order = None
    if (folder / "night_order.yaml").is_file():
        order, _steps = load_night_order(folder, quiet)
    return characters, order


def resolve_game(script: Script, library: Library, report: Report) -> Game:
    """Looks up the script's character ids in the library; unknown and repeated ids become errors."""
    from generator.load.search import IdLookup

    characters = []
    seen = set()
    lines = script.lines
    custom = script.custom_characters
    lookup = IdLookup(library.characters)
    files = None  # ids with a character file, listed when first needed
    for index, character_id in enumerate(script.character_ids):
        where = f"{script.source}:{lines[index]}" if lines.get(index) else script.source
        if character_id not in custom and character_id not in library.characters:
            named = lookup.id_for(character_id)  # a Korean name or the publisher's spelling of an id
            if named in library.characters:
                character_id = script.character_ids[index] = named
        if character_id in seen:
            report.error(
                "duplicate-id",
                f"스크립트에 {quoted(character_id, '이')} 두 번 있습니다.",
                subject=character_id,
                where=where,
            )
            continue
        seen.add(character_id)
        character = custom.get(character_id) or library.characters.get(character_id)
        if character is None and report.error_count and files is None:
            # a library made in memory has no folder: no character file to blame
            files = character_files(library.content_dir) if library.content_dir is not None else set()
        if character is None and report.error_count and character_id in (files or ()):
            report.warning(
                "character-skipped",
                f"'{character_id}'의 파일에 위의 오류가 있어 이 캐릭터를 빼고 검사했습니다.",
                subject=character_id,
                where=where,
            )
            continue
        if character is None:
            report.error(
                "unknown-id",
                f"스크립트의 캐릭터 {quoted(character_id, '이')} 라이브러리에 없습니다.{suggest(character_id, library.characters, report)}",
                subject=character_id,
                where=where,
            )
            continue
        characters.append(character)
    for loric_id, target in script.named_characters.items():
        if loric_id not in seen:
            report.warning(
                "named-unused",
                f"named_characters에 스크립트에 없는 {quoted(loric_id, '이')} 있습니다.",
                subject=loric_id,
                where=script.source,
            )
        if target not in library.characters:
            report.error(
                "unknown-id",
                f"{quoted(loric_id, '이')} 지정한 캐릭터 {quoted(target, '이')} 라이브러리에 없습니다.{suggest(target, library.characters, report)}",
                subject=loric_id,
                where=script.source,
            )
    game = Game(script=script, library=apart_from_reused_ids(library, characters), characters=characters)
    add_jinx_fabled(game)
    credit_only_what_the_publisher_made(game, report)
    return game


def apart_from_reused_ids(library: Library, characters: list) -> Library:
    """The library as this game sees it: when a script's homebrew character reuses a library id, the library's facts
    about that id (its jinxes, its English name) are not the homebrew's, so this game's copy of the library leaves
    them out. The library itself is never changed."""
    from dataclasses import replace

    from generator.load.publisher.official import is_homebrew

    reused = {c.id for c in characters if c.id in library.characters and is_homebrew(c, library.characters)}
    if not reused:
        return library
    return replace(
        library,
        jinxes=[j for j in library.jinxes if not reused & set(j.characters)],
        english_names={cid: name for cid, name in library.english_names.items() if cid not in reused},
    )


def credit_only_what_the_publisher_made(game: Game, report: Report) -> None:
    """An edition's title and author on a script with other characters (a club's edit of it): the print never
    credits the publisher for a script it did not make, and the title is asked for."""
    order = game.library.standard_order
    if order is None or not order.sheets or order.edition_of(game.characters, game.library.characters) is not None:
        return
    sheets = order.sheets
    script = game.script
    credited = next((sheet.author for sheet in sheets.values() if sheet.author and script.author == sheet.author), None)
    if credited is not None:
        report.warning(
            "publisher-credit",
            f"만든 사람이 {with_particle(credited, '으로')} 되어 있지만 캐릭터가 공식 스크립트와 다릅니다. 출판사가 만든 "
            "스크립트가 아니므로 인쇄물에 만든 사람을 넣지 않습니다. 만든 사람에 자기 이름이나 모임 이름을 적어 주세요.",
            where=script.source,
        )
        script.author = None
    titled = next((sheet for sheet in sheets.values() if script.title.strip() == sheet.title), None)
    if titled is not None:
        report.warning(
            "official-title",
            f"제목 {quoted(titled.title, '은')} 공식 스크립트의 제목인데 캐릭터가 다릅니다. '{titled.title} 변형'처럼 자기 "
            "스크립트의 제목을 붙여 주세요.",
            where=script.source,
        )


def add_jinx_fabled(game: Game) -> None:
    """A script with jinxes is printed with the Djinn among its fabled, as the official sheets do."""
    djinn = game.library.characters.get(JINX_FABLED)
    if djinn is not None and JINX_FABLED not in game.ids and game.jinxes:
        game.characters.append(djinn)
        game.added.append(JINX_FABLED)


def load_game(script: str | Path = "in-space", content_dir: Path | None = None) -> tuple[Game | None, Report]:
    """Loads library and script; raises nothing, returns (None, report) when input cannot be read."""
    library, report = load_library(content_dir)
    assert library.content_dir is not None  # load_library always names the folder it read
    loaded = load_script(script, library.content_dir, report)
    if loaded is None:
        return None, report
    game = resolve_game(loaded, library, report)
    return game, report
