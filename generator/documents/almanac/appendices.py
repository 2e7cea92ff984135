"""The almanac's appendices → flowables: both night orders as tables, the setup table by player count, the jinxes
on this script, credits and licences (in the gothic face throughout), and the back cover."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.platypus import Spacer, Table, TableStyle

from generator.art.icon_drawing import icon_flowable
from generator.documents.almanac.parts import Book, Marker, label
from generator.josa import fill_named
from generator.keep.patterns import compiled
from generator.load.bag import always_in_effect, bag_rows, team_range
from generator.load.notes import unplayed_note
from generator.model import SHEET_TEAMS, TEAM_NAMES_KO
from generator.read.theme import color, font_name, mm, team_color


def night_order(book: Book, night: str) -> list:
    """One night's order as a table: step number, icon, name (and player-count condition) over the text."""
    st, s = book.styles, book.s
    _, _, w, _ = book.frame_box()
    story = [Marker(book, key=night, section=label("appendix")), *book.title(label(night))]
    skipped = unplayed_note(book.game, night)
    if skipped:
        story.append(book.text(skipped, st.small_left))
    icon_size = mm(s["night_icon"])
    rows, styles = [], []
    library = book.game.library
    for number, step in enumerate(book.game.night_steps(night), 1):
        if step in library.fixed_steps:
            fixed = library.fixed_steps[step]
            note = label("min_players", n=fixed.min_players) if fixed.min_players else None
            text = fixed.night_reminder(night) or ""
            icon_cell = ""
            name, tint = fixed.name, team_color("fixed")
            styles.append(("BACKGROUND", (0, len(rows)), (-1, len(rows)), HexColor(book.look["tint"])))
        else:
            character = book.game.character(step)
            note = None
            text = fill_named(character.night_reminder(night) or "", book.named_name(character))
            icon_cell = icon_flowable(book.icon(character), icon_size, team_color(character.team))
            name, tint = character.name, team_color(character.team)
        cell = book.para(
            "almanac_night_step.j2",
            st.small_left,
            name=book.words.tie(name),
            note=note,
            text=book.words.print(text),
            color=color("reminder"),
            muted=color("muted"),
        )
        number_cell = book.para("almanac_step_number.j2", st.cell, number=number, color=tint)
        rows.append([number_cell, icon_cell, cell])
    if not rows:  # only with --force past a broken order, which validation already reported
        return story + [book.text(label("no_steps"), st.body)]
    table = Table(rows, colWidths=[mm(7), icon_size + mm(3), w - mm(10) - icon_size], repeatRows=0)
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), s["rule_pt"], HexColor(color("rule"))),
                ("TOPPADDING", (0, 0), (-1, -1), 4),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                *styles,
            ]
        )
    )
    return story + [table]


def ruled_notes(book: Book) -> list:
    """A ruled page for notes by hand: it stands before a night that takes two pages, so the night is one spread."""
    from generator.typeset.flowables import RuledLines

    _, _, w, h = book.frame_box()
    story = [Marker(book, key="ruled_notes", section=label("appendix")), *book.title(label("ruled_notes"))]
    used = sum(f.wrap(w, h)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in story[1:])
    return story + [RuledLines(w, h - used - 12, mm(book.s["notes_rule_gap"]), color("rule"))]


def setup_and_jinxes(book: Book) -> list:
    """The setup table by player count, then (on the same page when it fits) the script's house rules and jinxes."""
    st, s = book.styles, book.s
    story = [Marker(book, key="setup_table", section=label("appendix")), *book.title(label("setup_table"))]
    table_data = book.game.library.bag_table
    if table_data:
        header = [book.text(label("players"), st.cell_head)] + [
            book.text(TEAM_NAMES_KO[t], st.colored(st.cell_head, team_color(t))) for t in SHEET_TEAMS
        ]
        rows = [header]
        for row in bag_rows(book.game, table_data):
            cells = [book.text(label("player_count", n=row.players), st.cell_head)]
            for team in SHEET_TEAMS:
                low, high = team_range(row, team)
                value = f"{low}" if low == high else f"{low}–{high}"
                changed = not (low == high == row.base.get(team))
                cells.append(book.para("almanac_cell.j2", st.cell, value=value, bold=changed))
            rows.append(cells)
        _, _, w, _ = book.frame_box()
        table = Table(rows, colWidths=[w / 5] * 5)
        table.setStyle(
            TableStyle(
                [
                    ("LINEBELOW", (0, 0), (-1, 0), s["rule_pt"] * 2, HexColor(color("ink"))),
                    ("LINEBELOW", (0, 1), (-1, -1), s["rule_pt"], HexColor(color("rule"))),
                    ("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, HexColor(book.look["tint"])]),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("TOPPADDING", (0, 0), (-1, -1), 2.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
                ]
            )
        )
        story += [table, Spacer(1, s["small_pt"])]
        in_effect = {c.id for c in always_in_effect(book.game)}  # house rules: the table's base already holds them
        modifiers = [c for c in book.game.characters if c.changes_setup and c.id not in in_effect]
        story.append(
            book.para("almanac_setup_note.j2", st.small, modifiers=", ".join(book.words.tie(c.name) for c in modifiers))
        )
    if book.game.script.bootlegger:
        # the script's house rules, as its author wrote them (the publisher prints them beside the fabled)
        story += [Marker(book, key="house_rules"), *book.title(label("house_rules"), st.section_title)]
        story += [book.para("almanac_text.j2", st.body, text=rule) for rule in book.game.script.bootlegger]
    if book.game.jinxes:
        story += [Marker(book, key="jinxes"), *book.title(label("jinxes"), st.section_title)]
        for jinx in book.game.jinxes:
            first, second = (book.words.tie(book.game.character(cid).name) for cid in jinx.characters)
            story.append(
                book.para("almanac_jinx.j2", st.body, first=first, second=second, text=book.words.print(jinx.text))
            )
    return story


def credits(book: Book) -> list:
    st = book.styles
    game = book.game
    code_font = font_name("sans")
    story = [Marker(book, key="credits", section=label("appendix")), *book.title(label("credits"))]
    body = st.credits
    story.append(
        book.para(
            "almanac_credits.j2",
            body,
            kind="game",
            title=game.script.title,
            author=game.script.author,
            code_font=code_font,
        )
    )
    story.append(book.para("almanac_credits.j2", body, kind="icons", authors=icon_authors(book), code_font=code_font))
    own = user_icon_names(book)
    if own:
        story.append(
            book.para("almanac_credits.j2", body, kind="user_icons", names=", ".join(own), code_font=code_font)
        )
    listing = [(book.words.tie(name), icon) for name, icon, _ in bundled_icons(book)]
    if listing:
        story.append(book.para("almanac_icon_listing.j2", st.credits_small, icons=listing, code_font=code_font))
    story.append(Spacer(1, st.small.fontSize))
    story.append(book.para("almanac_credits.j2", body, kind="fonts", code_font=code_font, latin=needs_fallback(game)))
    return story


def needs_fallback(game) -> bool:
    """Some text of the game has a letter Nanum lacks, so the almanac is set partly in the Noto fallback."""
    from generator.typeset.fonts import cover

    covered = cover(font_name("serif")) & cover(font_name("sans"))
    texts = [game.script.title, game.script.author or "", *game.script.bootlegger, *(j.text for j in game.jinxes)]
    for character in game.characters:
        texts += [
            character.name,
            character.ability,
            character.flavor or "",
            character.first_night or "",
            character.other_nights or "",
            *character.reminders,
        ]
    return any(ord(ch) not in covered for text in texts for ch in text if not ch.isspace())


def credits_table(book: Book) -> dict[str, tuple[str, str]]:
    """icon file → (game-icons name, author) from content/icons/CREDITS.md, when that file is there."""
    path = Path(book.game.library.content_dir) / "icons" / "CREDITS.md"
    found = {}
    if path.is_file():
        row = compiled(r"^\|\s*`([^`]+)`\s*\|[^|]*\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|\s*$")
        for line in path.read_text(encoding="utf-8").splitlines():
            match = row.match(line)
            if match:
                found[match.group(1)] = (match.group(2), match.group(3))
    return found


def user_icon_names(book: Book) -> list[str]:
    folder = book.options.icons_dir
    if not folder:
        return []
    return [
        c.name
        for c in book.game.characters
        if any((Path(folder) / f"{c.id}{ext}").is_file() for ext in (".svg", ".png"))
    ]


def bundled_icons(book: Book) -> list[tuple[str, str, str]]:
    table = credits_table(book)
    own = set(user_icon_names(book))
    used = []
    for c in book.game.characters:
        key = c.icon or f"{c.id}.svg"
        if c.name not in own and key in table:
            used.append((c.name, *table[key]))
    return used


def icon_authors(book: Book) -> str:
    authors = sorted({author for _, _, author in bundled_icons(book)})
    return ", ".join(authors) or "game-icons.net contributors"


def back_cover(book: Book) -> list:
    st = book.styles
    _, _, _, h = book.frame_box()
    return [
        Marker(book, section=""),
        Spacer(1, h * 0.62),
        book.text(book.game.script.title, st.cover_author),
        book.rule(space=mm(3)),
        book.text(label("back_line"), st.center_small),
    ]
