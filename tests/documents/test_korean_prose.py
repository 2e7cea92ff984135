"""Korean in Korean prose (issue 32): the texts this project wrote name the editions in the library's Korean and write
an auxiliary 주다 one way (보여 주다, 알려 주다: 띄어 씀); the printed kit does the same for the user's own texts,
whose files stay as the user wrote them."""

from __future__ import annotations

import re

import pytest
from conftest import CONTENT, bundled_kit, pdf_page_texts, read_yaml

from generator import TEMPLATES_DIR
from generator.model import EDITION_NAMES_KO
from tests.content.test_almanac_content import FILES, PROSE, USER_FIELDS, items, ours

GLOSSARY = read_yaml(CONTENT / "glossary.yaml")
EDITIONS_EN = {"tb": "Trouble Brewing", "bmr": "Bad Moon Rising", "snv": "Sects & Violets"}
LATIN_EDITION = re.compile(r"Trouble\s+Brewing|Bad\s+Moon\s+Rising|Sects\s*(?:&|and)\s*Violets", re.IGNORECASE)
JOINED_AUXILIARY = re.compile(r"(?:보여|알려|돌려|건네)주")  # written as one word: the library writes 보여 주다


def strings_in(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for key, item in value.items() if key not in ("english", "id") for s in strings_in(item)]
    if isinstance(value, list):
        return [s for item in value for s in strings_in(item)]
    return []


def our_texts() -> list[tuple[str, str]]:
    """(where, text) for every Korean text this project wrote: the almanac fields and, for roles the user's almanac
    does not give, abilities and night texts; scripts, cards, jinxes, labels and markup templates."""
    found = []
    for cid, data in FILES.items():
        fields = [f for f in PROSE if ours(cid, f)]
        if cid not in USER_FIELDS:
            fields += ["ability", "first_night", "other_nights", "reminders", "global_reminders"]
        found += [(f"characters/{cid}.{field}", text) for field in fields for text in items(data, field)]
    for path in sorted((CONTENT / "scripts").glob("*.yaml")):
        found += [(f"scripts/{path.name}", text) for text in strings_in(read_yaml(path))]
    for name in ("info_cards.yaml", "jinxes.yaml", "setup.yaml", "spares.yaml"):
        if (CONTENT / name).is_file():
            found += [(name, text) for text in strings_in(read_yaml(CONTENT / name))]
    found += [("templates/labels.yaml", text) for text in strings_in(read_yaml(TEMPLATES_DIR / "labels.yaml"))]
    for path in sorted((TEMPLATES_DIR / "markup").glob("*.j2")):
        found.append(
            (f"templates/markup/{path.name}", re.sub(r"\{#.*?#\}", "", path.read_text(encoding="utf-8"), flags=re.S))
        )
    return found


OUR_TEXTS = our_texts()


def test_our_prose_names_editions_in_korean_and_spaces_the_auxiliary():
    assert len(OUR_TEXTS) > 1000
    latin = [(where, text[:50]) for where, text in OUR_TEXTS if LATIN_EDITION.search(text)]
    joined = [
        (where, JOINED_AUXILIARY.search(text).group(0)) for where, text in OUR_TEXTS if JOINED_AUXILIARY.search(text)
    ]
    assert not latin, latin
    assert not joined, joined


def test_the_glossary_prints_the_editions_and_the_auxiliary_the_librarys_way():
    printed = {entry["term"]: entry["avoid"] for entry in GLOSSARY if entry.get("print", True) is not False}
    for edition, english in EDITIONS_EN.items():
        assert english in printed[EDITION_NAMES_KO[edition]], edition
    assert "보여주" in printed["보여 주"] and "알려주" in printed["알려 주"]


@pytest.mark.slow
@pytest.mark.parametrize("script", ["trouble-brewing", "sects-and-violets"])
def test_the_printed_kit_has_no_latin_edition_name_and_one_spelling_of_the_auxiliary(script):
    """The user's texts (the undertaker's 'Trouble Brewing에서는', the washerwoman's '보여주세요') print as the library
    writes them."""
    _, files = bundled_kit("a4", script)
    text = "\n".join(t for name, data in sorted(files.items()) if name.endswith(".pdf") for t in pdf_page_texts(data))
    assert "장의사" in text or "뱀 조련사" in text  # the kit's texts were read
    assert not LATIN_EDITION.search(text), LATIN_EDITION.search(text).group(0)
    found = JOINED_AUXILIARY.search(text.replace("\n", " "))  # a line ends at a space: read it as one
    assert not found, text[max(0, found.start() - 20) : found.end() + 10]
    assert re.search(r"보여\s주", text)


def test_the_checks_can_fail():
    assert LATIN_EDITION.search("Trouble Brewing에서는") and LATIN_EDITION.search("sects and violets")
    assert JOINED_AUXILIARY.search("토큰을 보여주세요") and not JOINED_AUXILIARY.search("토큰을 보여 주세요")
    assert any("Trouble Brewing에서는" in t for f in PROSE for t in items(FILES["undertaker"], f))  # the user's wording
