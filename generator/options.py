"""Command-line choices → one RenderOptions value handed to every document, with the defaults in one place."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.findings import Report


PAPERS = ("a4", "letter")  # the sheet papers every document is laid out for

@dataclass
class RenderOptions:
    paper: str = "a4"  # a4 | letter
    icons_dir: Path | None = None  # the user's own icons, by character id
    token_size_mm: float = 44.45
    reminder_size_mm: float = 25.4
    bleed_mm: float = 1.0  # the ring runs past the cut, so a slightly wide cut leaves no white sliver
    gap_mm: float = 3.0
    ability_text: bool = False
    png_dir: Path | None = None
    # which tokens (tokens.pdf): None = every character on the script; ids (or "shroud"/"vote") otherwise
    only: tuple[str, ...] | None = None
    copies: dict[str, int] = field(default_factory=dict)  # character id → character tokens, over spares.yaml
    reminders: bool = True  # reminder tokens
    extras: bool = True  # shroud and vote tokens and the spares of spares.yaml
    players: int | None = None  # shroud and vote tokens of each kind; None = the script's largest player count
    sheet_copies: int = 1  # script.pdf: the two-sided player sheet this many times, front, back, front, back…
    report: Report = field(default_factory=Report)  # rendering warnings (icons, text shrunk too far) land here
