"""What validate accepts, build prints: every text field at exactly its limit (templates/text_limits.yaml) builds
the whole kit in A4 and Letter, every word of it is printed, and no glyph leaves the printable page. One character
past a limit is refused by validate with the file, key, length and limit in Korean."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from conftest import CONTENT, edit_character, edit_yaml, run_cli, validate, with_code

from generator.check.lengths import text_limits

LIMITS = text_limits()
SYLLABLES = (
    "가나다라마바사아자차카타파하거너더러머버서어저처커터퍼허고노도로모보소오조초코토포호구누두루무부수우주추쿠투푸후"
)
PAPERS = ("a4", "letter")
PRINTABLE_INSET_MM = 4.5  # home printers cannot print the outer 4–6 mm (GUIDE §3)


def filler(length: int, seed: int) -> str:
    """Korean-looking words of 2–4 syllables, exactly `length` characters; every field gets its own words."""
    rng = random.Random(seed)
    words: list[str] = []
    total = -1
    while total < length:
        word = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))
        words.append(word)
        total += len(word) + 1
    text = " ".join(words)[:length]
    if text.endswith(" "):
        text = text[:-1] + rng.choice(SYLLABLES)
    assert len(text) == length
    return text


def at_limit(kind: str, field: str, seed: int) -> str:
    """The longest text a field accepts: its character limit, or for a measured field (a token text) the longest
    filler that still fits the token at the size validate requires."""
    limits = LIMITS[kind][field]
    if "fits" not in limits:
        return filler(limits["max"], seed)
    from generator.check.lengths import token_text_size
    from generator.read.theme import theme

    smallest = theme().tokens["fit_min_size_pt"]
    return next(text for n in range(limits["max"], 0, -1) if token_text_size(text := filler(n, seed)) >= smallest)


# The poisoner wakes on both nights and is on the bundled script with a jinx partner pair nearby (spy, damsel).
SUBJECT = "poisoner"


def fill_content(target: Path) -> dict[str, str]:
    """Every printed field of one character, every fixed step, the jinx and the script at its limit;
    returns {label: text} for the texts that must show up in print."""
    shutil.copytree(CONTENT, target)
    seed = iter(range(1000))
    printed: dict[str, str] = {}
    fields = {}
    for field in ("name", "ability", "flavor", "first_night", "other_nights"):
        fields[field] = printed[f"character.{field}"] = at_limit("character", field, next(seed))
    overview = at_limit("character", "overview", next(seed))
    cut = overview.index(" ", len(overview) // 2)  # two paragraphs, same length: the space becomes a blank line
    fields["overview"] = printed["character.overview"] = overview[:cut] + "\n\n" + overview[cut + 2 :]
    for field in ("how_to_run", "notes"):
        items = [at_limit("character", field, next(seed)) for _ in range(2)]
        fields[field] = items
        for index, item in enumerate(items):
            printed[f"character.{field}[{index}]"] = item
    for field in ("reminders", "global_reminders"):
        fields[field] = [at_limit("character", field, next(seed)) for _ in range(2)]
        for index, item in enumerate(fields[field]):
            printed[f"token.{field}[{index}]"] = item
    edit_character(target, SUBJECT, **fields)

    def steps(data):
        for step_id, step in data["steps"].items():
            step["name"] = printed[f"step.{step_id}.name"] = at_limit("step", "name", next(seed))
            for night in ("first_night", "other_nights"):
                if step.get(night):
                    step[night] = printed[f"step.{step_id}.{night}"] = at_limit("step", night, next(seed))

    edit_yaml(target / "night_order.yaml", steps)

    def jinx(data):
        for item in data:
            if sorted(item["characters"]) == ["damsel", "spy"]:
                item["text"] = printed["jinx.text"] = at_limit("jinx", "text", next(seed))

    edit_yaml(target / "jinxes.yaml", jinx)

    def script(data):
        for field in ("title", "author", "notes"):
            data[field] = printed[f"script.{field}"] = at_limit("script", field, next(seed))

    edit_yaml(target / "scripts" / "in-space.yaml", script)
    return printed


# Which document must print which text (tokens print names and reminders along an arc, glyph by glyph).
DOCUMENT_FIELDS = {
    "script.pdf": ("character.name", "character.ability", "jinx.text", "step.dawn.name"),
    "night-order.pdf": ("character.name", "character.first_night", "character.other_nights", "step."),
    "tokens.pdf": ("character.name", "token."),
    "night-card.pdf": ("character.name", "step.dawn.name"),
    "almanac.pdf": ("character.", "jinx.text", "step.", "script."),
}


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    root = tmp_path_factory.mktemp("limits")
    content = root / "content"
    printed = fill_content(content)
    results = {}
    for paper in PAPERS:
        result = run_cli("build", "--content", content, "--out", root / paper, "--paper", paper)
        results[paper] = (result, root / paper / "in-space")
    return content, printed, results


@pytest.mark.slow
def test_texts_at_every_limit_validate_without_errors(kits):
    content, printed, _ = kits
    _, report = validate("in-space", content)
    assert report.errors == [], [f.format() for f in report.errors]


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_texts_at_every_limit_build_every_document(kits, paper):
    _, _, results = kits
    result, folder = results[paper]
    assert result.exit_code == 0, result.output
    assert "예상하지 못한" not in result.output
    assert sorted(p.name for p in folder.glob("*.pdf")) == [
        "almanac-booklet.pdf",
        "almanac.pdf",
        "grimoire.pdf",
        "info-cards.pdf",
        "night-card.pdf",
        "night-order.pdf",
        "script.pdf",
        "tokens.pdf",
        "town-square.pdf",
    ]


def document_text(path: Path) -> tuple[str, list[str]]:
    """(whole text with whitespace removed, the glyphs each page prints outside its printable area)."""
    import pypdfium2

    inset = PRINTABLE_INSET_MM * 72 / 25.4
    pdf = pypdfium2.PdfDocument(path)
    texts, outside = [], []
    try:
        for index in range(len(pdf)):
            page = pdf[index]
            width, height = page.get_size()
            textpage = page.get_textpage()
            whole = "".join(textpage.get_text_range().split())
            inner = "".join(textpage.get_text_bounded(inset, inset, width - inset, height - inset).split())
            if len(inner) != len(whole):
                outside.append(f"page {index + 1}: {len(whole) - len(inner)} glyphs outside")
            texts.append(whole)
    finally:
        pdf.close()
    return "".join(texts), outside


def printed_in_order(text: str, document: str) -> bool:
    """Every word of `text`, in order, in the document's text (page furniture may come between words)."""
    position = 0
    for word in text.split():
        found = document.find(word, position)
        if found < 0:
            return False
        position = found + len(word)
    return True


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("document", sorted(DOCUMENT_FIELDS))
def test_every_text_at_its_limit_is_printed_inside_the_page(kits, paper, document):
    _, printed, results = kits
    result, folder = results[paper]
    assert result.exit_code == 0, result.output
    text, outside = document_text(folder / document)
    assert outside == []
    wanted = [label for label in printed if any(label.startswith(prefix) for prefix in DOCUMENT_FIELDS[document])]
    assert wanted
    missing = [label for label in wanted if not printed_in_order(printed[label], text)]
    assert missing == []


# --- past the limit: validate refuses, naming file, key, length and limit ---------------------------------------


def test_fields_past_their_limits_are_errors_naming_file_key_length_and_limit(content):
    fields = {
        "name": "washerwoman",
        "ability": "monk",
        "other_nights": "empath",
        "flavor": "noble",
        "first_night": "pixie",
    }
    paths = {}
    for field, character_id in fields.items():
        paths[character_id] = edit_character(
            content, character_id, **{field: filler(LIMITS["character"][field]["max"] + 1, 7)}
        )
    _, report = validate("in-space", content)
    found = {f.subject: f for f in with_code(report, "text-too-long", "error")}
    assert sorted(found) == sorted(fields.values())
    for field, character_id in fields.items():
        finding, limit = found[character_id], LIMITS["character"][field]["max"]
        assert finding.where == f"{paths[character_id]}:{key_line(paths[character_id], field)}"
        assert f"'{field}'" in finding.message
        assert f"{limit + 1:,}자" in finding.message and f"{limit:,}자" in finding.message


def key_line(path: Path, key: str) -> int:
    return next(
        n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line.startswith(f"{key}:")
    )


def test_a_list_item_past_its_limit_names_the_item(content):
    limit = LIMITS["character"]["reminders"]["max"]
    edit_character(content, "monk", reminders=["안전", filler(limit + 3, 3)])
    _, report = validate("in-space", content)
    [finding] = with_code(report, "text-too-long", "error")
    assert "'reminders'(알림 토큰)의 2번째 항목이 너무 깁니다" in finding.message
    assert f"{limit + 3}자" in finding.message


def test_token_texts_are_measured_not_counted(content):
    # 17 Latin letters fit a 25.4 mm reminder token at its own size; 14 Hangul syllables do not fit at 5.5 pt
    edit_character(content, "monk", reminders=["Designated Driver", "가나다라마바사아자차카타파하"])
    _, report = validate("in-space", content)
    [finding] = with_code(report, "text-too-long", "error")
    assert (
        "'reminders'(알림 토큰)의 2번째 항목이 너무 깁니다" in finding.message
        and "25.4 mm 알림 토큰" in finding.message
    )
    assert "5.5pt" in finding.message
    assert not any("1번째" in f.message for f in with_code(report, "text-long") + with_code(report, "text-too-long"))


def test_a_token_text_that_fits_only_in_small_type_is_a_warning(content):
    edit_character(content, "monk", reminders=["가나다라마바사아자차카타"])  # 12 syllables: about 5.7 pt
    _, report = validate("in-space", content)
    assert with_code(report, "text-too-long") == []
    [finding] = with_code(report, "text-long", "warning")
    assert "작게 인쇄됩니다" in finding.message


def test_text_between_the_soft_and_hard_limit_is_a_warning(content):
    soft = LIMITS["character"]["ability"]["warn"]
    edit_character(content, "monk", ability=filler(soft + 5, 11))
    _, report = validate("in-space", content)
    assert with_code(report, "text-too-long") == []
    [finding] = with_code(report, "text-long", "warning")
    assert finding.subject == "monk" and f"{soft + 5}자" in finding.message


def test_fixed_step_script_and_jinx_texts_are_limited_too(content):
    def dawn(data):
        data["steps"]["dawn"]["other_nights"] = filler(4900, 1)

    edit_yaml(content / "night_order.yaml", dawn)
    edit_yaml(
        content / "scripts" / "in-space.yaml", lambda d: d.update(title=filler(LIMITS["script"]["title"]["max"] + 1, 2))
    )

    def jinx(data):
        [spy_damsel] = [item for item in data if sorted(item["characters"]) == ["damsel", "spy"]]
        spy_damsel["text"] = filler(LIMITS["jinx"]["text"]["max"] + 1, 4)

    edit_yaml(content / "jinxes.yaml", jinx)
    _, report = validate("in-space", content)
    found = with_code(report, "text-too-long", "error")
    places = " ".join(f.where or "" for f in found)
    assert "night_order.yaml:" in places and "scripts/in-space.yaml:" in places and "jinxes.yaml:" in places
    assert any("4,900자" in f.message and "'other_nights'" in f.message for f in found)


def test_the_whole_bundled_library_is_within_the_soft_limits():
    from generator.check import lengths
    from generator.findings import Report
    from generator.load.game import load_game

    game, _ = load_game("in-space")
    game.characters = list(game.library.characters.values())  # all 181, and every jinx between them
    report = Report()
    lengths.check(game, report)
    assert len(game.characters) >= 181 and len(game.jinxes) >= 131
    assert report.findings == []
