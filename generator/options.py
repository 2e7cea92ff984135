"""Command-line choices → one RenderOptions value handed to every document, with the defaults in one place."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.findings import Report


@dataclass
class RenderOptions:
    paper: str = "a4"  # a4 | letter
    icons_dir: Path | None = None  # the user's own icons, by character id
    token_size_mm: float = 44.45
    reminder_size_mm: float = 25.4
    bleed_mm: float = 0.0
    gap_mm: float = 3.0
    ability_text: bool = False
    png_dir: Path | None = None
    report: Report = field(default_factory=Report)  # rendering warnings (icons, text shrunk too far) land here
