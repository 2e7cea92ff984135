"""night-order.pdf read back: steps in content order with full reminders, particles by name, setup page from generator.load.bag."""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from conftest import fonts_not_nanum_subsets, pdf_chars, pdf_page_texts
from pdf_paths import pdf_paths

from generator.documents import night_sheet
from generator.josa import fill_named
from generator.load.bag import bag_rows, team_range
from generator.load.game import load_game
from generator.load.wording import wording
from generator.model import BAG_TEAMS, NIGHTS
from generator.options import RenderOptions
from generator.read.theme import MM, theme
from generator.typeset.markup import plain_reminder_text


def flat(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFC", text))


def build(game, paper: str = "a4") -> bytes:
    [(name, data)] = night_sheet.build(game, RenderOptions(paper=paper))
    assert name == "night-order.pdf"
    return data


def texts(data: bytes) -> list[str]:
    return pdf_page_texts(data)


@pytest.fixture(scope="module", params=["a4", "letter"])
def pdf(request, game):
    return request.param, build(game, request.param)


def step_name(game, step_id: str) -> str:
    fixed = game.library.fixed_steps.get(step_id)
    return fixed.name if fixed else game.character(step_id).name


@pytest.mark.slow
def test_page_sizes_title_and_numbers(pdf, game):
    from pypdf import PdfReader

    paper, data = pdf
    expected = {"a4": (595.3, 841.9), "letter": (612.0, 792.0)}[paper]
    pages = PdfReader(io.BytesIO(data)).pages
    assert len(pages) >= 3
    for number, page in enumerate(pages, start=1):
        assert (round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1)) == expected
        text = page.extract_text()
        assert flat(game.script.title) in flat(text)
        assert str(number) in [line.strip() for line in text.splitlines()], (
            number
        )  # the page number on a line of its own
        assert flat("game-icons.net") in flat(text)


def row_names(data: bytes) -> str:
    """The step names of the night pages in reading order: each row's name is run in before its instruction, in the
    gothic bold at the name's size (reminder names, bold too, are at the instructions' size)."""
    t = theme().night_sheet
    size = t["reminder_size_pt"] + t["name_over_text_pt"]
    found = []
    for page in pdf_chars(data):
        heading = flat("".join(c["text"] for c in page["chars"] if abs(c["size"] - t["heading_size_pt"]) < 0.3))
        if heading.startswith(("첫날밤", "다른밤")):
            found += [
                c["text"] for c in page["chars"] if "GothicBold" in c["fontname"] and abs(c["size"] - size) < 0.05
            ]
    return flat("".join(found))


@pytest.mark.slow
def test_steps_in_content_order_with_full_reminders(pdf, game):
    _, data = pdf
    names = row_names(data)
    expected = [step_name(game, s) for night in NIGHTS for s in game.night_steps(night)]
    assert names == flat("".join(expected))  # every step's name, in the content's order, and nothing else
    everything = flat("".join(texts(data)))
    for night in NIGHTS:
        for step_id in game.night_steps(night):
            fixed = game.library.fixed_steps.get(step_id)
            source = fixed or game.character(step_id)
            named = game.named_character(step_id)
            reminder = plain_reminder_text(
                wording(game).words(fill_named(source.night_reminder(night), named.name if named else None))
            )
            assert flat(reminder) in everything, step_id


def test_fixed_steps_say_seven_players(pdf):
    _, data = pdf
    first = flat(texts(data)[0])
    for name in ("하수인정보", "악마정보"):
        assert flat(name) + "7명이상일때만" in first


def test_reminder_tokens_gothic_bold_underlined_and_coloured(pdf, game):
    """Reminder names differ from the serif body by face and weight and are underlined: colour is only a second cue."""
    _, data = pdf
    chars = pdf_chars(data)[0]["chars"]
    rules = [
        (o["x0"], o["x1"], o["top"])
        for o in pdf_paths(data)[0]["paths"]
        if o["kind"] in ("line", "rect") and abs(o["top"] - o["bottom"]) < 1.5
    ]
    purple = tuple(int(theme().colors.reminder[i : i + 2], 16) for i in (1, 3, 5))
    coloured = [c for c in chars if c["text"].strip() and all(abs(a - b) <= 2 for a, b in zip(c["color"], purple))]
    assert coloured
    marked = [c for c in coloured if "GothicBold" in c["fontname"].replace("-", "")]
    assert len(marked) == len(coloured)  # every reminder-coloured glyph is also gothic bold
    assert "폭풍사로잡힘" in "".join(c["text"] for c in marked)  # the Storm Catcher's reminder token name
    for char in marked:
        assert any(
            x0 - 0.5 <= char["x0"] and char["x1"] <= x1 + 0.5 and abs(top - char["bottom"]) < 0.4 * char["size"]
            for x0, x1, top in rules
        ), char["text"]


def test_fonts_embedded_and_margins(pdf):
    _, data = pdf
    edge = theme().page.min_margin * MM
    assert not fonts_not_nanum_subsets(data), fonts_not_nanum_subsets(data)  # every font a subset
    for page in pdf_chars(data):
        for char in page["chars"]:
            if char["text"].strip():
                assert char["fontname"].startswith("Nanum"), char["fontname"]
            assert edge <= char["x0"] and char["x1"] <= page["width"] - edge, char
            assert edge <= char["top"] and char["bottom"] <= page["height"] - edge, char


def named_script(tmp_path, target: str):
    path = tmp_path / f"named-{target}.yaml"
    path.write_text(
        f"id: named-{target}\ntitle: 지정 캐릭터 시험\nauthor: 시험\n"
        "characters: [noble, washerwoman, pixie, empath, monk, mutant, drunk, poisoner, spy, imp, stormcatcher]\n"
        f"named_characters: {{stormcatcher: {target}}}\n",
        encoding="utf-8",
    )
    loaded, _ = load_game(path)
    assert loaded is not None
    return loaded


@pytest.mark.parametrize(
    ("target", "sentence", "wrong"),
    [
        ("mutant", "변종이 게임에 있다면", "변종가"),  # ends in a consonant
        ("pixie", "픽시가 게임에 있다면", "픽시이"),  # ends in a vowel
    ],
)
def test_storm_catcher_particle_follows_the_name(tmp_path, target, sentence, wrong):
    game = named_script(tmp_path, target)
    text = flat(texts(build(game))[0])
    assert flat(sentence) in text
    assert wrong not in text
    assert "{named" not in text


def test_setup_page_matches_bag_computation(pdf, game):
    _, data = pdf
    [setup] = [flat(text) for text in texts(data) if "설정표" in flat(text)]  # one page: the back of the first night
    for row in bag_rows(game, game.library.bag_table):
        cells = [f"{row.players}명"] + [str(n) for n in row.base.as_tuple()]
        for team in BAG_TEAMS:
            low, high = team_range(row, team)
            cells.append(str(low) if low == high else f"{low}–{high}")
        assert "".join(cells) in setup, row.players
    for name in ("대부", "비고르모르티스", "팡구", "주정뱅이"):
        assert name in setup


def test_two_builds_give_identical_bytes(game):
    assert build(game) == build(game)


def test_rendered_pages_not_blank_nor_overflowing(pdf):
    import pypdfium2

    _, data = pdf
    document = pypdfium2.PdfDocument(data)
    strip = int(5 * MM)
    for index in range(len(document)):
        image = document[index].render(scale=1).to_pil().convert("L")
        width, height = image.size
        assert sum(image.histogram()[:200]) / (width * height) > 0.01, f"page {index + 1} looks blank"
        for box in (
            (0, 0, width, strip),
            (0, height - strip, width, height),
            (0, 0, strip, height),
            (width - strip, 0, width, height),
        ):
            assert image.crop(box).getextrema()[0] > 200, f"page {index + 1} draws into the outer 5 mm"
