"""Texts of a Game against templates/text_limits.yaml → findings: longer than the documents can print (error) or
longer than they print well (warning); and, for a layout that overflows anyway, the text most likely to blame."""

from __future__ import annotations

from dataclasses import dataclass

from generator import TEMPLATES_DIR
from generator.caches import remembered
from generator.findings import Report
from generator.josa import with_particle
from generator.keep import parsecache
from generator.keep.patterns import compiled
from generator.model import Game

FIELD_NAMES_KO = {
    "name": "이름",
    "ability": "능력",
    "flavor": "분위기 글",
    "overview": "개요",
    "examples": "예시",
    "how_to_run": "진행 방법",
    "notes": "메모",
    "tips": "요령",
    "reminders": "알림 토큰",
    "global_reminders": "전역 알림 토큰",
    "first_night": "첫날 밤 안내문",
    "other_nights": "다른 밤 안내문",
    "text": "징크스 문구",
    "title": "제목",
    "author": "제작자",
}
ITEM = compiled(r"^(\w+)\[(\d+)\]$")


@remembered(maxsize=1)
def text_limits() -> dict[str, dict[str, dict[str, int]]]:
    """{kind: {field: {'warn': n, 'max': n}}} for kind in character, step, jinx, script."""
    return parsecache.safe_load((TEMPLATES_DIR / "text_limits.yaml").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Text:
    """One printed text of a game: who it belongs to, its key ('reminders[2]'), where it is written, and its limits."""

    kind: str  # character, step, jinx, script
    owner: str  # the name a reader knows it by (character or step name, '징크스', '스크립트')
    subject: str | None
    key: str
    text: str
    where: str | None

    @property
    def field(self) -> str:
        match = ITEM.match(self.key)
        return match.group(1) if match else self.key

    @property
    def limits(self) -> dict[str, int] | None:
        return text_limits().get(self.kind, {}).get(self.field)

    def label(self) -> str:
        """ "'ability'(능력) 항목" or "'how_to_run'(진행 방법)의 2번째 항목": always ending in 항목, so 이 follows."""
        match = ITEM.match(self.key)
        named = f"'{self.field}'({FIELD_NAMES_KO.get(self.field, self.field)})"
        return f"{named}의 {match.group(2)}번째 항목" if match else f"{named} 항목"


def printed_texts(game: Game) -> list[Text]:
    """Every text the documents print for this game, with its place in the content files."""
    from generator.check.text import character_texts

    found = []
    longest_name = text_limits()["character"]["name"]["max"]
    for character in game.characters:
        owner = character.name if len(character.name) <= longest_name else character.id
        for key, text in character_texts(character):
            found.append(Text("character", owner, character.id, key, text, character.where(key)))
    order = game.night_order
    used = set(order.first_night) | set(order.other_nights)
    for step in game.library.fixed_steps.values():
        if step.id not in used:
            continue
        where = lambda key, step=step: step.places.get(key) or order.source  # noqa: E731
        found.append(Text("step", step.name, step.id, "name", step.name, where("name")))
        for night in ("first_night", "other_nights"):
            if step.night_reminder(night):
                found.append(Text("step", step.name, step.id, night, step.night_reminder(night), where(night)))
    for jinx in game.jinxes:
        names = " · ".join(game.character(c).name for c in jinx.characters)
        found.append(Text("jinx", f"징크스({names})", None, "text", jinx.text, jinx.source))
    script = game.script
    for key in ("title", "author", "notes"):
        value = getattr(script, key)
        if value:
            found.append(Text("script", "스크립트", None, key, value, script.where(key)))
    return found


def check(game: Game, report: Report) -> None:
    for text in printed_texts(game):
        limits = text.limits
        if not limits:
            continue
        length = len(text.text)
        if "fits" in limits and length <= limits["max"]:
            check_fit(text, report)
            continue
        if length > limits["max"]:
            report.error(
                "text-too-long",
                f"{text.owner}의 {text.label()}이 너무 깁니다: {length:,}자. 인쇄물에 들어가는 한도는 "
                f"{limits['max']:,}자입니다. 줄여 주세요.",
                subject=text.subject,
                where=text.where,
            )
        elif "warn" in limits and length > limits["warn"]:
            report.warning(
                "text-long",
                f"{text.owner}의 {text.label()}이 깁니다: {length:,}자. {limits['warn']:,}자를 넘으면 "
                f"인쇄물의 글자가 작아지거나 쪽이 늘어납니다(한도 {limits['max']:,}자).",
                subject=text.subject,
                where=text.where,
            )


# texts this short fit any token arc at the legible size whatever their letters (a Hangul syllable is 1 em)
ALWAYS_FITS = 6


def token_text_size(text: str) -> float:
    """The largest size (pt) at which `text` fits the default reminder token's arc, measured with the fonts it is
    printed in (Nanum and its Latin fallback)."""
    from generator.art.token_art import largest_arc_size, reminder_arc
    from generator.typeset.fonts import ensure_font, text_width

    role, _size, radius = reminder_arc()
    return largest_arc_size(text_width(text, ensure_font(role), 1.0), radius)


def check_fit(text: Text, report: Report) -> None:
    """A token text is judged by what fits the token: an error when it needs type below the fit minimum, a warning
    below the legible minimum."""
    if len(text.text) <= ALWAYS_FITS:
        return
    from generator.read.theme import theme

    smallest, legible = theme().tokens["fit_min_size_pt"], theme().text.min_size_pt
    size = token_text_size(text.text)
    if size < smallest:
        report.error(
            "text-too-long",
            f"{text.owner}의 {text.label()}이 너무 깁니다: 25.4 mm 알림 토큰에 {size:.1f}pt로만 들어갑니다"
            f"({len(text.text)}자). 토큰에 읽을 수 있게 인쇄하려면 {smallest:g}pt 이상으로 들어가야 합니다. 줄여 주세요.",
            subject=text.subject,
            where=text.where,
        )
    elif size < legible:
        report.warning(
            "text-long",
            f"{text.owner}의 {text.label()}이 깁니다: 25.4 mm 알림 토큰에 {size:.1f}pt로 작게 인쇄됩니다"
            f"({len(text.text)}자, 보통 {legible:g}pt 이상). 더 큰 알림 토큰(--reminder-size)을 쓰거나 줄이면 읽기 쉽습니다.",
            subject=text.subject,
            where=text.where,
        )


# --- a layout that overflowed anyway ---------------------------------------------------------------------------

SNIPPET = compiled(r">([^<>']{2,})'")


def culprit(game: Game, message: str) -> Text | None:
    """The text a reportlab LayoutError is most likely about: one whose start the error quotes, else the text that
    is longest for its limit."""
    texts = printed_texts(game)
    for snippet in sorted(SNIPPET.findall(message), key=len, reverse=True):
        snippet = " ".join(snippet.split())
        matches = [t for t in texts if len(snippet) >= 4 and " ".join(t.text.split()).startswith(snippet)]
        if matches:
            return max(matches, key=lambda t: len(t.text))
    measured = [(len(t.text) / t.limits.get("warn", t.limits["max"]), t) for t in texts if t.limits]
    return max(measured, key=lambda pair: pair[0])[1] if measured else None


def layout_failure_message(game: Game, document: str, message: str) -> str:
    """A Korean explanation of a page that could not hold a text, naming the owner and the field."""
    text = culprit(game, message)
    if text is None:
        return f"{document}: 글 하나가 너무 길어 한 쪽에 들어가지 않습니다. 긴 글을 줄여 주세요."
    where = f" ({text.where})" if text.where else ""
    return (
        f"{with_particle(document, '을')} 만들 수 없습니다: {text.owner}의 {text.label()}이 너무 길어({len(text.text):,}자) "
        f"한 쪽에 들어가지 않습니다{where}. 줄여 주세요."
    )
