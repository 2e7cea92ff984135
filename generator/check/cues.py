"""A Game's night-card cues → findings: a cue the card cannot hold at its size (more lines beside the step's name
than templates/theme.yaml's night_card.cue_lines at the smallest cue size, in the narrower paper's column) is reported
with the line count, the limit and, where one can be made, a shorter wording. The card still prints it whole: a cue
is never cut, but a cue is the short form of its step and belongs in `cues` when the derived one is long."""

from __future__ import annotations

from generator.findings import Report
from generator.load.night_cue import card_cue, plain, shorten
from generator.model import NIGHT_NAMES_KO, NIGHTS, Game
from generator.options import PAPERS
from generator.typeset.cue_lines import card_theme, line_count, name_width, text_width


def step_name(game: Game, step_id: str) -> tuple[str, str | None]:
    fixed = game.library.fixed_steps.get(step_id)
    if fixed is not None:
        return fixed.name, f"{fixed.min_players}명 이상일 때만" if fixed.min_players else None
    return game.character(step_id).name, None


def check(game: Game, report: Report) -> None:
    size = card_theme()["cue_pt"][-1]
    allowed = card_theme()["cue_lines"]
    paper = min(PAPERS, key=lambda name: text_width(name, size))
    seen = set()
    for night in NIGHTS:
        for step_id in game.night_steps(night):
            cue = card_cue(game, step_id, night)
            if not cue or (step_id, cue) in seen:
                continue
            seen.add((step_id, cue))
            name, condition = step_name(game, step_id)
            lines = line_count(cue, name, condition, size, paper)
            if lines > allowed:
                report.warning(
                    "cue-long",
                    message(game, step_id, night, name, condition, cue, lines, allowed, size, paper),
                    subject=step_id,
                    where=where(game, step_id, night),
                )


def message(game, step_id, night, name, condition, cue, lines, allowed, size, paper) -> str:
    room = text_width(paper, size)
    first = room - name_width(name, condition, size)

    def fits(text: str) -> bool:
        from generator.typeset.cue_lines import cue_lines

        return len(cue_lines(text, size, first, room)) <= allowed

    shorter = shorten(cue, fits)
    example = f" 예: '{plain(shorter)}'" if not shorter.endswith("…") and shorter != cue else ""
    written = bool(getattr(game.library.fixed_steps.get(step_id) or game.character(step_id), "cues", {}).get(night))
    where_text = f"cues.{night}" if written else f"cues.{night}(지금은 밤 안내문에서 만든 문구)"
    return (
        f"{name}의 {NIGHT_NAMES_KO[night]} 한 장 밤 순서 문구가 {size:g}pt로 {lines}줄이 됩니다(이름 옆에 {allowed}줄까지가 "
        f"알맞습니다): '{plain(cue)}'. 자르지 않고 모두 인쇄하지만, 밤에 읽기 쉽도록 {where_text}에 더 짧게 적어 주세요.{example}"
    )


def where(game, step_id: str, night: str) -> str | None:
    fixed = game.library.fixed_steps.get(step_id)
    if fixed is not None:
        return fixed.places.get(f"cues.{night}") or fixed.places.get(night) or game.library.night_order.source
    character = game.character(step_id)
    return character.where(f"cues.{night}") if character.cues.get(night) else character.where(night)
