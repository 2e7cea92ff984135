"""templates/theme.yaml → the one Theme object every layout and render module reads sizes, colours and fonts from."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator import FONTS_DIR, TEMPLATES_DIR
from generator.keep import parsecache

MM = 72 / 25.4  # points per millimetre


@lru_cache(maxsize=None)
def load_theme(path: Path | None = None) -> dict:
    return parsecache.safe_load(Path(path or TEMPLATES_DIR / "theme.yaml").read_text(encoding="utf-8"))


def theme() -> dict:
    return load_theme()


@lru_cache(maxsize=None)
def labels(section: str) -> dict[str, str]:
    """Fixed printed wording of one document (templates/labels.yaml), e.g. labels('almanac')['contents'] == '차례'."""
    return parsecache.safe_load((TEMPLATES_DIR / "labels.yaml").read_text(encoding="utf-8"))[section]


def font_paths() -> list[Path]:
    return [FONTS_DIR / spec["file"] for spec in theme()["fonts"].values()]


def fallback_font_paths() -> list[Path]:
    """The Latin fallback of each theme font, in the order of font_paths."""
    fallbacks = theme()["fallback_fonts"]
    return [FONTS_DIR / fallbacks[role]["file"] for role in theme()["fonts"]]


def font_name(role: str) -> str:
    """The registered reportlab font name for a role: serif, serif_bold, sans, sans_bold."""
    return theme()["fonts"][role]["name"]


def team_color(team: str) -> str:
    return theme()["colors"]["teams"].get(team, theme()["colors"]["ink"])


def team_ring_color(team: str) -> str:
    """A token ring's colour: each team at its own greyscale lightness (colors.team_rings)."""
    return theme()["colors"]["team_rings"].get(team, theme()["colors"]["team_rings"]["fixed"])


def team_mark(team: str) -> str:
    """The non-colour pattern on a team's token ring: none, dots, spikes, teeth, mixed, bars or diamonds."""
    return theme()["team_marks"].get(team, "none")


def color(name: str) -> str:
    return theme()["colors"][name]


def hex_colour(value: str):
    """A '#rrggbb' of the theme as the colour reportlab draws with (imported when first needed)."""
    from reportlab.lib.colors import HexColor

    return HexColor(value)


def look(style: str = "clean") -> dict:
    """One --style of the theme's styles section: its keys over clean's (which names them all)."""
    styles = theme()["styles"]
    chosen = {**styles["clean"], **styles[style]}
    if chosen["tint"] is None:
        chosen["tint"] = color("paper_tint")
    return chosen


def paper_size_pt(paper: str) -> tuple[float, float]:
    width, height = theme()["paper"][paper]
    return width * MM, height * MM


def mm(value: float) -> float:
    return value * MM
