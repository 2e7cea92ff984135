"""Text checks: invisible and control characters, jamo, foreign scripts, glyph coverage, names, reminder marks, sections."""

from __future__ import annotations

import unicodedata

import pytest
from conftest import CONTENT, bundled_ids, edit_character, edit_yaml, read_yaml, validate, with_code, write_script

from generator import FONTS_DIR
from generator.typeset.glyphs import covered_code_points

TEXT_CODES = {
    "text-invisible",
    "text-control",
    "text-jamo",
    "text-script",
    "text-glyph",
    "name-variant",
    "reminder-unknown",
}
EMPATH_ABILITY = read_yaml(CONTENT / "characters" / "empath.yaml")["ability"]


def with_ability(content, text):
    edit_character(content, "empath", ability=text)
    _, report = validate("in-space", content)
    return report


def test_bundled_script_has_no_text_findings():
    _, report = validate("in-space")
    assert [f for f in report.findings if f.code in TEXT_CODES] == []


# --- invisible, control and jamo characters --------------------------------------------------------------


@pytest.mark.parametrize(
    "char",
    ["\u200b", "\u202e", "\ufeff", "\u200d", "\u3164", "\u2028"],
    ids=["ZWSP", "RLO", "BOM", "ZWJ", "filler", "LSEP"],
)
@pytest.mark.slow
def test_invisible_character_is_an_error(content, char):
    report = with_ability(content, EMPATH_ABILITY.replace("이웃", f"이{char}웃"))
    [finding] = with_code(report, "text-invisible")
    assert finding.level == "error" and finding.subject == "empath"
    assert "보이지 않는 문자" in finding.message and "U+" not in finding.message
    assert (
        "'초공감자의 능력'" in finding.message and f"({EMPATH_ABILITY.index('이웃') + 2}번째 글자)" in finding.message
    )


def test_control_character_is_an_error(content):
    report = with_ability(content, EMPATH_ABILITY + "\x07")
    [finding] = with_code(report, "text-control")
    assert "제어 문자" in finding.message and f"{len(EMPATH_ABILITY) + 1}번째 글자" in finding.message


def test_decomposed_hangul_is_composed_on_load(content):
    edit_character(content, "empath", ability=unicodedata.normalize("NFD", EMPATH_ABILITY))
    assert unicodedata.normalize("NFD", EMPATH_ABILITY) != EMPATH_ABILITY  # the file really holds jamo
    game, report = validate("in-space", content)
    assert game.character("empath").ability == EMPATH_ABILITY
    assert with_code(report, "text-jamo") == []


def test_lone_conjoining_jamo_is_an_error(content):
    report = with_ability(content, EMPATH_ABILITY + " \u1100 \u1161")  # no syllable to compose into
    [finding] = with_code(report, "text-jamo")
    assert finding.level == "error"
    assert "'\u1100'" in finding.message and "'\u1161'" in finding.message


def test_compatibility_jamo_is_accepted(content):
    report = with_ability(content, EMPATH_ABILITY + " ㅋㅋ")
    assert with_code(report, "text-jamo") == [] and with_code(report, "text-script") == []


# --- writing systems and glyphs --------------------------------------------------------------------------


@pytest.mark.parametrize("word, char", [("Привет", "П"), ("漢字", "漢")], ids=["cyrillic", "han"])
def test_unexpected_writing_system_is_a_warning(content, word, char):
    report = with_ability(content, f"{EMPATH_ABILITY} {word}")
    [finding] = with_code(report, "text-script")
    assert finding.level == "warning"
    assert f"'{char}'" in finding.message


def test_latin_letters_digits_and_punctuation_pass(content):
    report = with_ability(content, EMPATH_ABILITY + " (Storm Catcher 2명…) “따옴표” → ※")
    assert with_code(report, "text-script") == [] and with_code(report, "text-glyph") == []


def test_character_missing_from_the_font_is_a_glyph_error(content):
    report = with_ability(content, EMPATH_ABILITY + " 🎲")
    [finding] = with_code(report, "text-glyph")
    assert finding.level == "error"
    assert "'🎲'" in finding.message and "글꼴" in finding.message and "U+" not in finding.message


def test_glyph_check_covers_the_script_notes(content):
    edit_yaml(content / "scripts" / "in-space.yaml", lambda data: data.update(notes=data["notes"] + " 🎲"))
    _, report = validate("in-space", content)
    [finding] = with_code(report, "text-glyph")
    assert "'스크립트 소개'" in finding.message


SAMPLE = "A z 0 가 힣 똠 … “ ” · ※ → × ㄱ П 漢 \u1100 \u200b 🎲 ★ ♥ € ½"


@pytest.mark.parametrize("font_file", sorted(p.name for p in FONTS_DIR.glob("*.ttf")))
def test_cmap_reader_agrees_with_reportlab(font_file):
    from reportlab.pdfbase.ttfonts import TTFont

    font = TTFont("check-" + font_file, str(FONTS_DIR / font_file))
    covered = covered_code_points(FONTS_DIR / font_file)
    mapped = font.face.charToGlyph
    for ch in set(SAMPLE.replace(" ", "")):
        assert (ord(ch) in covered) == (mapped.get(ord(ch), 0) != 0), f"U+{ord(ch):04X} in {font_file}"
    assert {cp for cp in covered if cp < 0x10000} == {cp for cp, glyph in mapped.items() if glyph and cp < 0x10000}
    # a build checks with these sets too (once it used reportlab's parse of the registered fonts): the very same
    assert covered == frozenset(mapped) - {0xFFFF}


# --- names of other characters ---------------------------------------------------------------------------


def test_undeclared_name_variant_is_a_warning(content):
    edit_character(content, "fanggu", aliases=[])  # the almanac writes 팡구 as well as 팡 구
    _, report = validate("in-space", content)
    [finding] = with_code(report, "name-variant")
    assert finding.level == "warning" and finding.subject == "fanggu"
    assert "'팡구'는 팡 구의 다른 표기" in finding.message


def test_declared_alias_silences_the_name_variant(content):
    edit_character(content, "fanggu", aliases=[])
    edit_character(content, "fanggu", aliases=["팡구"])
    _, report = validate("in-space", content)
    assert with_code(report, "name-variant") == []


# --- reminder marks in night texts -----------------------------------------------------------------------


def test_night_text_mark_not_among_reminders_is_a_warning(content):
    edit_character(
        content, "monk", other_nights="수도사를 깨우세요. 고른 플레이어에게 *악마로부터 안전함* 알림을 놓으세요."
    )
    edit_character(content, "monk", reminders=["안전함"], cues=None)
    _, report = validate("in-space", content)
    [finding] = with_code(report, "reminder-unknown")
    assert finding.subject == "monk" and finding.level == "warning"
    assert "'악마로부터 안전함'" in finding.message


def test_night_text_mark_matching_a_reminder_passes(content):
    edit_character(
        content,
        "monk",
        other_nights="수도사를 깨우세요. 고른 플레이어에게 *안전함* 알림을 놓으세요.",
        reminders=["안전함"],
        cues=None,
    )
    _, report = validate("in-space", content)
    assert with_code(report, "reminder-unknown") == []


def test_philosopher_mark_is_a_global_reminder_and_accepted():
    game, report = validate("in-space")
    assert "*철학자*" in game.character("philosopher").first_night
    assert "철학자" in game.character("philosopher").global_reminders
    assert [f for f in with_code(report, "reminder-unknown") if f.subject == "philosopher"] == []


def test_philosopher_mark_without_global_reminder_is_reported(content):
    edit_character(content, "philosopher", global_reminders=[])
    _, report = validate("in-space", content)
    assert [(f.subject, "철학자" in f.message) for f in with_code(report, "reminder-unknown")] == [
        ("philosopher", True)
    ] * 2


# --- sections the almanac does not have ------------------------------------------------------------------


def test_official_roles_have_no_missing_sections(content):
    write_script(content, bundled_ids() + ["chef", "investigator", "djinn"], "with-official")
    _, report = validate("with-official", content)
    assert with_code(report, "section-missing") == []


def test_a_character_without_some_almanac_parts_has_the_missing_sections_warning(content):
    edit_character(content, "chef", flavor=None, how_to_run=None)  # as a homebrew role may come
    write_script(content, bundled_ids() + ["chef"], "with-chef")
    _, report = validate("with-chef", content)
    [finding] = with_code(report, "section-missing")
    assert finding.level == "warning"
    assert "요리사(분위기 글·진행 방법)" in finding.message and "1명" in finding.message


def test_missing_sections_are_one_summary_line_per_run(content):
    for character_id in ("chef", "washerwoman", "monk"):
        edit_character(content, character_id, flavor=None, overview=None, how_to_run=None)
    write_script(content, bundled_ids() + ["chef"], "bare")
    _, report = validate("bare", content)
    [finding] = with_code(report, "section-missing")
    assert "3명" in finding.message
    for name in ("요리사", "세탁부", "수도사"):
        assert name in finding.message


def test_seed_000_characters_have_every_section():
    _, report = validate("in-space")
    assert with_code(report, "section-missing") == []
