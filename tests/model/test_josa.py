"""Particles: the right form after Hangul, quotes, brackets, digits and Latin words, and never a '을(를)' fallback."""

from __future__ import annotations

import re

import pytest

from generator import PROJECT_ROOT
from generator.josa import fill_named, quoted, with_particle


@pytest.mark.parametrize(
    "word, particle, expected",
    [
        ("사서", "을", "사서를"),
        ("수도사", "이", "수도사가"),
        ("'지켜 봄'", "이", "'지켜 봄'이"),
        ("“지켜 봄”", "은", "“지켜 봄”은"),
        ("[외지인 +1명]", "을", "[외지인 +1명]을"),
        ("임프(imp)", "을", "임프(imp)를"),
        ("imp", "을", "imp를"),
        ("virgin", "은", "virgin은"),
        ("damsel", "로", "damsel로"),
        ("team", "로", "team으로"),
        ("setup.outsider", "은", "setup.outsider는"),
        ("Storm Catcher", "이", "Storm Catcher가"),
        ("URL", "을", "URL을"),
        ("PDF", "을", "PDF를"),
        ("12", "이", "12가"),
        ("%", "을", "%를"),
    ],
)
def test_particle_fits_the_word_as_read(word, particle, expected):
    assert with_particle(word, particle) == expected


def test_quoted_and_named_placeholders():
    assert quoted("monk", "이") == "'monk'가"
    assert quoted("안전", "이") == "'안전'이"
    assert fill_named("{named:을} 보여 주세요.", "변종") == "변종을 보여 주세요."
    assert fill_named("{named:이} 있다면", None) == "지정된 캐릭터가 있다면"


def test_no_message_in_the_code_falls_back_to_both_forms():
    fallback = re.compile(r"(을\(를\)|이\(가\)|은\(는\)|과\(와\)|\(으\)로)")
    sources = [p for p in (PROJECT_ROOT / "generator").rglob("*.py") if p.name != "josa.py"]
    sources += list((PROJECT_ROOT / "templates").rglob("*.j2"))
    found = [
        f"{p.relative_to(PROJECT_ROOT)}:{n}"
        for p in sources
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if fallback.search(line) and not line.lstrip().startswith("#")
    ]
    assert not found, found
