"""The importer reads both seed formats, and every bundled character YAML keeps the seed's text exactly."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml

from generator.write.importer import (
    FIELD_ORDER,
    AlmanacError,
    ParsedAlmanac,
    name_table,
    parse_almanac,
    write_character_yaml,
)

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
SEEDS = Path(__file__).resolve().parents[2] / "content" / "sources"  # the user's almanac texts, kept with the project
SEED_FULL = SEEDS / "almanac-in-space.txt"
SEED_OVERVIEWS = SEEDS / "almanac-overviews.txt"
TEXT_FIELDS = ("name", "ability", "flavor", "overview", "how_to_run", "notes")
ALMANAC_PROSE = ("flavor", "how_to_run", "notes")


def nfc(value):
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, list):
        return [nfc(v) for v in value]
    return value


def load_yaml(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def almanac_ids() -> list[str]:
    """The characters imported from the user's almanac (content/ids.yaml); the other official roles were written
    for this project and have no seed text."""
    return sorted(entry["id"] for entry in load_yaml(CONTENT / "ids.yaml"))


def bundled_characters() -> dict[str, dict]:
    return {cid: load_yaml(CONTENT / "characters" / f"{cid}.yaml") for cid in almanac_ids()}


def names_from_content() -> tuple[dict[str, str], dict[str, str]]:
    """What the CLI does: ids.yaml plus the aliases the character YAMLs declare."""
    entries = list(load_yaml(CONTENT / "ids.yaml"))
    for char in bundled_characters().values():
        entries.append(
            {"id": char["id"], "name": char["name"], "team": char["team"], "aliases": char.get("aliases", [])}
        )
    return name_table(entries)


# ---------------------------------------------------------------- CORRECTIONS.md


def parse_corrections(text: str) -> list[dict]:
    """Rows of the Markdown table: 파일 | 캐릭터 | 필드 | 수정 전 | 수정 후 | 이유."""
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or cells[0] in ("파일", "") or set(cells[0]) <= set("-: "):
            continue
        field, index = re.fullmatch(r"(\w+)(?:\[(\d+)\])?", cells[2]).groups()
        rows.append(
            {
                "id": cells[1],
                "field": field,
                "index": int(index) if index is not None else None,
                "before": nfc(cells[3]),
                "after": nfc(cells[4]),
            }
        )
    return rows


def apply_corrections(char: dict, corrections: list[dict]) -> dict:
    char = {k: list(v) if isinstance(v, list) else v for k, v in char.items()}
    for row in corrections:
        if row["id"] != char.get("id"):
            continue
        value = char[row["field"]]
        if row["index"] is not None:
            assert row["before"] in value[row["index"]], f"correction not applicable: {row}"
            value[row["index"]] = value[row["index"]].replace(row["before"], row["after"])
        else:
            assert row["before"] in value, f"correction not applicable: {row}"
            char[row["field"]] = value.replace(row["before"], row["after"])
    return char


def test_corrections_table_is_parsed():
    rows = parse_corrections((CONTENT / "CORRECTIONS.md").read_text(encoding="utf-8"))
    assert rows, "CORRECTIONS.md lists at least the amnesiac fix"
    assert all(r["before"] != r["after"] for r in rows)


# ---------------------------------------------------------------- seeds vs. bundled YAML


@pytest.fixture(scope="module")
def seed_characters() -> dict[str, dict]:
    name_to_id, id_to_team = names_from_content()
    overviews = parse_almanac(SEED_OVERVIEWS.read_text(encoding="utf-8"), name_to_id, id_to_team)
    full = parse_almanac(SEED_FULL.read_text(encoding="utf-8"), name_to_id, id_to_team)
    chars = {c["id"]: c for c in overviews.characters}
    chars.update({c["id"]: c for c in full.characters})  # the full almanac wins where both have a character
    return chars


def test_full_seed_header():
    parsed = parse_almanac(SEED_FULL.read_text(encoding="utf-8"))
    script = load_yaml(CONTENT / "scripts" / "in-space.yaml")
    assert parsed.author == "George"
    assert parsed.count == len(parsed.characters) == 31
    assert parsed.title == nfc(script["title"])
    assert parsed.notes == nfc(script["notes"])
    assert [c["team"] for c in parsed.characters].count("traveller") == 5


def test_script_lists_seed_characters_in_order():
    name_to_id, id_to_team = names_from_content()
    parsed = parse_almanac(SEED_FULL.read_text(encoding="utf-8"), name_to_id, id_to_team)
    script = load_yaml(CONTENT / "scripts" / "in-space.yaml")
    assert script["characters"] == [c["id"] for c in parsed.characters]


def test_overview_seed_finds_twelve_characters():
    name_to_id, id_to_team = names_from_content()
    parsed = parse_almanac(SEED_OVERVIEWS.read_text(encoding="utf-8"), name_to_id, id_to_team)
    assert parsed.title == "모든 오리가 연속으로"
    ids = [c["id"] for c in parsed.characters]
    assert len(ids) == len(set(ids)) == 12
    assert {"chef", "clockmaker", "shugenja", "fortuneteller", "flowergirl", "oracle"} <= set(ids)
    assert all(c["team"] == "townsfolk" for c in parsed.characters)


def test_every_bundled_character_comes_from_a_seed(seed_characters):
    assert set(bundled_characters()) == set(seed_characters)


@pytest.mark.parametrize("char_id", almanac_ids())
def test_text_fields_equal_seed(char_id, seed_characters):
    corrections = parse_corrections((CONTENT / "CORRECTIONS.md").read_text(encoding="utf-8"))
    bundled = load_yaml(CONTENT / "characters" / f"{char_id}.yaml")
    expected = apply_corrections(seed_characters[char_id], corrections)
    for field in TEXT_FIELDS:
        if field in ALMANAC_PROSE and not expected.get(field):
            continue  # a part the user's almanac does not give was written for this project (tests/content/test_almanac_content.py)
        assert nfc(bundled.get(field)) == expected.get(field), f"{char_id}.{field} differs from the seed"


def test_overlapping_characters_agree_between_seeds():
    name_to_id, id_to_team = names_from_content()
    full = {c["id"]: c for c in parse_almanac(SEED_FULL.read_text(encoding="utf-8"), name_to_id, id_to_team).characters}
    short = parse_almanac(SEED_OVERVIEWS.read_text(encoding="utf-8"), name_to_id, id_to_team).characters
    for char in short:
        if char["id"] in full:
            assert char["overview"] == full[char["id"]]["overview"]


# ---------------------------------------------------------------- parser units on tiny texts

TINY = """시험 대본

해설서 · 누군가 · 2개 캐릭터

메모

첫 줄 메모입니다.

마을주민

요리사

능력 한 줄입니다.

맛있는 한마디.

"능력 따옴표." 요리사는 무언가를 압니다.

진행 방법

첫째 단계입니다.
둘째 단계입니다.

악마

임프

매일 밤*, 한 명을 고릅니다.

기분 나쁜 한마디.

"매일 밤*." 임프는 죽입니다.

진행 방법

임프를 깨우세요.

예시 · 메모

예시 하나.
예시 둘.
"""


def test_header_of_full_format():
    parsed = parse_almanac(TINY)
    assert isinstance(parsed, ParsedAlmanac)
    assert (parsed.title, parsed.author, parsed.count) == ("시험 대본", "누군가", 2)
    assert parsed.notes == "첫 줄 메모입니다."


def test_entry_without_examples():
    chef = parse_almanac(TINY).characters[0]
    assert chef == {
        "name": "요리사",
        "team": "townsfolk",
        "ability": "능력 한 줄입니다.",
        "flavor": "맛있는 한마디.",
        "overview": '"능력 따옴표." 요리사는 무언가를 압니다.',
        "how_to_run": ["첫째 단계입니다.", "둘째 단계입니다."],
    }
    assert "notes" not in chef


def test_entry_with_examples_and_ids():
    parsed = parse_almanac(TINY, {"요리사": "chef", "임프": "imp"})
    imp = parsed.characters[1]
    assert imp["id"] == "imp" and imp["team"] == "demon"
    assert imp["how_to_run"] == ["임프를 깨우세요."]
    assert imp["notes"] == ["예시 하나.", "예시 둘."]


def test_nfd_input_is_normalised():
    parsed = parse_almanac(unicodedata.normalize("NFD", TINY))
    assert parsed.characters[0]["name"] == "요리사"


def test_unknown_name_is_reported():
    with pytest.raises(AlmanacError, match="요리사"):
        parse_almanac(TINY, {"임프": "imp"})


OVERVIEWS = """짧은 제목

"당신은 무언가를 압니다." 꽃팔이 소녀는 무언가를 압니다.

"매일 밤*, 한 명을 고릅니다." 팡구는 죽입니다.
"""


def test_overview_paragraphs_identify_names_and_teams():
    names = {"꽃팔이 소녀": "flowergirl", "꽃팔이": "wrong", "팡 구": "fanggu", "팡구": "fanggu"}
    parsed = parse_almanac(OVERVIEWS, names, {"flowergirl": "townsfolk", "fanggu": "demon"})
    assert parsed.title == "짧은 제목"
    first, second = parsed.characters
    assert first == {
        "id": "flowergirl",
        "team": "townsfolk",
        "name": "꽃팔이 소녀",
        "ability": "당신은 무언가를 압니다.",
        "overview": '"당신은 무언가를 압니다." 꽃팔이 소녀는 무언가를 압니다.',
    }
    assert (second["id"], second["team"], second["name"]) == ("fanggu", "demon", "팡구")


def test_overview_paragraphs_need_a_name_table():
    with pytest.raises(AlmanacError):
        parse_almanac(OVERVIEWS)


def test_overview_paragraph_with_unknown_name_fails():
    with pytest.raises(AlmanacError):
        parse_almanac(OVERVIEWS, {"팡구": "fanggu"})


# ---------------------------------------------------------------- YAML writer


def test_write_character_yaml_round_trips_in_field_order(tmp_path):
    char = {
        "icon": "fanggu.svg",
        "reminders": ["죽음", "한 번"],
        "overview": " ".join(['"따옴표로 시작하는 아주 긴 개요입니다."'] * 5),
        "setup": {"outsider": [1]},
        "id": "fanggu",
        "name": "팡 구",
        "team": "demon",
        "ability": "짧은 능력: 콜론이 있습니다",
        "first_night": "*죽음* 알림을 놓으세요.",
    }
    path = write_character_yaml(char, tmp_path / "fanggu.yaml")
    text = path.read_text(encoding="utf-8")
    assert "팡 구" in text  # allow_unicode: no \u escapes
    assert "overview: |" in text  # long text in block style
    assert "setup: {outsider: [1]}" in text
    loaded = yaml.safe_load(text)
    assert loaded == char
    assert list(loaded) == [k for k in FIELD_ORDER if k in char]


def test_bundled_yaml_is_in_field_order():
    for char_id, char in bundled_characters().items():
        keys = list(char)
        assert keys == [k for k in FIELD_ORDER if k in char], char_id
        assert set(keys) <= set(FIELD_ORDER), char_id
        assert char["id"] == char_id and char["icon"] == f"{char_id}.svg"
