"""Browser requests for the page itself → the script builder (templates/web/index.html) with the library, documents
and options it starts with, and the files it uses: the bundled Nanum fonts, the characters' icons, the licences.
Nothing comes from the network; only files listed by the theme or the library are ever served."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, abort, current_app, render_template, send_file

from generator import FONTS_DIR

pages = Blueprint("pages", __name__)

ONE_DAY = 24 * 3600
ICON_TYPES = {".svg": "image/svg+xml", ".png": "image/png"}


def warm():
    return current_app.extensions["botc"]["warm"]


def page_data() -> dict:
    """Everything the page needs before its first request: it draws the library without waiting."""
    from generator.model import (
        EDITION_NAMES_KO,
        EDITIONS,
        FEWEST_PLAYERS,
        MOST_PLAYERS,
        SIDE_TEAMS,
        TEAM_NAMES_KO,
        TEAMS,
    )
    from generator.pipeline.library import sort_key
    from generator.pipeline.rendering import document_labels
    from generator.read.theme import team_color
    from generator.server import tables
    from generator.server.options import labels, option_fields

    library = warm().loaded().library
    descriptions = labels().get("documents", {})
    return {
        "characters": tables.library_entries(sorted(library.characters.values(), key=sort_key), library),
        "teams": [{"id": t, "name": TEAM_NAMES_KO[t], "side": t in SIDE_TEAMS} for t in TEAMS],
        "editions": [{"id": e, "name": EDITION_NAMES_KO[e]} for e in EDITIONS],
        "documents": [
            {"id": m, "label": label, "description": descriptions.get(m, "")} for m, label in document_labels().items()
        ],
        "options": [field.as_json() for field in option_fields()],
        "team_colors": {t: team_color(t) for t in TEAMS},
        # the player counts a script may be for (its 인원 fields); a game's seats come with the --players option's limits
        "players": {"fewest": FEWEST_PLAYERS, "most": MOST_PLAYERS},
        "editor": labels().get("editor", {}),  # the character editor's labels (static/js/editor.js)
    }


@pages.get("/")
def index():
    from generator import __version__
    from generator.read.theme import theme

    data = page_data()
    return render_template(
        "index.html", data=data, modules=page_modules(), version=__version__, credits=theme().credits["fine_print"]
    )


def page_modules() -> list[str]:
    """The page's script modules (static/js/*.js), which the page asks for at once: main.js imports them all."""
    return sorted(path.name for path in (Path(current_app.static_folder) / "js").glob("*.js"))


@pages.get("/team-colours.css")
def team_colours():
    """The theme's team colours as CSS variables. A file of its own, not a <style> in the page: the page's
    Content-Security-Policy allows no inline CSS."""
    from generator.model import TEAMS
    from generator.read.theme import team_color

    lines = [":root {", *(f"  --team-{team}: {team_color(team)};" for team in TEAMS), "}", ""]
    return Response("\n".join(lines), mimetype="text/css", headers={"Cache-Control": "no-cache"})


@pages.get("/fonts/OFL.txt")
def font_licence():
    return send_file(FONTS_DIR / "OFL.txt", mimetype="text/plain; charset=utf-8", max_age=ONE_DAY)


@pages.get("/fonts/<role>.ttf")
def font(role: str):
    """A theme font by its role (sans, sans_bold, serif, serif_bold): as bundled, or as a browser-safe web copy."""
    from generator.read.theme import theme
    from generator.server.webfont import needs_web_copy, web_copy

    fonts = theme().fonts
    if role not in fonts:
        abort(404)
    path = FONTS_DIR / fonts[role].file
    if not needs_web_copy(path):
        return send_file(path, mimetype="font/ttf", max_age=ONE_DAY)
    family, _, style = role.partition("_")
    data = web_copy(path, f"botc-pnp {family.title()}", "Bold" if style == "bold" else "Regular")
    response = Response(data, mimetype="font/ttf")
    response.cache_control.max_age = ONE_DAY
    return response


@pages.get("/icons/<character_id>")
def icon(character_id: str):
    from generator.pipeline.library import icon_file

    library = warm().loaded().library
    character = library.characters.get(character_id)  # only ids of the library: the request picks, never names, a file
    if character is None:
        abort(404)
    path = icon_file(character, library.content_dir)
    if path is None or path.suffix.lower() not in ICON_TYPES or not path.is_file():
        abort(404)
    return send_file(path, mimetype=ICON_TYPES[path.suffix.lower()], max_age=ONE_DAY)


@pages.get("/credits")
def credits():
    path = warm().loaded().library.content_dir / "icons" / "CREDITS.md"
    if not path.is_file():
        abort(404)
    return send_file(path, mimetype="text/plain; charset=utf-8")
