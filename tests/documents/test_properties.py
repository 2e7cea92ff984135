"""Random Korean, mixed-script and markup-laden text in character fields → validate and every document renderer:
no exception escapes, and every PDF opens and prints the text as written."""

from __future__ import annotations

import copy
import dataclasses
from functools import lru_cache

import pytest
from conftest import pdf_page_texts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator import FONTS_DIR
from generator.check import run_checks
from generator.documents import DOCUMENTS, document_builder
from generator.findings import Report
from generator.load.game import load_game
from generator.load.wording import wording
from generator.options import RenderOptions
from generator.typeset.glyphs import covered_code_points

pytestmark = pytest.mark.slow  # renders documents for generated inputs

# the character whose text is replaced: a townsfolk on the bundled script with an other-nights reminder
TARGET = "monk"
SMALL_SCRIPT = ["washerwoman", "empath", "monk", "soldier", "recluse", "drunk", "poisoner", "spy", "imp"]
# where each document prints a character's text; a document not listed is checked for the name only
PRINTED_FIELDS = {
    "script_sheet": ("name", "ability"),
    "night_sheet": ("name", "other_nights"),
    "almanac": ("name", "ability"),
    "tokens": ("name",),
    "night_card": ("name",),
    "info_cards": (),  # prints cards, not characters: tests/documents/test_info_cards.py feeds it random card words
    "town_square": (),  # prints seats and only the characters that change the setup (tests/documents/test_town_square.py)
}
MARKUP = [
    "<b>",
    "</b>",
    "<i>",
    "</para>",
    "<para>",
    "<br/>",
    "<font size=40>",
    "&",
    "&amp;",
    "&nbsp;",
    "&lt;",
    "&#65;",
    "<",
    ">",
    '"',
    "'",
    "\\",
]
# '*' marks reminder tokens, '{' starts a {named} placeholder: both are content syntax, not literal text
SYNTAX = set("*{}")


@lru_cache(maxsize=1)
def printable() -> str:
    """Characters every bundled font has a glyph for, from Korean, Latin, Greek, Cyrillic, kana and Hanja."""
    fonts = [covered_code_points(path) for path in sorted(FONTS_DIR.glob("*.ttf"))]
    common = frozenset.intersection(*fonts)
    ranges = [
        (0x21, 0x7E),
        (0xC0, 0xFF),
        (0x391, 0x3C9),
        (0x410, 0x44F),
        (0x3041, 0x3093),
        (0x4E00, 0x4E3F),
        (0xAC00, 0xD7A3),
    ]
    chars = [chr(c) for start, end in ranges for c in range(start, end + 1) if c in common and chr(c) not in SYNTAX]
    return "".join(chars)


def hangul():
    return st.characters(min_codepoint=0xAC00, max_codepoint=0xD7A3)


def pieces(max_size: int):
    """Korean words, mixed-script words and markup fragments, joined by single spaces."""
    korean = st.text(hangul(), min_size=1, max_size=6)
    mixed = st.text(st.sampled_from(printable()), min_size=1, max_size=6)
    markup = st.sampled_from(MARKUP)
    word = st.one_of(korean, korean, mixed, markup)
    return st.lists(word, min_size=1, max_size=max_size).map(" ".join)


def names():
    """A short name that always carries some Hangul, so it reads like a character name."""
    return st.tuples(st.text(hangul(), min_size=1, max_size=4), st.one_of(st.just(""), pieces(2))).map(
        lambda pair: (pair[0] + pair[1])[:14].strip()
    )


@lru_cache(maxsize=1)
def base_game():
    game, report = load_game("in-space")
    assert game is not None and not report.unreadable, report.lines()
    return game


def small_game(fields: dict):
    """The bundled script cut to nine characters, with the target character's fields replaced; nothing on disk."""
    game = copy.deepcopy(base_game())
    characters = {c.id: c for c in game.characters}
    chosen = []
    for character_id in SMALL_SCRIPT:
        character = characters[character_id]
        if character_id == TARGET:
            character = dataclasses.replace(character, **fields)
            game.library.characters[TARGET] = character
        chosen.append(character)
    game.characters = chosen
    game.script.character_ids = list(SMALL_SCRIPT)
    game.script.named_characters = {}
    game.script.lines = {}
    return game


def character_fields():
    return st.fixed_dictionaries(
        {
            "name": names(),
            "ability": pieces(12),
            "flavor": pieces(10),
            "overview": pieces(10),
            "other_nights": pieces(8),
            "reminders": st.lists(pieces(2).map(lambda s: s[:12]), min_size=1, max_size=2),
            "notes": st.lists(pieces(6), max_size=2),
        }
    )


def squash(text: str) -> str:
    return "".join(text.split())


def pdf_text(data: bytes) -> str:
    pages = pdf_page_texts(data)
    assert pages
    return squash("".join(pages))


SETTINGS = settings(
    max_examples=15,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


@SETTINGS
@given(fields=character_fields())
def test_validate_never_raises(fields):
    game = small_game(fields)
    report = run_checks(game, Report())
    for finding in report.findings:
        assert finding.message and finding.level in ("error", "warning")


@pytest.mark.parametrize("module_name", [name for name, _ in DOCUMENTS])
@SETTINGS
@given(fields=character_fields())
def test_documents_print_the_text(module_name, fields):
    game = small_game(fields)
    options = RenderOptions()
    files = document_builder(module_name)(game, options)
    pdfs = [(name, data) for name, data in files if name.endswith(".pdf")]
    assert pdfs, f"{module_name} made no PDF"
    words = wording(game)  # printed wording: declared names, glossary terms, typographic quotes
    for name, data in pdfs:
        text = pdf_text(data)
        for field in PRINTED_FIELDS.get(module_name, ("name",)):
            expected = fields[field] if field == "name" or module_name == "tokens" else words.words(fields[field])
            assert squash(expected) in text, f"{module_name}/{name}: {field} {expected!r} not printed"
