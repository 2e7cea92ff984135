"""Optional night-card cues in content: printed instead of the derived cue, checked like the night texts."""

from __future__ import annotations

import pytest
from conftest import edit_character, pdf_page_texts, run_cli, validate, with_code


def night_card_text(out) -> str:
    return "".join("".join(text.split()) for text in pdf_page_texts(out / "in-space" / "night-card.pdf"))


@pytest.mark.slow
def test_a_written_cue_is_printed_on_the_night_card(content, tmp_path):
    edit_character(content, "washerwoman", cues={"first_night": "마을주민 하나와 다른 한 명을 가리키세요"})
    result = run_cli("night-card", "--content", content, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "마을주민하나와다른한명을가리키세요" in night_card_text(tmp_path / "out")


def test_a_cue_for_a_night_the_character_sleeps_is_a_warning(content):
    edit_character(content, "washerwoman", cues={"other_nights": "무언가를 하세요"})
    _, report = validate("in-space", content)
    [finding] = with_code(report, "cue-unused")
    assert finding.subject == "washerwoman" and finding.level == "warning"


def test_cues_for_unknown_nights_or_too_long_are_errors(content):
    edit_character(content, "washerwoman", cues={"second_night": "가리키세요", "first_night": "가" * 121})
    _, report = validate("in-space", content)
    assert with_code(report, "cue-invalid", "error") and with_code(report, "cue-too-long", "error")


def test_a_cue_naming_a_reminder_the_character_lacks_is_a_warning(content):
    edit_character(content, "washerwoman", cues={"first_night": "*안전* 알림을 놓으세요"})
    _, report = validate("in-space", content)
    assert any(f.subject == "washerwoman" for f in with_code(report, "reminder-unknown"))
