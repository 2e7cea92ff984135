"""`new` makes a starter that validates and builds; `import-text` writes the bundled character texts from the seeds."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
SEEDS = Path(__file__).resolve().parents[2] / "content" / "sources"  # the user's almanac texts, kept with the project
SEED_FULL = SEEDS / "almanac-in-space.txt"
SEED_OVERVIEWS = SEEDS / "almanac-overviews.txt"
TEXT_FIELDS = ("name", "team", "ability", "flavor", "overview", "how_to_run", "notes")


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    folder = tmp_path_factory.mktemp("starter") / "나의 스크립트"
    result = CliRunner().invoke(app, ["new", str(folder)])
    assert result.exit_code == 0, result.output
    return folder


@pytest.mark.slow
def test_new_layout(starter):
    assert (starter / "scripts" / "my-script.yaml").is_file()
    example = starter / "characters" / "lamplighter.yaml"
    assert example.is_file() and (starter / "icons" / "lamplighter.svg").is_file()
    assert (starter / "README.md").is_file() and (starter / "icons" / "CREDITS.md").is_file()
    text = example.read_text(encoding="utf-8")
    for field in (
        "id:",
        "name:",
        "team:",
        "ability:",
        "flavor:",
        "overview:",
        "how_to_run:",
        "tips:",
        "reminders:",
        "global_reminders:",
        "first_night:",
        "other_nights",
        "setup",
        "aliases:",
        "icon:",
    ):
        assert field in text, field
    commented = [line for line in text.splitlines() if line.startswith("#")]
    assert len(commented) > 20
    order = yaml.safe_load((starter / "night_order.yaml").read_text(encoding="utf-8"))
    assert "lamplighter" in order["first_night"]
    assert (starter / "night_order.yaml").read_text(encoding="utf-8").startswith("#")  # comments kept


def test_new_output_validates(starter):
    script = starter / "scripts" / "my-script.yaml"
    result = CliRunner().invoke(app, ["validate", str(script), "--content", str(starter), "--strict"])
    assert result.exit_code == 0, result.output


def test_new_output_validates_without_naming_the_script(starter):
    """In a homebrew folder with one script, `validate --content DIR` finds that script by itself."""
    result = CliRunner().invoke(app, ["validate", "--content", str(starter), "--strict"])
    assert result.exit_code == 0, result.output
    assert "오류 0개" in result.output


@pytest.mark.slow
def test_new_output_builds(starter, tmp_path):
    script = starter / "scripts" / "my-script.yaml"
    result = CliRunner().invoke(
        app, ["build", str(script), "--content", str(starter), "--out", str(tmp_path), "--quiet"]
    )
    assert result.exit_code == 0, result.output
    pdfs = list((tmp_path / "my-script").glob("*.pdf"))
    assert pdfs or not _document_modules(), "build wrote no PDF"


def _document_modules():
    from generator.documents import DOCUMENTS

    return DOCUMENTS


def test_new_output_exports_and_reads_back(starter, tmp_path):
    script = starter / "scripts" / "my-script.yaml"
    target = tmp_path / "my-script.json"
    result = CliRunner().invoke(app, ["export-json", str(script), "--content", str(starter), "-o", str(target), "-q"])
    assert result.exit_code == 0, result.output
    again = CliRunner().invoke(app, ["validate", str(target), "--content", str(starter), "-q"])
    assert again.exit_code == 0, again.output


def test_new_refuses_a_non_empty_folder(tmp_path):
    (tmp_path / "keep.txt").write_text("내 파일", encoding="utf-8")
    result = CliRunner().invoke(app, ["new", str(tmp_path)])
    assert result.exit_code == 2
    assert "덮어쓰지 않습니다" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


@pytest.mark.slow
def test_new_into_an_empty_folder(tmp_path):
    result = CliRunner().invoke(app, ["new", str(tmp_path)])
    assert result.exit_code == 0, result.output


def nfc(value):
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, list):
        return [nfc(v) for v in value]
    return value


def corrected_fields() -> set[tuple[str, str]]:
    """(id, field) pairs CORRECTIONS.md says were edited after import; those may differ from the seed."""
    pairs = set()
    for line in (CONTENT / "CORRECTIONS.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[0] not in ("파일", "") and not set(cells[0]) <= set("-: "):
            pairs.add((cells[1], cells[2].split("[")[0]))
    return pairs


def test_import_text_writes_the_bundled_texts(tmp_path):
    out = tmp_path / "imported"
    result = CliRunner().invoke(app, ["import-text", str(SEED_OVERVIEWS), str(SEED_FULL), "--out", str(out)])
    assert result.exit_code == 0, result.output
    written = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in out.glob("*.yaml")}
    from_almanac = {entry["id"] for entry in yaml.safe_load((CONTENT / "ids.yaml").read_text(encoding="utf-8"))}
    bundled = {
        cid: yaml.safe_load((CONTENT / "characters" / f"{cid}.yaml").read_text(encoding="utf-8"))
        for cid in from_almanac
    }
    assert set(written) == set(bundled)
    corrected = corrected_fields()
    compared = 0
    for character_id, imported in written.items():
        assert imported["id"] == character_id
        for field in TEXT_FIELDS:
            if field not in imported or (character_id, field) in corrected:
                continue
            assert nfc(imported[field]) == nfc(bundled[character_id].get(field)), (character_id, field)
            compared += 1
    assert compared > 150


def test_import_text_reports_a_missing_file(tmp_path):
    result = CliRunner().invoke(app, ["import-text", str(tmp_path / "없음.txt"), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "찾을 수 없습니다" in result.output
