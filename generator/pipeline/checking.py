"""A script → a checked Game and its findings: the script read (a bundled id, a YAML or JSON file, or the publisher's
JSON a request carries), resolved against the library, named as it will print, and every check run. Both doors check
through here, so the page shows exactly what `validate` prints."""

from __future__ import annotations

from generator.findings import Report


def check_script(script, content=None, icons_dir=None, names: str = "ours"):
    """(game or None, report) of a bundled script id or a script file, with the content folder `content` (None: the
    bundled library)."""
    from generator.check import run_checks
    from generator.load.game import load_game
    from generator.load.naming import named_game

    game, report = load_game(script, content)
    if game is not None and not report.unreadable:
        game = named_game(game, names)
        run_checks(game, report, icons_dir)
    return game, report


def check_loaded(script, library, report: Report, names: str = "ours", icons_dir=None):
    """(game, report) of a Script already read (by a door, against `library`): resolved, named and checked."""
    from generator.check import run_checks
    from generator.load.game import resolve_game
    from generator.load.naming import named_game

    game = resolve_game(script, library, report)
    if not report.unreadable:
        game = named_game(game, names)
        run_checks(game, report, icons_dir)
    return game, report


def read_publisher_json(text: str, where: str, name: str, report: Report, library):
    """The publisher's script JSON (text) → a Script against `library`, or None with the reasons in `report`."""
    from generator.load.publisher.script import script_from_json_text

    return script_from_json_text(text, where, name, report, lambda: (library.characters, library.night_order))


def read_script_file(path, content_dir, report: Report):
    """A YAML script file → a Script, or None with the reasons in `report`."""
    from generator.load.game import load_script

    return load_script(path, content_dir, report)


def advice(game) -> list:
    """Script-design advice (never a finding): `validate --advice` and the page's advice panel."""
    from generator.check.advice import advise

    return advise(game)


def setup_table(game) -> dict | None:
    """The player-count table (5–15, or the script's range): each team's range with the script's modifiers, the base
    counts, and which characters change the setup; None without a setup table. `validate` prints it, the page draws
    it."""
    from generator.load.bag import bag_rows, team_range
    from generator.load.notes import describe_setup
    from generator.model import BAG_TEAMS, TEAM_NAMES_KO

    if not game.library.bag_table:
        return None
    rows = []
    for row in bag_rows(game, game.library.bag_table):
        ranges = {team: list(team_range(row, team)) for team in BAG_TEAMS}
        rows.append({"players": row.players, "base": list(row.base.as_tuple()), "ranges": ranges})
    names = {c.id: c.name for c in game.library.characters.values()}
    modifiers = [
        {"id": c.id, "name": c.name, "team": c.team, "change": describe_setup(c, names)}
        for c in game.characters
        if c.changes_setup
    ]
    return {"teams": [{"id": t, "name": TEAM_NAMES_KO[t]} for t in BAG_TEAMS], "rows": rows, "modifiers": modifiers}
