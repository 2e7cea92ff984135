"""Info cards: info-cards.pdf read back (every listed and every named card, four to a sheet, crop marks, A4 and
Letter; each card's face only what the player is shown, when to use it on the storyteller's index page after the
cards), and the check that a night text names only cards the list holds."""

from __future__ import annotations

import copy
import dataclasses
import re

import pytest
import yaml
from conftest import CONTENT, edit_character, edit_yaml, pdf_page_texts, region_text, run_cli, validate, with_code
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pdf_paths import drawn_pages

from generator.documents import info_cards
from generator.load.info_cards import NAMED_CARD
from generator.options import RenderOptions
from generator.read.theme import theme

PT_PER_MM = 72 / 25.4


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def listed_entries() -> list[dict]:
    return yaml.safe_load((CONTENT / "info_cards.yaml").read_text(encoding="utf-8"))


def listed_cards() -> list[str]:
    return [entry["text"] for entry in listed_entries()]


def card_sheets(data: bytes) -> int:
    return -(-len(listed_cards()) // 4)


@pytest.fixture(scope="module", params=["a4", "letter"])
def pdf(request, game):
    options = RenderOptions(paper=request.param)
    [(name, data)] = info_cards.build(game, options)
    assert name == "info-cards.pdf"
    return request.param, data, options


def page_texts(data: bytes) -> list[str]:
    return pdf_page_texts(data)


def named_in_night_texts(game) -> set[str]:
    texts = [c.first_night or "" for c in game.characters] + [c.other_nights or "" for c in game.characters]
    texts += [s.first_night or "" for s in game.library.fixed_steps.values()] + [
        s.other_nights or "" for s in game.library.fixed_steps.values()
    ]
    return {m[1] for text in texts for m in NAMED_CARD.finditer(text)}


def test_every_listed_and_named_card_is_printed(pdf, game):
    _, data, options = pdf
    text = squash("".join(page_texts(data)))
    cards = listed_cards()
    assert len(cards) >= 9
    for card in cards + sorted(named_in_night_texts(game)):
        assert squash(card) in text, card
    assert named_in_night_texts(game), "the bundled script's night texts name cards"
    assert not options.report.findings


def test_four_cards_to_a_sheet_with_crop_marks_outside_the_cards(pdf):
    paper, data, _ = pdf
    cards = len(listed_cards())
    mark = theme().info_cards["mark_pt"]
    margin = theme().info_cards["margin"] * PT_PER_MM
    pages = drawn_pages(data)
    assert len(pages) == -(-cards // 4) + 1  # the card sheets, then the index page
    assert not [line for line in pages[-1]["lines"] if abs(line["linewidth"] - mark) < 1e-4]  # not cut: no marks
    for page in pages[:-1]:
        marks = [line for line in page["lines"] if abs(line["linewidth"] - mark) < 1e-4]
        assert len(marks) == 12  # three cuts each way, a mark at both ends
        for line in marks:  # all in the margin, none on a card
            outside_x = line["x1"] <= margin + 0.01 or line["x0"] >= page["width"] - margin - 0.01
            outside_y = line["bottom"] <= margin + 0.01 or line["top"] >= page["height"] - margin - 0.01
            assert outside_x or outside_y
            assert min(line["x0"], line["top"]) >= 6 * PT_PER_MM - 0.01  # printable
        # the card words are large: at least the theme's minimum, most at a readable size
        sizes = [c["size"] for c in page["chars"]]
        assert max(sizes) >= theme().info_cards["text_min_pt"]


def test_the_footer_prints_the_whole_title_at_one_readable_size(pdf, game):
    """The bundled script's long title used to be cut with '…' in the footer; now the footer is set smaller, down to
    the readable minimum, and both of its halves share that size on every sheet."""
    _, data, _ = pdf
    margin = theme().info_cards["margin"] * PT_PER_MM
    for page in drawn_pages(data):
        footer = [c for c in page["chars"] if c["text"].strip() and c["top"] > page["height"] - margin]
        text = squash("".join(c["text"] for c in sorted(footer, key=lambda c: c["x0"])))
        assert squash(game.script.title) in text and "…" not in text, text
        assert len({c["size"] for c in footer}) == 1 and footer[0]["size"] >= theme().text.min_size_pt - 0.01


def test_a_card_is_about_a6(pdf):
    paper, data, _ = pdf
    sheet = info_cards.CardSheet(paper)
    width, height = sheet.card_w / PT_PER_MM, sheet.card_h / PT_PER_MM
    assert 85 <= width <= 105 and 120 <= height <= 148, (width, height)


@pytest.mark.slow
def test_unknown_card_fails_validation_naming_character_and_night(content):
    edit_character(
        content, "imp", other_nights="임프를 깨우세요. '당신은 이제 이 캐릭터입니다' 정보 토큰을 보여 주세요."
    )
    _, report = validate("in-space", content)
    [finding] = with_code(report, "info-card-unknown", "error")
    assert "임프" in finding.message and "다른 밤" in finding.message
    assert "'당신은 이 캐릭터입니다'" in finding.message  # the close match
    assert finding.where and "imp.yaml" in finding.where


def test_unknown_card_in_a_fixed_step_lists_the_known_cards(content):
    def change(data):
        data["steps"]["minioninfo"]["first_night"] = "하수인을 깨워 '악마는 저 사람' 정보 토큰을 보여 주세요."

    edit_yaml(content / "night_order.yaml", change)
    result = run_cli("validate", "--content", content)
    assert result.exit_code == 1
    assert "하수인 정보" in result.output and "첫날 밤" in result.output and "(알 수 없는 정보 카드)" in result.output
    assert "'이 플레이어가 악마입니다'" in result.output


def test_a_card_added_to_the_list_is_accepted_and_printed(content, tmp_path):
    edit_character(content, "imp", other_nights="임프를 깨우세요. '새 카드 문장입니다' 정보 토큰을 보여 주세요.")
    edit_yaml(content / "info_cards.yaml", lambda cards: cards.append({"text": "새 카드 문장입니다", "use": "시험"}))
    _, report = validate("in-space", content)
    assert not with_code(report, "info-card-unknown")
    result = run_cli("info-cards", "--content", content, "--out", tmp_path, "--quiet")
    assert result.exit_code == 0, result.output
    assert "새카드문장입니다" in squash("".join(page_texts((tmp_path / "in-space" / "info-cards.pdf").read_bytes())))


def test_forced_build_still_prints_an_unlisted_card(content, tmp_path):
    edit_character(content, "imp", other_nights="임프를 깨우세요. '목록에 없는 카드' 정보 토큰을 보여 주세요.")
    result = run_cli("info-cards", "--content", content, "--out", tmp_path, "--force")
    assert result.exit_code == 1  # the finding still stands
    texts = page_texts((tmp_path / "in-space" / "info-cards.pdf").read_bytes())
    assert "목록에없는카드" in squash("".join(texts[:-1]))
    index = squash(texts[-1])  # on the index: no note of when to use it, and which step names it
    assert (
        squash(
            "목록에 없는 카드"
            + theme().info_cards["index_unlisted"]
            + theme().info_cards["index_named"]
            + "임프(다른 밤)"
        )
        in index
    )


WORD = st.text(st.characters(min_codepoint=0xAC00, max_codepoint=0xD7A3), min_size=1, max_size=7)


@pytest.mark.slow
@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(words=st.lists(WORD, min_size=1, max_size=14))
def test_any_card_words_are_printed_whole(game, words):
    """A card named by a night text, of any length, is printed with every word (shrunk or broken, never lost)."""
    card = " ".join(words)
    changed = copy.deepcopy(game)
    imp = changed.character("imp")
    changed.characters[changed.characters.index(imp)] = dataclasses.replace(
        imp, other_nights=f"'{card}' 정보 토큰을 보여 주세요."
    )
    [(_, data)] = info_cards.build(changed, RenderOptions())
    assert squash(card) in squash("".join(page_texts(data)))


def test_same_input_gives_the_same_bytes(pdf, game):
    paper, data, _ = pdf
    assert info_cards.build(game, RenderOptions(paper=paper))[0][1] == data


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_blank_cards_stay_blank_and_the_footer_says_what_they_are_for(kit, paper):
    """What a blank card is for is said under the cards, where the players never read it (issue 35)."""
    from conftest import pdf_chars, region_text

    from generator.read.theme import theme

    _, files = kit(paper, "trouble-brewing")
    last = pdf_chars(files["info-cards.pdf"])[-2]  # the last card sheet: the index page follows it
    margin = theme().info_cards["margin"] * 72 / 25.4
    cards = region_text(last, 0, 0, last["width"], last["height"] - margin)
    footer = region_text(last, 0, last["height"] - margin, last["width"], last["height"])
    assert "빈 카드 3장에는 필요한 문장을 직접 적으세요" in footer
    assert "직접" not in cards and "빈 카드" not in cards
    assert cards.count("정보 카드") == 4


def card_faces(page: dict, paper: str) -> list[str]:
    """The text inside each of a sheet's four cut boxes (slot order), read from the page."""
    sheet = info_cards.CardSheet(paper)
    faces = []
    for slot in range(4):
        x, y = sheet.origin(slot)
        faces.append(region_text(page, x, page["height"] - y - sheet.card_h, x + sheet.card_w, page["height"] - y))
    return faces


def test_a_card_face_holds_only_what_the_player_is_shown(pdf):
    """Cards are held up to players at night: inside each card's cut box only the label and the card's words, never
    the storyteller's note of when to use it (issue 55)."""
    from conftest import pdf_chars

    paper, data, _ = pdf
    entries = listed_entries()
    pages = pdf_chars(data)
    faces = [face for page in pages[: card_sheets(data)] for face in card_faces(page, paper)]
    label = theme().info_cards["label"]
    for entry, face in zip(entries, faces):
        assert squash(face) == squash(label + entry["text"]), (entry["text"], face)
        assert not [other["use"] for other in entries if squash(other["use"]) in squash(face)]
    assert [squash(face) for face in faces[len(entries) :]] == [squash(label)] * (len(faces) - len(entries))  # blank


def index_rows(page: dict, cards: list[str]) -> dict[str, str]:
    """Card words → the text of the index's right column beside them (from the card's line down to the next card's)."""
    sheet_left = min(c["x0"] for c in page["chars"] if c["text"].strip())
    use_x = sheet_left + (theme().info_cards["index_card_column"] + theme().info_cards["index_gap"] / 2) * PT_PER_MM
    left = region_text(page, 0, 0, use_x, page["height"])
    tops = {}
    for card in cards:  # the top of each card's first line in the left column
        first = card.split()[0]
        line_chars = sorted((c for c in page["chars"] if c["x1"] < use_x), key=lambda c: (round(c["top"]), c["x0"]))
        joined = "".join(c["text"] for c in line_chars)
        at = squash(joined).find(squash(card))
        assert at >= 0 and first, (card, left)
        visible = [c for c in line_chars if c["text"].strip()]
        tops[card] = visible[at]["top"]
    ordered = sorted(tops.items(), key=lambda item: item[1])
    rows = {}
    for (card, top), after in zip(ordered, ordered[1:] + [(None, page["height"])]):
        rows[card] = region_text(page, use_x, top - 4, page["width"], after[1] - 4)
    return rows


def test_the_index_page_says_when_to_use_each_card_beside_its_words(pdf, game):
    """The usage lines moved off the card faces are all printed on the index page, each in the row of its card, with
    the script's night steps that name the card; the page is not cut (no tint, no crop marks: see above)."""
    from conftest import pdf_chars

    paper, data, _ = pdf
    page = pdf_chars(data)[-1]
    text = squash(region_text(page, 0, 0, page["width"], page["height"]))
    cards = theme().info_cards
    assert squash(cards["index_title"]) in text and all(squash(head) in text for head in cards["index_heads"])
    rows = index_rows(page, listed_cards())
    for entry in listed_entries():
        assert squash(entry["use"]) in squash(rows[entry["text"]]), (entry["text"], rows[entry["text"]])
    # in-space: the minion info step and the storm-catcher name cards on the first night, the imp on the others
    assert "하수인정보(첫날밤)" in squash(rows["이 플레이어가 악마입니다"])
    assert "임프(다른밤)" in squash(rows["당신은 이 캐릭터입니다"])
    assert "밤순서표" not in squash(rows["플레이어를 선택하세요"])  # no night text names it: no list


def test_the_index_runs_onto_another_page_when_the_cards_do_not_fit_one(content, tmp_path):
    """A content folder with many cards: the index continues on a second page, every card and usage on one of them."""
    many = [
        {"text": f"시험 카드 {n}번 문장입니다", "use": f"시험 카드 {n}번을 보여 줄 때, 플레이어를 가리키며"}
        for n in range(1, 31)
    ]
    edit_yaml(content / "info_cards.yaml", lambda cards: cards.extend(many))
    result = run_cli("info-cards", "--content", content, "--out", tmp_path, "--quiet")
    assert result.exit_code == 0, result.output
    texts = page_texts((tmp_path / "in-space" / "info-cards.pdf").read_bytes())
    sheets = -(-(len(listed_cards()) + len(many)) // 4)
    index = [squash(t) for t in texts[sheets:]]
    assert len(index) >= 2 and all(squash(theme().info_cards["index_title"]) in page for page in index)
    for entry in listed_entries() + many:
        assert sum(squash(entry["use"]) in page for page in index) == 1, entry["text"]
    assert all(f"{sheets + n}/{len(texts)}" in page for n, page in enumerate(index, start=1))


def every_way_of_breaking(text: str, font: str, size: float, width: float) -> list[str] | None:
    """The search balanced_lines stands for, written out: every way of breaking, the fewest lines, then the most even
    (the last line not shorter than the first), the first such way in itertools.product's order."""
    import itertools

    from reportlab.pdfbase.pdfmetrics import stringWidth

    words = info_cards.break_units(text)
    if not words or any(stringWidth(w, font, size) > width for w in words):
        return None if words else []
    best, chosen = None, []
    for breaks in itertools.product((False, True), repeat=len(words) - 1):
        starts = [0] + [i + 1 for i, new_line in enumerate(breaks) if new_line]
        spans = list(zip(starts, starts[1:] + [len(words)]))
        widths = [stringWidth(" ".join(words[a:b]), font, size) for a, b in spans]
        if max(widths) > width:
            continue
        score = (len(spans), max(widths) - min(widths) + (0.01 if widths[-1] < widths[0] else 0))
        if best is None or score < best:
            best, chosen = score, spans
    return [" ".join(words[a:b]) for a, b in chosen]


CARD_WORDS = st.sampled_from(
    "플레이어 당신은 악마 하수인 오늘 밤 선택했습니다 이 캐릭터가 당신을 정보 는 아아아아 ‘예’".split()
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(CARD_WORDS, min_size=1, max_size=info_cards.MAX_BREAK_SEARCH), width=st.sampled_from([90, 150, 260])
)
def test_balanced_lines_search_only_the_fewest_lines_and_find_what_every_way_finds(words, width):
    from generator.typeset.fonts import register_fonts

    register_fonts()
    font = info_cards.font_name(info_cards.card_theme()["text_font"])
    text = " ".join(words)
    assert info_cards.balanced_lines(text, font, 24, width) == every_way_of_breaking(text, font, 24, width)
