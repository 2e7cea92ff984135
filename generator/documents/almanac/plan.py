"""The book plan: the almanac's parts in order → pages, each a list of flowables that fits its frame.

Parts, each starting on a new page: cover, notes (only when the script has notes), contents, one entry per
character in sheet order, both night orders (a night of two pages starts on a left-hand page, after a ruled notes page
when needed, so the night is one spread), the setup table with the jinxes, credits, back cover. The planner
places flowables exactly as reportlab's frame will (same spaces, same splits), so that it can decide the breaks:

- a part that runs past a page continues under a '<title> (계속)' line;
- a heading (anything marked keep_with_next) never ends a page: it goes with at least two lines of what follows,
  and paragraphs keep two lines on each side of a break (HangulParagraph.split);
- an entry whose last page would carry only a little is set again with the fewest lines, then tighter leading, to
  lose that page; when that cannot work, its break moves up so the last page is not nearly empty;
- entries with no almanac prose (most of the official roster: heading, ability, 밤과 설정) are short, so they share
  pages: each starts on the current page (the last of the entry before, too) when it fits there whole, else on a new one.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from generator.documents.almanac import appendices, contents, entry, front
from generator.documents.almanac.parts import Book, label
from generator.model import NIGHTS

FUZZ = 1e-6
SAFETY = 0.5  # points kept free at the foot of every planned page, so reportlab's own arithmetic always agrees


@dataclass
class Part:
    """One part of the book (an entry, a night order, the setup table …) and how the planner lays it out."""

    title: str  # shown in the continuation line
    make: Callable[[], list]  # the part's flowables, made with the book's current styles
    template: str = "body"
    fit: bool = False  # an entry: try tighter settings to lose a nearly empty last page
    balance: bool = False  # a long table: pages of about equal length rather than a short last one
    spread: bool = False  # when it takes two pages, it starts on a left-hand (even) page: one spread, no turning
    packed: list = field(default_factory=list)  # short entries that share pages (their makers), instead of `make`


@dataclass
class Page:
    """One planned page: its flowables, the height they use and its page template."""

    flowables: list = field(default_factory=list)
    used: float = 0.0
    template: str = "body"


def parts(book: Book, paginator: Paginator) -> list[Part]:
    game = book.game
    plan = [Part("", lambda: front.cover(book), template="cover")]
    if front.has_notes(book):
        alone = len(paginator.pages(contents.contents(book), label("contents")))
        together = len(
            paginator.pages(contents.contents(book) + front.notes(book, under_contents=True), label("contents"))
        )
        if together == alone:  # the notes fit under the contents: no page of their own with a few lines on it
            plan.append(
                Part(label("contents"), lambda: contents.contents(book) + front.notes(book, under_contents=True))
            )
        else:
            plan += [
                Part(label("notes"), lambda: front.notes(book)),
                Part(label("contents"), lambda: contents.contents(book)),
            ]
    else:
        plan.append(Part(label("contents"), lambda: contents.contents(book)))
    run: list = []
    for index, character in enumerate(game.characters):
        if entry.is_short(character):
            run.append(character)
            following = game.characters[index + 1] if index + 1 < len(game.characters) else None
            if following is None or not entry.is_short(following):
                plan.append(Part("", lambda: [], packed=[lambda c=c: entry.entry(book, c) for c in run]))
                run = []
            continue
        plan.append(Part(character.name, lambda c=character: entry.entry(book, c), fit=True))
    for night in NIGHTS:
        plan.append(Part(label(night), lambda n=night: appendices.night_order(book, n), balance=True, spread=True))
    plan.append(Part(label("setup_table"), lambda: appendices.setup_and_jinxes(book)))
    plan.append(Part(label("credits"), lambda: appendices.credits(book)))
    plan.append(Part("", lambda: appendices.back_cover(book), template="back"))
    return plan


def least_height(flowable, width: float) -> float:
    """The least of a flowable that may start a page under a heading: two lines of a paragraph, a table's first row."""
    lines_for = getattr(flowable, "lines_for", None)
    if lines_for is not None:
        lines = lines_for(width)
        return (len(lines) if len(lines) <= 3 else 2) * flowable.style.leading
    _, height = flowable.wrap(width, 1e6)
    rows = getattr(flowable, "_rowHeights", None)
    return rows[0] if rows else height


class Paginator:
    """Places flowables page by page like reportlab's Frame (spaces collapse, nothing before the first at the top)."""

    def __init__(self, book: Book, width: float, height: float):
        self.book, self.width, self.height = book, width, height - SAFETY

    def pages(self, flowables: list, title: str = "", heights: list[float] | None = None) -> list[Page]:
        self.result: list[Page] = []
        self.heights = heights or []
        self.title = title
        self._new_page(first=True)
        queue = deque(flowables)
        while queue:
            flowable = queue.popleft()
            if getattr(flowable, "_ZEROSIZE", False):
                self.page.flowables.append(flowable)
                continue
            before = 0.0 if self.at_top else max(flowable.getSpaceBefore() - self.after, 0)
            if (
                getattr(flowable, "keep_with_next", False)
                and not self.at_top
                and self._group_height(flowable, queue) > self.remaining
            ):
                self._new_page()
                queue.appendleft(flowable)
                continue
            _, height = flowable.wrap(self.width, self.remaining - before)
            if before + height <= self.remaining + FUZZ:
                self._place(flowable, before, height)
                continue
            pieces = flowable.split(self.width, self.remaining - before) if self.remaining - before > 0 else []
            if len(pieces) > 1:
                _, first_height = pieces[0].wrap(self.width, self.remaining - before)
                if before + first_height <= self.remaining + FUZZ:
                    self._place(pieces[0], before, first_height)
                    queue.extendleft(reversed(pieces[1:]))
                    self._new_page()
                    continue
            if self.at_top:  # taller than a page and cannot split: it overflows (reportlab would too)
                self._place(flowable, before, height)
                if queue:
                    self._new_page()
                continue
            self._new_page()
            queue.appendleft(flowable)
        self._finish()
        return self.result

    def _group_height(self, flowable, queue) -> float:
        """Height of a run of keep-with-next flowables and the least part of the one that follows them."""
        total, after, index = 0.0, self.after, 0
        items = [flowable] + list(queue)
        while index < len(items):
            item = items[index]
            if getattr(item, "_ZEROSIZE", False):
                index += 1
                continue
            total += max(item.getSpaceBefore() - after, 0)
            if getattr(item, "keep_with_next", False) and index + 1 < len(items):
                total += item.wrap(self.width, 1e6)[1] + item.getSpaceAfter()
                after = item.getSpaceAfter()
                index += 1
                continue
            return total + least_height(item, self.width)
        return total

    def _place(self, flowable, before: float, height: float) -> None:
        self.page.flowables.append(flowable)
        after = flowable.getSpaceAfter()
        self.remaining -= before + height + after
        self.page.used += before + height
        self.after = after
        if before + height + after > 0:
            self.at_top = False

    def _finish(self) -> None:
        if self.page.flowables:
            self.result.append(self.page)

    def _new_page(self, first: bool = False) -> None:
        if not first:
            self._finish()
        number = len(self.result)
        self.page = Page()
        self.remaining = self.heights[number] if number < len(self.heights) else self.height
        self.at_top, self.after = True, 0.0
        if not first and self.title:
            line = self.book.continued(self.title)
            _, height = line.wrap(self.width, self.remaining)
            self._place(line, 0.0, height)


def plan_part(book: Book, part: Part, paginator: Paginator) -> list[Page]:
    if part.packed:
        return packed_pages(book, part, paginator)
    pages = paginator.pages(part.make(), part.title)
    if part.fit and len(pages) > 1:
        pages = fitted(book, part, paginator, pages)
    if part.balance and len(pages) > 1:
        pages = balanced(part, paginator, pages)
    for page in pages:
        page.template = part.template
    return pages


def fitted(book: Book, part: Part, paginator: Paginator, pages: list[Page]) -> list[Page]:
    """An entry whose last page holds little: set tighter to lose the page, else move the break up to fill it."""
    s = book.s
    height = paginator.height
    if pages[-1].used <= height * s["light_last_page"]:
        needed = pages[-1].used / sum(page.used for page in pages)  # the share of the entry that must be saved
        for styles in book.tight_styles:
            if styles.saving < needed:
                continue  # cannot save that much: do not set it
            book.styles, book.tight_text = styles, True
            try:
                tighter = paginator.pages(part.make(), part.title)
            finally:
                book.styles, book.tight_text = book.normal_styles, False
            if len(tighter) < len(pages):
                return tighter
    least = s["least_last_page_lines"] * s["body_leading_pt"]
    cut = 0.0
    for _ in range(3):
        if pages[-1].used >= least:
            break
        cut += least - pages[-1].used
        moved = paginator.pages(part.make(), part.title, [height] * (len(pages) - 2) + [height - cut])
        if len(moved) != len(pages):
            break
        pages = moved
    return pages


def packed_pages(book: Book, part: Part, paginator: Paginator, previous: Page | None = None) -> list[Page]:
    """Short entries one after another: an entry joins the current page when the page still holds it whole. The
    first may join `previous`, the last page of the entry before; the result then starts with that page, remade."""
    pages: list[Page] = []
    current: list = list(previous.flowables) if previous is not None else []
    for make in part.packed:
        flowables = make()
        candidate = current + [entry.between_entries(book)] + flowables if current else flowables
        if len(paginator.pages(candidate)) == 1:
            current = candidate
            continue
        if current:
            pages += paginator.pages(current)
        current = flowables
    if current:
        pages += paginator.pages(current)
    for page in pages:
        page.template = part.template
    return pages


def balanced(part: Part, paginator: Paginator, pages: list[Page]) -> list[Page]:
    """The same number of pages, each filled to about the average (a table's rows spread evenly)."""
    target = sum(page.used for page in pages) / len(pages)
    for slack in (1.04, 1.1, 1.2):
        even = paginator.pages(part.make(), part.title, [min(paginator.height, target * slack)] * (len(pages) - 1))
        if len(even) == len(pages):
            return even
    return pages


def plan(book: Book) -> list[Page]:
    _, _, width, height = book.frame_box()
    paginator = Paginator(book, width, height)
    pages: list[Page] = []
    after_entry = False
    for part in parts(book, paginator):
        if part.packed and after_entry:  # short entries may start on the free part of the entry before
            last = pages.pop()
            pages += packed_pages(book, part, paginator, previous=last)
        else:
            planned = plan_part(book, part, paginator)
            if part.spread and len(planned) > 1 and len(pages) % 2 == 0:  # the next page would be a right-hand one
                pages += plan_part(book, Part("", lambda: appendices.ruled_notes(book)), paginator)
            pages += planned
        after_entry = part.fit or bool(part.packed)
    return with_notes_before_the_back_cover(book, pages, paginator)


def with_notes_before_the_back_cover(book: Book, pages: list[Page], paginator) -> list[Page]:
    """The saddle-stitched booklet needs a multiple of four pages: the ones short of it are ruled notes pages (노트)
    before the back cover, where the imposition would otherwise leave blank pages."""
    short = (-len(pages)) % 4
    if len(pages) < 2 or not short:
        return pages
    notes = [
        page
        for _ in range(short)
        for page in plan_part(book, Part("", lambda: appendices.ruled_notes(book)), paginator)
    ]
    return pages[:-1] + notes[:short] + pages[-1:]
