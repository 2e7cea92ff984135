"""Shroud and vote tokens, and choosing tokens (--only, --copies, --no-reminders, --no-extras, --players), read back
from tokens.pdf: cut circles counted by size, shrouds and votes by their rings, names from the text."""

from __future__ import annotations

import re

import pytest
from conftest import pdf_page_texts, run_cli
from pdf_paths import curves, pdf_paths

from generator.documents import tokens as tokens_document
from generator.load.game import load_game
from generator.options import RenderOptions
from generator.read.theme import theme

PT_PER_MM = 72 / 25.4
SCRIPT = "in-space"


@pytest.fixture(scope="module")
def game():
    loaded, report = load_game(SCRIPT)
    assert loaded is not None and not report.errors
    return loaded


def build(game, **values) -> bytes:
    options = RenderOptions(**values)
    from generator.pipeline.printing import resolve_token_choices as resolve_choices

    assert resolve_choices(game, options) == []
    [(name, data)] = tokens_document.build(game, options)
    return data


def circles(data: bytes) -> list[dict]:
    """Every curve of every page, with its page number."""
    return [dict(curve, page=number) for number, page in enumerate(pdf_paths(data), 1) for curve in curves(page)]


def diameter_mm(curve) -> float:
    return (curve["x1"] - curve["x0"]) / PT_PER_MM


def cut_counts(data: bytes, token_mm: float = 44.45, reminder_mm: float = 25.4) -> tuple[int, int]:
    """(character-size cut circles, reminder-size cut circles): stroked, unfilled, at the cut-line width."""
    width = theme().tokens["cut_line_pt"]
    cuts = [c for c in circles(data) if c["stroke"] and not c["fill"] and abs(c["linewidth"] - width) < 1e-6]
    return (
        sum(abs(diameter_mm(c) - token_mm) < 0.1 for c in cuts),
        sum(abs(diameter_mm(c) - reminder_mm) < 0.1 for c in cuts),
    )


def filled_discs(data: bytes, hex_colour: str, diameter: float) -> int:
    """Filled circles of one colour and diameter: the shroud's dark ring, the vote's grey ring (each out to the bleed)."""
    want = tuple(int(hex_colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4))
    found = 0
    for curve in circles(data):
        colour = curve.get("non_stroking_color")
        if not curve["fill"] or colour is None or len(colour) != 3:
            continue
        if all(abs(a - b) < 0.01 for a, b in zip(colour, want)) and abs(diameter_mm(curve) - diameter) < 0.1:
            found += 1
    return found


def text(data: bytes) -> str:
    return re.sub(r"\s+", "", "".join(pdf_page_texts(data)))


def reminders_of(game, *ids) -> int:
    return sum(len(game.character(i).reminders) + len(game.character(i).global_reminders) for i in ids)


def test_a_shroud_and_a_vote_per_player(game):
    players = 6
    data = build(game, players=players, only=("shroud", "vote"))
    tokens = theme().tokens
    disc = 25.4 + 2 * 1.0  # reminder size and the default bleed
    assert filled_discs(data, tokens["shroud"]["ring"], disc) == players  # the light shroud's dark ring, to the bleed
    assert filled_discs(data, tokens["vote"]["ring"], disc) == players  # the vote's grey ring runs out to the bleed
    assert cut_counts(data) == (0, 2 * players)
    flat = text(data)
    assert flat.count("수의") == players and flat.count("투표") == players


def test_by_default_the_largest_setup_row_of_each_beside_the_characters(game):
    data = build(game, reminders=False)
    players = max(game.library.bag_table)
    assert players == 15
    assert filled_discs(data, theme().tokens["shroud"]["ring"], 27.4) == players
    assert filled_discs(data, theme().tokens["vote"]["ring"], 27.4) == players
    assert cut_counts(data)[1] == 2 * players


def test_only_gives_exactly_those_tokens_and_their_reminders(game):
    data = build(game, only=("imp", "spy"))
    assert cut_counts(data) == (2, reminders_of(game, "imp", "spy"))
    flat = text(data)
    assert "임프" in flat and "첩자" in flat and "죽음" in flat
    others = [c.name for c in game.characters if c.id not in ("imp", "spy")]
    assert not [name for name in others if re.sub(r"\s+", "", name) in flat]
    assert "수의" not in flat and "투표" not in flat


def test_only_accepts_korean_names_and_the_extras(game):
    options = RenderOptions(only=("임프", "shroud", "투표"), players=4)
    from generator.pipeline.printing import resolve_token_choices as resolve_choices

    assert resolve_choices(game, options) == []
    assert options.only == ("imp", "shroud", "vote")
    [(_, data)] = tokens_document.build(game, options)
    assert cut_counts(data) == (1, reminders_of(game, "imp") + 8)


@pytest.mark.slow
def test_copies_sets_the_count_over_spares(game):
    assert cut_counts(build(game, only=("imp",), copies={"imp": 3}, reminders=False))[0] == 3
    full, _ = cut_counts(build(game, reminders=False, extras=False))
    more, _ = cut_counts(build(game, reminders=False, extras=False, copies={"imp": 3, "spy": 0}))
    assert full == len(game.characters)  # --no-extras: no spares either
    assert more == full + 2 - 1


def test_no_reminders_and_no_extras_leave_one_token_per_character(game):
    data = build(game, reminders=False, extras=False)
    assert cut_counts(data) == (len(game.characters), 0)


def test_cli_unknown_id_suggests_and_exits_2(tmp_path):
    result = run_cli("tokens", "--only", "impp,spy", "--out", tmp_path)
    assert result.exit_code == 2
    assert "'impp'" in result.output and "imp" in result.output and "--only" in result.output
    assert not (tmp_path / SCRIPT / "tokens.pdf").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["--copies", "imp3"],
        ["--copies", "imp=-1"],
        ["--copies", "xyz=2"],
        ["--players", "0"],
        ["--copies", "imp=²"],
        ["--copies", "imp=٣"],  # digits to str.isdigit, but not ASCII: int() refuses the first
        ["--only", ",".join(["imp"] * 253)],  # more names than a script has characters: each unknown costs a search
    ],
)
def test_cli_bad_choices_exit_2_in_korean(tmp_path, args):
    result = run_cli("tokens", *args, "--out", tmp_path)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "[오류]" in result.output


def test_cli_only_and_copies_write_the_chosen_tokens(tmp_path):
    result = run_cli("tokens", "--only", "imp", "--copies", "imp=2", "--no-reminders", "--out", tmp_path, "--quiet")
    assert result.exit_code == 0, result.output
    assert cut_counts((tmp_path / SCRIPT / "tokens.pdf").read_bytes()) == (2, 0)
