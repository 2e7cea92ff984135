"""Choices (the command line's flags, the page's query) → one RenderOptions value handed to every document, with the
defaults in one place, and the checks of those choices that both doors share: a value out of range is an OptionError
naming the flag, which the command line shows as a usage error and the server as a Korean 400."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.findings import Report
from generator.josa import quoted
from generator.limits import MAX_SCRIPT_CHARACTERS

PAPERS = ("a4", "letter")  # the sheet papers every document is laid out for
# whose names the characters print under: the library's own, or the community translation's where the library has one
NAMINGS = ("ours", "community")
STYLES = ("clean", "parchment")  # --style: the looks of templates/theme.yaml's styles section, the default first
CHOICES = {"paper": PAPERS, "style": STYLES, "names": NAMINGS}  # the flags that take one of a few words, for the page's form
MAX_COPIES = 99
MAX_PLAYERS = 20  # 15 players and 5 travellers
MAX_CHOICES = MAX_SCRIPT_CHARACTERS + 2  # --only/--copies names: every character of the longest script, shroud, vote


class OptionError(ValueError):
    """A choice that cannot be used: `flag` as typed on the command line, the message Korean."""

    def __init__(self, message: str, flag: str):
        super().__init__(message)
        self.message = message
        self.flag = flag

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
    grimoire_copies: int = 1  # grimoire.pdf: one page per game this many times
    english: bool = False  # each character's English name printed small beside the Korean one (mixed clubs)
    light_shrouds: bool = False  # shroud tokens as a dark ring on paper instead of a solid dark disc
    names: str = "ours"  # one of NAMINGS: applied when the game is loaded (generator.load.naming), checked there too
    style: str = "clean"  # the sheet's look (and the night sheet's and the night card's): one of STYLES
    creep_mm: float = 0.0  # almanac-booklet.pdf: the centre sheet's pages this far toward the fold (0: no creep)
    report: Report = field(default_factory=Report)  # rendering warnings (icons, text shrunk too far) land here


def check_paper(paper: str) -> str:
    value = paper.lower()
    if value not in PAPERS:
        raise OptionError(f"{quoted(paper, '은')} 쓸 수 없습니다. a4 또는 letter 중 하나를 고르세요.", "--paper")
    return value


def check_naming(names: str | None) -> str:
    value = (names or NAMINGS[0]).strip().lower()
    if value not in NAMINGS:
        raise OptionError(
            f"{quoted(names, '은')} 쓸 수 없습니다. ours(이 키트의 이름) 또는 community(커뮤니티 번역 이름) 중 하나를 고르세요.", "--names"
        )
    return value


def check_style(style: str) -> str:
    value = style.lower()
    if value not in STYLES:
        raise OptionError(f"{quoted(style, '은')} 쓸 수 없습니다. {' 또는 '.join(STYLES)} 중 하나를 고르세요.", "--style")
    return value


MAX_CREEP = 5.0  # mm: a booklet of 30 sheets of 80 g paper creeps about 3 mm


def check_creep(creep: float) -> float:
    return _check_size(creep, 0, MAX_CREEP, "--creep")


def _check_size(value: float, low: float, high: float, flag: str) -> float:
    if not low <= value <= high:
        raise OptionError(f"{value:g} mm는 쓸 수 없습니다. {low:g}–{high:g} mm 사이로 주세요.", flag)
    return value


def parse_copies(values: list[str] | None) -> dict[str, int]:
    """--copies ID=N (repeatable) → {ID: N}; a bad pair is an OptionError naming it and the accepted form."""
    copies: dict[str, int] = {}
    too_many(values or [], "--copies")
    for value in values or []:
        name, equals, number = value.partition("=")
        number = number.strip()
        # ASCII digits only: '²' and '٣' are digits to str.isdigit, and int() refuses the first
        if not equals or not name.strip() or not (number.isascii() and number.isdigit()) or not 0 <= int(number) <= MAX_COPIES:
            raise OptionError(f"'{value}'는 쓸 수 없습니다. ID=N 꼴로, N은 0–{MAX_COPIES} 사이의 정수로 주세요. 예: --copies imp=3", "--copies")
        copies[name.strip()] = int(number)
    return copies


def parse_only(value: str | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    names = tuple(name.strip() for name in value.split(",") if name.strip())
    if not names:
        raise OptionError("캐릭터 id를 하나 이상 주세요. 예: --only imp,spy", "--only")
    too_many(names, "--only")
    return names


def too_many(names, flag: str) -> None:
    """An OptionError past MAX_CHOICES names: each unknown name costs a close-match search."""
    if len(names) > MAX_CHOICES:
        raise OptionError(f"이름이 너무 많습니다({len(names):,}개). {MAX_CHOICES}개까지 쓸 수 있습니다.", flag)


def token_render_options(paper, icons, token_size, reminder_size, bleed, gap, ability_text, png=None,
                         only=None, copies=None, no_reminders=False, no_extras=False, players=None,
                         english=False, light_shrouds=False, style="clean", creep=0.0, names="ours") -> RenderOptions:
    """The checked render options of the token flags (`build` and `tokens` take them, and the page asks for them):
    the parameters are named as the flags' parameters, which the page's form is made from."""
    if players is not None and not 1 <= players <= MAX_PLAYERS:
        raise OptionError(f"{players}명은 쓸 수 없습니다. 1–{MAX_PLAYERS} 사이로 주세요.", "--players")
    return RenderOptions(
        paper=check_paper(paper),
        icons_dir=icons,
        token_size_mm=_check_size(token_size, 15, 120, "--token-size"),
        reminder_size_mm=_check_size(reminder_size, 10, 120, "--reminder-size"),
        bleed_mm=_check_size(bleed, 0, 5, "--bleed"),
        gap_mm=_check_size(gap, 0, 30, "--gap"),
        ability_text=ability_text,
        png_dir=png,
        only=parse_only(only),
        copies=parse_copies(copies),
        reminders=not no_reminders,
        extras=not no_extras,
        players=players,
        english=bool(english),
        light_shrouds=bool(light_shrouds),
        style=check_style(style),
        creep_mm=check_creep(creep),
        names=check_naming(names),
    )
