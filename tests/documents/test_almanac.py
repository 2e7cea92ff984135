"""The almanac as the user gets it: read the reading-order PDF and the imposed booklet back and check them."""

from __future__ import annotations

import io
import re

import pytest
from conftest import pdf_chars, pdf_page_texts, region_text
from pypdf import PdfReader  # noqa: E402

from generator.load.game import load_game
from generator.model import TEAM_NAMES_KO
from generator.options import RenderOptions
from generator.pdf.impose import padded_order, sheet_sides

pytestmark = pytest.mark.slow  # reads whole kits

MM = 72 / 25.4
HEADINGS = ("개요", "예시", "예시 · 메모", "진행 방법", "요령", "밤과 설정")
DISTINCT_HEADINGS = ("개요", "예시 · 메모", "진행 방법", "밤과 설정")  # never a word of the text between them


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def printed(game, text: str) -> str:
    """Content text as the documents print it (names, glossary terms, quotes: generator.load.wording)."""
    from generator.load.wording import wording

    return wording(game).words(text)


def build_files(script="in-space", paper="a4", content=None):
    from generator.documents.almanac import build

    game, report = load_game(script, content)
    assert game is not None, report.findings
    return game, dict(build(game, RenderOptions(paper=paper)))


@pytest.fixture(scope="module")
def almanac(kit):
    import hashlib

    from conftest import shared_across_workers

    game, files = kit("a4")
    reader = PdfReader(io.BytesIO(files["almanac.pdf"]))
    data = files["almanac.pdf"]
    # pypdf: these tests read the lines in reading order (1.5 s for the book: read once for all the run's workers)
    texts = shared_across_workers(
        f"pypdf-texts-{hashlib.sha256(data).hexdigest()}",
        lambda: [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages],
    )
    return game, files, reader, texts


def entry_starts(game, texts) -> dict[str, int]:
    """Character id → 1-based page holding the entry heading (team label, name, then the ability)."""
    starts = {}
    for character in game.characters:
        heading = squash(TEAM_NAMES_KO[character.team] + character.name + printed(game, character.ability))[:40]
        for number, text in enumerate(texts, 1):
            if heading in squash(text):
                starts[character.id] = number
                break
    return starts


def contents_numbers(texts) -> dict[str, int]:
    """Name → page number as printed in the contents (each line is a name followed by its number on the next)."""
    numbers = {}
    for text in texts[1:6]:
        if "차례" not in text:
            continue
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        for name, value in zip(lines, lines[1:]):
            if value.isdigit() and not name.isdigit():
                numbers[name] = int(value)
    return numbers


def test_contents_page_numbers_are_where_entries_start(almanac):
    game, _, _, texts = almanac
    starts = entry_starts(game, texts)
    assert set(starts) == set(game.ids)
    printed = contents_numbers(texts)
    for character in game.characters:
        assert printed[character.name] == starts[character.id], character.name
    for label in ("첫날 밤 순서", "다른 밤 순서", "인원별 설정표", "징크스", "출처와 라이선스"):
        page = printed[label]
        assert squash(texts[page - 1]).startswith(squash(label)) or squash(label) in squash(texts[page - 1]), label


def test_entries_with_prose_start_new_pages_in_sheet_order(almanac):
    from generator.documents.almanac.entry import is_short

    game, _, _, texts = almanac
    starts = entry_starts(game, texts)
    pages = [starts[c.id] for c in game.characters]
    assert pages == sorted(pages)
    with_prose = [c for c in game.characters if not is_short(c)]
    assert with_prose and len({starts[c.id] for c in with_prose}) == len(with_prose)
    for character in with_prose:  # at the top of its page
        assert squash(texts[starts[character.id] - 1]).startswith(
            squash(TEAM_NAMES_KO[character.team] + character.name)
        )


def test_a_short_entry_shares_the_free_part_of_the_page_before(content):
    from conftest import edit_character

    # every official role has almanac prose; a role without any (as a homebrew one may be) gets a short entry
    edit_character(content, "djinn", flavor=None, overview=None, examples=None, how_to_run=None, notes=None)
    game, files = build_files(content=content)
    texts = pdf_page_texts(files["almanac.pdf"])
    starts = entry_starts(game, texts)
    djinn, before = game.characters[-1], game.characters[-2]  # the Djinn, printed for the spy–damsel jinx
    assert djinn.id == "djinn" and starts[djinn.id] == starts[before.id] + 1
    assert not squash(texts[starts[djinn.id] - 1]).startswith(
        squash(TEAM_NAMES_KO[djinn.team])
    )  # it follows the page's text


def test_page_sizes_a4(kit):
    _, files = kit("a4")
    reading = PdfReader(io.BytesIO(files["almanac.pdf"]))
    booklet = PdfReader(io.BytesIO(files["almanac-booklet.pdf"]))
    for page in reading.pages:
        assert (round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM)) == (148, 210)
    for page in booklet.pages:
        assert (round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM)) == (297, 210)
    assert len(booklet.pages) * 2 == len(reading.pages) + (-len(reading.pages)) % 4


def test_page_sizes_letter(kit):
    _, files = kit("letter")
    reading = PdfReader(io.BytesIO(files["almanac.pdf"]))
    booklet = PdfReader(io.BytesIO(files["almanac-booklet.pdf"]))
    assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reading.pages} == {(396, 612)}
    assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in booklet.pages} == {(792, 612)}


def test_saddle_stitch_order_small_cases():
    assert sheet_sides(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    assert padded_order(6) == [0, 1, 2, 3, 4, None, None, 5]
    assert padded_order(5) == [0, 1, 2, 3, None, None, None, 4]
    assert padded_order(8) == list(range(8))


def printed_number(page, left: bool) -> int | None:
    """The page number printed at the foot of one half of a booklet sheet side (a page of pdf_chars), or None."""
    width, height = page["width"], page["height"]
    text = region_text(page, 0 if left else width / 2, height - 22 * MM, width / 2 if left else width, height)
    numbers = re.findall(r"^\s*(\d+)\s*$", text, re.M)
    return int(numbers[-1]) if numbers else None


def test_booklet_halves_hold_pages_in_saddle_stitch_order(almanac):
    _, files, reader, _ = almanac
    total = len(reader.pages)
    order = padded_order(total)
    expected = []
    for left, right in sheet_sides(len(order)):
        expected.append(
            tuple(None if order[p] is None or order[p] in (0, total - 1) else order[p] + 1 for p in (left, right))
        )
    booklet = pdf_chars(files["almanac-booklet.pdf"])
    found = [(printed_number(page, True), printed_number(page, False)) for page in booklet]
    assert found == expected
    # the outer sheet side holds the back cover (left) and the cover (right)
    first = booklet[0]
    assert "BLOODONTHECLOCKTOWER" in squash(region_text(first, first["width"] / 2, 0, first["width"], first["height"]))


def test_every_page_numbered_except_covers(almanac):
    _, files, reader, texts = almanac
    pages = pdf_chars(files["almanac.pdf"])
    for number, page in enumerate(pages, 1):
        foot = region_text(page, 0, page["height"] - 16 * MM, page["width"], page["height"])
        if number in (1, len(pages)):
            assert not re.search(r"\d", foot)
        else:
            assert foot.strip() == str(number)
            head = region_text(page, 0, 0, page["width"], 16 * MM)
            assert squash(almanac[0].script.title) in squash(head)


def test_sections_in_order_and_no_empty_headings(almanac):
    game, _, _, texts = almanac
    book = squash("".join(texts[3:]))  # after the cover and contents; entries may share pages, so cut at headings
    heads, at = [], 0
    for character in game.characters:
        at = book.index(
            squash(TEAM_NAMES_KO[character.team] + character.name + printed(game, character.ability))[:40], at
        )
        heads.append(at)
    heads.append(book.index(squash("첫날 밤 순서"), at))
    bodies = {c.id: book[start:end] for c, start, end in zip(game.characters, heads, heads[1:])}
    for character in game.characters:
        body = bodies[character.id]
        expected = [squash(character.name), squash(printed(game, character.ability))[:15]]
        if character.flavor:
            expected.append(squash(printed(game, character.flavor))[:12])
        present = {
            "개요": bool(character.overview),
            "예시": bool(character.examples),
            "예시 · 메모": bool(character.notes),
            "진행 방법": bool(character.how_to_run),
            "요령": bool(character.tips),
            "밤과 설정": True,
        }
        expected += [squash(h) for h in HEADINGS if present[h]]
        positions = [body.find(piece) for piece in expected]
        assert -1 not in positions, (character.id, expected, positions)
        assert positions == sorted(positions), character.id
        for heading in DISTINCT_HEADINGS:
            if not present[heading]:
                assert squash(heading) not in body, (character.id, heading)


def test_headings_never_end_a_page(almanac):
    _, _, _, texts = almanac
    for number, text in enumerate(texts, 1):
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        body = [line for line in lines if not line.isdigit()][:-2]  # drop running head and folio at the end
        if body:
            assert body[-1] not in HEADINGS, number


def test_reminder_names_stand_out_in_how_to_run(almanac):
    from generator.documents.almanac import mark_reminders

    assert mark_reminders("세탁부를 깨워 마을주민과 틀림으로 표시된 플레이어를 가리키세요.", ["마을주민", "틀림"]) == (
        "세탁부를 깨워 *마을주민*과 *틀림*으로 표시된 플레이어를 가리키세요."
    )
    assert mark_reminders("아무 마을주민 캐릭터 토큰 옆에", ["마을주민"]) == "아무 마을주민 캐릭터 토큰 옆에"
    assert (
        mark_reminders("수도승의 안전 리마인더 토큰을 놓으세요.", ["안전"])
        == "수도승의 *안전* 리마인더 토큰을 놓으세요."
    )
    game, files, _, texts = almanac
    page = pdf_chars(files["almanac.pdf"])[
        entry_starts(game, texts)["noble"] - 1
    ]  # the Noble's entry: '알고 있음 알림'
    bold = "".join(ch["text"] for ch in page["chars"] if "Bold" in ch["fontname"] and ch["size"] < 10)
    assert squash(bold).count("알고있음") >= 3  # both steps of 진행 방법 and the night line


def test_no_empty_pages_except_padding(almanac):
    import pypdfium2

    _, files, reader, _ = almanac
    document = pypdfium2.PdfDocument(files["almanac.pdf"])
    for index in range(len(document)):
        image = document[index].render(scale=0.3).to_pil().convert("L")
        width, height = image.size
        body = image.crop((0, int(height * 0.1), width, int(height * 0.88)))  # without running head and folio
        inked = sum(1 for value in body.get_flattened_data() if value < 200)
        assert inked > 10, f"page {index + 1} has nothing but its running head"
    total = len(reader.pages)
    order = padded_order(total)
    booklet = pypdfium2.PdfDocument(files["almanac-booklet.pdf"])
    for index, (left, right) in enumerate(sheet_sides(len(order))):
        image = booklet[index].render(scale=0.3).to_pil().convert("L")
        width, height = image.size
        for half, position in ((0, left), (1, right)):
            crop = image.crop((half * width // 2, 0, (half + 1) * width // 2, height))
            inked = sum(1 for value in crop.get_flattened_data() if value < 200)
            assert (inked > 10) == (order[position] is not None), (index, half)


def test_overview_only_character_shows_no_empty_headings(content):
    from conftest import edit_character

    edit_character(content, "chef", flavor=None, examples=None, how_to_run=None, notes=None)
    script = content / "scripts" / "mini.yaml"
    script.write_text(
        "id: mini\ntitle: 작은 스크립트\nauthor: 테스트\ncharacters: [chef, washerwoman, drunk, poisoner, imp]\n",
        encoding="utf-8",
    )
    game, files = build_files("mini", content=content)
    texts = pdf_page_texts(files["almanac.pdf"])
    starts = entry_starts(game, texts)
    chef = squash(texts[starts["chef"] - 1])
    assert "개요" in chef and "진행방법" not in chef and "예시·메모" not in chef
    assert squash("마을주민 토큰을 주머니에") in squash("".join(texts))  # the Drunk's setup change


def test_identical_bytes_twice(kit):
    _, first = kit("a4")
    _, second = build_files()
    assert first["almanac.pdf"] == second["almanac.pdf"]
    assert first["almanac-booklet.pdf"] == second["almanac-booklet.pdf"]


def test_almanac_command_writes_both_files(tmp_path):
    from typer.testing import CliRunner

    from generator.cli import app

    result = CliRunner().invoke(app, ["almanac", "--out", str(tmp_path), "--quiet", "--force"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "in-space" / "almanac.pdf").stat().st_size > 0
    assert (tmp_path / "in-space" / "almanac-booklet.pdf").stat().st_size > 0


# --- the official editions: whole entries, no near-empty pages ---------------------------------------------

EDITION_SCRIPTS = ("trouble-brewing", "bad-moon-rising", "sects-and-violets")
FULL_PAGE_SYLLABLES = 250


def edition_almanac(script: str) -> tuple:
    """(game, page texts) of an official edition's almanac on A4, from the edition's kit built once per test run."""
    from conftest import bundled_kit

    game, files = bundled_kit("a4", script)
    return game, pdf_page_texts(files["almanac.pdf"])


@pytest.mark.parametrize("script", EDITION_SCRIPTS)
def test_edition_almanac_has_at_most_two_sparse_entry_pages(script):
    """An entry page with fewer than 250 Hangul syllables is a near-empty page, unless it ends a team."""
    game, texts = edition_almanac(script)
    starts = entry_starts(game, texts)
    order = [c for c in game.characters if c.id in starts]
    assert len(order) == len(game.characters), "every character has an entry"
    last_entry_page = max(starts.values())
    pages_of_entries = {}
    for index, character in enumerate(order):
        end = starts[order[index + 1].id] - 1 if index + 1 < len(order) else last_entry_page
        pages_of_entries[character.id] = range(starts[character.id], max(end, starts[character.id]) + 1)
    team_ends = {
        pages_of_entries[c.id][-1] for i, c in enumerate(order) if i + 1 == len(order) or order[i + 1].team != c.team
    }
    sparse = [
        page
        for character in order
        for page in pages_of_entries[character.id]
        if page not in team_ends and len(re.findall("[가-힣]", texts[page - 1])) < FULL_PAGE_SYLLABLES
    ]
    assert len(sparse) <= 2, sparse


@pytest.mark.parametrize("script", EDITION_SCRIPTS)
def test_edition_almanac_prints_every_part_of_every_entry(script):
    game, texts = edition_almanac(script)
    whole = squash("".join(texts))
    for character in game.characters:
        if character.team in ("fabled", "loric"):
            continue
        assert squash(printed(game, character.examples[0]))[:30] in whole, character.id
        assert squash(printed(game, character.flavor))[:20] in whole, character.id
