"""Info-card check: the cards a script's night texts name ("'…' 정보 토큰") → an error for each that
content/info_cards.yaml does not hold in the same words, naming the character (or step) and the night."""

from __future__ import annotations

import difflib

from generator.findings import Report
from generator.load.info_cards import cards_file, load_info_cards, named_cards
from generator.model import NIGHT_NAMES_KO, Game
from generator.read.yamlio import display_path


def check(game: Game, report: Report) -> None:
    cards = load_info_cards(game.library.content_dir, report)
    known = [card.text for card in cards]
    reported: set[tuple[str, str, str]] = set()
    for named in named_cards(game):
        if named.text in known or (named.step_id, named.night, named.text) in reported:
            continue
        reported.add((named.step_id, named.night, named.text))
        close = difflib.get_close_matches(named.text, known, n=1, cutoff=0.6)
        hint = f" 혹시 '{close[0]}' 카드인가요?" if close else f" 있는 카드: {', '.join(repr(k) for k in known)}."
        report.error(
            "info-card-unknown",
            f"{named.step_name}의 {NIGHT_NAMES_KO[named.night]} 안내문({named.night})이 '{named.text}' 정보 토큰을 쓰는데, "
            f"정보 카드 목록({display_path(cards_file(game.library.content_dir))})에 같은 글자의 카드가 없습니다.{hint} "
            f"안내문을 카드 글자에 맞추거나 목록에 카드를 더하세요.",
            subject=named.step_id,
            where=named.where,
        )
