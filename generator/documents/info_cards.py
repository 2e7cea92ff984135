"""Game → info-cards.pdf: the storyteller's night cards ('이 플레이어가 악마입니다' …), about A6, four to a sheet,
then the storyteller's index of them.

The cards are content/info_cards.yaml plus any card the script's night texts name that the list lacks
(generator/load/info_cards.py). They sit edge to edge in a 2 × 2 block, so two straight cuts through the middle
and four round the outside free them; thin crop marks outside the block show where, past the bleed (--bleed, else
info_cards.bleed) the tint runs out to. These are a copy shop's corner crop marks already, so --marks leaves them as
they are: the cards need no registration (one side) and no cut line (the tint on both sides of a middle cut is the
same). Each card's face holds only what the player is shown: a framed face in the paper's tint, a small label, the
card's words large and balanced over as few lines as fit. Empty places on the last sheet get blank cards to write on.

When to show each card (its `use` line) and which of the script's night steps name it go on an index page after the
cards, never on a card: the cards are held up to players at night, and a margin note outside the cut would be cut
off and thrown away with the trim, while a page that is not cut stays beside the night sheet all game.
"""

from __future__ import annotations

import io
import itertools
import math
from dataclasses import dataclass

from generator.load.info_cards import InfoCard, cards_to_print
from generator.load.wording import tie_phrases
from generator.read.theme import color, font_name, look, mm, paper_size_pt, theme
from generator.read.theme import hex_colour as _hex
from generator.typeset.fonts import register_fonts
from generator.typeset.words import NBSP, OPENING

PER_PAGE = 4
MAX_BREAK_SEARCH = 12  # words; longer texts are broken greedily


def card_theme() -> dict:
    return theme().info_cards


def break_units(text: str) -> list[str]:
    """Words to break between: a one-syllable word (이, 그, 새, 한 …), alone or after an opening quote ('‘이'), stays
    with the word it modifies; the theme's fixed phrases ('현재 게임') and no-break spaces are never broken."""
    units: list[str] = []
    pending = ""
    for word in (w for w in tie_phrases(text).split(" ") if w):
        word = word.replace(NBSP, " ")
        bare = word.lstrip(OPENING)
        if (len(bare) == 1 and "가" <= bare <= "힣") or (word and word[-1] in OPENING):
            pending += word + " "
            continue
        units.append(pending + word)
        pending = ""
    if pending and units:
        units[-1] += " " + pending.strip()
    elif pending:
        units.append(pending.strip())
    return units


def balanced_lines(text: str, font: str, size: float, width: float) -> list[str] | None:
    """`text` broken between words into the fewest lines no wider than `width`, the lines as even as possible;
    None when a word alone is too wide."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    words = break_units(text)
    if not words or any(stringWidth(w, font, size) > width for w in words):
        return None if words else []
    if len(words) > MAX_BREAK_SEARCH:
        lines = [words[0]]
        for word in words[1:]:
            if stringWidth(lines[-1] + " " + word, font, size) <= width:
                lines[-1] += " " + word
            else:
                lines.append(word)
        return lines
    # Every way of breaking into the fewest lines is tried, each line's width measured once per (first word, last
    # word): the ways share n*(n+1)/2 lines.
    line_width: dict[tuple[int, int], float] = {}

    def measured(start: int, end: int) -> float:
        if (start, end) not in line_width:
            line_width[start, end] = stringWidth(" ".join(words[start:end]), font, size)
        return line_width[start, end]

    best: tuple[int, float] | None = None
    chosen: list[tuple[int, int]] = []
    for breaks in breaks_into(len(words), fewest_lines(len(words), measured, width)):
        starts = [0] + [i + 1 for i, new_line in enumerate(breaks) if new_line]
        spans = list(zip(starts, starts[1:] + [len(words)]))
        widths = [measured(start, end) for start, end in spans]
        if max(widths) > width:
            continue
        # fewest lines first, then the most even (a long last line reads better than a long first one)
        score = (len(spans), max(widths) - min(widths) + (0.01 if widths[-1] < widths[0] else 0))
        if best is None or score < best:
            best, chosen = score, spans
    return [" ".join(words[start:end]) for start, end in chosen]


def fewest_lines(count: int, measured, width: float) -> int:
    """How few lines `count` words fill when each line takes as many as fit (no way of breaking has fewer: a line's
    width only grows with its words)."""
    lines, start = 1, 0
    for end in range(1, count + 1):
        if measured(start, end) > width:
            lines, start = lines + 1, end - 1
    return lines


def breaks_into(count: int, lines: int) -> list[tuple[bool, ...]]:
    """Every way of breaking `count` words into `lines` lines (a break or not after each word but the last), in the
    order itertools.product((False, True), ...) gives them: the fewest lines always win, and among equally even ways
    the first found does."""
    gaps = count - 1
    return sorted(
        tuple(gap in chosen for gap in range(gaps))
        for chosen in map(set, itertools.combinations(range(gaps), lines - 1))
    )


def fit_text(text: str, width: float, height: float) -> tuple[float, list[str]]:
    """The largest size (theme max → min) at which `text` fits the box; (size, lines)."""
    c = card_theme()
    font = font_name(c["text_font"])
    size = c["text_max_pt"]
    while True:
        lines = balanced_lines(text, font, size, width)
        if lines is not None and len(lines) * size * c["leading_ratio"] <= height:
            return size, lines
        if size <= c["text_min_pt"]:
            return size, lines or [text]
        size = max(c["text_min_pt"], size - 0.5)


class CardSheet:
    """Geometry of one paper size: the card size, the block of four and where the cuts are."""

    def __init__(self, paper: str):
        c = card_theme()
        self.width, self.height = paper_size_pt(paper)
        margin = mm(c["margin"])
        self.card_w = (self.width - 2 * margin) / 2
        self.card_h = (self.height - 2 * margin) / 2
        self.left, self.bottom = margin, margin
        self.right, self.top = self.width - margin, self.height - margin
        self.cuts_x = [self.left, self.left + self.card_w, self.right]
        self.cuts_y = [self.bottom, self.bottom + self.card_h, self.top]

    def origin(self, slot: int) -> tuple[float, float]:
        """Lower-left corner of card slot 0–3 (reading order: top left, top right, bottom left, bottom right)."""
        column, row = slot % 2, slot // 2
        return self.left + column * self.card_w, self.top - (row + 1) * self.card_h

    def text_box(self) -> tuple[float, float]:
        """Width and height the card's words may fill: inside the frame, as far from the foot as from the label."""
        c = card_theme()
        inside = mm(c["frame_inset"] + c["padding"])
        return self.card_w - 2 * inside, self.card_h - 2 * inside - mm(26)


def card_bleed(options) -> float:
    """How far the cards' tint runs past the outer cuts (mm): --bleed, else the theme's."""
    return card_theme()["bleed"] if options.bleed_mm is None else options.bleed_mm


def mark_offset(bleed_mm: float) -> float:
    """How far past the cut a crop mark starts (mm): the theme's offset, or past a wider bleed by the gap every crop
    mark keeps (print_marks.crop_gap), so no mark lies in the tint."""
    return max(card_theme()["mark_offset"], bleed_mm + theme().print_marks.crop_gap)


def draw_crop_marks(canvas, sheet: CardSheet, bleed_mm: float) -> None:
    c = card_theme()
    offset, length = mm(mark_offset(bleed_mm)), mm(c["mark_length"])
    canvas.saveState()
    canvas.setStrokeColor(_hex(color("ink")))
    canvas.setLineWidth(c["mark_pt"])
    for x in sheet.cuts_x:
        canvas.line(x, sheet.top + offset, x, sheet.top + offset + length)
        canvas.line(x, sheet.bottom - offset, x, sheet.bottom - offset - length)
    for y in sheet.cuts_y:
        canvas.line(sheet.left - offset, y, sheet.left - offset - length, y)
        canvas.line(sheet.right + offset, y, sheet.right + offset + length, y)
    canvas.restoreState()


def draw_card(canvas, sheet: CardSheet, x: float, y: float, card: InfoCard | None, size: float) -> None:
    """One card face with its lower-left corner at (x, y); None draws a blank card to write on. The face carries the
    label and the card's words only: what the storyteller needs to know about the card is on the index page."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    c = card_theme()
    w, h = sheet.card_w, sheet.card_h
    inset = mm(c["frame_inset"])
    canvas.saveState()
    canvas.setStrokeColor(_hex(c["frame_color"]))
    canvas.setLineWidth(c["frame_pt"])
    canvas.roundRect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, mm(2.5), stroke=1, fill=0)
    canvas.setLineWidth(c["frame_pt"] * 0.4)
    canvas.roundRect(
        x + inset + mm(1.2),
        y + inset + mm(1.2),
        w - 2 * inset - mm(2.4),
        h - 2 * inset - mm(2.4),
        mm(1.6),
        stroke=1,
        fill=0,
    )

    # the label at the top, between two short rules
    label_font = font_name("sans_bold")
    label_y = y + h - inset - mm(8)
    canvas.setFillColor(_hex(color("muted")))
    canvas.setFont(label_font, c["label_pt"])
    canvas.drawCentredString(x + w / 2, label_y, c["label"])
    half = stringWidth(c["label"], label_font, c["label_pt"]) / 2 + mm(3)
    canvas.setStrokeColor(_hex(color("muted")))
    canvas.setLineWidth(0.5)
    for side in (-1, 1):
        canvas.line(
            x + w / 2 + side * half,
            label_y + c["label_pt"] * 0.35,
            x + w / 2 + side * (half + mm(10)),
            label_y + c["label_pt"] * 0.35,
        )

    box_w, box_h = sheet.text_box()
    if card is not None:
        text_font = font_name(c["text_font"])
        card_size, lines = size, balanced_lines(card.text, text_font, size, box_w)
        if lines is None or len(lines) * size * c["leading_ratio"] > box_h:
            card_size, lines = fit_text(card.text, box_w, box_h)
        leading = card_size * c["leading_ratio"]
        middle = y + h / 2 + mm(2)
        first = middle + (len(lines) - 1) * leading / 2 - card_size * 0.35
        canvas.setFillColor(_hex(color("ink")))
        canvas.setFont(text_font, card_size)
        for n, line in enumerate(lines):
            canvas.drawCentredString(x + w / 2, first - n * leading, line)
    canvas.restoreState()


def footer_title(title: str, room: float, font: str, size: float) -> tuple[str, float]:
    """(text, size) of the footer's left half: the whole title with '· 정보 카드', set smaller down to the readable
    minimum when it is long, then without the label; cut with '…' only when even that does not fit."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    smallest = min(size, theme().text.min_size_pt)
    for text in (f"{title} · 정보 카드", title):
        width = stringWidth(text, font, size)
        if width <= room:
            return text, size
        fitted = math.floor(size * room / width * 10) / 10
        if fitted >= smallest:
            return text, fitted
    shown = title
    while stringWidth(shown, font, smallest) > room and len(shown) > 1:
        shown = shown[:-2].rstrip() + "…"
    return shown, smallest


def draw_footer(
    canvas,
    sheet: CardSheet,
    title: str,
    page: int,
    pages: int,
    blanks: int = 0,
    note: str | None = None,
    bleed_mm: float = 0.0,
) -> None:
    """Title on the left half and cutting note (or `note`) on the right half of the bottom margin, beside the crop
    marks and as far down as they start (so clear of a wide bleed's tint); a page with blank cards says there, outside
    the cards, what they are for."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    c = card_theme()
    size = c["footer_pt"]
    font = font_name("sans")
    y = sheet.bottom - mm(mark_offset(bleed_mm)) - mm(c["mark_length"]) * 0.55
    middle = sheet.cuts_x[1]
    left_text, size = footer_title(title, middle - sheet.left - mm(10), font, size)  # both halves at that size
    canvas.saveState()
    canvas.setFillColor(_hex(color("muted")))
    canvas.setFont(font, size)
    canvas.drawString(sheet.left + mm(5), y, left_text)
    right_text = f"{note or c['cut_note']} · {page}/{pages}"
    if blanks:  # with the cutting note when both fit beside the middle crop mark, else the blank cards' note alone
        right_text = f"{c['blank_note'].format(count=blanks)} · {right_text}"
        if stringWidth(right_text, font, size) > sheet.right - middle - mm(10):
            right_text = f"{c['blank_note'].format(count=blanks)} · {page}/{pages}"
    canvas.drawRightString(sheet.right - mm(5), y, right_text)
    canvas.restoreState()


# --- the storyteller's index: when to show each card, which night steps name it -----------------------------------


@dataclass(frozen=True)
class IndexRow:
    """One card on the index: its words (left column), when to show it and the night steps naming it (right)."""

    card: list[str]
    use: list[str]
    named: list[str]

    def height(self) -> float:
        c = card_theme()
        left = len(self.card) * c["index_card_pt"] * c["index_leading"]
        right = len(self.use) * c["index_use_pt"] * c["index_leading"]
        if self.named:
            right += mm(c["index_named_gap"]) + len(self.named) * c["index_named_pt"] * c["index_leading"]
        return max(left, right) + 2 * mm(c["index_pad"])


def steps_naming(game) -> dict[str, list[str]]:
    """Card words → 'step(첫날 밤·다른 밤)' for each of the script's night steps whose text names the card, in night
    order (a step that names it on both nights is listed once)."""
    from generator.load.info_cards import named_cards
    from generator.model import NIGHT_NAMES_KO

    by_card: dict[str, dict[str, tuple[str, list[str]]]] = {}
    for named in named_cards(game):
        _, nights = by_card.setdefault(named.text, {}).setdefault(named.step_id, (named.step_name, []))
        if named.night not in nights:
            nights.append(named.night)
    return {
        text: [f"{name}({'·'.join(NIGHT_NAMES_KO[n] for n in nights)})" for name, nights in steps.values()]
        for text, steps in by_card.items()
    }


def wrap_units(units: list[str], joiner: str, font: str, size: float, width: float) -> list[str]:
    """Units joined by `joiner`, broken greedily between units only (a step's name is never split across lines)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines: list[str] = []
    for unit in units:
        if lines and stringWidth(lines[-1] + joiner + unit, font, size) <= width:
            lines[-1] += joiner + unit
        else:
            if lines:
                lines[-1] += joiner.rstrip()
            lines.append(unit)
    return lines


class IndexPage:
    """Geometry of the index page: the block the cards' sheets use, two columns, a heading."""

    def __init__(self, sheet: CardSheet):
        c = card_theme()
        self.sheet = sheet
        self.card_x = sheet.left
        self.card_w = mm(c["index_card_column"])
        self.use_x = self.card_x + self.card_w + mm(c["index_gap"])
        self.use_w = sheet.right - self.use_x

    def row(self, card: InfoCard, named: list[str]) -> IndexRow:
        c = card_theme()
        bold, plain = font_name("sans_bold"), font_name("sans")
        card_lines = balanced_lines(card.text, bold, c["index_card_pt"], self.card_w) or [card.text]
        use = card.use or c["index_unlisted"]
        use_lines = balanced_lines(use, plain, c["index_use_pt"], self.use_w) or [use]
        # the lead-in stands before the first step, not as an item of the list
        units = [f"{c['index_named']} {named[0]}", *named[1:]] if named else []
        return IndexRow(card_lines, use_lines, wrap_units(units, ", ", plain, c["index_named_pt"], self.use_w))

    def head_height(self) -> float:
        c = card_theme()
        note_lines = len(self.note_lines())
        return (
            c["index_title_pt"] * 1.6
            + note_lines * c["index_note_pt"] * c["index_leading"]
            + mm(4)
            + c["index_head_pt"] * 2.2
        )

    def note_lines(self) -> list[str]:
        c = card_theme()
        width = self.sheet.right - self.sheet.left
        return [
            line
            for sentence in c["index_note"]
            for line in balanced_lines(sentence, font_name("sans"), c["index_note_pt"], width) or [sentence]
        ]

    def pages(self, rows: list[IndexRow]) -> list[list[IndexRow]]:
        """The rows in pages: as many as fit under the heading, the rest on the next page."""
        room = self.sheet.top - self.sheet.bottom - self.head_height()
        pages: list[list[IndexRow]] = [[]]
        used = 0.0
        for row in rows:
            if pages[-1] and used + row.height() > room:
                pages.append([])
                used = 0.0
            pages[-1].append(row)
            used += row.height()
        return pages

    def draw(self, canvas, rows: list[IndexRow]) -> None:
        c = card_theme()
        sheet = self.sheet
        bold, plain = font_name("sans_bold"), font_name("sans")
        ink, muted = _hex(color("ink")), _hex(color("muted"))
        y = sheet.top - c["index_title_pt"]
        canvas.setFillColor(ink)
        canvas.setFont(bold, c["index_title_pt"])
        canvas.drawString(sheet.left, y, c["index_title"])
        y -= c["index_title_pt"] * 0.6
        canvas.setFillColor(muted)
        canvas.setFont(plain, c["index_note_pt"])
        for line in self.note_lines():
            y -= c["index_note_pt"] * c["index_leading"]
            canvas.drawString(sheet.left, y, line)
        y -= mm(4) + c["index_head_pt"] * 1.2
        canvas.setFont(bold, c["index_head_pt"])
        head_card, head_use = c["index_heads"]
        canvas.drawString(self.card_x, y, head_card)
        canvas.drawString(self.use_x, y, head_use)
        y -= c["index_head_pt"] * 1.0
        canvas.setStrokeColor(muted)
        canvas.setLineWidth(0.8)
        canvas.line(sheet.left, y, sheet.right, y)
        canvas.setLineWidth(0.4)
        for row in rows:
            self.draw_row(canvas, row, y)
            y -= row.height()
            canvas.line(sheet.left, y, sheet.right, y)

    def draw_row(self, canvas, row: IndexRow, top: float) -> None:
        c = card_theme()
        leading = c["index_leading"]
        pad = mm(c["index_pad"])
        canvas.setFillColor(_hex(color("ink")))
        canvas.setFont(font_name("sans_bold"), c["index_card_pt"])
        for n, line in enumerate(row.card):
            canvas.drawString(self.card_x, top - pad - c["index_card_pt"] * (0.9 + n * leading), line)
        canvas.setFont(font_name("sans"), c["index_use_pt"])
        for n, line in enumerate(row.use):
            canvas.drawString(self.use_x, top - pad - c["index_use_pt"] * (0.9 + n * leading), line)
        y = top - pad - len(row.use) * c["index_use_pt"] * leading - mm(c["index_named_gap"])
        canvas.setFillColor(_hex(color("muted")))
        canvas.setFont(font_name("sans"), c["index_named_pt"])
        for n, line in enumerate(row.named):
            canvas.drawString(self.use_x, y - c["index_named_pt"] * (0.9 + n * leading), line)


def build(game, options) -> list[tuple[str, bytes]]:
    """Game + RenderOptions → [("info-cards.pdf", bytes)]: the card sheets, then the index page(s)."""
    from reportlab.pdfgen import canvas as pdfcanvas

    from generator.typeset.styles import draw_ground

    register_fonts()
    c = card_theme()
    cards = cards_to_print(game)
    for card in cards:
        if not card.listed:
            options.report.warning(
                "info-card-unlisted",
                f"밤 안내문이 쓰는 '{card.text}' 정보 토큰이 정보 카드 목록에 없어, 설명 없이 카드만 인쇄했습니다.",
                subject=game.script.id,
            )
    sheet = CardSheet(options.paper)
    box_w, box_h = sheet.text_box()
    # one size for every card, so the set looks like a set; a card that cannot take it shrinks alone
    size = min((fit_text(card.text, box_w, box_h)[0] for card in cards), default=c["text_max_pt"])
    for card in cards:
        lines = balanced_lines(card.text, font_name(c["text_font"]), c["text_min_pt"], box_w)
        if lines is None or len(lines) * c["text_min_pt"] * c["leading_ratio"] > box_h:
            options.report.warning(
                "info-card-long",
                f"정보 카드 '{card.text}'가 너무 길어 가장 작은 글자({c['text_min_pt']}pt)로도 카드에 다 들어가지 않습니다. 더 짧게 줄이세요.",
                subject=game.script.id,
            )
    sheets = max(1, -(-len(cards) // PER_PAGE))
    guide = IndexPage(sheet)
    naming = steps_naming(game)
    index_pages = guide.pages([guide.row(card, naming.get(card.text, [])) for card in cards])
    pages = sheets + len(index_pages)
    buffer = io.BytesIO()
    canvas = pdfcanvas.Canvas(buffer, pagesize=(sheet.width, sheet.height), invariant=1)
    canvas.setTitle(f"{game.script.title} · 정보 카드")
    canvas.setAuthor(game.script.author or "")
    canvas.setCreator("botc-pnp")
    bleed_mm = card_bleed(options)
    bleed = mm(bleed_mm)
    chosen = look(options.style)
    for page in range(sheets):
        draw_ground(canvas, sheet.width, sheet.height, chosen)
        # the cards' face: the tint on white paper; on a style's ground the ground itself (as light, and the cut
        # shows no edge of another colour however it runs)
        canvas.setFillColor(_hex(chosen["ground"] or chosen["tint"]))
        canvas.rect(
            sheet.left - bleed,
            sheet.bottom - bleed,
            sheet.right - sheet.left + 2 * bleed,
            sheet.top - sheet.bottom + 2 * bleed,
            stroke=0,
            fill=1,
        )
        for slot in range(PER_PAGE):
            index = page * PER_PAGE + slot
            draw_card(canvas, sheet, *sheet.origin(slot), cards[index] if index < len(cards) else None, size)
        draw_crop_marks(canvas, sheet, bleed_mm)
        draw_footer(
            canvas,
            sheet,
            game.script.title,
            page + 1,
            pages,
            max(0, (page + 1) * PER_PAGE - len(cards)) if page == sheets - 1 else 0,
            bleed_mm=bleed_mm,
        )
        canvas.showPage()
    for number, rows in enumerate(index_pages, start=sheets + 1):  # not cut, so no tint and no crop marks
        draw_ground(canvas, sheet.width, sheet.height, chosen)
        guide.draw(canvas, rows)
        draw_footer(canvas, sheet, game.script.title, number, pages, note=c["index_footer"], bleed_mm=bleed_mm)
        canvas.showPage()
    canvas.save()
    return [("info-cards.pdf", buffer.getvalue())]
