"""The text of a Game's characters and script → findings: odd characters, missing glyphs, undeclared name variants."""

from __future__ import annotations

import re
import unicodedata

from generator.caches import remembered
from generator.findings import Report
from generator.josa import quoted, with_particle
from generator.keep.patterns import compiled
from generator.load.wording import FOLLOWERS
from generator.model import Game

ZERO_WIDTH_AND_BIDI = {
    0x200B,
    0x200C,
    0x200D,
    0x2060,
    0xFEFF,
    0x00AD,
    0x200E,
    0x200F,
    0x202A,
    0x202B,
    0x202C,
    0x202D,
    0x202E,
    0x2066,
    0x2067,
    0x2068,
    0x2069,
    0x3164,
    0xFFA0,  # Hangul fillers: look like nothing, sit inside the compatibility-jamo block
    0x2028,
    0x2029,  # line and paragraph separators: invisible breaks YAML does not show as new lines
}
# what each invisible character is, in words a storyteller can act on (a code point means nothing on the page)
INVISIBLE_NAMES = {
    0x200B: "폭 없는 공백",
    0x200C: "폭 없는 이음 문자",
    0x200D: "폭 없는 이음 문자",
    0x2060: "보이지 않는 이음 문자",
    0xFEFF: "보이지 않는 BOM 문자",
    0x00AD: "보이지 않는 하이픈",
    0x200E: "글자 방향 표시",
    0x200F: "글자 방향 표시",
    **{
        code: "글자 방향을 바꾸는 문자"
        for code in (0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069)
    },
    0x3164: "한글 채움 문자",
    0xFFA0: "한글 채움 문자",
    0x2028: "줄 나눔 문자",
    0x2029: "문단 나눔 문자",
}
# a text's field → its name in a message (Korean first; the file and line in `where` lead to the key)
FIELD_NAMES = {
    "name": "이름",
    "ability": "능력",
    "flavor": "분위기 글",
    "overview": "개요",
    "first_night": "첫날 밤 안내",
    "other_nights": "다른 밤 안내",
    "examples": "예시",
    "how_to_run": "진행 방법",
    "notes": "예시 · 메모",
    "tips": "요령",
    "reminders": "알림 토큰",
    "global_reminders": "전역 알림 토큰",
    "aliases": "다른 이름",
    "cues": "짧은 안내",
    "title": "제목",
    "author": "만든 사람",
    "bootlegger": "자체 규칙",
}
ORDINARY_PUNCTUATION = set(" \n.,:;!?'\"()[]{}<>-–—~·…“”‘’*%/&+=#@_×→※「」『』〈〉《》|\\^`$\u00a0")
MISSING_SECTIONS = (("flavor", "분위기 글"), ("overview", "개요"), ("how_to_run", "진행 방법"))
REMINDER_MARK = compiled(r"\*([^*\n]+)\*")


def character_texts(character) -> list[tuple[str, str]]:
    """(field label, text) for every text the documents print for this character."""
    texts = [("name", character.name), ("ability", character.ability)]
    for key in ("flavor", "overview", "first_night", "other_nights"):
        value = getattr(character, key)
        if value:
            texts.append((key, value))
    for key in ("examples", "how_to_run", "notes", "tips", "reminders", "global_reminders", "aliases"):
        for index, value in enumerate(getattr(character, key)):
            texts.append((f"{key}[{index + 1}]", value))
    for night, cue in character.cues.items():
        texts.append((f"cues.{night}", cue))
    return texts


def field_name(key: str) -> str:
    """'how_to_run[2]' → '진행 방법 2', 'cues.first_night' → '첫날 밤 안내의 짧은 안내'."""
    base, _, index = key.partition("[")
    if base.startswith("cues."):
        return f"{FIELD_NAMES.get(base[5:], base[5:])}의 짧은 안내"
    return FIELD_NAMES.get(base, base) + (f" {index.rstrip(']')}" if index else "")


def script_texts(game: Game) -> list[tuple[str, str]]:
    script = game.script
    texts = [("title", script.title)]
    if script.author:
        texts.append(("author", script.author))
    if script.notes:
        texts.append(("notes", script.notes))
    texts += [(f"bootlegger[{i + 1}]", rule) for i, rule in enumerate(script.bootlegger)]
    return texts


@remembered(maxsize=None)
def classify(ch: str) -> str | None:
    """Why a character does not belong in printed Korean text, or None when it is fine."""
    code = ord(ch)
    if code in ZERO_WIDTH_AND_BIDI:
        return "zero-width"
    category = unicodedata.category(ch)
    if category in ("Cc", "Cf", "Co", "Cs") and ch != "\n":
        return "control"
    if 0x1100 <= code <= 0x11FF or 0xA960 <= code <= 0xA97F or 0xD7B0 <= code <= 0xD7FF:
        return "jamo"
    if 0xAC00 <= code <= 0xD7A3 or 0x3130 <= code <= 0x318F:
        return None
    if ch.isascii() and (ch.isalnum() or ch in ORDINARY_PUNCTUATION):
        return None
    if ch in ORDINARY_PUNCTUATION or ch.isdigit():
        return None
    if category.startswith("L") and unicodedata.name(ch, "").startswith("LATIN"):
        return None
    return "script"


KIND_MESSAGES = {
    "zero-width": ("error", "text-invisible", "보이지 않는 문자(폭 없는 문자 또는 방향 제어 문자)"),
    "control": ("error", "text-control", "제어 문자"),
    "jamo": ("error", "text-jamo", "조합되지 않은 한글 자모(자모가 흩어져 인쇄됩니다)"),
    "script": ("warning", "text-script", "한글·라틴 문자·숫자·일반 문장부호가 아닌 문자"),
}


_FINE: list = [None, set()]  # [the coverage, the characters already found fine with it]


def fine_characters(covered) -> set[str]:
    """Characters that raised nothing against this coverage so far: a check reads thousands of texts in one alphabet."""
    if _FINE[0] is not covered:
        _FINE[:] = [covered, set()]
    return _FINE[1]


def check_characters_of(text: str, label: str, subject: str | None, where: str | None, report: Report, covered) -> None:
    flagged: dict[str, set[str]] = {}
    missing: set[str] = set()
    fine = fine_characters(covered)
    for ch in set(text) - fine:  # each distinct character once: a long text costs what its alphabet costs
        kind = classify(ch)
        if kind:
            flagged.setdefault(kind, set()).add(ch)
        if covered is not None and ch not in "\n" and ord(ch) not in covered and kind not in ("zero-width", "control"):
            missing.add(ch)
        elif not kind:
            fine.add(ch)
    for kind, chars in flagged.items():
        level, code, what = KIND_MESSAGES[kind]
        shown = ", ".join(described(c, kind, text) for c in sorted(chars))
        message = f"'{label}'에 {with_particle(what, '이')} 있습니다: {shown}. 지우거나 일반 문자로 바꿔 주세요."
        getattr(report, level)(code, message, subject=subject, where=where)
    if missing:
        shown = ", ".join(f"'{c}'" for c in sorted(missing))
        report.error(
            "text-glyph",
            f"'{label}'의 문자 {with_particle(shown, '은')} 함께 든 글꼴(나눔명조·나눔고딕과 라틴 문자용 Noto) 어디에도 없어 빈 네모로 인쇄됩니다. 다른 문자로 바꿔 주세요.",
            subject=subject,
            where=where,
        )


def described(ch: str, kind: str, text: str) -> str:
    """A flagged character as a person finds it: what it is (an invisible one has no look) and where it stands."""
    if kind not in ("zero-width", "control"):
        return f"'{ch}'"
    places = [index + 1 for index, c in enumerate(text) if c == ch]
    where = ", ".join(f"{n}번째" for n in places[:3]) + (f" 외 {len(places) - 3}곳" if len(places) > 3 else "")
    return f"{INVISIBLE_NAMES.get(ord(ch), '제어 문자')}({where} 글자)"


def font_coverage():
    """Code points every theme font can print, with its Latin fallback: read from the font files' cmaps and kept in
    the user's cache as ranges (the very set reportlab's parse of the fonts gives; a build no longer unpacks the
    eight fonts' tables for it, the fallbacks' only to check)."""
    from generator.read.theme import fallback_font_paths, font_paths
    from generator.typeset.glyphs import printable_everywhere

    pairs = list(zip(font_paths(), fallback_font_paths()))
    return printable_everywhere(pairs) if pairs else None


SHORT_NAME = 3  # syllables: variants of names this short must stand alone as a word (else '기 사' matches '전기 사용')


@remembered(maxsize=None)
def name_variants(name: str) -> frozenset[str]:
    """Spellings of a name that differ only by spaces, both ways: '뱀 조련사' → '뱀조련사', '세탁부' → '세탁 부',
    '달지기' → '달 지기'. Two-syllable names are not split ('마 녀' is too likely to be two ordinary words)."""
    compact = name.replace(" ", "")
    variants = {compact}
    if len(compact) >= SHORT_NAME:
        variants |= {compact[:i] + " " + compact[i:] for i in range(1, len(compact))}
    variants.discard(name)
    return frozenset(variants)


def variant_pattern(variant: str) -> re.Pattern:
    """A long variant matches anywhere; a short one only as a word: after a non-Hangul character or the start, and
    before a non-Hangul character, the end or a particle."""
    escaped = re.escape(variant)
    if len(variant.replace(" ", "")) > SHORT_NAME:
        return compiled(escaped)
    particles = "|".join(FOLLOWERS)  # longest first
    return compiled(rf"(?<![가-힣]){escaped}(?=$|[^가-힣]|(?:{particles}))")


def around_spaces(texts) -> set[tuple[str, str]]:
    """(character before, character after) of every single space in the texts: a variant with a space inside can only
    occur where its two neighbours are such a pair, which rules out most of the library's variants at once."""
    pairs: set[tuple[str, str]] = set()
    for text in texts:
        words = text.split(" ")
        pairs.update((before[-1], after[0]) for before, after in zip(words, words[1:]) if before and after)
    return pairs


def check_name_variants(game: Game, report: Report) -> None:
    everything = [(c, label, text) for c in game.characters for label, text in character_texts(c)]
    everything += [(None, label, text) for label, text in script_texts(game)]
    taken = {n for c in game.library.characters.values() for n in c.known_names}  # another role's own name
    spaced = around_spaces(text for _, _, text in everything)
    for named in game.library.characters.values():
        declared = set(named.aliases) | {named.name}
        for variant in sorted(name_variants(named.name) - taken):
            gap = variant.find(" ")
            if gap > 0 and variant.count(" ") == 1 and (variant[gap - 1], variant[gap + 1]) not in spaced:
                continue
            pattern = None
            for c, label, text in everything:
                if variant not in text or any(d in text and variant in d for d in declared):
                    continue
                pattern = pattern or variant_pattern(variant)
                if not pattern.search(text):
                    continue
                place = c.where(label) if c else game.script.where(label)

                report.warning(
                    "name-variant",
                    f"{quoted(variant, '은')} {named.name}의 다른 표기로 보이지만 aliases에 없습니다"
                    f"(처음 나온 곳: {c.name + '의 ' if c else '스크립트 '}{label}). {named.name}의 aliases에 추가하거나 "
                    "이름을 맞춰 주세요.",
                    subject=named.id,
                    where=place,
                )
                break


def reminder_key(name: str) -> str:
    """A reminder name as matched: NFKC (full-width letters, compatibility forms), any letter case, spaces collapsed;
    homebrew night texts write 'TARGET' for the 'Target' token."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


# The info tokens the publisher's night texts name in the same marks as reminder tokens (every mark in the release
# data's night texts that is no role's reminder): shown to a player, never put in the grimoire, so never a reminder.
INFO_TOKEN_MARKS = frozenset(
    reminder_key(name)
    for name in (
        "This is the Demon",
        "These are your Minions",
        "These characters are not in play",
        "This character selected you",
        "You are",
        "This player is",
    )
)


def known_reminders(character, night: str, library_character) -> set[str]:
    """The reminder names a night text's marks are compared with: the character's own, and, when the text is the
    library's (a script that gave other reminders, or none, for a library character), the library's too. A text is
    compared with the names written beside it, never ours with a translation's or the other way round."""
    own = [*character.reminders, *character.global_reminders]
    if library_character is not None and library_character is not character:
        if character.night_reminder(night) == library_character.night_reminder(night):
            own += [*library_character.reminders, *library_character.global_reminders]
    return {reminder_key(name) for name in own} | INFO_TOKEN_MARKS


def check_reminder_marks(character, report: Report, library_character=None) -> None:
    for night in ("first_night", "other_nights"):
        known = known_reminders(character, night, library_character)
        text = (character.night_reminder(night) or "") + " " + character.cues.get(night, "")
        for mark in dict.fromkeys(REMINDER_MARK.findall(text)):  # each mark once per night, in order
            if reminder_key(mark) not in known:
                report.warning(
                    "reminder-unknown",
                    f"{character.name}의 '{night}' 문구에 강조된 {quoted(mark, '이')} 이 캐릭터의 reminders/global_reminders에 없습니다.",
                    subject=character.id,
                    where=character.source,
                )


def edited_from(character, game: Game):
    """The library character a script's character edits (its text over ours), or None (a library character as it
    is, or a homebrew character, even one that reuses a library id)."""
    from generator.load.publisher.official import is_homebrew

    if not character.custom or is_homebrew(character, game.library.characters):
        return None
    return game.library.characters.get(character.id)


def check_cues(character, report: Report) -> None:
    for night in character.cues:
        if character.night_reminder(night) is None:
            report.warning(
                "cue-unused",
                f"{character.name}의 'cues.{night}'는 쓰이지 않습니다: 이 캐릭터는 그 밤에 깨어나지 않습니다({night} 문구가 없음).",
                subject=character.id,
                where=character.source,
            )


SHOWN_MISSING = 8  # characters named in the summary; the rest are counted


def check_missing_sections(characters, report: Report) -> None:
    """One warning for the whole run naming the characters whose almanac prose is missing, and which parts."""
    lacking = []
    for character in characters:
        if character.custom:
            continue  # given in full by a publisher JSON, whose format has no place for almanac prose
        missing = [label for key, label in MISSING_SECTIONS if not getattr(character, key)]
        if missing:
            lacking.append(f"{character.name}({'·'.join(missing)})")
    if not lacking:
        return
    shown = ", ".join(lacking[:SHOWN_MISSING]) + (
        f" 외 {len(lacking) - SHOWN_MISSING}명" if len(lacking) > SHOWN_MISSING else ""
    )
    report.warning(
        "section-missing",
        f"해설서 글이 빠진 캐릭터가 {len(lacking)}명 있습니다: {shown}. 인쇄물에는 있는 부분만 나옵니다"
        "(능력, 밤 안내, 알림 토큰, 설정, 징크스는 언제나 나옵니다).",
    )


def check(game: Game, report: Report) -> None:
    covered = font_coverage()
    for character in game.characters:
        for label, text in character_texts(character):
            check_characters_of(
                text, f"{character.name}의 {field_name(label)}", character.id, character.source, report, covered
            )
        check_reminder_marks(character, report, edited_from(character, game))
        check_cues(character, report)
    check_missing_sections(game.listed, report)
    for label, text in script_texts(game):
        check_characters_of(
            text,
            f"스크립트 {'소개' if label == 'notes' else field_name(label)}",
            None,
            game.script.source,
            report,
            covered,
        )
    for fixed in game.library.fixed_steps.values():
        for night in ("first_night", "other_nights"):
            if fixed.night_reminder(night):
                check_characters_of(
                    fixed.night_reminder(night),
                    f"{fixed.name}의 {field_name(night)}",
                    fixed.id,
                    game.library.night_order.source,
                    report,
                    covered,
                )
    for jinx in game.jinxes:
        check_characters_of(jinx.text, "징크스", None, None, report, covered)
    check_name_variants(game, report)
