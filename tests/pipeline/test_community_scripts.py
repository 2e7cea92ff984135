"""Real community scripts (tests/community_scripts/): every one validates with no false error or warning, builds the
9 PDFs, and prints what it carries (bootlegger rules, homebrew jinxes, accented Latin in an embedded font); scripts
for 5–6 players that declare their range get exactly that many shrouds and votes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import pdf_chars, pdf_font_names, pdf_page_texts, run_cli, validate, with_code

pytestmark = pytest.mark.slow  # builds every document of every community script

CORPUS = Path(__file__).parents[1] / "community_scripts"
SCRIPTS = sorted(p.name for p in CORPUS.glob("*.json"))
DOCUMENTS = [
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
SMALL = ("no-greater-joy.json", "over-the-river.json", "laissez-un-faire.json", "too-specific.json")
# the warnings each script really deserves (anything else is a false one)
EXPECTED_WARNINGS = {
    **{name: ["players-range-hint"] for name in SMALL},
    # at 6 players the Baron's +2 needs three outsiders; the script has the Drunk and the Klutz only
    "no-greater-joy.json": ["players-range-hint", "setup-shortfall"],
    # undeclared, these teensyville scripts are read for the 5–10 or 5–11 players their characters can fill (a script
    # is teensy only when it cannot fill 7); at 10 and 11 only a bag with a setup-changing character fills
    "laissez-un-faire.json": ["players-range-hint", "setup-shortfall"],
    "too-specific.json": ["players-range-hint", "setup-shortfall"],
    "last-orders.json": ["icon-url"],  # an image URL is never fetched
}
BOOTLEGGER = "If they disagree, the Storyteller chooses."
HOMEBREW_JINXES = ("they learn a living Minion instead", "counts as killed by the Demon for the Lycanthrope")


def squeezed(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("name", SCRIPTS)
def test_every_community_script_validates_without_false_findings(name):
    _, report = validate(CORPUS / name)
    assert report.errors == [], [f.format() for f in report.errors]
    assert sorted(f.code for f in report.warnings) == sorted(EXPECTED_WARNINGS.get(name, [])), [
        f.format() for f in report.warnings
    ]


@pytest.fixture(scope="module")
def kit_of(tmp_path_factory):
    """kit_of(name) → (CLI result, folder) of `build` for one corpus script, built once for the module's tests."""
    built: dict = {}

    def kit(name: str):
        if name not in built:
            out = tmp_path_factory.mktemp("kit")
            built[name] = run_cli("build", CORPUS / name, "--out", out, "--quiet"), out / name.removesuffix(".json")
        return built[name]

    return kit


@pytest.mark.parametrize("name", SCRIPTS)
def test_every_community_script_builds_every_document(name, kit_of):
    result, folder = kit_of(name)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.glob("*.pdf")) == DOCUMENTS
    assert "Traceback" not in result.output


@pytest.fixture(scope="module")
def cellar_panic(kit_of):
    result, folder = kit_of("cellar-panic.json")
    assert result.exit_code == 0, result.output
    return {p.name: squeezed(" ".join(pdf_page_texts(p))) for p in folder.glob("*.pdf")}


def test_bootlegger_rules_print_in_the_night_sheet_and_the_almanac(cellar_panic):
    for document in ("night-order.pdf", "almanac.pdf"):
        assert squeezed(BOOTLEGGER) in cellar_panic[document], document
    assert "자체규칙" in cellar_panic["almanac.pdf"] and "자체규칙" in cellar_panic["night-order.pdf"]


def test_homebrew_jinxes_print_with_the_official_ones(cellar_panic):
    for document in ("script.pdf", "almanac.pdf"):
        for jinx in HOMEBREW_JINXES:
            assert squeezed(jinx) in cellar_panic[document], (document, jinx)


def test_house_rule_changes_the_bag_once():
    game, report = validate(CORPUS / "cellar-panic.json")
    from generator.load.bag import bag_rows

    rows = {row.players: row for row in bag_rows(game, game.library.bag_table)}
    # [No Demon. +1 Minion] (the bootlegger rule and the fabled say it both): 5 players 3/0/1/1 → 3/0/2/0
    assert rows[5].base.as_tuple() == (3, 0, 2, 0)
    assert {v.counts.demon for row in rows.values() for v in row.variants} == {0}


def test_homebrew_jinxes_are_written_back_by_export_json(tmp_path):
    target = tmp_path / "out.json"
    result = run_cli("export-json", CORPUS / "cellar-panic.json", "-o", target)
    assert result.exit_code == 0, result.output
    document = json.loads(target.read_text(encoding="utf-8"))
    [fabled] = [item for item in document if isinstance(item, dict) and item.get("id") == "cellarpanic"]
    assert sorted(j["id"] for j in fabled["jinxes"]) == ["lycanthrope", "puzzlemaster"]
    assert fabled["image"] == "icons/cellarpanic.svg"
    meta = document[0]
    assert meta["bootlegger"][0].endswith("[No Demon. +1 Minion]")
    again = tmp_path / "again.json"
    again.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    game, report = validate(again)
    assert report.errors == []
    assert sum(1 for j in game.jinxes if "cellarpanic" in j.characters) == 2


def test_accented_latin_prints_in_an_embedded_fallback_font(tmp_path):
    _, report = validate(CORPUS / "conspiracao.json")
    assert with_code(report, "text-glyph") == []
    result = run_cli("sheet", CORPUS / "conspiracao.json", "--out", tmp_path, "--quiet")
    assert result.exit_code == 0, result.output
    data = (tmp_path / "conspiracao" / "script.pdf").read_bytes()
    chars = [c for page in pdf_chars(data) for c in page["chars"]]
    from generator import FONTS_DIR
    from generator.typeset.glyphs import covered_code_points

    # every glyph comes from an embedded subset of a bundled font that has it (a box is a glyph its font lacks)
    for name in pdf_font_names(data):
        subset, _, family = name.partition("+")
        assert len(subset) == 6 and (FONTS_DIR / f"{family}.ttf").is_file(), name
    for char in chars:
        family = char["fontname"]
        assert (FONTS_DIR / f"{family}.ttf").is_file(), family
        assert char["text"].isspace() or ord(char["text"]) in covered_code_points(FONTS_DIR / f"{family}.ttf"), char
    fallback = {c["text"] for c in chars if c["fontname"].startswith("Noto")}
    assert set("ãêô") <= fallback, fallback  # letters Nanum lacks: set in the Latin fallback
    text = squeezed(" ".join(pdf_page_texts(tmp_path / "conspiracao" / "script.pdf")))
    assert squeezed("Conspiração na Aldeia") in text and "Demônio" in text


def teensy_with_range(tmp_path: Path, name: str = "laissez-un-faire.json") -> Path:
    data = json.loads((CORPUS / name).read_text(encoding="utf-8"))
    data[0]["players"] = "5-6"
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_teensy_script_with_its_range_validates_clean_and_has_six_shrouds_and_votes(tmp_path):
    path = teensy_with_range(tmp_path)
    result = run_cli("validate", path)
    assert result.exit_code == 0, result.output
    assert "오류 0개, 경고 0개" in result.output
    table = [
        line for line in result.output.splitlines() if line.strip().endswith(tuple("0123456789")) and "명 |" in line
    ]
    assert [line.split("명")[0].strip() for line in table] == ["5", "6"]
    built = run_cli("tokens", path, "--out", tmp_path / "out", "--quiet")
    assert built.exit_code == 0, built.output
    text = " ".join(pdf_page_texts(tmp_path / "out" / "laissez-un-faire" / "tokens.pdf"))
    assert squeezed(text).count("수의") == 6 and squeezed(text).count("투표") == 6


def test_an_undeclared_teensyville_script_gets_one_hint_and_is_set_for_what_it_fills():
    """Its characters fill 5 to 11 players: it is no teensy script unless it says so, and the hint offers both."""
    game, report = validate(CORPUS / "over-the-river.json")
    [hint] = with_code(report, "players-range-hint", "warning")
    assert '"players": "5-6"' in hint.message and '"players": "5-11"' in hint.message and "12명 이상" in hint.message
    assert with_code(report, "setup-shortfall") == []
    from generator.load.bag import bag_rows, player_range

    assert player_range(game) == (5, 11)
    assert [row.players for row in bag_rows(game, game.library.bag_table)] == list(range(5, 12))


def test_a_declared_range_is_written_back_in_meta_and_yaml(tmp_path):
    path = teensy_with_range(tmp_path, "no-greater-joy.json")
    target = tmp_path / "exported.json"
    assert run_cli("export-json", path, "-o", target).exit_code == 0
    assert json.loads(target.read_text(encoding="utf-8"))[0]["players"] == "5-6"


def test_the_api_checks_a_declared_range(tmp_path):
    from generator.server import create_app

    client = create_app(workspace=tmp_path / "workspace").test_client()
    body = client.post("/api/validate", data=teensy_with_range(tmp_path).read_bytes()).get_json()
    assert body["findings"] == []
    assert [row["players"] for row in body["setup"]["rows"]] == [5, 6]


def test_reminder_names_match_without_regard_to_case():
    _, report = validate(CORPUS / "last-orders.json")
    assert with_code(report, "reminder-unknown") == []  # *TARGET* is the 'Target' token, *DESIGNATED DRIVER* likewise
