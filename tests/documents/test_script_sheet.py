"""script.pdf read back: page 1 holds every name and ability, fits A4 and Letter; page 2's other-nights column is turned."""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from conftest import fonts_not_nanum_subsets, pdf_chars, pdf_page_texts

from generator.documents import script_sheet
from generator.load.game import load_game
from generator.model import NIGHTS, SHEET_TEAMS, TEAM_NAMES_KO
from generator.options import RenderOptions
from generator.read.theme import MM, theme

PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def printed(game, text: str) -> str:
    """Content text as the documents print it (names, glossary terms, quotes: generator.load.wording)."""
    from generator.load.wording import wording

    return wording(game).words(text)


def flat(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFC", text))


def build(game, paper: str = "a4") -> tuple[bytes, RenderOptions]:
    options = RenderOptions(paper=paper)
    [(name, data)] = script_sheet.build(game, options)
    assert name == "script.pdf"
    return data, options


@pytest.fixture(scope="module", params=["a4", "letter"])
def pdf(request, game):
    data, options = build(game, request.param)
    return request.param, data, options


def page_text(data: bytes, index: int) -> str:
    return pdf_page_texts(data)[index]


def long_script(tmp_path, count: int = 25):
    """A synthetic script of `count` library characters with the longest abilities, spread over the four teams."""
    library_game, _ = load_game("in-space")
    library = library_game.library.characters.values()
    by_team = {
        team: sorted((c for c in library if c.team == team), key=lambda c: -len(c.ability)) for team in SHEET_TEAMS
    }
    wanted = {"townsfolk": 13, "outsider": 4, "minion": 4, "demon": 4}
    chosen = [c.id for team in SHEET_TEAMS for c in by_team[team][: wanted[team]]]
    rest = [c.id for team in SHEET_TEAMS for c in by_team[team][wanted[team] :]]
    chosen = (chosen + rest)[:count]
    path = tmp_path / "long.yaml"
    path.write_text(
        "id: long\ntitle: 스물다섯 캐릭터로 꽉 채운 아주 긴 제목의 시험용 스크립트\nauthor: 시험\n"
        f"characters: [{', '.join(chosen)}]\n",
        encoding="utf-8",
    )
    loaded, report = load_game(path)
    assert loaded is not None
    assert len([c for c in loaded.characters if c.team in SHEET_TEAMS]) == count
    return loaded


@pytest.mark.slow
def test_page_sizes_and_two_pages(pdf):
    from pypdf import PdfReader

    paper, data, _ = pdf
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(width, 1), round(height, 1)) == tuple(round(v, 1) for v in PAPERS[paper])


def test_front_has_every_name_ability_team_and_footer(pdf, game):
    _, data, options = pdf
    text = flat(page_text(data, 0))
    assert flat(game.script.title) in text
    assert flat(game.script.author) in text
    for team in SHEET_TEAMS:
        assert TEAM_NAMES_KO[team] in text
    for character in game.characters:
        if character.team in SHEET_TEAMS:
            assert flat(character.name) in text, character.name
            assert flat(printed(game, character.ability)) in text, character.name
    assert flat("* 첫날 밤 제외") in text
    assert not [f for f in options.report.findings if f.code == "sheet-overflow"]


def test_teams_in_order_on_front(pdf):
    """Team headers (the only text at the header size) come in sheet order, columns read left to right."""
    _, data, _ = pdf
    size = theme().script_sheet["team_size_pt"]
    chars = [c for c in pdf_chars(data)[0]["chars"] if abs(c["size"] - size) < 0.01]
    column_split = min(c["x0"] for c in chars) + 100  # the columns may differ in width; a header is under 100 pt
    chars.sort(key=lambda c: (c["x0"] > column_split, round(c["bottom"]), c["x0"]))  # a line by its baseline
    text = "".join(c["text"] for c in chars).replace("(계속)", "").replace(" ", "")
    names = "|".join(TEAM_NAMES_KO[team] for team in SHEET_TEAMS)
    text = re.sub(rf"({names})\1+", r"\1", text)  # a team carried to the next column repeats its header
    assert text == "".join(TEAM_NAMES_KO[team] for team in SHEET_TEAMS)


def test_title_on_every_page(pdf, game):
    _, data, _ = pdf
    for index in range(2):
        assert flat(game.script.title) in flat(page_text(data, index))


def test_fonts_embedded_subset_and_roles(pdf, game):
    _, data, _ = pdf
    assert not fonts_not_nanum_subsets(data), fonts_not_nanum_subsets(data)  # every font a subset
    pages = pdf_chars(data)
    for page in pages:
        assert page["chars"]
        for char in page["chars"]:
            if char["text"].strip() and char["text"] != "?":
                assert char["fontname"].startswith("Nanum"), char["fontname"]
    front = pages[0]["chars"]
    fonts = {c["fontname"] for c in front if c["text"] == game.characters[0].name[0]}
    assert {f.replace("-", "") for f in fonts} == {"NanumGothicBold"}  # names in bold sans
    assert any(c["fontname"].endswith("NanumMyeongjo") for c in front)  # serif abilities


def test_no_glyph_outside_margins_and_readable_sizes(pdf):
    _, data, _ = pdf
    edge = theme().page.min_margin * MM
    margin = theme().page.margin * MM
    floor = theme().text.min_size_pt
    pages = pdf_chars(data)
    for page in pages:
        for char in page["chars"]:
            assert char["x0"] >= edge and char["x1"] <= page["width"] - edge, char
            assert char["top"] >= edge and char["bottom"] <= page["height"] - edge, char
    front = pages[0]
    body = [c for c in front["chars"] if c["bottom"] < front["height"] - margin]  # the fine print lives in the margin
    assert min(c["size"] for c in body) >= floor - 0.01


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_an_official_edition_fills_the_front_instead_of_leaving_half_of_it_empty(paper):
    """Trouble Brewing's 22 characters are set large enough that the fuller column reaches near the foot."""
    game, _ = load_game("trouble-brewing")
    data, _ = build(game, paper)
    margin = theme().page.margin * MM
    front = pdf_chars(data)[0]
    body = [c for c in front["chars"] if c["bottom"] < front["height"] - margin - 20]  # above the footer line
    title_foot = min(c["bottom"] for c in body if c["size"] >= theme().script_sheet["title_block"]["title_min_size_pt"])
    middle = front["width"] / 2
    columns = [[c for c in body if c["bottom"] > title_foot and (c["x0"] < middle) == left] for left in (True, False)]
    sizes = sorted(c["size"] for c in body)
    room = front["height"] - margin - 20 - title_foot
    filled = [(max(c["bottom"] for c in column) - title_foot) / room for column in columns]
    assert min(filled) > 0.8, filled  # both columns: the second is not left half empty
    assert sizes[len(sizes) // 2] > 10  # abilities larger than the dense sheets' 8–9 pt


def test_back_reads_upright_first_night_left_other_nights_right(pdf, game):
    """Every glyph of the back is upright (README: a player reads the sheet in hand); the first night runs down the
    left half and the other nights down the right half, each in its order, each character with its team in words."""
    _, data, _ = pdf
    back = pdf_chars(data)[1]
    assert all(c["upright"] for c in back["chars"])
    middle = back["width"] / 2
    halves = {
        night: "".join(c["text"] for c in back["chars"] if (c["x0"] < middle) == (night == "first_night"))
        for night in NIGHTS
    }
    for night, heading in (("first_night", "첫날밤"), ("other_nights", "다른밤")):
        expected = heading + "".join(
            game.library.fixed_steps[s].name
            if s in game.library.fixed_steps
            else game.character(s).name + TEAM_NAMES_KO[game.character(s).team]
            for s in game.night_steps(night)
        ).replace(" ", "")
        squeezed = halves[night].replace(" ", "")  # the fixed steps' badges (황, 하 …) only add glyphs in between
        position = 0
        for char in expected:
            position = squeezed.index(char, position) + 1


def test_back_has_steps_jinx_travellers_and_loric(pdf, game):
    _, data, _ = pdf
    text = flat(page_text(data, 1))
    for name in ("하수인정보", "악마정보", "첫날밤"):
        assert name in text
    for jinx in game.jinxes:
        assert flat(printed(game, jinx.text)) in text
        for cid in jinx.characters:
            assert flat(game.character(cid).name) in text
    for character in game.by_team("traveller") + game.by_team("loric"):
        assert flat(character.name) in text
        assert flat(printed(game, character.ability)) in text
    assert flat("폭풍 부르미가 지정한 캐릭터: 변종") in text


@pytest.mark.slow
def test_a_jinx_brings_the_djinn_among_the_fabled_once(pdf, game, tmp_path):
    paper, data, _ = pdf
    djinn = game.library.characters["djinn"]
    entry = flat(djinn.name + printed(game, djinn.ability))  # the name, then the ability, as the fabled are printed
    back = flat(page_text(data, 1))
    assert back.count(entry) == 1
    assert flat(TEAM_NAMES_KO["fabled"]) in back
    listed = tmp_path / "listed.yaml"  # a script that lists the Djinn itself prints it once
    listed.write_text("id: listed\ntitle: 지니 포함\ncharacters: [spy, damsel, imp, chef, djinn]\n", encoding="utf-8")
    with_djinn, report = load_game(listed)
    assert not report.errors and with_djinn.added == [] and with_djinn.ids.count("djinn") == 1
    text = flat(page_text(build(with_djinn, paper)[0], 1))
    assert text.count(entry) == 1
    plain, _ = load_game("trouble-brewing")  # no jinx: no Djinn
    assert not plain.jinxes and "djinn" not in plain.ids
    assert flat(djinn.name) not in flat(page_text(build(plain, paper)[0], 1))


def test_two_builds_give_identical_bytes(game):
    first, _ = build(game)
    second, _ = build(game)
    assert first == second


def test_rendered_pages_not_blank_and_nothing_in_the_outer_strip(pdf):
    import pypdfium2

    _, data, _ = pdf
    document = pypdfium2.PdfDocument(data)
    strip = int(5 * MM)  # scale 1: one pixel per point
    for index in range(len(document)):
        image = document[index].render(scale=1).to_pil().convert("L")
        width, height = image.size
        dark = sum(image.histogram()[:200])
        assert dark / (width * height) > 0.02, f"page {index + 1} looks blank"
        for box in (
            (0, 0, width, strip),
            (0, height - strip, width, height),
            (0, 0, strip, height),
            (width - strip, 0, width, height),
        ):
            assert image.crop(box).getextrema()[0] > 200, f"page {index + 1} draws into the outer 5 mm: {box}"


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_twenty_five_characters_fit_page_one(tmp_path, paper):
    game = long_script(tmp_path)
    data, options = build(game, paper)
    assert not [f for f in options.report.findings if f.code == "sheet-overflow"]
    text = flat(page_text(data, 0))
    for character in game.characters:
        if character.team in SHEET_TEAMS:
            assert flat(printed(game, character.ability)) in text, character.name
    floor = theme().text.min_size_pt
    margin = theme().page.margin * MM
    front = pdf_chars(data)[0]
    body = [c for c in front["chars"] if c["bottom"] < front["height"] - margin]
    assert min(c["size"] for c in body) >= floor - 0.01
    edge = theme().page.min_margin * MM
    assert all(
        edge <= c["x0"] and c["x1"] <= front["width"] - edge and c["bottom"] <= front["height"] - edge
        for c in front["chars"]
    )


def test_setup_bracket_never_splits(game):
    data, _ = build(game)
    lines = page_text(data, 0).splitlines()
    brackets = re.findall(r"\[[^\]]*\]", " ".join(c.ability for c in game.characters))
    assert brackets
    for bracket in brackets:
        assert any(flat(bracket) in flat(line) for line in lines), bracket


def test_data_is_escaped(tmp_path):
    """A character name with markup characters prints as written instead of breaking the paragraph."""
    path = tmp_path / "odd.yaml"
    path.write_text(
        "id: odd\ntitle: 'A & B <b>굵게</b>'\nauthor: 시험\ncharacters: [noble, washerwoman, empath, imp, poisoner, drunk]\n",
        encoding="utf-8",
    )
    game, _ = load_game(path)
    data, _ = build(game)
    assert flat("A & B <b>굵게</b>") in flat(page_text(data, 0))
