"""What the storyteller reads during the night, read back from the PDFs of every bundled script on A4 and Letter:
every cue of the night card whole and at one size (at least 9 pt); the night sheet's instructions at one size (at
least 10 pt), each night on one side that is the front of a sheet (an odd page), a homebrew night too long for a side
going on over the leaf on the back of the same sheet (with a Korean warning); a teensy script's night sheet and
night card using their pages (each at least half full, the card one page); a teensy script's nights without minion
and demon information (and a line saying why), the almanac's long nights starting on a left-hand page, and a cue too
long for the card reported, never cut."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from conftest import bundled_kit, pdf_chars, pdf_page_texts, write_script

from generator.load.night_cue import card_cue, plain
from generator.model import NIGHT_NAMES_KO, NIGHTS
from generator.options import PAPERS
from generator.read.theme import color, mm, theme

SCRIPTS = ["in-space", "trouble-brewing", "bad-moon-rising", "sects-and-violets"]
TEENSY = ["washerwoman", "librarian", "investigator", "chef", "empath", "monk", "butler", "poisoner", "imp"]


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def rgb(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    return tuple(int(value[i : i + 2], 16) for i in (0, 2, 4))


def page_text(page: dict) -> str:
    return "".join(c["text"] for c in page["chars"])


def sheet_heading(page: dict) -> str:
    """The night sheet page's heading ('첫날 밤', '다른 밤 (계속)', '설정표', '메모'): its text at the heading size."""
    size = theme().night_sheet["heading_size_pt"]
    return squash("".join(c["text"] for c in page["chars"] if abs(c["size"] - size) < 0.3))


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("script", SCRIPTS)
def test_every_cue_is_on_the_card_whole_and_at_one_size(script, paper):
    game, files = bundled_kit(paper, script)
    card = pdf_chars(files["night-card.pdf"])
    printed = squash("".join(page_text(page) for page in card))
    for night in NIGHTS:
        for step in game.night_steps(night):
            cue = squash(plain(card_cue(game, step, night)))
            assert cue in printed, (step, night, cue)
            assert "…" not in cue or "…" in plain(card_cue(game, step, night))
    assert "…" not in printed  # no cue of the bundled content has one: nothing was cut
    ink = rgb(color("ink"))
    sizes = {
        c["size"]
        for page in card
        for c in page["chars"]
        if c["fontname"].endswith("NanumGothic") and c["color"] == ink and c["top"] > 30 * mm(1)
    }
    assert len(sizes) == 1 and min(sizes) >= 9, sizes
    if script == "trouble-brewing":
        assert sizes == {10}


def night_sheet_pages(data: bytes) -> list[tuple[dict, str]]:
    """(page, heading) of the night sheet's pages: the heading is the text at the heading size ('첫날밤', '다른밤(계속)',
    '설정표', '메모'; a teensy page carries both nights and the setup: '첫날밤다른밤설정표')."""
    return [(page, sheet_heading(page)) for page in pdf_chars(data)]


def is_night_page(heading: str) -> bool:
    return heading.startswith(tuple(squash(NIGHT_NAMES_KO[night]) for night in NIGHTS))


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("script", SCRIPTS)
def test_the_night_sheet_sets_every_instruction_in_one_gothic_size(script, paper):
    _, files = bundled_kit(paper, script)
    t = theme().night_sheet
    ink = rgb(color("ink"))
    sizes = set()
    for page, heading in night_sheet_pages(files["night-order.pdf"]):
        if not is_night_page(heading):
            continue  # the setup page (a table of counts, not instructions) and a ruled notes page
        # the instructions: ink on the rows (names are in their team's colour, teams and the guide in grey)
        body = [
            c
            for c in page["chars"]
            if c["color"] == ink
            and c["text"].strip()
            and "Bold" not in c["fontname"]
            and 20 * mm(1) < c["top"] < page["height"] - 20 * mm(1)
        ]
        assert body
        assert all("Gothic" in c["fontname"] for c in body), {c["fontname"] for c in body}
        sizes |= {c["size"] for c in body}
    assert sizes == {t["reminder_size_pt"]} and t["reminder_size_pt"] >= 10


def night_pages(files) -> dict[str, list[int]]:
    """Night → the night sheet's pages (1-based) that carry its steps, from their headings."""
    found: dict[str, list[int]] = {}
    for number, page in enumerate(pdf_chars(files["night-order.pdf"]), 1):
        for night in NIGHTS:
            if squash(NIGHT_NAMES_KO[night]) in sheet_heading(page):
                found.setdefault(night, []).append(number)
    return found


def fill(page: dict) -> float:
    """The text's vertical extent over the body's height (0–1): the body is the page inside the theme's margin, less
    the running title above it and the credit line and page number below it (both outside the body)."""
    margin = theme().page.margin * mm(1)
    top, bottom = margin, page["height"] - margin
    inside = [c for c in page["chars"] if c["text"].strip() and top < c["top"] and c["bottom"] < bottom]
    if not inside:
        return 0.0
    return (max(c["bottom"] for c in inside) - min(c["top"] for c in inside)) / (bottom - top)


def instructions(game, night: str) -> list[str]:
    from generator.documents.night_rows import step_text
    from generator.load.wording import wording
    from generator.typeset.markup import plain_reminder_text

    return [
        squash(plain_reminder_text(wording(game).words(step_text(game, step, night))))
        for step in game.night_steps(night)
    ]


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("script", SCRIPTS)
def test_each_night_is_on_one_side_the_front_of_a_sheet(script, paper):
    """Every step of a night, its name and its whole instruction, on one page, and that page odd: printed on both
    sides, each night is the front of a sheet (its back holds the setup or nothing)."""
    game, files = bundled_kit(paper, script)
    texts = pdf_page_texts(files["night-order.pdf"])
    pages = night_pages(files)
    assert sorted(pages) == sorted(NIGHTS)
    for night, numbers in pages.items():
        assert len(numbers) == 1, (night, numbers)
        assert numbers[0] % 2 == 1, (night, numbers)
        text = squash(texts[numbers[0] - 1])
        for step, instruction in zip(game.night_steps(night), instructions(game, night)):
            assert instruction in text, (night, step)
    assert len(texts) <= 2 * len(NIGHTS)  # no sheet more than the nights and the setup need


def test_a_homebrew_night_too_long_for_one_side_goes_on_over_the_leaf(content, tmp_path):
    """Sects & Violets' other nights fill a side; with four more demons waking they go on over the leaf: on the back of
    the same sheet (the next, even page) under '다른 밤 (계속)', never on another sheet, and the build says so."""
    from conftest import read_yaml, run_cli

    characters = read_yaml(content / "scripts" / "sects-and-violets.yaml")["characters"]
    write_script(content, [*characters, "po", "shabaloth", "zombuul", "pukka"], "long-night")
    for paper in PAPERS:
        result = run_cli(
            "night", "long-night", "--content", content, "--out", tmp_path / paper, "--paper", paper, "--force"
        )
        assert result.exit_code in (0, 1), result.output
        output = squash(result.output)
        assert (
            squash("다른 밤 28단계가 한 쪽에 다 들어가지 않아, 같은 장의 뒷면에 '다른 밤 (계속)'으로 이어집니다")
            in output
        )
        assert "첫날밤" not in output.split("다른밤28단계")[0]  # the first night, which fits, is not named
        data = (tmp_path / paper / "long-night" / "night-order.pdf").read_bytes()
        headings = [heading for _, heading in night_sheet_pages(data)]
        first, other = headings.index("첫날밤"), headings.index("다른밤")
        assert first % 2 == 0 and other % 2 == 0  # 0-based: odd pages, the fronts
        assert headings[other + 1] == "다른밤(계속)" and "다른밤(계속)" not in headings[other + 2 :]
        assert headings[first + 1] in ("설정표", "메모")  # the first night's back, then the other nights' front
        from generator.load.game import load_game

        game, _ = load_game("long-night", content)
        text = squash("".join(pdf_page_texts(data)[other : other + 2]))
        assert all(instruction in text for instruction in instructions(game, "other_nights"))


def test_a_setup_of_two_pages_fills_the_backs_the_nights_leave():
    """Cellar Panic's setup (house rules, the bag, five modifiers, a table per modifier) takes two Letter pages: the
    first on the back of the first night, the rest on the back of the other nights; no notes page, no third sheet."""
    from conftest import REPO

    from generator.documents import night_sheet
    from generator.load.game import load_game
    from generator.options import RenderOptions

    game, _ = load_game(REPO / "tests" / "community_scripts" / "cellar-panic.json")
    [(_, data)] = night_sheet.build(game, RenderOptions(paper="letter"))
    assert [heading for _, heading in night_sheet_pages(data)] == ["첫날밤", "설정표", "다른밤", "설정표(계속)"]


TEENSY_SEVEN = ["washerwoman", "chef", "empath", "monk", "butler", "poisoner", "imp"]


@pytest.fixture(scope="module")
def teensy_papers(tmp_path_factory):
    """{paper: (night sheet, night card)} of a seven-character script for 5–6 players."""
    from conftest import content_copy

    from generator.documents import night_card, night_sheet
    from generator.load.game import load_game
    from generator.options import RenderOptions

    content = content_copy(tmp_path_factory.mktemp("teensy") / "content")
    write_script(content, TEENSY_SEVEN, "teensy", players="5-6")
    game, report = load_game("teensy", content)
    assert game is not None, report.lines()
    return {
        paper: (
            dict(night_sheet.build(game, RenderOptions(paper=paper)))["night-order.pdf"],
            dict(night_card.build(game, RenderOptions(paper=paper)))["night-card.pdf"],
        )
        for paper in PAPERS
    }


def test_an_eleven_character_card_set_larger_keeps_every_line_in_its_column(tmp_path):
    """No Greater Joy (11 characters, 5–6 players) is set larger too; '하수인 정보' with its condition leaves the cue's
    first word little room on the first line, so the card stops at the size where that word still fits its column."""
    from conftest import REPO

    from generator.documents import night_card
    from generator.load.game import load_game
    from generator.options import RenderOptions

    game, _ = load_game(REPO / "tests" / "community_scripts" / "no-greater-joy.json")
    t = theme()
    for paper in PAPERS:
        [(_, data)] = night_card.build(game, RenderOptions(paper=paper))
        [page] = pdf_chars(data)
        margin, gap = t.page.margin * mm(1), t.night_card["column_gap"] * mm(1)
        column = (page["width"] - 2 * margin - gap) / 2
        below_title = [
            c for c in page["chars"] if c["text"].strip() and 40 * mm(1) < c["top"] < page["height"] - 15 * mm(1)
        ]
        crossing = [
            c["text"]
            for c in below_title
            if not (c["x1"] <= margin + column + 0.5 or c["x0"] >= margin + column + gap - 0.5)
        ]
        assert not crossing, (paper, "".join(crossing))
        assert fill(page) >= 0.5, (paper, fill(page))


@pytest.mark.parametrize("paper", PAPERS)
def test_a_teensy_scripts_night_papers_use_their_pages(teensy_papers, paper):
    """Seven characters printed like twenty-five left pages 27–46 % full: now every page of the night sheet and the
    night card is at least half full, the card is one page, and the type is larger than an edition's."""
    sheet, card = teensy_papers[paper]
    for name, data in (("night-order.pdf", sheet), ("night-card.pdf", card)):
        pages = pdf_chars(data)
        assert all(fill(page) >= 0.5 for page in pages), (name, [round(fill(page), 2) for page in pages])
    assert len(pdf_chars(card)) == 1
    ink = rgb(color("ink"))
    for data, base in ((sheet, theme().night_sheet["reminder_size_pt"]), (card, theme().night_card["cue_pt"][0])):
        body = Counter(
            c["size"]
            for page in pdf_chars(data)
            for c in page["chars"]
            if c["color"] == ink and "Bold" not in c["fontname"] and c["text"].strip()
        )
        assert body.most_common(1)[0][0] > base, body


@pytest.mark.slow
def test_a_teensy_script_has_no_minion_or_demon_information_and_says_why(content, tmp_path):
    from conftest import run_cli

    write_script(content, TEENSY, "teensy", players="5-6")
    write_script(content, TEENSY, "spanning", players="5-8")
    for name, expected in (("teensy", 0), ("spanning", 1)):
        result = run_cli("build", name, "--content", content, "--out", tmp_path, "--force")
        assert result.exit_code in (0, 1), result.output
        folder = tmp_path / name
        for document in ("night-card.pdf", "night-order.pdf", "script.pdf", "almanac.pdf"):
            text = squash("".join(page_text(p) for p in pdf_chars((folder / document).read_bytes())))
            note = "하수인정보·악마정보"
            if expected:
                assert "7명이상" in text and note not in text, (name, document)
            else:
                assert squash("5–6명") in text and note in text, (name, document)
                steps = text.replace(note, "")
                assert "하수인정보" not in steps and "악마정보" not in steps, (name, document)


@pytest.mark.slow
def test_the_almanacs_long_nights_start_on_a_left_hand_page():
    for script in ("bad-moon-rising", "sects-and-violets"):
        _, files = bundled_kit("a4", script)
        pages = pdf_chars(files["almanac.pdf"])
        for night in NIGHTS:
            heading = squash(f"{NIGHT_NAMES_KO[night]} 순서")
            starts = [
                n
                for n, page in enumerate(pages, 1)
                if squash(page_text(page))[:60].find(heading) >= 0 and "(계속)" not in page_text(page)[:60]
            ]
            assert starts, (script, night)
            assert starts[0] % 2 == 0, (script, night, starts)


def test_a_cue_too_long_for_the_card_is_reported_and_printed_whole(content, tmp_path):
    from conftest import edit_character, run_cli

    long_cue = "고른 플레이어에게 *안전* 알림을 놓고, 그 플레이어가 악마라면 고개를 끄덕이고, 아니라면 고개를 저어 알려 준 다음 수도사를 다시 재우세요"
    edit_character(content, "monk", cues={"other_nights": long_cue})
    write_script(content, TEENSY, "cue")
    checked = run_cli("validate", "cue", "--content", content)
    assert (
        "한 장 밤 순서 문구" in checked.output and "줄까지" in checked.output and "cues.other_nights" in checked.output
    )
    built = run_cli("night-card", "cue", "--content", content, "--out", tmp_path, "--force")
    assert "한 장 밤 순서 문구" in built.output  # what validate says, build prints
    text = squash("".join(page_text(p) for p in pdf_chars((tmp_path / "cue" / "night-card.pdf").read_bytes())))
    assert squash(plain(long_cue)) in text
