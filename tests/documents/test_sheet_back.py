"""The sheet back (script.pdf page 2) of every bundled script on A4 and Letter, read from the PDF: the night lists at
their natural row pitch (Trouble Brewing's stood 13.7 mm apart, stretched to fill the band), the room that frees
given to the player-count table, whose numbers are the library's bag table, and no white band left in a column."""

from __future__ import annotations

import pytest
from conftest import pdf_chars
from test_print_polish import fragments

from generator.model import BAG_TEAMS, NIGHTS, TEAM_NAMES_KO
from generator.options import PAPERS
from generator.read.theme import labels, theme

SCRIPTS = ["trouble-brewing", "bad-moon-rising", "sects-and-violets", "in-space"]
MM = 72 / 25.4
BACK = theme().script_sheet["back"]


@pytest.fixture(scope="module")
def backs():
    """(game, the back page's characters) per (script, paper): the sheet alone, built once for the module."""
    from generator.documents import document_builder
    from generator.load.game import load_game
    from generator.options import RenderOptions

    built = {}
    for script in SCRIPTS:
        game, report = load_game(script)
        assert game is not None, report.lines()
        for paper in PAPERS:
            [(_, data)] = document_builder("script_sheet")(game, RenderOptions(paper=paper))
            built[script, paper] = (game, pdf_chars(data)[1])
    return built


def each_back(test):
    return pytest.mark.parametrize("paper", PAPERS)(pytest.mark.parametrize("script", SCRIPTS)(test))


def column_of(page: dict, left: bool) -> list[dict]:
    middle = page["width"] / 2
    return [c for c in page["chars"] if c["text"].strip() and ((c["x0"] + c["x1"]) / 2 < middle) == left]


def name_line(page: dict, left: bool, text: str) -> dict:
    """The night row of one column whose name reads `text` (황혼 opens every night, 새벽 ends it)."""
    found = [f for f in fragments({**page, "chars": column_of(page, left)}) if f["text"].startswith(text)]
    assert found, (left, text)
    return found[0]


@pytest.mark.slow
@each_back
def test_night_rows_stand_at_their_natural_pitch(backs, script, paper):
    game, page = backs[script, paper]
    natural, least = BACK["night_row"] * MM, BACK["night_row_min"] * MM
    pitches = []
    for left, night in zip((True, False), NIGHTS):
        rows = len(game.night_steps(night))
        first, last = name_line(page, left, "황혼"), name_line(page, left, "새벽")
        pitches.append((last["bottom"] - first["bottom"]) / (rows - 1))
    assert all(least - 0.05 <= pitch <= natural + 0.05 for pitch in pitches), [round(p / MM, 2) for p in pitches]
    if script == "trouble-brewing":  # a back with room sets its rows exactly at the natural pitch, no closer
        assert all(abs(pitch - natural) < 0.05 for pitch in pitches), [round(p / MM, 2) for p in pitches]


def table_rows(page: dict) -> dict[str, list[int]]:
    """The player-count table read back: each row's label → the numbers on its baseline, left to right (each number
    is a fragment of its own: the cells stand more than 2 em apart)."""
    size = BACK["counts"]["size_pt"]
    cells = [f for f in fragments(page) if abs(f["size"] - size) < 0.05]
    rows = {}
    for label in [labels("sheet")["players"], *(TEAM_NAMES_KO[team] for team in BAG_TEAMS)]:
        [head] = [f for f in cells if f["text"].strip() == label]
        line = sorted(
            (f for f in cells if abs(f["bottom"] - head["bottom"]) < 0.5 and f["x0"] > head["x1"]),
            key=lambda f: f["x0"],
        )
        rows[label] = [int(f["text"]) for f in line if f["text"].strip()]
    return rows


@pytest.mark.slow
@each_back
def test_the_player_count_table_is_the_bag_table(backs, script, paper):
    game, page = backs[script, paper]
    table = game.library.bag_table
    rows = table_rows(page)
    assert rows[labels("sheet")["players"]] == sorted(table) == list(range(5, 16))
    for index, team in enumerate(BAG_TEAMS):
        assert rows[TEAM_NAMES_KO[team]] == [table[players][index] for players in sorted(table)], team
    headings = [f["text"].strip() for f in fragments(page) if abs(f["size"] - BACK["section_size_pt"]) < 0.05]
    assert headings.count(labels("sheet")["player_table"]) == 1, headings


def line_spans(chars: list[dict]) -> list[tuple[float, float]]:
    """(top, bottom) of each line of type in a column, top to bottom, overlapping glyphs merged."""
    spans: list[list[float]] = []
    for c in sorted(chars, key=lambda c: c["top"]):
        if spans and c["top"] <= spans[-1][1] + 0.5:
            spans[-1][1] = max(spans[-1][1], c["bottom"])
        else:
            spans.append([c["top"], c["bottom"]])
    return [tuple(span) for span in spans]


@each_back
def test_no_white_band_in_a_column_of_the_back(backs, script, paper):
    """Down each column no two lines of type stand more than 22 mm apart, and the white at the foot is at most 30 mm
    (the room the natural rows free goes to the table, the title block and the gaps: an earlier try left 51.5 mm at
    the foot of Bad Moon Rising's Letter back)."""
    _, page = backs[script, paper]
    margin = theme().page.margin * MM
    for left in (True, False):
        body = [c for c in column_of(page, left) if margin < c["top"] and c["bottom"] < page["height"] - margin]
        spans = line_spans(body)
        widest = max(b[0] - a[1] for a, b in zip(spans, spans[1:]))
        foot = page["height"] - margin - spans[-1][1]
        assert widest <= 22 * MM and foot <= 30 * MM, (left, round(widest / MM, 1), round(foot / MM, 1))
