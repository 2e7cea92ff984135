"""The player sheet's front as a reader sees it (issue 55), read from the PDFs of every bundled script on A4 and
Letter: abilities broken as whole paragraphs (no line shorter than a quarter of the measure while the paragraph goes
on), no common two-word term split across lines anywhere in the kit ('오늘 / 밤'), two columns of one width, a
teensy script's front at least half full; and a run without spaces (Chinese text, a long Latin run) kept inside its
column on every document, its missing letters reported."""

from __future__ import annotations

import json
import re

import pytest
from conftest import bundled_kit, pdf_chars, run_cli, write_script
from pdf_paths import pdf_paths
from test_korean_line_breaks import READ, lines_of

from generator.read.theme import mm, theme

pytestmark = pytest.mark.slow  # reads whole kits and builds others

SCRIPTS = ["in-space", "trouble-brewing", "bad-moon-rising", "sects-and-violets"]
PAPERS = ["a4", "letter"]
TEENSY = ["washerwoman", "chef", "empath", "monk", "butler", "poisoner", "imp"]


def front(script: str, paper: str) -> dict:
    _, files = bundled_kit(paper, script)
    return pdf_chars(files["script.pdf"])[0]


def sheet() -> dict:
    return theme().script_sheet


def column_edges(page: dict) -> list[tuple[float, float]]:
    """The front's two columns (left, right edge in points), equal by plan."""
    margin = mm(theme().page.margin)
    gap = mm(sheet()["column_gap"])
    column = (page["width"] - 2 * margin - gap) / 2
    return [(margin, margin + column), (margin + column + gap, page["width"] - margin)]


def ability_lines(page: dict) -> list[dict]:
    """The front's ability lines (the serif at the page's ability size), each with its column's right edge."""
    sizes = [c["size"] for c in page["chars"] if "Myeongjo" in c["fontname"] and c["text"].strip()]
    size = max(set(sizes), key=sizes.count)
    rows: dict[tuple, list] = {}
    for char in page["chars"]:
        if abs(char["size"] - size) < 0.01 and "Myeongjo" in char["fontname"]:
            right = next(edge for left, edge in column_edges(page) if char["x0"] < edge + 1)
            rows.setdefault((round(char["bottom"], 1), right), []).append(char)
    lines = []
    for (bottom, right), chars in sorted(rows.items()):
        visible = sorted((c for c in chars if c["text"].strip()), key=lambda c: c["x0"])
        if visible:
            lines.append(
                {
                    "bottom": bottom,
                    "right": right,
                    "x0": visible[0]["x0"],
                    "x1": visible[-1]["x1"],
                    "size": size,
                    "text": "".join(c["text"] for c in sorted(chars, key=lambda c: c["x0"])),
                }
            )
    return lines


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("script", SCRIPTS)
def test_no_ability_line_shorter_than_a_quarter_while_the_paragraph_goes_on(script, paper):
    lines = ability_lines(front(script, paper))
    leading = lines[0]["size"] * sheet()["leading_ratio"]
    short, pairs = [], 0
    for line in lines:
        below = [
            other
            for other in lines
            if other["right"] == line["right"]
            and abs(other["x0"] - line["x0"]) < 0.5
            and abs(other["bottom"] - line["bottom"] - leading) < 0.3
        ]
        if below:
            pairs += 1
            if line["x1"] - line["x0"] < (line["right"] - line["x0"]) / 4:
                short.append(f"{line['text']} / {below[0]['text'][:12]}")
    assert pairs > 20  # the reading saw abilities of several lines
    assert short == []  # BMR's 어릿광대 began with '당신이' alone (15 % of the measure)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("script", SCRIPTS)
def test_no_common_two_word_term_is_split_across_lines(script, paper):
    firsts: dict[str, list[str]] = {}
    for term in theme().text.keep_pairs:
        first, second = term.split(" ")
        firsts.setdefault(first, []).append(second)
    _, files = bundled_kit(paper, script)
    split, seen = [], 0
    for name in READ:
        for number, page in enumerate(pdf_chars(files[name]), 1):
            for line, below in lines_of(page):
                last = re.split(r"[\s\u00a0]+", line.strip())[-1].lstrip("‘“([")
                seen += last in firsts
                if any(below.lstrip().startswith(second) for second in firsts.get(last, ())):
                    split.append((name, number, f"{line[-12:]} / {below[:10]}"))
    assert seen > 0  # lines do end in the first word of a term ('다른 플레이어', '매일 낮에' …)
    assert [found for found in split if found[0] != "almanac.pdf"] == []  # BMR's front split '오늘 / 밤' four times
    # the almanac's justified lines split a term only where keeping it would end a line an em or more short
    # (53 splits in the eight almanacs before issue 55, 15 since)
    assert len([found for found in split if found[0] == "almanac.pdf"]) <= 4, split


def heading_columns(data: bytes) -> list[tuple[float, float]]:
    """The front's columns (left, right edge in points) as its team headings rule them: each heading's rule runs from
    just right of its colour bar to its column's right edge (the footer's rule, under the body, is not one)."""
    page = pdf_paths(data)[0]
    foot = page["height"] - mm(theme().page.margin) - 2 * sheet()["footer_size_pt"]
    rules = [
        p
        for p in page["paths"]
        if p["kind"] == "line"
        and p["stroke"]
        and abs(p["linewidth"] - theme().page.rule_pt) < 1e-3
        and p["bottom"] - p["top"] < 0.5
        and p["x1"] - p["x0"] > 100
        and p["top"] < foot
    ]
    return sorted({(round(r["x0"] - 6, 1), round(r["x1"], 1)) for r in rules})


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("script", SCRIPTS)
def test_the_front_columns_are_one_width(script, paper):
    """TB's front once set its columns 92.8 and 62.8 mm wide, the narrow one choppy."""
    _, files = bundled_kit(paper, script)
    columns = heading_columns(files["script.pdf"])
    assert len(columns) == 2, columns
    (left, left_end), (right, right_end) = columns
    assert abs((left_end - left) - (right_end - right)) < 0.2
    assert [(round(a), round(b)) for a, b in columns] == [
        (round(a), round(b)) for a, b in column_edges(front(script, paper))
    ]


@pytest.mark.parametrize("paper", PAPERS)
def test_a_teensy_front_is_at_least_half_full_at_a_larger_size(content, tmp_path, paper):
    write_script(content, TEENSY, "teensy", players="5-6")
    result = run_cli("sheet", "teensy", "--content", content, "--out", tmp_path, "--paper", paper, "--quiet")
    assert result.exit_code == 0, result.output
    page = pdf_chars((tmp_path / "teensy" / "script.pdf").read_bytes())[0]
    margin = mm(theme().page.margin)
    body = [
        c
        for c in page["chars"]
        if c["text"].strip() and c["bottom"] < page["height"] - margin - 2 * sheet()["footer_size_pt"]
    ]
    title = min(c["bottom"] for c in body if c["size"] >= sheet()["title_block"]["title_min_size_pt"])
    below = [c for c in body if c["top"] > title + 2]
    room = page["height"] - margin - 1.6 * sheet()["footer_size_pt"] - title
    assert (max(c["bottom"] for c in below) - title) / room >= 0.5  # a seven-character script filled 59 % before
    abilities = [c["size"] for c in below if "Myeongjo" in c["fontname"]]
    assert max(set(abilities), key=abilities.count) > sheet()["ability_max_pt"]  # the type grew past the long scripts'
    names = [c["size"] for c in below if "Gothic" in c["fontname"] and c["color"] != (255, 255, 255)]
    headings = [size for size in names if size >= max(names) - 0.01]
    assert headings and len(set(names)) > 1  # team headings are the largest gothic, above the names


# a homebrew script with texts no line can hold whole: Chinese (letters the fonts lack) and a Latin run
RUN_CHINESE = "每个夜晚你要选择一名玩家如果他是恶魔那么你会得知这个信息否则你什么都不会得知并且你还要选择另一名玩家让他在明天白天无法投票"
RUN_LATIN = "QZXJ" * 40
HOMEBREW = [
    {"id": "_meta", "name": "붙은 글", "author": "시험"},
    "washerwoman",
    "librarian",
    "investigator",
    "chef",
    "empath",
    "monk",
    "butler",
    "poisoner",
    "imp",
    {
        "id": "longrunner",
        "name": "긴줄사람",
        "team": "townsfolk",
        "ability": RUN_CHINESE,
        "firstNight": 30,
        "firstNightReminder": RUN_CHINESE,
        "reminders": ["표시"],
    },
    {
        "id": "latinrun",
        "name": "라틴줄",
        "team": "outsider",
        "ability": RUN_LATIN,
        "otherNight": 20,
        "otherNightReminder": RUN_LATIN,
    },
]


def test_a_run_without_spaces_stays_inside_its_column_on_every_document(tmp_path):
    path = tmp_path / "runs.json"
    path.write_text(json.dumps(HOMEBREW, ensure_ascii=False), encoding="utf-8")
    result = run_cli("build", path, "--out", tmp_path / "out", "--force")
    assert result.exit_code == 1, result.output  # built, its findings standing
    assert "글꼴에 없는 글자" in result.output  # the Chinese letters the fonts lack are reported, and still placed
    folder = tmp_path / "out" / "runs"
    run_chars = set(RUN_CHINESE) | set(RUN_LATIN)
    checked = {}
    for pdf in sorted(folder.glob("*.pdf")):
        if pdf.name == "almanac-booklet.pdf":
            continue  # the almanac's pages, imposed
        side = mm(theme().almanac["margin"]["side"] if pdf.name == "almanac.pdf" else theme().page.margin)
        for number, page in enumerate(pdf_chars(pdf.read_bytes()), 1):
            for char in page["chars"]:
                if char["text"] in run_chars and char["upright"]:
                    checked[pdf.name] = checked.get(pdf.name, 0) + 1
                    assert side - 1 <= char["x0"] and char["x1"] <= page["width"] - side + 1, (
                        pdf.name,
                        number,
                        char["text"],
                        char["x0"],
                        char["x1"],
                    )
    assert {"script.pdf", "night-order.pdf", "night-card.pdf", "almanac.pdf"} <= set(checked), checked
    columns = heading_columns((folder / "script.pdf").read_bytes())  # on the front, each letter inside its column
    for char in pdf_chars((folder / "script.pdf").read_bytes())[0]["chars"]:
        if char["text"] in run_chars:
            assert any(left - 1 <= char["x0"] and char["x1"] <= right + 1 for left, right in columns), (char, columns)
