"""Content loading for info cards: content/info_cards.yaml → the storyteller's cards, and night texts → the cards
they name ("'…' 정보 토큰"). Shared by the info-card check and the info-cards document."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path

from generator import DEFAULT_CONTENT_DIR
from generator.findings import Report
from generator.keep.patterns import compiled
from generator.model import NIGHTS, Character, FixedStep, Game

FILE_NAME = "info_cards.yaml"
CARD_KEYS = {"text", "use"}
# a card named in a night text: the words in quotes (straight or curly) right before "정보 토큰"
NAMED_CARD = compiled(r"[‘'\"“]([^‘’'\"“”\n]+?)[’'\"”]\s*정보\s*토큰")


@dataclass(frozen=True)
class InfoCard:
    """An info card the storyteller shows a player: its words, and when it is shown."""

    text: str  # printed large; night texts name the card by exactly these words
    use: str = ""  # when the storyteller shows it: printed on the storyteller's index page, never on the card
    listed: bool = True  # False: named by a night text but not in info_cards.yaml


@dataclass(frozen=True)
class NamedCard:
    """A card a night text names: which step (character or fixed step), which night, where it is written."""

    text: str
    step_id: str
    step_name: str
    night: str
    where: str | None


def card_key(text: str) -> str:
    """Cards match when their words match: NFC, runs of spaces as one space."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def cards_file(content_dir: Path | None) -> Path:
    """The content folder's info_cards.yaml, or the bundled one for a folder that has none."""
    own = Path(content_dir or DEFAULT_CONTENT_DIR) / FILE_NAME
    return own if own.is_file() else DEFAULT_CONTENT_DIR / FILE_NAME


def load_info_cards(content_dir: Path | None, report: Report) -> list[InfoCard]:
    """The listed cards in file order; each wrong entry is an error with its line, a repeated card a warning."""
    from generator.load.library import optional_list_items

    cards: list[InfoCard] = []
    seen: set[str] = set()
    for fields in optional_list_items(cards_file(content_dir), report, "정보 카드", "카드"):
        fields.warn_unknown(CARD_KEYS)
        text = fields.text("text", required=True)
        if not text:
            continue
        key = card_key(text)
        if key in seen:
            report.warning(
                "info-card-repeated",
                f"정보 카드 '{key}'가 두 번 있습니다. 한 번만 인쇄합니다.",
                where=fields.where("text"),
            )
            continue
        seen.add(key)
        cards.append(InfoCard(key, card_key(fields.text("use") or "")))
    return cards


def named_cards(game: Game) -> list[NamedCard]:
    """Every card the night texts of this script name: its steps in night order, then any character the order
    leaves out (a broken order is reported elsewhere; its texts still count)."""
    found: list[NamedCard] = []
    order = game.night_order
    for night in NIGHTS:
        steps = game.night_steps(night)
        steps += [c.id for c in game.characters if c.id not in steps and c.night_reminder(night)]
        for step_id in steps:
            fixed = game.library.fixed_steps.get(step_id)
            step: FixedStep | Character = fixed if fixed is not None else game.character(step_id)
            where = step.source if isinstance(step, Character) else order.source
            for match in NAMED_CARD.finditer(step.night_reminder(night) or ""):
                found.append(NamedCard(card_key(match[1]), step_id, step.name, night, where))
    return found


def cards_to_print(game: Game, report: Report | None = None) -> list[InfoCard]:
    """The listed cards, then each card the script's night texts name that the list lacks (built with --force)."""
    cards = load_info_cards(getattr(game.library, "content_dir", None), report or Report())
    known = {card.text for card in cards}
    for named in named_cards(game):
        if named.text not in known:
            known.add(named.text)
            cards.append(InfoCard(named.text, "", listed=False))
    return cards
