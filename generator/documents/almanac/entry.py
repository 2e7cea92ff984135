"""One character → the flowables of its almanac entry, in reading order.

An entry is: a heading block (icon, team, name, rule, the ability in a tinted box), the flavour line, then only the
sections the character has: 개요, 예시 (worked situations), 예시 · 메모 (the user's almanac section of that name), 진행 방법,
요령 (the storyteller's advice), and always 밤과 설정 (each night's text and place in the
order, the setup change, the reminder tokens, the jinxes on this script). A role with no almanac prose (most of the
official roster) prints the heading block and 밤과 설정, complete, with no empty headings.
"""

from __future__ import annotations

from markupsafe import Markup
from reportlab.lib.colors import HexColor
from reportlab.platypus import Spacer, Table, TableStyle

from generator.art.icon_drawing import icon_flowable
from generator.documents.almanac.parts import Book, Marker, label
from generator.josa import fill_named
from generator.keep.patterns import compiled
from generator.load.notes import describe_setup
from generator.model import NIGHT_NAMES_KO, NIGHTS, TEAM_NAMES_KO
from generator.read.theme import color, font_name, mm, team_color
from generator.typeset.flowables import Stack
from generator.typeset.markup import render


def reminder_names(character) -> list[str]:
    names = {n for n in character.reminders + character.global_reminders if n.strip()}
    return sorted(names, key=len, reverse=True)


# after a reminder name: '알림' or '리마인더' (the token), or '(으)로 표시' (marking with it)
_TOKEN_USE = compiled(r"\s*(?:들\s*)?(?:알림|리마인더)|(?:으로|로)\s+표시")
_AND = compiled(r"(?:과|와)\s+")


def mark_reminders(text: str, names: list[str]) -> str:
    """Wraps reminder-token names used as tokens ('안전 리마인더', '취함으로 표시', '마을주민과 틀림으로') in *marks*.

    A name counts as a token when it is followed (possibly through '과/와 <other name>') by 알림, 리마인더,
    or '으로 표시' / '로 표시'; plain uses of the same word ('마을주민 캐릭터 토큰') stay unmarked. Names are tried
    longest first where they start, after anything but a Hangul syllable. (Plain string search with two fixed
    patterns: a pattern built from each character's names cost a regex compilation per entry.)
    """
    if not names or "*" in text:
        return text
    starts = sorted({at for name in names for at in _occurrences(text, name)})
    pieces, done = [], 0
    for at in starts:
        if at < done or (at and "가" <= text[at - 1] <= "힣"):
            continue
        for name in names:
            if text.startswith(name, at) and _token_follows(text, at + len(name), names):
                pieces += [text[done:at], f"*{name}*"]
                done = at + len(name)
                break
    return "".join(pieces) + text[done:]


def _occurrences(text: str, name: str):
    at = text.find(name)
    while at >= 0:
        yield at
        at = text.find(name, at + 1)


def _token_follows(text: str, at: int, names: list[str], depth: int = 0) -> bool:
    """Whether what follows `at` is a token use, possibly after '과/와 <another name>' links."""
    if _TOKEN_USE.match(text, at):
        return True
    joined = _AND.match(text, at)
    if joined is None or depth > 8:
        return False
    after = joined.end()
    return any(
        text.startswith(name, after) and _token_follows(text, after + len(name), names, depth + 1) for name in names
    )


PROSE = ("flavor", "overview", "examples", "how_to_run", "notes", "tips")


def is_short(character) -> bool:
    """No almanac prose: the entry is its heading block and 밤과 설정, short enough to share a page."""
    return not any(getattr(character, key) for key in PROSE)


def between_entries(book: Book):
    """The space between two short entries that share a page."""
    return Spacer(1, mm(book.s["between_entries"]))


def heading_block(book: Book, character) -> Stack:
    """Icon with team and name, a rule in the team colour, and the ability in a tinted box: never split."""
    st, s = book.styles, book.s
    team = character.team
    tcolor = team_color(team)
    _, _, w, _ = book.frame_box()
    icon_size = mm(s["icon"]) * st.tight  # a tighter entry also takes a little off its heading block
    pad = s["ability_padding_pt"] * st.tight
    header = Table(
        [
            [
                icon_flowable(book.icon(character), icon_size, tcolor),
                book.para(
                    "almanac_header.j2",
                    st.name,
                    team=TEAM_NAMES_KO.get(team, team),
                    name=character.name,
                    team_font=font_name("sans_bold"),
                    team_size=s["team_pt"],
                    team_color=tcolor,
                    english=book.game.english_name(character.id) if book.options.english else None,
                    english_font=font_name("sans"),
                    english_color=color("muted"),
                ),
            ]
        ],
        colWidths=[icon_size + mm(5), w - icon_size - mm(5)],
    )
    header.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    ability = Table([[book.game_text(character.ability, st.ability)]], colWidths=[w])
    ability.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, -1), HexColor(book.look["tint"])),
                ("LINEBEFORE", (0, 0), (0, -1), s["ability_rule_pt"] * 2, HexColor(tcolor)),
                ("LEFTPADDING", (0, 0), (-1, -1), pad),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8),
                ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
            ]
        )
    )
    return Stack(
        [
            Marker(book, key=f"entry:{character.id}", section=TEAM_NAMES_KO.get(team, team), section_color=tcolor),
            header,
            book.rule(hex_color=tcolor, width=s["rule_pt"] * 1.5, space=mm(3) * st.tight),
            ability,
        ]
    )


def entry(book: Book, character) -> list:
    """The entry's flowables with the book's current styles (normal, or tighter when the planner asks)."""
    st, s = book.styles, book.s
    team = character.team
    story = [heading_block(book, character)]
    story.append(
        book.game_text(character.flavor, st.flavor) if character.flavor else Spacer(1, s["body_pt"] * st.tight)
    )
    if character.overview:
        story.append(book.heading(label("overview"), team))
        story += [book.game_text(p.strip(), st.body) for p in character.overview.split("\n\n") if p.strip()]
    story += listed(book, label("examples"), character.examples, team)
    story += listed(book, label("user_notes"), character.notes, team)
    if character.how_to_run:
        story.append(book.heading(label("how_to_run"), team))
        names = reminder_names(character)
        for number, step in enumerate(character.how_to_run, 1):
            marked = mark_reminders(book.words.words(step.strip()), names)
            story.append(book.game_text(marked, st.item, f"{number}.", marked=True, worded=True))
    story += listed(book, label("tips"), character.tips, team)
    story += night_and_setup(book, character)
    return story


def listed(book: Book, heading: str, items: list[str], team: str) -> list:
    """A heading over bulleted paragraphs, or nothing when there are none."""
    if not items:
        return []
    return [book.heading(heading, team), *(book.game_text(text.strip(), book.styles.item, "•") for text in items)]


def night_place(book: Book, character, night: str) -> int | None:
    steps = book.game.night_steps(night)
    return steps.index(character.id) + 1 if character.id in steps else None


def night_and_setup(book: Book, character) -> list:
    """밤과 설정: when and where in the order the character wakes, its setup change, reminder tokens and jinxes."""
    st = book.styles
    story = [book.heading(label("night_setup"), character.team)]
    wakes = False
    for night in NIGHTS:
        text = character.night_reminder(night)
        if not text:
            continue
        wakes = True
        place = night_place(book, character, night)
        story.append(
            book.para(
                "almanac_night.j2",
                st.small,
                night=NIGHT_NAMES_KO[night],
                place=place if place else "–",
                text=book.words.print(fill_named(text, book.named_name(character))),
                color=color("reminder"),
                muted=color("muted"),
            )
        )
    if not wakes:
        story.append(book.text(label("no_night"), st.small))
    if character.changes_setup:
        story.append(setup_line(book, character))
    names = [n for n in dict.fromkeys(character.reminders + character.global_reminders) if n.strip()]
    if names:
        story.append(fact(book, label("reminders"), " · ".join(book.words.tie(n) for n in names), plain=True))
    for jinx in book.game.jinxes:
        if character.id in jinx.characters:
            first, second = (book.game.character(cid).name for cid in jinx.characters)
            story.append(fact(book, label("jinx"), f"{first} · {second}: {jinx.text}"))
    return story


def fact(book: Book, name: str, text: str, plain: bool = False):
    """A labelled line under 밤과 설정: bold label, then the text."""
    shown = text if plain else book.words.print(text)
    return book.para("almanac_fact.j2", book.styles.small, label=name, text=shown)


def setup_line(book: Book, character):
    hidden = character.setup.get("hidden_as")
    names = {c.id: c.name for c in book.game.library.characters.values()}
    changes = describe_setup(character, names, include_hidden=False)
    inner = render(
        "almanac_setup.j2",
        hidden_as=TEAM_NAMES_KO.get(hidden, hidden) if hidden else None,
        changes=changes,
        muted=color("muted"),
    )
    return book.para("almanac_fact_markup.j2", book.styles.small, label=label("setup"), markup=Markup(inner))
