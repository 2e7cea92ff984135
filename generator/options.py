"""The print options, each declared once → the command line's flags (generator/commands/flags.py), the page's form
(generator/server/options.py) and the RenderOptions value handed to every document.

An Option says its name (the parameter, the page's query key), its flags, kind, default, limits, Korean help, which
commands take it and whether the page offers it. `render_options` checks the chosen values against those limits: a
value out of range is an OptionError naming the flag, which the command line shows as a usage error and the server as
a Korean 400.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.findings import Report
from generator.josa import quoted, with_particle
from generator.limits import MAX_SCRIPT_CHARACTERS
from generator.model import FEWEST_PLAYERS, MOST_PLAYERS, MOST_SEATS

PAPERS = ("a4", "letter")  # the sheet papers every document is laid out for
# whose names the characters print under: the library's own, or the community translation's where the library has one
NAMINGS = ("ours", "community")
STYLES = ("clean", "parchment")  # --style: the looks of templates/theme.yaml's styles section, the default first
MARKS = ("cut", "crop")  # --marks: a thin cut line through the bleed (home) or crop marks outside it (copy shop)
MAX_BLEED = 3.0  # mm: copy shops ask for 2-3 mm (1/8" in the US)
MAX_COPIES = 99  # --copies ID=N: tokens of one character
MAX_CHOICES = MAX_SCRIPT_CHARACTERS + 2  # --only/--copies names: every character of the longest script, shroud, vote
MAX_CREEP = 5.0  # mm: a booklet of 30 sheets of 80 g paper creeps about 3 mm

# The commands that print documents, by what they make (the build command makes them all).
DOCUMENT_COMMANDS = (
    "build",
    "sheet",
    "night",
    "night-card",
    "tokens",
    "info-cards",
    "almanac",
    "grimoire",
    "town-square",
)
TOKEN_COMMANDS = ("build", "tokens")
CUT_COMMANDS = ("build", "tokens", "info-cards", "town-square")  # those whose documents are cut: --bleed, --marks
ENGLISH_COMMANDS = ("build", "sheet", "night", "night-card", "tokens", "info-cards", "almanac")


class OptionError(ValueError):
    """A choice that cannot be used: `flag` as typed on the command line, the message Korean."""

    def __init__(self, message: str, flag: str):
        super().__init__(message)
        self.message = message
        self.flag = flag


@dataclass(frozen=True)
class Option:
    """One print option. `kind`: flag (on/off), number, integer, choice (one of `choices`), text, pairs (ID=N, may
    repeat), path (a folder on this computer: never from the page)."""

    name: str
    flags: tuple[str, ...]
    kind: str
    default: Any
    help: str
    commands: tuple[str, ...]
    page: bool = False
    low: float | None = None
    high: float | None = None
    unit: str = ""  # how the limits are said: 'mm', '명', '부', '장'
    choices: tuple[str, ...] = ()
    metavar: str | None = None
    field: str | None = None  # the RenderOptions field it sets (its name when None)
    inverted: bool = False  # --no-reminders sets `reminders` to the opposite

    @property
    def flag(self) -> str:
        return self.flags[0]

    @property
    def target(self) -> str:
        return self.field or self.name


OPTIONS: tuple[Option, ...] = (
    Option(
        "paper", ("--paper",), "choice", "a4", "용지: a4 또는 letter.", DOCUMENT_COMMANDS, page=True, choices=PAPERS
    ),
    Option(
        "icons",
        ("--icons",),
        "path",
        None,
        "직접 만든 아이콘 폴더(<캐릭터 id>.svg 또는 .png). 있으면 내장 아이콘 대신 씁니다.",
        (*DOCUMENT_COMMANDS, "validate"),
        field="icons_dir",
    ),
    Option(
        "token_size",
        ("--token-size",),
        "number",
        44.45,
        "캐릭터 토큰 지름(mm). 44.45 mm는 1.75인치입니다.",
        TOKEN_COMMANDS,
        page=True,
        low=15,
        high=120,
        unit="mm",
        field="token_size_mm",
    ),
    Option(
        "reminder_size",
        ("--reminder-size",),
        "number",
        25.4,
        "알림 토큰 지름(mm). 25.4 mm는 1인치입니다.",
        TOKEN_COMMANDS,
        page=True,
        low=10,
        high=120,
        unit="mm",
        field="reminder_size_mm",
    ),
    Option(
        "bleed",
        ("--bleed",),
        "number",
        None,
        "도련(mm): 자르는 선 바깥으로 그림이 이만큼 더 나가, 조금 빗나가게 잘라도 흰 테가 남지 않습니다. 자르는 선은 그대로 "
        "제 크기입니다. 토큰, 정보 카드, 마을 광장의 생명 토큰에 씁니다. 인쇄소는 보통 2–3 mm를 원합니다. 기본값: 토큰과 "
        "생명 토큰 1 mm, 정보 카드 1.5 mm.",
        CUT_COMMANDS,
        page=True,
        low=0,
        high=MAX_BLEED,
        unit="mm",
        metavar="MM",
        field="bleed_mm",
    ),
    Option(
        "marks",
        ("--marks",),
        "choice",
        "cut",
        "자르는 표시: cut(기본)은 토큰마다 가는 원을 자르는 선으로 그립니다. crop은 인쇄소용 재단 표시입니다: 자르는 선을 "
        "그리지 않고, 도련 바깥에 토큰마다 지름 크기 정사각형의 네 모서리를 짧은 선으로 표시하며(원형 칼이나 펀치를 맞추는 "
        "자리), 양면으로 찍는 생명 토큰 장에는 앞뒤가 맞는지 보는 맞춤 표시를 넣습니다. 정보 카드는 원래 재단 표시를 씁니다.",
        CUT_COMMANDS,
        page=True,
        choices=MARKS,
        metavar="cut|crop",
    ),
    Option(
        "gap",
        ("--gap",),
        "number",
        3.0,
        "토큰 사이 간격(mm, 도련 바깥끼리). 손 펀치를 쓰려면 3 mm 이상을 권합니다.",
        TOKEN_COMMANDS,
        page=True,
        low=0,
        high=30,
        unit="mm",
        field="gap_mm",
    ),
    Option(
        "ability_text",
        ("--ability-text",),
        "flag",
        False,
        "캐릭터 토큰 안에 능력 문장을 작게 넣습니다.",
        TOKEN_COMMANDS,
        page=True,
    ),
    Option(
        "only",
        ("--only",),
        "text",
        None,
        "이 캐릭터의 토큰과 알림 토큰만 만듭니다(잃어버린 토큰 다시 찍기). 쉼표로 여럿: imp,spy. 캐릭터 이름도 됩니다. "
        "shroud(수의)·vote(투표)도 고를 수 있습니다.",
        TOKEN_COMMANDS,
        page=True,
        metavar="ID,ID…",
    ),
    Option(
        "copies",
        ("--copies",),
        "pairs",
        None,
        "캐릭터 토큰 수를 정합니다(여분 목록 spares.yaml보다 우선). 형식 ID=N, 여러 번 쓸 수 있습니다: --copies imp=3",
        TOKEN_COMMANDS,
        page=True,
        low=0,
        high=MAX_COPIES,
        metavar="ID=N",
    ),
    Option(
        "no_reminders",
        ("--no-reminders",),
        "flag",
        False,
        "알림 토큰을 만들지 않습니다.",
        TOKEN_COMMANDS,
        page=True,
        field="reminders",
        inverted=True,
    ),
    Option(
        "no_extras",
        ("--no-extras",),
        "flag",
        False,
        "수의·투표 토큰과 여분 캐릭터 토큰을 만들지 않습니다.",
        TOKEN_COMMANDS,
        page=True,
        field="extras",
        inverted=True,
    ),
    Option(
        "players",
        ("--players",),
        "integer",
        None,
        f"이번 게임의 플레이어 수({FEWEST_PLAYERS}–{MOST_SEATS}, 여행자 포함): 수의 토큰과 투표 토큰을 각각 이만큼 만들고, "
        "마도서 기록지(grimoire.pdf)와 마을 광장(town-square.pdf)의 자리도 이만큼이며 가방 구성과 밤 순서가 이 인원에 "
        f"맞춰집니다. 기본값: 스크립트의 최대 인원({MOST_PLAYERS}명, 스크립트가 players: 5-6처럼 인원을 적었으면 그 최대).",
        (*TOKEN_COMMANDS, "grimoire", "town-square"),
        page=True,
        low=FEWEST_PLAYERS,
        high=MOST_SEATS,
        unit="명",
        metavar="N",
    ),
    Option(
        "solid_shrouds",
        ("--solid-shrouds",),
        "flag",
        False,
        "수의 토큰을 검은 원에 밝은 그림으로 찍습니다. 기본은 종이 바탕에 굵은 검은 테두리와 검은 그림이라 잉크와 토너가 "
        "적게 들고 종이가 젖지 않습니다.",
        TOKEN_COMMANDS,
        page=True,
    ),
    Option(
        "png",
        ("--png",),
        "path",
        None,
        "토큰마다 PNG 파일(원 바깥 투명, 600 px)을 이 폴더에 씁니다: <id>.png, <id>-reminder-<n>.png.",
        ("tokens",),
        field="png_dir",
    ),
    Option(
        "sheet_copies",
        ("--copies",),
        "integer",
        1,
        "몇 부를 만들지(1–50). 앞면, 뒷면, 앞면, 뒷면… 순서라 양면 인쇄하면 한 장에 한 부씩 나옵니다.",
        ("sheet",),
        low=1,
        high=50,
        unit="부",
        metavar="N",
    ),
    Option(
        "grimoire_copies",
        ("--copies",),
        "integer",
        1,
        "몇 부를 만들지(1–20). 게임마다 한 부(두 쪽, 양면 인쇄하면 한 장)씩 씁니다.",
        ("grimoire",),
        low=1,
        high=20,
        unit="부",
        metavar="N",
    ),
    Option(
        "english",
        ("--english",),
        "flag",
        False,
        "영어 이름 함께 넣기: 캐릭터마다 출판사의 영어 이름을 한국어 이름 옆에 작게 넣습니다(캐릭터 시트, 밤 순서표, 한 장 밤 "
        "순서, 해설서). 영어로 게임을 배운 플레이어가 있는 모임에 좋습니다.",
        ENGLISH_COMMANDS,
        page=True,
    ),
    Option(
        "names",
        ("--names",),
        "choice",
        "ours",
        "캐릭터 이름 표기: ours는 이 키트의 이름, community는 온라인 마도서의 한국어 옵션이 쓰는 커뮤니티 번역 이름입니다"
        "(라이브러리에 있는 캐릭터만, 나머지는 이 키트의 이름). 능력과 해설서 문장 속 이름도 함께 바뀌고, 헷갈릴 이름은 "
        "검사가 알려 줍니다.",
        (*DOCUMENT_COMMANDS, "validate"),
        page=True,
        choices=NAMINGS,
        metavar="ours|community",
    ),
    Option(
        "style",
        ("--style",),
        "choice",
        "clean",
        "인쇄 스타일: clean(기본, 흰 종이에 깔끔하게) 또는 parchment(옅은 크림색 바탕에 틀을 두른 제목, 흑백으로 찍어도 "
        "글자가 또렷함). 모든 문서에 씁니다. 색만 바뀌고 글자와 그림의 크기와 자리는 그대로입니다.",
        DOCUMENT_COMMANDS,
        page=True,
        choices=STYLES,
    ),
    Option(
        "a3",
        ("--a3",),
        "flag",
        False,
        "마을 광장(town-square.pdf)을 A3 한 장에 찍습니다(판은 가로, 생명 토큰 쪽도 A3). 인쇄소나 A3 프린터용입니다. "
        "기본은 --paper 용지 두 장에 나눠 찍고 풀칠 칸으로 이어 붙입니다.",
        ("build", "town-square"),
        page=True,
        field="square_a3",
    ),
    Option(
        "creep",
        ("--creep",),
        "number",
        0.0,
        "소책자 밀림 보정(mm): 접으면 안쪽 장일수록 바깥 가장자리로 밀려 나오므로, 가운데 장의 쪽을 이만큼 접는 선 쪽으로 "
        "옮기고 그 사이 장은 고르게 나눠 옮깁니다(바깥 장은 그대로). 12장이 넘는 소책자에 쓰세요: 80 g 종이는 장당 약 "
        "0.1 mm라 17장이면 --creep 1.6입니다. 0이면 보정하지 않습니다.",
        ("build", "almanac"),
        page=True,
        low=0,
        high=MAX_CREEP,
        unit="mm",
        metavar="MM",
        field="creep_mm",
    ),
)

BY_NAME = {option.name: option for option in OPTIONS}


def options_of(command: str) -> tuple[Option, ...]:
    """The print options `command` takes, in the table's order."""
    return tuple(option for option in OPTIONS if command in option.commands)


def page_options() -> tuple[Option, ...]:
    """The options the page's form offers (those of `build` that a browser may set: never a path)."""
    return tuple(option for option in OPTIONS if option.page)


def default_of(name: str):
    return BY_NAME[name].default


@dataclass
class RenderOptions:
    """Everything a build was asked for (the option table's values, checked), and what the run notes as it prints:
    its warnings and the icons it found."""

    paper: str = default_of("paper")  # one of PAPERS
    icons_dir: Path | None = None  # the user's own icons, by character id
    token_size_mm: float = default_of("token_size")
    reminder_size_mm: float = default_of("reminder_size")
    # the art runs this far past the cut, so a slightly wide cut leaves no white sliver; None: each cut document's own
    # (theme.yaml: tokens.bleed_mm for the tokens and life tokens, info_cards.bleed for the cards)
    bleed_mm: float | None = default_of("bleed")
    gap_mm: float = default_of("gap")
    ability_text: bool = default_of("ability_text")
    png_dir: Path | None = None
    # which tokens (tokens.pdf): None = every character on the script; ids (or "shroud"/"vote") otherwise
    only: tuple[str, ...] | None = None
    copies: dict[str, int] = field(default_factory=dict)  # character id → character tokens, over spares.yaml
    reminders: bool = True  # reminder tokens
    extras: bool = True  # shroud and vote tokens and the spares of spares.yaml
    players: int | None = None  # shrouds, votes and grimoire seats; None = the script's largest player count
    sheet_copies: int = default_of("sheet_copies")  # script.pdf: the two-sided sheet this many times, front, back…
    grimoire_copies: int = default_of("grimoire_copies")  # grimoire.pdf: one page per game this many times
    english: bool = default_of("english")  # each character's English name printed small beside the Korean one
    solid_shrouds: bool = default_of("solid_shrouds")  # shroud tokens as a solid dark disc, not a dark ring on paper
    names: str = default_of("names")  # one of NAMINGS: applied when the game is loaded (generator.load.naming)
    style: str = default_of("style")  # every document's look (colours and ground, never sizes): one of STYLES
    marks: str = default_of("marks")  # one of MARKS: cut lines through the bleed, or crop marks outside it
    square_a3: bool = default_of("a3")  # town-square.pdf: the board on one A3 sheet, not two sheets of `paper`
    creep_mm: float = default_of("creep")  # almanac-booklet.pdf: the centre sheet's pages this far toward the fold
    report: Report = field(default_factory=Report)  # rendering warnings (icons, text shrunk too far) land here
    # each character's icon as this run found it (generator.art.icons.character_icon): the documents ask for the same
    # icons again and again (32 characters, 186 asks in a kit), and within one run the files stay as they were read
    icons_found: dict = field(default_factory=dict, init=False, repr=False, compare=False)


def render_options(values: dict[str, Any]) -> RenderOptions:
    """The chosen values (by option name; a missing one takes its default) → checked RenderOptions."""
    fields = {}
    for option in OPTIONS:
        value = values.get(option.name, option.default)
        fields[option.target] = checked(option, value)
    return RenderOptions(**fields)


def checked(option: Option, value):
    """A value of `option` as RenderOptions holds it; an OptionError naming the flag and what is accepted otherwise."""
    if value is None:
        return {} if option.kind == "pairs" else None
    if option.kind == "flag":
        return (not value) if option.inverted else bool(value)
    if option.kind == "choice":
        return check_choice(option, value)
    if option.kind == "text":  # --only: names, resolved against the script later (pipeline/printing.py)
        return parse_only(value)
    if option.kind == "pairs":
        return parse_copies(value)
    if option.kind in ("number", "integer"):
        return check_range(option, value)
    return value


def check_choice(option: Option, value: str) -> str:
    chosen = str(value).strip().lower()
    if chosen not in option.choices:
        accepted = " 또는 ".join(option.choices)
        raise OptionError(f"{quoted(value, '은')} 쓸 수 없습니다. {accepted} 중 하나를 고르세요.", option.flag)
    return chosen


def check_range(option: Option, value):
    if (option.low is not None and value < option.low) or (option.high is not None and value > option.high):
        unit = f" {option.unit}" if option.unit.isascii() else option.unit  # '3 mm', '3명'
        # 'mm' is read 밀리미터, which takes 는; a Korean counter takes the particle its own syllable asks for
        said = f"{value:g}{unit}는" if option.unit.isascii() else with_particle(f"{value:g}{unit}", "은")
        raise OptionError(f"{said} 쓸 수 없습니다. {option.low:g}–{option.high:g}{unit} 사이로 주세요.", option.flag)
    return value


def check_naming(names: str | None) -> str:
    """names= of a request (the page checks it before the game is loaded)."""
    return check_choice(BY_NAME["names"], names or default_of("names"))


def parse_copies(values: list[str] | None) -> dict[str, int]:
    """--copies ID=N (repeatable) → {ID: N}; a bad pair is an OptionError naming it and the accepted form."""
    copies: dict[str, int] = {}
    too_many(values or [], "--copies")
    for value in values or []:
        name, equals, number = value.partition("=")
        number = number.strip()
        # ASCII digits only: '²' and '٣' are digits to str.isdigit, and int() refuses the first
        if (
            not equals
            or not name.strip()
            or not (number.isascii() and number.isdigit())
            or not 0 <= int(number) <= MAX_COPIES
        ):
            raise OptionError(
                f"'{value}'는 쓸 수 없습니다. ID=N 꼴로, N은 0–{MAX_COPIES} 사이의 정수로 주세요. 예: --copies imp=3",
                "--copies",
            )
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
