"""The local web app behind `botc-pnp serve`: a browser's requests → the engine the CLI runs → JSON, PDF, zip, PNG.

One module per concern: warm (the content folder kept loaded, reloaded when it changes; the render lock),
requests (a body and query → script text and extras), games (→ a checked Game), tables (→ JSON for the page),
options (→ RenderOptions, from the CLI's own flags), render (→ PDF, zip, PNG), scripts (bundled and workspace
scripts, saving YAML), api and pages (routes), errors (Korean 4xx/5xx answers), guard (who may ask: Host, Origin,
content type; security headers), connections (waitress and its limits), run (the HTTP server itself).
Flask is imported only here and below, so the other commands never pay for it.
"""

from __future__ import annotations

from pathlib import Path

from generator import TEMPLATES_DIR

WEB_DIR = TEMPLATES_DIR / "web"


def create_app(content_dir: Path | None = None, workspace: Path | None = None, debug: bool = False):
    """The Flask app for a content folder and a workspace folder (default ./scripts)."""
    import mimetypes

    from flask import Flask

    from generator.server import errors
    from generator.server.api import api
    from generator.server.characters import characters
    from generator.server.pages import pages
    from generator.server.requests import MAX_BODY_BYTES
    from generator.server.scripts import Workspace
    from generator.server.warm import Warm

    # the page's scripts are ES modules, which a browser runs only when served as JavaScript; some systems' MIME
    # tables (the Windows registry) say otherwise for .js
    mimetypes.add_type("text/javascript", ".js")
    app = Flask(
        __name__, root_path=str(WEB_DIR), template_folder=".", static_folder="static", static_url_path="/static"
    )
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    app.config["BOTC_DEBUG"] = debug
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    warm = Warm(content_dir)
    folder = Workspace(Path(workspace or "scripts"), warm.content_dir)
    folder.remove_stale_temporaries()
    app.extensions["botc"] = {"warm": warm, "workspace": folder}
    app.register_blueprint(pages)
    app.register_blueprint(api)
    app.register_blueprint(characters)
    errors.register(app)
    return app
