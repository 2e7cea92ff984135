"""A checked Game and the user's choices → whether it may print (or the reason it may not), and the token choices
resolved to this script's characters. The policy both doors apply before any document is made."""

from __future__ import annotations

from dataclasses import dataclass

from generator.findings import Report
from generator.options import RenderOptions

NO_CHARACTERS = "no_characters"  # nothing of the library to print or export, even when forced
HAS_ERRORS = "has_errors"  # the checks found errors, and the user did not ask to print anyway


@dataclass(frozen=True)
class Refusal:
    """Why a game is not turned into output: `reason` is NO_CHARACTERS or HAS_ERRORS (with the count of errors).
    Each door words it in its own Korean (the command line's flags, the page's button)."""

    reason: str
    errors: int = 0


def refusal(game, report: Report, force: bool) -> Refusal | None:
    """None when the game may be printed or exported: it has characters, and no errors unless `force`."""
    if not game.characters:
        return Refusal(NO_CHARACTERS, report.error_count)
    if report.error_count and not force:
        return Refusal(HAS_ERRORS, report.error_count)
    return None


def printable_game(script, content, options: RenderOptions, force: bool):
    """(game or None, report, refusal or None): the script checked for printing, fonts registered first so that the
    glyph check reads the fonts reportlab parsed. A game that is None or unreadable comes back with no refusal: the
    report says why it could not be read."""
    from generator.pipeline.checking import check_script
    from generator.pipeline.rendering import prepare_fonts

    prepare_fonts()
    game, report = check_script(script, content, options.icons_dir, options.names)
    if game is None or report.unreadable:
        return game, report, None
    return game, report, refusal(game, report, force)


def resolve_token_choices(game, options: RenderOptions) -> list[tuple[str, str]]:
    """--only and --copies names → character ids (or shroud/vote), in place; (flag, Korean message) per name not found.

    A character may be named by id, Korean name or alias (spaces ignored); shrouds and votes by their id or label.
    """
    from generator.art.token_layout import EXTRAS
    from generator.load.fields import suggest
    from generator.read.theme import theme

    names: dict[str, str] = {}
    for kind in EXTRAS:
        names[kind] = kind
        names[_squash(theme().tokens[kind]["label"])] = kind
    for character in game.characters:
        for name in [character.id, *character.known_names]:
            names.setdefault(_squash(name), character.id)
    problems: list[tuple[str, str]] = []

    def resolve(name: str, flag: str) -> str | None:
        found = names.get(_squash(name))
        if found is None:
            known = [c.id for c in game.characters] + [c.name for c in game.characters] + list(EXTRAS)
            problems.append(
                (
                    flag,
                    f"'{name}'는 이 스크립트의 캐릭터가 아닙니다.{suggest(name, known)} "
                    f"캐릭터 id나 이름, 또는 {', '.join(EXTRAS)}를 쓰세요.",
                )
            )
        return found

    if options.only is not None:
        options.only = tuple(found for name in options.only if (found := resolve(name, "--only")) is not None)
    options.copies = {
        found: count for name, count in options.copies.items() if (found := resolve(name, "--copies")) is not None
    }
    return problems


def _squash(text: str) -> str:
    return "".join(str(text).split()).casefold()
