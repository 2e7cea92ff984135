"""Night steps → the night sheet's rows, and the rows, the setup and notes → pages (night_sheet.py draws them).

A step is one row, as on the publisher's own sheet: its icon, then its name in the team colour with its team (or its
player-count condition) in small grey words, and its full instruction run on after them on the same line, continued
under the name across the page. A name column beside the instruction left most of its height empty: Sects & Violets'
other nights needed a page and a half; run in, they fill one Letter side at 10 pt. Rows alternate on a light band
rather than sit between rules, which at this density touched the reminder names' underlines.

Every row of the document has one size and one leading: the loosest of the theme's leadings at which every night
fits one side (or cannot, even at the tightest); a page with room to spare spreads its rows apart, up to the theme's
widest padding. Each night starts on a front (an odd page), so that a night too long for one side goes on over the
leaf, on the back of the same sheet, its rows shared evenly between the sides. The backs one-sided nights leave
before the next night carry the setup's pages in turn (else a ruled notes page); what is left of the setup goes
under the last night when it is one page and fits there, else on pages after the nights. Two nights that together
fill at most the theme's share of a side (a teensy script) share it, set in the largest of the theme's larger sizes
that keeps the pages as they are with rows that still breathe.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.art.icon_drawing import icon_flowable
from generator.documents.parts import draw_badge, icon_color, step_label
from generator.josa import fill_named
from generator.load.notes import unplayed_note
from generator.load.wording import wording
from generator.model import NIGHT_NAMES_KO, TEAM_NAMES_KO
from generator.read.theme import color, font_name, mm, theme
from generator.typeset.markup import render
from generator.typeset.paragraph import hangul_paragraph
from generator.typeset.styles import paragraph, style

MISSING_TEXT = "(이 단계의 안내문이 내용에 없습니다.)"
HOW_TO_READ = "위에서 아래로 차례대로 진행하세요. 게임에 없거나 깨울 수 없는 캐릭터는 건너뜁니다. *밑줄 친 굵은 글자*는 알림 토큰입니다."
NO_STEPS = "이 밤에는 진행할 단계가 없습니다. 밤 순서를 확인하세요(botc-pnp validate)."
CONTINUED = "{title} (계속)"
NOTES = "notes"


def night_theme() -> dict:
    return theme().night_sheet


def rule_width() -> float:
    return theme().page.rule_pt


@dataclass(frozen=True)
class Setting:
    """The document's type: the instructions' size and their leading (times the size)."""

    size: float
    leading: float


@dataclass
class Night:
    """One night's rows at one setting: what its first page carries above them, and each row's height unpadded."""

    night: str
    size: float
    leading: float  # in points
    head: list
    head_height: float
    rows: list  # [picture, paragraph] per step
    heights: list[float]

    def rows_height(self, start: int, stop: int, padding: float) -> float:
        return sum(self.heights[start:stop]) + 2 * padding * (stop - start)

    def height(self, padding: float) -> float:
        return self.head_height + self.rows_height(0, len(self.rows), padding)


@dataclass
class Piece:
    """The rows start:stop of a night on one page; `continued`: under a '(계속)' heading, on the back."""

    night: Night
    start: int
    stop: int
    continued: bool = False


@dataclass(frozen=True)
class SetupPart:
    """One page of the setup section (the bag, the modifiers, house rules), as it breaks alone."""

    index: int


@dataclass
class Page:
    """One planned side of the night sheet: what it holds and the height that takes."""

    pieces: list = field(default_factory=list)  # Piece, SetupPart or NOTES
    used: float = 0.0
    padding: float = 0.0  # the rows' padding `used` was measured at

    def holds_nights(self) -> bool:
        return any(isinstance(piece, Piece) for piece in self.pieces)


def step_text(game, step_id: str, night: str) -> str:
    """The reminder for a step, with '{named…}' filled by the character the script names (right particle)."""
    fixed = game.library.fixed_steps.get(step_id)
    source = fixed if fixed is not None else game.character(step_id)
    text = source.night_reminder(night) or MISSING_TEXT
    named = game.named_character(step_id)
    return fill_named(text, named.name if named else None)


def badge_flowable(step_id: str, size: float):
    from reportlab.platypus import Flowable

    class Badge(Flowable):
        def wrap(self, avail_width, avail_height):
            return size, size

        def draw(self):
            draw_badge(self.canv, step_id, 0, 0, size)

    return Badge()


def heading(text: str, size: float, text_color: str | None = None):
    return paragraph(
        render("sheet_name.j2", name=text, color=text_color or color("ink"), note=None), style("sans_bold", size)
    )


def note(text: str, size: float | None = None):
    size = size or night_theme()["note_size_pt"]
    return hangul_paragraph(
        render("night_step.j2", text=text, reminder_color=color("reminder")),
        style("sans", size, leading=size * night_theme()["note_leading"]),
        tight=True,
    )


def night_heading(night: str, width: float, continued: bool = False, guide: bool = True):
    """The night's name ('(계속)' on its back), and beside it, on the page's first heading, how to read the sheet in
    small grey type."""
    from reportlab.platypus import Table, TableStyle

    from generator.typeset.glyphs import text_width

    t = night_theme()
    title = CONTINUED.format(title=NIGHT_NAMES_KO[night]) if continued else NIGHT_NAMES_KO[night]
    size = t["heading_size_pt"]
    name = paragraph(
        render("sheet_name.j2", name=title, color=color("ink"), note=None),
        style("sans_bold", size, leading=size * t["heading_leading"]),
    )
    if not guide:
        return name
    name_width = text_width(title, "sans_bold", size) + mm(t["guide_gap"])
    small = t["guide_size_pt"]
    how = hangul_paragraph(
        render("night_step.j2", text=HOW_TO_READ, reminder_color=color("reminder")),
        style("sans", small, leading=small * 1.2, text_color=color("muted")),
        tight=True,
    )
    row = Table([[name, how]], colWidths=[name_width, width - name_width])
    row.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return row


def row_markup(game, step_id: str, night: str, setting: Setting, english: bool) -> str:
    """A step as one paragraph: its name (bold, team colour), its team or condition (small, grey), its instruction."""
    t = night_theme()
    words = wording(game)
    name, name_color, condition = step_label(game, step_id, night)
    if step_id in game.library.fixed_steps:
        tag = f"{condition}일 때만" if condition else None
    else:
        tag = TEAM_NAMES_KO.get(game.character(step_id).team)  # in words: team colours alone merge in greyscale
        if english and game.english_name(step_id):
            tag = f"{tag} · {game.english_name(step_id)}"
    scale = setting.size / t["reminder_size_pt"]
    return render(
        "night_row.j2",
        name=words.tie(name),
        color=name_color,
        name_font=font_name("sans_bold"),
        name_size=setting.size + t["name_over_text_pt"],
        tag=tag,
        tag_size=round(t["tag_size_pt"] * scale, 2),
        tag_color=color("muted"),
        text=words.print(step_text(game, step_id, night)),
        reminder_color=color("reminder"),
    )


def icon_side(size: float) -> float:
    """The icon grows with the type: two lines high or a little less."""
    t = night_theme()
    return mm(t["icon"]) * size / t["reminder_size_pt"]


def text_left(size: float) -> float:
    """Where a row's text starts, from the frame's left edge: after the icon and its gap."""
    return night_theme()["band_inset_pt"] + icon_side(size) + mm(night_theme()["icon_gap"])


def make_night(
    game, icons, night: str, width: float, setting: Setting, english: bool = False, markups: dict | None = None
) -> Night:
    """A night's rows at one setting; `markups` keeps each row's markup for the next setting of the same size (the
    leadings tried differ only in the space between lines)."""
    from reportlab.lib.enums import TA_JUSTIFY, TA_LEFT
    from reportlab.platypus import Spacer

    t = night_theme()
    head = []  # under the heading: why steps are left out, if they are
    skipped = unplayed_note(game, night)
    if skipped:
        head += [Spacer(1, 3), note(skipped)]
    head.append(Spacer(1, t["head_gap_pt"]))
    steps = game.night_steps(night)
    if not steps:  # only reachable with --force past validation, which already reported it
        head.append(note(NO_STEPS))
    icon = icon_side(setting.size)
    body = style(
        "sans",
        setting.size,
        leading=round(setting.size * setting.leading, 2),
        alignment=TA_JUSTIFY if t["justify"] else TA_LEFT,
    )
    text_width = width - text_left(setting.size)
    kept = wording(game).kept
    markups = {} if markups is None else markups
    rows, heights = [], []
    for step_id in steps:
        if step_id in game.library.fixed_steps:
            picture = badge_flowable(step_id, icon)
        else:
            picture = icon_flowable(icons.get(step_id), icon, icon_color(game.character(step_id).team))
        key = (step_id, night, setting.size)
        if key not in markups:
            markups[key] = row_markup(game, step_id, night, setting, english)
        text = hangul_paragraph(markups[key], body, tight=True, kept=kept)
        rows.append([picture, text])
        heights.append(max(icon, text.wrap(text_width, 10_000)[1]))
    head_height = sum(f.wrap(width, 10_000)[1] for f in [night_heading(night, width), *head])
    return Night(night, setting.size, body.leading, head, head_height, rows, heights)


def ink_offset(size: float, leading: float) -> float:
    """How far a row's text moves down in its band so that its ink sits in the middle: a paragraph's last line keeps
    its leading's extra below it (a Hangul glyph spans about 0.15–1.12 of the size below the line's top)."""
    return max(0.0, (leading - size * 1.27) / 2)


def continued_height(night: str, width: float) -> float:
    return (
        night_heading(night, width, continued=True, guide=False).wrap(width, 10_000)[1] + night_theme()["head_gap_pt"]
    )


def piece_flowables(piece: Piece, width: float, padding: float, tint: str, guide: bool) -> list:
    """A night's rows start:stop under its heading (with the guide when it is the page's first), and on its first page
    the note under the heading; '(계속)' on the back."""
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Spacer, Table, TableStyle

    t = night_theme()
    night = piece.night
    heading_ = night_heading(night.night, width, continued=piece.continued, guide=guide and not piece.continued)
    head = [heading_, Spacer(1, t["head_gap_pt"])] if piece.continued else [heading_, *night.head]
    if piece.stop <= piece.start:
        return head
    rule = HexColor(color("rule"))
    lift = ink_offset(night.size, night.leading)
    table = Table(
        night.rows[piece.start : piece.stop], colWidths=[text_left(night.size), width - text_left(night.size)]
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (0, -1), t["band_inset_pt"]),  # the icon a little inside its tinted band
                ("LEFTPADDING", (1, 0), (1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), padding + lift),
                ("BOTTOMPADDING", (0, 0), (-1, -1), padding - lift),
                ("LINEABOVE", (0, 0), (-1, 0), rule_width(), rule),
                ("LINEBELOW", (0, -1), (-1, -1), rule_width(), rule),
                # every other row on a tint: rows close together need no rule near the reminder names' underlines
                (
                    "ROWBACKGROUNDS",
                    (0, 0),
                    (-1, -1),
                    [None, HexColor(tint)] if piece.start % 2 == 0 else [HexColor(tint), None],
                ),
            ]
        )
    )
    return head + [table]


def fits_each_side(nights: list[Night], room: float, padding: float) -> bool:
    return all(night.height(padding) <= room for night in nights)


def pack(
    nights: list[Night], room: float, width: float, setup_pages: int, setup_height: float | None, padding: float
) -> list[Page]:
    """The pages: each night from a front, going on to its back; the backs a one-sided night leaves filled with the
    setup's pages in turn (else a notes page); the rest of the setup under the last night when it is one page and fits
    there, else on pages after the nights. `setup_pages`: how many pages the setup takes alone (0: no setup);
    `setup_height`: its height when it takes one."""
    t = night_theme()
    gap = t["block_gap_pt"]
    pages: list[Page] = []
    placed = 0  # setup pages placed so far
    for night in nights:
        whole = night.height(padding)
        last = pages[-1] if pages else None
        if (
            last is not None
            and len(pages) % 2 == 1
            and last.holds_nights()
            and last.used + gap + whole <= t["share_fill"] * room
        ):  # two short nights: one side, not two thin ones
            last.pieces.append(Piece(night, 0, len(night.rows)))
            last.used += gap + whole
            continue
        if len(pages) % 2 == 1:  # the next page is a back: the night starts on the front after it
            if placed < setup_pages:
                pages.append(Page([SetupPart(placed)], setup_height if setup_pages == 1 else room))
                placed += 1
            else:
                pages.append(Page([NOTES], 0.0))
        start, continued, left = 0, False, sides_needed(night, room, width, padding)
        while True:
            used = continued_height(night.night, width) if continued else night.head_height
            # rows shared out evenly over the sides the night needs: its front and back look alike
            target = night.rows_height(start, len(night.rows), padding) / left
            stop, taken = start, 0.0
            while (
                stop < len(night.rows)
                and used + night.rows_height(stop, stop + 1, padding) <= room
                and (taken < target - 0.01 or left == 1)
            ):
                taken += night.rows_height(stop, stop + 1, padding)
                stop += 1
            if stop == start and stop < len(night.rows):  # a row taller than a page: it goes alone
                taken += night.rows_height(stop, stop + 1, padding)
                stop += 1
            pages.append(Page([Piece(night, start, stop, continued)], used + taken, padding))
            if stop >= len(night.rows):
                break
            start, continued, left = stop, True, max(left - 1, 1)
    last = pages[-1] if pages else None
    if (
        setup_pages == 1
        and not placed
        and last is not None
        and last.holds_nights()
        and last.used + gap + setup_height <= room
    ):
        last.pieces.append(SetupPart(0))
        last.used += gap + setup_height
        placed = 1
    for index in range(placed, setup_pages):
        pages.append(Page([SetupPart(index)], setup_height if setup_pages == 1 else room))
    return pages


def sides_needed(night: Night, room: float, width: float, padding: float) -> int:
    """How many sides a night takes when each is filled as full as it goes (rows never split)."""
    sides, used = 1, night.head_height
    for row in range(len(night.rows)):
        height = night.rows_height(row, row + 1, padding)
        if used + height > room and used > night.head_height:
            sides, used = sides + 1, continued_height(night.night, width)
        used += height
    return sides


def page_padding(page: Page, room: float) -> float:
    """The rows' padding on a page: what it was packed at, spread into the room the page has to spare, up to the
    theme's most."""
    high = night_theme()["row_padding_pt"][1]
    rows = sum(piece.stop - piece.start for piece in page.pieces if isinstance(piece, Piece))
    if not rows:
        return page.padding
    spare = max(room - page.used, 0.0)
    return page.padding + max(min(spare / (2 * rows), high - page.padding), 0.0)


def continuing(pages: list[Page]) -> dict[str, int]:
    """Night → how many pages it takes, for each night that takes more than one."""
    counts: dict[str, int] = {}
    for page in pages:
        for piece in page.pieces:
            if isinstance(piece, Piece):
                counts[piece.night.night] = counts.get(piece.night.night, 0) + 1
    return {night: count for night, count in counts.items() if count > 1}


def shared(pages: list[Page]) -> bool:
    """Whether two nights share a side: the script is short enough for larger type."""
    return any(sum(isinstance(piece, Piece) for piece in page.pieces) > 1 for page in pages)


def shape(pages: list[Page]) -> list:
    return [[(p.night.night, p.start, p.stop) if isinstance(p, Piece) else p for p in page.pieces] for page in pages]


def plan(
    game,
    icons,
    nights: tuple[str, ...],
    width: float,
    room: float,
    setup_pages: int,
    setup_height: float | None,
    english: bool = False,
) -> tuple[Setting, list[Page]]:
    """The document's setting and pages. The loosest leading at which every night fits one side (a night that does
    not fit even at the tightest is left to go on over the leaf); then, for a script so short that its nights share a
    side, the largest of the larger sizes that keeps the same pages with rows no tighter than larger_padding_pt."""
    t = night_theme()
    low = t["row_padding_pt"][0]
    base = t["reminder_size_pt"]

    markups: dict[tuple, str] = {}

    def layout(setting: Setting) -> list[Night]:
        return [make_night(game, icons, night, width, setting, english, markups) for night in nights]

    leadings = t["leadings"]
    tightest = layout(Setting(base, leadings[-1]))
    fits = [night.height(low) <= room for night in tightest]
    chosen, made = Setting(base, leadings[-1]), tightest
    for leading in leadings[:-1]:
        trial = layout(Setting(base, leading))
        if all(night.height(low) <= room or not fit for night, fit in zip(trial, fits)):
            chosen, made = Setting(base, leading), trial
            break
    pages = pack(made, room, width, setup_pages, setup_height, low)
    if not shared(pages):
        return chosen, pages
    for size in sorted(t["larger_sizes_pt"], reverse=True):  # larger type only with rows that still breathe
        setting = Setting(size, chosen.leading)
        larger = pack(layout(setting), room, width, setup_pages, setup_height, t["larger_padding_pt"])
        if shape(larger) == shape(pages):
            return setting, larger
    return chosen, pages
