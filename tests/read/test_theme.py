"""templates/theme.yaml → a typed Theme, checked as it is read: a wrong value is a ThemeError naming its key."""

from __future__ import annotations

import copy

import pytest
import yaml

from generator import TEMPLATES_DIR
from generator.read.theme import Section, Theme, ThemeError, theme, theme_from

BUNDLED = yaml.safe_load((TEMPLATES_DIR / "theme.yaml").read_text(encoding="utf-8"))


def changed(change) -> dict:
    data = copy.deepcopy(BUNDLED)
    change(data)
    return data


def test_the_bundled_theme_reads_as_typed_parts():
    t = theme()
    assert isinstance(t, Theme)
    assert t.page.margin == BUNDLED["page"]["margin"] and t.fonts["sans"].name == BUNDLED["fonts"]["sans"]["name"]
    assert t.paper["a4"] == (210.0, 297.0) and t.colors.teams["demon"] == BUNDLED["colors"]["teams"]["demon"]
    assert (
        isinstance(t.tokens, Section) and t.tokens.footer_mm == t.tokens["footer_mm"] == BUNDLED["tokens"]["footer_mm"]
    )
    assert isinstance(t.script_sheet.back, Section)  # nested sections read the same way


@pytest.mark.parametrize(
    "change, key",
    [
        (lambda d: d.pop("tokens"), "'tokens'"),
        (lambda d: d["page"].__setitem__("margin", "ten"), "page.margin"),
        (lambda d: d["colors"].__setitem__("ink", "black"), "colors.ink"),
        (lambda d: d["colors"]["teams"].__setitem__("demon", "#12345"), "colors.teams.demon"),
        (lambda d: d["tokens"].__setitem__("cut_line_colour", "#zzzzzz"), "tokens.cut_line_colour"),
        (lambda d: d["fonts"]["sans"].pop("file"), "fonts.sans"),
        (lambda d: d["paper"].__setitem__("a4", [210]), "paper.a4"),
    ],
)
def test_a_wrong_value_is_named_by_its_key(change, key):
    with pytest.raises(ThemeError, match=key.replace(".", r"\.")):
        theme_from(changed(change))


def test_a_key_the_theme_lacks_says_which():
    with pytest.raises(AttributeError, match=r"tokens\.no_such_key"):
        theme().tokens.no_such_key  # noqa: B018


def test_a_section_cannot_be_changed_in_place():
    with pytest.raises(TypeError):
        theme().tokens["footer_mm"] = 0  # type: ignore[index]
