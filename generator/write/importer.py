"""Stage "seed almanac text → character dicts": parses the user's Korean almanac text and writes one YAML per character."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.keep.patterns import compiled

TEAM_WORDS = {
    "마을주민": "townsfolk",
    "외지인": "outsider",
    "하수인": "minion",
    "악마": "demon",
    "여행자": "traveller",
    "설화": "loric",
}

NOTES_HEADING = "메모"
HOW_TO_RUN_HEADING = "진행 방법"
EXAMPLES_HEADING = "예시 · 메모"
HEADER_RE = compiled(r"^해설서\s*·\s*(?P<author>.+?)\s*·\s*(?P<count>\d+)개 캐릭터$")
QUOTED_RE = compiled(r'^\s*["“](?P<quote>[^"”]+)["”]\s*(?P<rest>.*)$', re.DOTALL)

FIELD_ORDER = (
    "id",
    "name",
    "team",
    "edition",
    "ability",
    "flavor",
    "overview",
    "examples",
    "how_to_run",
    "notes",
    "tips",
    "reminders",
    "global_reminders",
    "first_night",
    "other_nights",
    "cues",
    "setup",
    "aliases",
    "community_names",
    "icon",
)
LONG_TEXT = 60  # characters; longer strings are written in YAML block style
SHORT_ITEM = 20  # lists whose items are all this short are written in flow style


class AlmanacError(ValueError):
    """The text does not follow either known almanac format."""


@dataclass
class ParsedAlmanac:
    """What one seed text holds: header fields and a dict per character, in text order."""

    title: str
    author: str | None = None
    count: int | None = None
    notes: str | None = None
    characters: list[dict] = field(default_factory=list)


# ---------------------------------------------------------------- text helpers


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def split_blocks(text: str) -> list[list[str]]:
    """Blank-line separated blocks, each a list of its non-empty, right-stripped lines."""
    blocks: list[list[str]] = []
    current: list[str] = []
    for raw in nfc(text).replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = raw.rstrip()
        if line.strip():
            current.append(line)
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def block_text(block: list[str]) -> str:
    return "\n".join(block)


def is_heading(block: list[str], word: str) -> bool:
    return len(block) == 1 and block[0].strip() == word


def team_of_block(block: list[str]) -> str | None:
    if len(block) == 1:
        return TEAM_WORDS.get(block[0].strip())
    return None


# ---------------------------------------------------------------- public API


def parse_almanac(
    text: str,
    name_to_id: Mapping[str, str] | None = None,
    id_to_team: Mapping[str, str] | None = None,
) -> ParsedAlmanac:
    """Parse either almanac format.

    Full almanac (seed 000): title, "해설서 · 작성자 · N개 캐릭터", "메모" + paragraph, then entries.
    Overview-only text (seed 004): title, then paragraphs opening with a quoted ability; the character is
    recognised from the name that starts the sentence after the quote, so ``name_to_id`` is required there.
    When ``name_to_id`` is given, every character dict also gets its ``id`` (and ``team`` from ``id_to_team``
    when the text has no team word).
    """
    blocks = split_blocks(text)
    if not blocks:
        raise AlmanacError("빈 텍스트입니다")
    if len(blocks) > 1 and HEADER_RE.match(blocks[1][0].strip()):
        parsed = parse_full_almanac(blocks)
    else:
        parsed = parse_overview_paragraphs(blocks, name_to_id)
    if name_to_id is not None:
        for char in parsed.characters:
            attach_id(char, name_to_id, id_to_team or {})
    return parsed


def name_table(entries: Iterable[Mapping]) -> tuple[dict[str, str], dict[str, str]]:
    """From ``{id, name, team, aliases?}`` entries (content/ids.yaml, character YAMLs): name→id and id→team."""
    name_to_id: dict[str, str] = {}
    id_to_team: dict[str, str] = {}
    for entry in entries:
        char_id = entry["id"]
        for name in [entry["name"], *entry.get("aliases", [])]:
            name_to_id[nfc(name)] = char_id
        if entry.get("team"):
            id_to_team[char_id] = entry["team"]
    return name_to_id, id_to_team


# ---------------------------------------------------------------- seed 000 format


def parse_full_almanac(blocks: list[list[str]]) -> ParsedAlmanac:
    title = block_text(blocks[0])
    header = HEADER_RE.match(blocks[1][0].strip())
    parsed = ParsedAlmanac(title=title, author=header["author"], count=int(header["count"]))
    rest = blocks[2:]
    if rest and is_heading(rest[0], NOTES_HEADING):
        notes, rest = take_until_team(rest[1:])
        parsed.notes = "\n".join(block_text(b) for b in notes) or None
    for entry in split_entries(rest):
        parsed.characters.append(parse_entry(entry))
    return parsed


def take_until_team(blocks: list[list[str]]) -> tuple[list[list[str]], list[list[str]]]:
    for i, block in enumerate(blocks):
        if team_of_block(block):
            return blocks[:i], blocks[i:]
    return blocks, []


def split_entries(blocks: list[list[str]]) -> list[list[list[str]]]:
    """Group blocks into entries, each starting at a lone team word."""
    entries: list[list[list[str]]] = []
    for block in blocks:
        if team_of_block(block):
            entries.append([block])
        elif entries:
            entries[-1].append(block)
        else:
            raise AlmanacError(f"캐릭터 항목 앞에 알 수 없는 문단이 있습니다: {block[0][:30]}")
    return entries


def parse_entry(entry: list[list[str]]) -> dict:
    """team / name / ability / flavour / overview / 진행 방법 + lines / optional 예시 · 메모 + lines."""
    team = team_of_block(entry[0])
    if len(entry) < 5:
        raise AlmanacError(f"캐릭터 항목이 너무 짧습니다: {block_text(entry[1]) if len(entry) > 1 else team}")
    name, ability, flavor, overview = (block_text(b) for b in entry[1:5])
    char = {"name": name, "team": team, "ability": ability, "flavor": flavor, "overview": overview}
    sections = collect_sections(entry[5:], name)
    char["how_to_run"] = sections.get(HOW_TO_RUN_HEADING, [])
    if sections.get(EXAMPLES_HEADING):
        char["notes"] = sections[EXAMPLES_HEADING]
    return char


def collect_sections(blocks: list[list[str]], name: str) -> dict[str, list[str]]:
    """Lines under each heading ("진행 방법", "예시 · 메모"); one list item per line."""
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for block in blocks:
        if is_heading(block, HOW_TO_RUN_HEADING) or is_heading(block, EXAMPLES_HEADING):
            current = block[0].strip()
            sections[current] = []
        elif current is None:
            raise AlmanacError(f"{name}: '{HOW_TO_RUN_HEADING}' 앞에 알 수 없는 문단이 있습니다")
        else:
            sections[current].extend(block)
    return sections


# ---------------------------------------------------------------- seed 004 format


def parse_overview_paragraphs(blocks: list[list[str]], name_to_id: Mapping[str, str] | None) -> ParsedAlmanac:
    if name_to_id is None:
        raise AlmanacError("개요 문단만 있는 텍스트는 이름→id 표(name_to_id)가 있어야 캐릭터를 알아볼 수 있습니다")
    start = 0 if QUOTED_RE.match(block_text(blocks[0])) else 1
    parsed = ParsedAlmanac(title=block_text(blocks[0]) if start else "")
    for block in blocks[start:]:
        parsed.characters.append(parse_overview_paragraph(block_text(block), name_to_id))
    return parsed


def parse_overview_paragraph(paragraph: str, name_to_id: Mapping[str, str]) -> dict:
    match = QUOTED_RE.match(paragraph)
    if not match:
        raise AlmanacError(f"따옴표로 시작하지 않는 문단입니다: {paragraph[:30]}")
    name = name_at_start(match["rest"], name_to_id)
    if name is None:
        raise AlmanacError(f"따옴표 다음 문장에서 캐릭터 이름을 찾지 못했습니다: {match['rest'][:30]}")
    return {"name": name, "ability": match["quote"].strip(), "overview": paragraph}


def name_at_start(sentence: str, names: Iterable[str]) -> str | None:
    """The longest known name the sentence starts with, directly followed by a particle (not a space)."""
    candidates = [
        n for n in names if sentence.startswith(n) and len(sentence) > len(n) and not sentence[len(n)].isspace()
    ]
    return max(candidates, key=len) if candidates else None


def attach_id(char: dict, name_to_id: Mapping[str, str], id_to_team: Mapping[str, str]) -> None:
    char_id = name_to_id.get(char["name"])
    if char_id is None:
        raise AlmanacError(f"이름→id 표에 없는 캐릭터입니다: {char['name']}")
    char["id"] = char_id
    if not char.get("team") and id_to_team.get(char_id):
        char["team"] = id_to_team[char_id]


# ---------------------------------------------------------------- YAML output


class _ContentDumper(yaml.SafeDumper):
    """Block style for long text, flow style for short lists and small mappings inside a character."""


def _represent_str(dumper: yaml.SafeDumper, value: str):
    style = "|" if len(value) > LONG_TEXT or "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


def _represent_list(dumper: yaml.SafeDumper, value: list):
    short = all(isinstance(v, (str, int)) and len(str(v)) <= SHORT_ITEM and "\n" not in str(v) for v in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=short)


class _FlowDict(dict):
    """A small mapping inside a character (setup) written on one line."""


def _represent_flow_dict(dumper: yaml.SafeDumper, value: dict):
    return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=True)


_ContentDumper.add_representer(str, _represent_str)
_ContentDumper.add_representer(list, _represent_list)
_ContentDumper.add_representer(_FlowDict, _represent_flow_dict)


def ordered_character(char: Mapping) -> dict:
    """The character's fields in FIELD_ORDER, unknown fields after them; inner mappings in flow style."""
    keys = [k for k in FIELD_ORDER if k in char] + [k for k in char if k not in FIELD_ORDER]
    return {k: char[k] for k in keys}


def dump_character_yaml(char: Mapping) -> str:
    body = ordered_character(char)
    for key, value in body.items():
        if isinstance(value, dict):
            body[key] = _FlowDict(value)
    return yaml.dump(body, Dumper=_ContentDumper, allow_unicode=True, sort_keys=False, width=4096)


def write_character_yaml(char_dict: Mapping, path: str | Path) -> Path:
    """Write one character as UTF-8 YAML (fields in FIELD_ORDER) and return the path (replaced only when complete,
    and only if it is a regular file or new; see generator/write/files.py)."""
    from generator.write.files import write_atomic

    return write_atomic(Path(path), dump_character_yaml(char_dict).encode("utf-8"))
