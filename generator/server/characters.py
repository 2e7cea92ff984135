"""HTTP requests of the character editor → a checked homebrew character, its previews and its icon.

POST /api/character/check                    the edited character as a publisher object and extras, its id (given or
                                             suggested), the findings about it by field, the night places to pick
POST /api/character/preview?document=&…      its token (tokens), sheet row (script_sheet) or night-card line
                                             (night_card) as PNG, rendered by the documents the print uses
POST /api/character/icon                     an uploaded icon checked as every icon is, optionally recoloured to the
                                             team colour: {"icon": data: address, "team": …, "recolour": true}
Bodies are the page's envelope (requests.py) plus `character` (editor.py) and `icon`; same-origin, JSON and size
rules as every route (guard.py, requests.py).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass

from flask import Blueprint, Response, current_app, jsonify, request

from generator.limits import MAX_ID_LENGTH
from generator.server import editor
from generator.server.errors import ApiError, message, refuse
from generator.server.games import game_from_request
from generator.server.requests import script_request, uploaded_image

characters = Blueprint("characters", __name__, url_prefix="/api/character")
PREVIEW_DOCUMENTS = ("tokens", "script_sheet", "night_card")
# the part of the first page a preview shows: the first row of tokens, the sheet's row, the night card's lines (not
# the legend and footer at the page's foot)
PREVIEW_TOP = {"tokens": 0.35, "script_sheet": 0.4, "night_card": 0.5}
PREVIEW_DPI = 96  # CSS pixels: a token drawn at 96 pixels an inch shows at print size on a screen that keeps to it
RECOLOUR_ALPHA_BELOW = 250  # a picture with this much transparency is recoloured by its alpha, else by its darkness


def warm():
    return current_app.extensions["botc"]["warm"]


@dataclass
class Edited:
    character_id: str
    item: dict
    extras: dict
    envelope: dict
    icon: str | None
    game: object
    report: object
    base_game: object
    id_problem: str | None
    places: dict | None = None  # night → the step the opened character wakes after (keep_places)


def body_json() -> dict:
    from generator.server.requests import json_body

    data = json_body(request.get_data(cache=False), "editor_not_json")
    if not isinstance(data, dict) or "character" not in data:
        raise refuse(400, "editor_not_json")
    return data


def checked_icon(value) -> tuple[str | None, bytes | None]:
    """The `icon` sent (a data: address) and its bytes, refused in Korean when it is no picture we can print."""
    from generator.pipeline.library import checked_upload

    if value in (None, ""):
        return None, None
    data = uploaded_image({"icon": value}, "icon")
    reason = checked_upload(data, "icon")
    if reason is not None:
        raise refuse(400, "icon_refused", reason=reason)
    return value, data


def edited(data: dict | None = None) -> Edited:
    """The request's character put into its script, loaded and checked as `validate` checks a script."""
    data = data if data is not None else body_json()
    fields = editor.read_fields(data.pop("character"))
    icon, _bytes = checked_icon(data.pop("icon", None))
    keep_places = data.pop("keep_places", False) is True
    name = request.args.get("name")
    loaded = warm().loaded()
    places = None
    if keep_places and fields["editing"]:  # opened from the script: its night places as the script prints them now
        whole, _whole_report = game_from_request(
            loaded, script_request(json.dumps(data, ensure_ascii=False).encode(), name)
        )
        places = editor.current_places(whole, fields["editing"]) if whole is not None else None
        for night, keys in editor.NIGHT_FIELDS.items():
            fields.text[keys[0]] = (places or {}).get(night, "")
    rest, at = editor.split_script(data, fields["editing"])
    base_game, base_report = game_from_request(
        loaded, script_request(json.dumps(rest, ensure_ascii=False).encode(), name)
    )
    if base_game is None or base_report.unreadable:
        raise refuse(400, "unreadable", base_report.findings)
    taken = set(loaded.library.characters) | set(base_game.script.character_ids) | set(loaded.library.fixed_steps)
    suggested = (
        fields["editing"]
        if fields["editing"] and fields["editing"] not in taken
        else editor.suggested_id(fields["name"], taken)
    )
    character_id, id_problem = fields["id"] or suggested, None
    if fields["id"] and not editor.ID_SHAPE.fullmatch(fields["id"]):
        id_problem = message("editor_id_shape", id=fields["id"][:60], limit=MAX_ID_LENGTH)
    elif fields["id"] in taken:
        known = loaded.library.characters.get(fields["id"]) or next(
            (c for c in base_game.listed if c.id == fields["id"]), None
        )
        id_problem = message("editor_id_taken", id=fields["id"], name=known.name if known else fields["id"])
    if id_problem:
        character_id = suggested
    item = editor.character_object(fields, character_id, base_game)
    extras = editor.character_extras(fields)
    envelope = editor.with_character(rest, at, item, extras, icon, fields)
    game, report = game_from_request(
        loaded,
        script_request(json.dumps(envelope, ensure_ascii=False).encode(), name),
        prepare=editor.mark_fields(character_id),
    )
    if game is None or report.unreadable:
        raise refuse(400, "unreadable", report.findings)
    return Edited(character_id, item, extras, envelope, icon, game, report, base_game, id_problem, places)


@characters.post("/check")
def check():
    from generator.server.tables import jinx_list, night_lists

    found = edited()
    by_field = editor.findings_by_field(found.report, found.character_id, found.item["name"])
    if found.id_problem:
        by_field.setdefault("id", []).insert(
            0, {"level": "error", "code": "bad-id", "kind": "쓸 수 없는 id", "message": found.id_problem}
        )
    counted = [f for items in by_field.values() for f in items]
    meta = next(item for item in found.envelope["script"] if isinstance(item, dict) and item.get("id") == "_meta")
    return jsonify(
        {
            "id": found.character_id,
            "object": found.item,
            "extras": found.extras,
            "meta": meta,
            "findings": by_field,
            "errors": sum(1 for f in counted if f["level"] == "error"),
            "warnings": sum(1 for f in counted if f["level"] == "warning"),
            "choices": editor.night_choices(found.base_game),
            "characters": [{"id": c.id, "name": c.name, "team": c.team} for c in found.base_game.listed],
            "nights": night_lists(found.game),
            "jinxes": jinx_list(found.game),
            "places": found.places,
        }
    )


@characters.post("/preview")
def preview():
    from generator.server.options import render_options
    from generator.server.render import render

    document = request.args.get("document", "tokens")
    if document not in PREVIEW_DOCUMENTS:
        raise refuse(400, "bad_documents", names=document[:40], known=", ".join(PREVIEW_DOCUMENTS))
    found = edited()
    options = render_options(request.args)
    if document == "tokens":
        import dataclasses

        game = found.game
        options = dataclasses.replace(options, only=(found.character_id,), extras=False)
    else:  # the character alone: its row of the sheet, its line of the night card
        meta = next(item for item in found.envelope["script"] if isinstance(item, dict) and item.get("id") == "_meta")
        alone = {"script": [meta, found.item], **({"icons": {found.character_id: found.icon}} if found.icon else {})}
        game, _report = game_from_request(
            warm().loaded(), script_request(json.dumps(alone, ensure_ascii=False).encode())
        )
        if game is None:
            raise ApiError(400, message("unreadable"))
    files = render(warm(), game, options, [document])
    with warm().render_lock:
        png = cropped_png(files[0][1], PREVIEW_TOP[document])
    return Response(png, mimetype="image/png", headers={"Cache-Control": "no-store"})


def cropped_png(pdf: bytes, top: float) -> bytes:
    """The first page at PREVIEW_DPI, its `top` part cut to what is drawn there (with a small margin)."""
    import pypdfium2
    from PIL import Image, ImageChops

    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=PREVIEW_DPI / 72).to_pil().convert("RGB")
        image = image.crop((0, 0, image.width, int(image.height * top)))
    finally:
        document.close()
    box = ImageChops.difference(image, Image.new("RGB", image.size, "white")).getbbox()
    if box:
        margin = 6
        image = image.crop(
            (
                max(box[0] - margin, 0),
                max(box[1] - margin, 0),
                min(box[2] + margin, image.width),
                min(box[3] + margin, image.height),
            )
        )
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


@characters.post("/icon")
def icon():
    """An uploaded picture → checked; with recolour, a PNG or JPEG becomes the team colour in its shape (an SVG is
    drawn in the team colour by the print itself)."""
    import base64

    from generator.read.theme import team_color

    data = icon_body()
    value, raw = checked_icon(data.get("icon"))
    if raw is None:
        raise refuse(400, "icon_refused", reason=message("icon_none"))
    team = data.get("team") if data.get("team") in editor.TEAMS else "townsfolk"
    svg = not (raw.startswith(b"\x89PNG") or raw.startswith(b"\xff\xd8\xff"))
    if data.get("recolour") is True and not svg:
        raw = recoloured(raw, team_color(team))
        value = "data:image/png;base64," + base64.b64encode(raw).decode("ascii")
    return jsonify({"icon": value, "kind": "svg" if svg else "png", "bytes": len(raw), "colour": team_color(team)})


def icon_body() -> dict:
    from generator.server.requests import json_body

    data = json_body(request.get_data(cache=False), "editor_not_json")
    if not isinstance(data, dict):
        raise refuse(400, "editor_not_json")
    return data


def recoloured(data: bytes, colour: str) -> bytes:
    """The picture's shape in one colour: its opaque parts (or, for a picture without transparency, its dark parts),
    at the size the documents print it (art.icons.shrunk_to_icon_size). One colour in 256 strengths of opacity is a
    palette PNG of one byte a pixel, at most ICON_RASTER_PX² bytes before compression: the answer always fits what an
    upload may be (MAX_UPLOADED_IMAGE_BYTES), whatever picture was sent."""
    from PIL import Image, ImageColor, ImageOps

    from generator.pipeline.library import shrunk_to_icon_size

    with Image.open(io.BytesIO(data)) as picture:  # already checked by icon_from_bytes: size, pixels, bytes
        rgba = shrunk_to_icon_size(picture.convert("RGBA"))
    alpha = rgba.getchannel("A")
    if alpha.getextrema()[0] >= RECOLOUR_ALPHA_BELOW:  # no transparency: dark lines on a light ground
        alpha = ImageOps.invert(rgba.convert("L"))
    shape = Image.frombytes("P", alpha.size, alpha.tobytes())  # palette entry n: the colour at opacity n
    shape.putpalette(list(ImageColor.getrgb(colour)) * 256)
    out = io.BytesIO()
    shape.save(out, format="PNG", transparency=bytes(range(256)), compress_level=9)
    return out.getvalue()
