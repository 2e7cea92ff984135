"""templates/theme.yaml → the one typed Theme every layout and render module reads sizes, colours and fonts from,
checked as it is read: a missing key, a size that is not a number or a colour that is not '#rrggbb' is a ThemeError
naming the key, instead of a KeyError deep inside a document.

The parts every document shares (fonts, paper, page, colours, team marks, text) are dataclasses; each document's
own section is a Section: a read-only mapping of its keys that also reads them as attributes (`theme().tokens.gap`),
its numbers and colours checked the same way."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from generator import FONTS_DIR, TEMPLATES_DIR
from generator.caches import remembered
from generator.keep import parsecache
from generator.keep.patterns import compiled

MM = 72 / 25.4  # points per millimetre
HEX_COLOUR = compiled(r"^#[0-9a-fA-F]{6}$")
DOCUMENT_SECTIONS = (
    "script_sheet",
    "night_sheet",
    "grimoire",
    "tokens",
    "almanac",
    "info_cards",
    "night_card",
    "town_square",
)


class ThemeError(ValueError):
    """templates/theme.yaml does not say what the documents need: the message names the key."""


class Section(Mapping[str, Any]):
    """A theme section: its keys by name (`section["gap"]`) or as attributes (`section.gap`); nested mappings are
    Sections too. Read-only."""

    def __init__(self, data: Mapping[str, Any], where: str):
        self._where = where
        self._data = {str(key): _checked(value, f"{where}.{key}") for key, value in data.items()}

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __getattr__(self, key: str) -> Any:
        if key.startswith("_"):
            raise AttributeError(key)
        try:
            return self._data[key]
        except KeyError:
            raise AttributeError(f"templates/theme.yaml has no key {self._where}.{key}") from None

    def __repr__(self) -> str:
        return f"Section({self._where})"


def _checked(value: Any, where: str) -> Any:
    """A value of the theme as documents read it: nested mappings as Sections, colour strings checked."""
    if isinstance(value, Mapping):
        return Section(value, where)
    if isinstance(value, str) and value.startswith("#") and not HEX_COLOUR.match(value):
        raise ThemeError(f"templates/theme.yaml {where}: '{value}' is not a colour (#rrggbb)")
    if isinstance(value, list):
        return [_checked(item, f"{where}[{index}]") for index, item in enumerate(value)]
    return value


@dataclass(frozen=True)
class Font:
    """A theme font: the name reportlab knows it by and its file."""

    name: str  # as registered with reportlab
    file: str  # in fonts/


@dataclass(frozen=True)
class Page:
    """A page's margins and rule width."""

    margin: float  # mm
    min_margin: float  # mm
    rule_pt: float


@dataclass(frozen=True)
class Colors:
    """The theme's colours (#rrggbb) by what they colour."""

    ink: str
    muted: str
    flavor: str
    rule: str
    paper_tint: str
    reminder: str
    placeholder: str
    teams: Mapping[str, str]
    team_rings: Mapping[str, str]


@dataclass(frozen=True)
class Text:
    """How text is set: the smallest size, justification, and the words kept on one line."""

    min_size_pt: float
    justify: Section
    keep_together: tuple[str, ...]
    keep_pairs: tuple[str, ...]


@dataclass(frozen=True)
class Theme:
    """templates/theme.yaml, typed: fonts, papers, page, colours, text, styles and each document's section."""

    fonts: Mapping[str, Font]  # by role: serif, serif_bold, sans, sans_bold
    fallback_fonts: Mapping[str, Font]
    paper: Mapping[str, tuple[float, float]]  # mm, width × height
    page: Page
    colors: Colors
    team_marks: Mapping[str, str]
    text: Text
    credits: Section
    styles: Mapping[str, Section]
    print_marks: Section  # --bleed and --marks: the crop and registration marks every cut document draws
    script_sheet: Section
    night_sheet: Section
    grimoire: Section
    tokens: Section
    almanac: Section
    info_cards: Section
    night_card: Section
    town_square: Section


def _section(data: Mapping, key: str) -> Mapping:
    value = data.get(key)
    if not isinstance(value, Mapping):
        raise ThemeError(f"templates/theme.yaml: the section '{key}' is missing or is not a mapping")
    return value


def _number(data: Mapping, key: str, where: str) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ThemeError(f"templates/theme.yaml {where}.{key}: {value!r} is not a number")
    return value


def _colour(data: Mapping, key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not HEX_COLOUR.match(value):
        raise ThemeError(f"templates/theme.yaml {where}.{key}: {value!r} is not a colour (#rrggbb)")
    return value


def _fonts(data: Mapping, key: str) -> dict[str, Font]:
    found = {}
    for role, spec in _section(data, key).items():
        if not isinstance(spec, Mapping) or not all(isinstance(spec.get(k), str) for k in ("name", "file")):
            raise ThemeError(f"templates/theme.yaml {key}.{role}: a font needs a name and a file")
        found[str(role)] = Font(spec["name"], spec["file"])
    return found


def _colours(data: Mapping, where: str) -> dict[str, str]:
    return {str(key): _colour(data, key, where) for key in data}


def _paper(data: Mapping) -> dict[str, tuple[float, float]]:
    found = {}
    for name, size in _section(data, "paper").items():
        if not (isinstance(size, list) and len(size) == 2 and all(isinstance(n, (int, float)) for n in size)):
            raise ThemeError(f"templates/theme.yaml paper.{name}: a paper is [width, height] in mm")
        found[str(name)] = (float(size[0]), float(size[1]))
    return found


def theme_from(data: Mapping) -> Theme:
    """The YAML's mapping → a checked Theme (ThemeError naming the first key that is wrong)."""
    page, colors, text = _section(data, "page"), _section(data, "colors"), _section(data, "text")
    colour_keys = [f.name for f in fields(Colors) if f.name not in ("teams", "team_rings")]
    return Theme(
        fonts=_fonts(data, "fonts"),
        fallback_fonts=_fonts(data, "fallback_fonts"),
        paper=_paper(data),
        page=Page(*(_number(page, key, "page") for key in ("margin", "min_margin", "rule_pt"))),
        colors=Colors(
            *(_colour(colors, key, "colors") for key in colour_keys),
            teams=_colours(_section(colors, "teams"), "colors.teams"),
            team_rings=_colours(_section(colors, "team_rings"), "colors.team_rings"),
        ),
        team_marks={str(team): str(mark) for team, mark in _section(data, "team_marks").items()},
        text=Text(
            min_size_pt=_number(text, "min_size_pt", "text"),
            justify=Section(_section(text, "justify"), "text.justify"),
            keep_together=tuple(text.get("keep_together") or ()),
            keep_pairs=tuple(text.get("keep_pairs") or ()),
        ),
        credits=Section(_section(data, "credits"), "credits"),
        styles={str(name): Section(style, f"styles.{name}") for name, style in _section(data, "styles").items()},
        print_marks=Section(_section(data, "print_marks"), "print_marks"),
        **{name: Section(_section(data, name), name) for name in DOCUMENT_SECTIONS},
    )


@remembered(maxsize=None)
def load_theme(path: Path | None = None) -> Theme:
    return theme_from(parsecache.safe_load(Path(path or TEMPLATES_DIR / "theme.yaml").read_text(encoding="utf-8")))


def theme() -> Theme:
    return load_theme()


@remembered(maxsize=None)
def labels(section: str) -> dict[str, str]:
    """Fixed printed wording of one document (templates/labels.yaml), e.g. labels('almanac')['contents'] == '차례'."""
    return parsecache.safe_load((TEMPLATES_DIR / "labels.yaml").read_text(encoding="utf-8"))[section]


def font_paths() -> list[Path]:
    return [FONTS_DIR / spec.file for spec in theme().fonts.values()]


def fallback_font_paths() -> list[Path]:
    """The Latin fallback of each theme font, in the order of font_paths."""
    fallbacks = theme().fallback_fonts
    return [FONTS_DIR / fallbacks[role].file for role in theme().fonts]


def font_name(role: str) -> str:
    """The registered reportlab font name for a role: serif, serif_bold, sans, sans_bold."""
    return theme().fonts[role].name


def team_color(team: str) -> str:
    return theme().colors.teams.get(team, theme().colors.ink)


def team_ring_color(team: str) -> str:
    """A token ring's colour: each team at its own greyscale lightness (colors.team_rings)."""
    rings = theme().colors.team_rings
    return rings.get(team, rings["fixed"])


def team_mark(team: str) -> str:
    """The non-colour pattern on a team's token ring: none, dots, spikes, teeth, mixed, bars or diamonds."""
    return theme().team_marks.get(team, "none")


def color(name: str) -> str:
    """A named colour of the theme's colors section ('ink', 'muted', 'rule', …)."""
    value = getattr(theme().colors, name)
    if not isinstance(value, str):
        raise ThemeError(f"colors.{name} is a group of colours, not one colour")
    return value


def hex_colour(value: str):
    """A '#rrggbb' of the theme as the colour reportlab draws with (imported when first needed)."""
    from reportlab.lib.colors import HexColor

    return HexColor(value)


def look(style: str = "clean") -> dict:
    """One --style of the theme's styles section: its keys over clean's (which names them all)."""
    styles = theme().styles
    chosen = {**styles["clean"], **styles[style]}
    if chosen["tint"] is None:
        chosen["tint"] = color("paper_tint")
    return chosen


def paper_size_pt(paper: str) -> tuple[float, float]:
    width, height = theme().paper[paper]
    return width * MM, height * MM


def mm(value: float) -> float:
    return value * MM
