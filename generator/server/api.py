"""HTTP requests under /api → JSON, zip, PDF or PNG answers, each made by the engine the CLI uses.

GET  /api/characters?q=&team=&edition=   the library, searched as `botc-pnp characters` searches it
POST /api/validate                       findings (as `validate --json` prints them, each with a Korean `kind`), setup
                                         table, script state, jinxes, characters printed unlisted (the Djinn), nights,
                                         and the script-design advice (`validate --advice`)
POST /api/build?documents=&force=&…      the kit (or the chosen documents) as a zip, as `build` makes it
POST /api/document/<module>?…            one document: its PDF (a zip when it makes several files)
POST /api/export                         the publisher JSON (`export-json`)
POST /api/preview?paper=                 the player sheet's first page as PNG
GET  /api/scripts, /api/scripts/<source>/<name>   bundled and workspace scripts, and one script's state
POST /api/save?name=&overwrite=          the script as YAML in the workspace; with homebrew characters, a content folder
                                         there (server/keeping.py)
POST /api/export-zip                     the publisher JSON and the homebrew characters' icon files, as a zip
POST /api/open-zip                       that zip again ({"zip": "data:application/zip;base64,…"}): /validate's answer
                                         for its JSON, and the icons it holds as data: addresses (server/zips.py)
Script bodies are publisher JSON, or the page's envelope (see requests.py); `name=` names the script everywhere.
"""

from __future__ import annotations

from urllib.parse import quote

from flask import Blueprint, Response, current_app, jsonify, request

from generator.server import tables
from generator.server.errors import ApiError, refuse
from generator.server.games import game_from_file, game_from_request
from generator.server.requests import script_name, script_request

api = Blueprint("api", __name__, url_prefix="/api")


def warm():
    return current_app.extensions["botc"]["warm"]


def workspace():
    return current_app.extensions["botc"]["workspace"]


def flag(name: str) -> bool:
    return request.args.get(name, "").strip().lower() in ("1", "true", "on", "yes")


def requested_game(body: bytes | None = None):
    """The body's script (or `body`, made from it), loaded and checked; unreadable input is a 400 carrying the CLI's
    findings."""
    script = script_request(request.get_data(cache=False) if body is None else body, request.args.get("name"))
    game, report = game_from_request(warm().loaded(), script, names=requested_naming())
    if game is None or report.unreadable:
        raise refuse(400, "unreadable", report.findings)
    return game, report, script


def requested_naming() -> str:
    """names= of the query (the build flag --names): whose names the characters print under, checked with the game."""
    from generator.options import OptionError, check_naming

    try:
        return check_naming(request.args.get("names"))
    except OptionError as refused:
        raise ApiError(400, f"{refused.flag}: {refused.message}") from None


def printable_game(refused_key: str, force: bool | None = None):
    """The game, when the pipeline lets it be turned into output (pipeline/printing.py): a refusal becomes a 422 in
    the page's words; the page may offer to make it anyway when the reason is errors."""
    from generator.pipeline.printing import NO_CHARACTERS, refusal
    from generator.server.errors import message

    game, report, script = requested_game()
    refused = refusal(game, report, flag("force") if force is None else force)
    if refused is not None:
        if refused.reason == NO_CHARACTERS:
            text = message("no_characters", what=message(refused_key))
        else:
            text = message("has_errors", count=refused.errors, what=message(refused_key))
        raise ApiError(422, text, report.findings, reason=refused.reason)
    return game, report, script


def download(data: bytes, mimetype: str, filename: str, findings=()) -> Response:
    response = Response(data, mimetype=mimetype)
    plain = filename if filename.isascii() else "botc-pnp" + filename[filename.rfind(".") :]
    response.headers["Content-Disposition"] = f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename)}"
    if findings:
        # rendering warnings (a text shrunk to the limit, an unusable icon): the page lists them
        response.headers["X-Botc-Findings"] = tables.findings_header(findings)
    return response


@api.get("/characters")
def characters():
    from generator.pipeline.library import EDITION_HELP, TEAM_HELP, edition_of, search_characters, team_of

    try:
        team = team_of(request.args.get("team"))
    except ValueError:
        raise refuse(400, "bad_team", value=request.args.get("team", "")[:40], help=TEAM_HELP) from None
    try:
        edition = edition_of(request.args.get("edition"))
    except ValueError:
        raise refuse(400, "bad_edition", value=request.args.get("edition", "")[:40], help=EDITION_HELP) from None
    library = warm().loaded().library
    found = search_characters(library.characters.values(), request.args.get("q"), team, edition)
    return jsonify(tables.library_entries(found, library))


@api.post("/validate")
def validate():
    return jsonify(checked_answer(*requested_game()))


@api.post("/open-zip")
def open_zip():
    """A zip of the page's export (the JSON and its icons/) → what /validate answers for the JSON, and the icons."""
    import json

    from generator.server.zips import envelope_from_zip, zip_bytes_of

    envelope = envelope_from_zip(zip_bytes_of(request.get_data(cache=False)))
    answer = checked_answer(*requested_game(json.dumps(envelope, ensure_ascii=False).encode("utf-8")))
    answer["icons"] = envelope["icons"]
    return jsonify(answer)


def checked_answer(game, report, script) -> dict:
    """What the page draws after a check: findings, setup, the script as read, jinxes, nights and advice."""
    return {
        "findings": tables.findings_json(report),
        "errors": len(report.errors),
        "warnings": len(report.warnings),
        "setup": tables.setup_table(game),
        "script": tables.script_state(
            game, script.meta, tables.written_ids(script.text), tables.guessed_places(report, script.text)
        ),
        "left_out": tables.left_out(script.text, game, warm().loaded().lookup),
        "jinxes": tables.jinx_list(game),
        "added": tables.added_characters(game),
        "nights": tables.night_lists(game),
        "advice": tables.advice_list(game),
    }


def chosen_documents() -> list[str]:
    from generator.server.render import document_names

    known = document_names()
    wanted = [name.strip() for value in request.args.getlist("documents") for name in value.split(",") if name.strip()]
    unknown = [name for name in wanted if name not in known]
    if unknown:
        raise refuse(400, "bad_documents", names=", ".join(n[:40] for n in unknown), known=", ".join(known))
    return [name for name in known if name in wanted] if wanted else known


def rendered(modules: list[str]):
    from generator.server.options import render_options
    from generator.server.render import render

    options = render_options(request.args)
    game, _report, script = printable_game("refused_documents")
    token_choices(game, options)
    files = render(warm(), game, options, modules)
    return files, options.report.findings, script


def token_choices(game, options) -> None:
    """only= and copies= name characters of this script, as `build` checks them: else a 400 with a suggestion."""
    from generator.pipeline.printing import resolve_token_choices

    problems = resolve_token_choices(game, options)
    if problems:
        flags = "/".join(dict.fromkeys(flag for flag, _ in problems))
        raise ApiError(400, f"{flags}: " + " ".join(text for _, text in problems))


@api.post("/build")
def build():
    from generator.pipeline.output import kit_folder_name
    from generator.server.render import zip_bytes

    files, findings, script = rendered(chosen_documents())
    return download(zip_bytes(kit_folder_name(script.name), files), "application/zip", f"{script.name}.zip", findings)


@api.post("/document/<module>")
def document(module: str):
    from generator.server.render import document_names, zip_bytes

    if module not in document_names():
        raise refuse(404, "bad_documents", names=module[:40], known=", ".join(document_names()))
    files, findings, script = rendered([module])
    if len(files) == 1:
        name, data = files[0]
        kind = "application/pdf" if name.endswith(".pdf") else "application/octet-stream"
        return download(
            data, kind, f"{script.name}-{name}", findings
        )  # 'my-script-script.pdf': several scripts' files apart
    return download(zip_bytes(script.name, files), "application/zip", f"{script.name}-{module}.zip", findings)


@api.post("/export")
def export():
    from generator.findings import Report
    from generator.pipeline.exchange import export_json

    game, _report, script = printable_game("refused_export")
    export_report = Report()
    data = export_json(game, export_report)
    if export_report.errors:  # the script's own content does not fit the format (forced past its errors)
        raise refuse(422, "export_invalid", export_report.findings)
    return download(data, "application/json", f"{script.name}.json", export_report.findings)


@api.post("/preview")
def preview():
    from generator.server.options import render_options
    from generator.server.render import sheet_preview

    options = render_options(request.args)
    game, _report, _script = printable_game("refused_preview", force=True)  # a preview shows a script with errors
    png = sheet_preview(warm(), game, options)
    return Response(png, mimetype="image/png", headers={"Cache-Control": "no-store"})


@api.get("/scripts")
def scripts():
    return jsonify(workspace().listing())


@api.get("/scripts/<source>/<name>")
def script(source: str, name: str):
    path = workspace().path_of(source, name)
    game, report = game_from_file(warm().loaded(), path)
    if game is None or report.unreadable:
        raise refuse(400, "unreadable", report.findings)
    return jsonify({"name": name, "source": source, "script": tables.script_state(game)})


@api.post("/save")
def save():
    from generator.pipeline.output import display_path

    name = script_name(request.args.get("name"))
    game, _report, _script = requested_game()
    if any(c.custom for c in game.listed):
        from generator.server.keeping import save_content

        path, command = save_content(workspace(), game, name, flag("overwrite"))
        return jsonify(
            {"path": display_path(path), "command": command, "content": display_path(path.parent.parent)}
        ), 201
    path = workspace().save(game, name, flag("overwrite"))
    return jsonify({"path": display_path(path), "command": workspace().build_command(path)}), 201


@api.post("/export-zip")
def export_zip():
    from generator.findings import Report
    from generator.server.keeping import export_zip as zipped

    game, _report, script = printable_game("refused_export")
    export_report = Report()
    data = zipped(game, script.name, export_report)
    if export_report.errors:
        raise refuse(422, "export_invalid", export_report.findings)
    return download(data, "application/zip", f"{script.name}.zip", export_report.findings)
