"""Icon files → Icons (reportlab vector drawings, or PNGs shrunk once), checked and found for each character
(converted SVGs are kept in the user's cache: generator.keep.iconcache). Drawing them is generator.art.icon_drawing."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.art.icon_checks import (
    BAD_NUMBERS,
    TOO_COMPLEX,
    drawing_verdict,
    svg_external_reference,
    svg_holds_picture,
    svg_source_too_complex,
)
from generator.caches import kept
from generator.disk import NotReadable, read_capped
from generator.keep.patterns import compiled
from generator.limits import ICON_RASTER_PX, MAX_ICON_BYTES, MAX_PNG_PIXELS, MAX_SVG_ELEMENTS, MAX_SVG_POINTS
from generator.read.local_images import LOGO_FILE_HINT, LOGO_PAGE_HINT, NotRead, script_file
from generator.read.local_images import inside as _inside

# An icon is printed at most a few centimetres wide: a larger file is a mistake or a bomb, refused before decoding
# (limits in generator/limits.py). What is accepted is cheap to draw: PNGs are shrunk once to ICON_RASTER_PX, SVGs
# are checked for numbers a PDF cannot hold and for complexity (generator/art/icon_checks.py).

ICON_SUFFIXES = (".svg", ".png")
_SAFE_ID = compiled(r"^[A-Za-z0-9_\-]+$")

_CACHE: dict[str, tuple[Icon | None, IconProblem | None]] = kept({})


@dataclass(frozen=True)
class IconProblem:
    """A warning about an icon that could not be used; the placeholder is drawn instead."""

    path: str
    message_ko: str
    code: str = "icon-unreadable"


@dataclass
class Icon:
    """A parsed icon: an SVG as a reportlab Drawing, or a decoded PNG."""

    path: Path
    kind: str  # "svg" or "png"
    width: float
    height: float
    drawing: Any = None  # reportlab.graphics.shapes.Drawing for SVG
    image: Any = None  # PIL.Image.Image (RGBA) for PNG
    _fill_shapes: list = field(default_factory=list, repr=False)
    _stroke_shapes: list = field(default_factory=list, repr=False)
    # the PDF operators of this SVG drawn in a colour (hex), the fonts they name and the PDF features they need, for a
    # later document's form (icon_drawing._icon_form)
    _drawn: dict = field(default_factory=dict, repr=False)


def _display(path: Path | str) -> str:
    """Path as the user would type it: relative to the working directory when possible."""
    p = Path(path)
    try:
        return os.path.relpath(p)
    except ValueError:
        return str(p)


def resolve_icon_path(
    character_id: str,
    icon_field: str | None,
    content_dir: Path,
    user_icons_dir: Path | None,
    problems: list[IconProblem] | None = None,
    image: str | None = None,
    image_base: str | None = None,
    by_id: bool = True,
) -> Path | None:
    """Where a character's icon lives: the user's `<id>.svg`/`<id>.png` first, else content/icons/<icon_field>.

    A JSON character's `image` comes next: a file path beside the script (see homebrew_image_path).
    With no icon field, `content/icons/<id>.svg` or `<id>.png` is used when it exists. A field that escapes the icons
    folder (`../../x`) is refused: None is returned and an IconProblem is appended to `problems`.
    A path that is allowed but missing is returned as is; load_icon_checked reports it. `by_id` false: no file is
    looked for under the id in the content folder (a script's homebrew that reuses a library id is not drawn with the
    library character's picture).
    """
    if user_icons_dir is not None and _SAFE_ID.match(character_id or ""):
        for suffix in ICON_SUFFIXES:
            candidate = Path(user_icons_dir) / f"{character_id}{suffix}"
            if os.path.lexists(candidate) and _inside(candidate, Path(user_icons_dir)):
                return candidate
    if image:
        return homebrew_image_path(character_id, image, image_base, problems)
    icons_dir = Path(content_dir) / "icons"
    if not icon_field:
        if by_id and _SAFE_ID.match(character_id or ""):
            for suffix in ICON_SUFFIXES:  # the content folder takes <id>.svg or <id>.png, like --icons
                default = icons_dir / f"{character_id}{suffix}"
                if os.path.lexists(default):
                    return default
        return None
    candidate = icons_dir / icon_field
    if Path(icon_field).is_absolute() or not _inside(candidate, icons_dir):
        if problems is not None:
            problems.append(
                IconProblem(
                    icon_field,
                    f"아이콘 경로가 아이콘 폴더({_display(icons_dir)}) 밖을 가리킵니다: {icon_field}. "
                    "자리표시 아이콘으로 대신 그립니다.",
                    "icon-path-escapes",
                )
            )
        return None
    return candidate


def homebrew_image_path(
    character_id: str, image: str, base: str | None, problems: list[IconProblem] | None
) -> Path | None:
    """A JSON character's `image` → the local file it names, by the rule every picture a script names follows
    (generator.read.local_images): a URL is never fetched, a path is read only inside the script's folder, and a script
    sent over HTTP names no file at all. None, and one problem saying what works instead, when it is not read."""
    instead = (
        f"자리표시 아이콘으로 인쇄합니다. --icons 폴더에 {character_id}.svg나 {character_id}.png를 넣거나, image에 "
        f"스크립트 옆의 파일 경로(예: icons/{character_id}.png)를 쓰세요."
    )
    try:
        return script_file(image, base, "image", instead)
    except NotRead as refused:
        if problems is not None:
            problems.append(IconProblem(image[:80], refused.message, refused.code))
        return None


def load_icon(path: Path | str | None) -> Icon | None:
    """Parse an SVG or PNG icon (cached per path); None when it cannot be used."""
    return load_icon_checked(path)[0]


def load_icon_checked(path: Path | str | None) -> tuple[Icon | None, IconProblem | None]:
    """Parse an icon file, returning (icon, None) or (None, problem). Never raises for bad files."""
    if path is None:
        return None, None
    path = Path(path)
    try:
        key = str(path.resolve())
    except (OSError, RuntimeError):  # a link loop: reading it reports the problem
        key = os.path.abspath(path)
    if key not in _CACHE:
        _CACHE[key] = _load_uncached(path)
    return _CACHE[key]


def clear_cache() -> None:
    _CACHE.clear()


def _problem(path: Path, what: str, code: str) -> IconProblem:
    return IconProblem(
        _display(path), f"아이콘 파일을 {what}: {_display(path)}. 자리표시 아이콘으로 대신 그립니다.", code
    )


def _load_uncached(path: Path) -> tuple[Icon | None, IconProblem | None]:
    try:
        data = read_capped(path, MAX_ICON_BYTES)
    except NotReadable as problem:
        if problem.code == "file-missing":
            return None, _problem(path, "찾을 수 없습니다", "icon-missing")
        if problem.code == "file-too-big":
            return None, _problem(path, f"쓰기에는 너무 큽니다 (최대 {MAX_ICON_BYTES // 1024} KB)", "icon-too-large")
        return None, _problem(path, f"읽을 수 없습니다 ({problem.message})", "icon-unreadable")
    return _decoded(path, data, svg_by_name=True)


def icon_from_bytes(data: bytes, name: str) -> tuple[Icon | None, IconProblem | None]:
    """A picture sent as bytes (an upload: never a path) → (icon, None) or (None, problem), by the same limits and
    checks as a file: PNG, JPEG or SVG, told apart by their first bytes. `name` only names it in messages."""
    if len(data) > MAX_ICON_BYTES:
        return None, _problem(Path(name), f"쓰기에는 너무 큽니다 (최대 {MAX_ICON_BYTES // 1024} KB)", "icon-too-large")
    return _decoded(Path(name), data, svg_by_name=False)


# An SVG icon is drawn as shapes in the team's ink. A picture inside one (<image>) would keep its own colours, and
# svglib would decode it outside the checks every PNG and JPEG passes (size, pixels, bytes) or follow its link to a
# file: it is refused before svglib reads the SVG, and the picture itself can be used as the icon instead.
SVG_PICTURE_REASON = (
    "SVG 안에 PNG나 JPEG 같은 그림(<image>)이 들어 있습니다. 아이콘은 팀 색으로 칠하는 도형으로만 그립니다. "
    "그 그림을 PNG나 JPEG 파일로 바로 쓰세요"
)


def _is_svg_text(head: bytes) -> bool:
    text_head = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return any(text_head.startswith(mark) for mark in (b"<?xml", b"<svg", b"<!--", b"<!doctype"))


def _decoded(path: Path, data: bytes, svg_by_name: bool) -> tuple[Icon | None, IconProblem | None]:
    """PNG and JPEG by their signature; SVG by its text (and, for a file, its .svg name)."""
    head = data[:512]
    if head.startswith(b"\x89PNG\r\n\x1a\n") or head.startswith(b"\xff\xd8\xff"):
        return _load_png(path, data)
    if _is_svg_text(head) and (path.suffix.lower() == ".svg" or not svg_by_name):
        if not svg_by_name and svg_external_reference(data):  # an upload may name nothing outside itself
            return None, _problem(path, "쓸 수 없습니다 (SVG가 바깥의 파일이나 주소를 가리킵니다)", "icon-svg-external")
        return _load_svg(path, data)
    return None, _problem(path, "읽을 수 없습니다 (SVG, PNG 또는 JPEG만 사용할 수 있습니다)", "icon-not-image")


def _load_svg(path: Path, data: bytes) -> tuple[Icon | None, IconProblem | None]:
    from generator.keep.iconcache import cached_drawing, store_drawing

    drawing = cached_drawing(data)  # these very bytes were converted and accepted before: no svglib, no checks
    if drawing is not None:
        return _svg_icon(path, drawing)
    icon, problem = _convert_svg(path, data)
    if icon is not None:
        store_drawing(data, icon.drawing)
    return icon, problem


def _svg_icon(path: Path, drawing) -> tuple[Icon | None, IconProblem | None]:
    fills: list = []
    strokes: list = []
    _collect_coloured(drawing, fills, strokes)
    if not fills and not strokes:
        return None, _problem(path, "쓸 수 없습니다 (그림이 비어 있습니다)", "icon-empty")
    icon = Icon(path, "svg", float(drawing.width), float(drawing.height), drawing=drawing)
    icon._fill_shapes = fills
    icon._stroke_shapes = strokes
    return icon, None


def _convert_svg(path: Path, data: bytes) -> tuple[Icon | None, IconProblem | None]:
    import io
    import logging

    from svglib import svglib

    if svg_source_too_complex(data):
        return None, _too_complex(path)
    if svg_holds_picture(data):  # here, not before the cache: bytes kept in the cache were converted and accepted
        return None, _problem(path, f"쓸 수 없습니다 ({SVG_PICTURE_REASON})", "icon-svg-picture")
    # svglib logs parse errors itself; the caller gets one Korean warning instead. The SVG is parsed from the bytes
    # read above, so it cannot pull in other files, and it holds no picture for svglib to decode (_decoded refused
    # any <image> and data: link before this).
    log = logging.getLogger("svglib.svglib")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        drawing = svglib.svg2rlg(io.BytesIO(data))
    except Exception:  # svglib raises a variety of errors on malformed input
        drawing = None
    finally:
        log.setLevel(level)
    if drawing is None or not drawing.width or not drawing.height:
        return None, _problem(path, "읽을 수 없습니다 (SVG 형식이 올바르지 않습니다)", "icon-bad-svg")
    verdict = drawing_verdict(drawing)
    if verdict == BAD_NUMBERS:
        return None, _problem(
            path,
            "쓸 수 없습니다 (크기나 좌표에 무한대, NaN 또는 PDF에 쓸 수 없을 만큼 큰 수가 있습니다)",
            "icon-bad-numbers",
        )
    if verdict == TOO_COMPLEX:
        return None, _too_complex(path)
    return _svg_icon(path, drawing)


def _too_complex(path: Path) -> IconProblem:
    return _problem(
        path,
        f"쓰기에는 너무 복잡합니다 (요소 {MAX_SVG_ELEMENTS:,}개, 좌표 숫자 {MAX_SVG_POINTS:,}개까지 씁니다)",
        "icon-too-complex",
    )


def _collect_coloured(node: Any, fills: list, strokes: list) -> None:
    for child in getattr(node, "contents", None) or []:
        _collect_coloured(child, fills, strokes)
    if hasattr(node, "contents"):
        return
    if getattr(node, "fillColor", None) is not None:
        fills.append(node)
    if getattr(node, "strokeColor", None) is not None and getattr(node, "strokeWidth", 0):
        strokes.append(node)


def shrunk_to_icon_size(picture):
    """A PIL picture at most ICON_RASTER_PX on its long side, the size the documents embed: shrunk once by a whole
    factor (area averaging is fast and right for shrinking), or as it is when it is small enough."""
    factor = -(-max(picture.size) // ICON_RASTER_PX)
    return picture.reduce(factor) if factor > 1 else picture


def _load_png(path: Path, data: bytes) -> tuple[Icon | None, IconProblem | None]:
    import io

    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as im:
            width, height = im.size
            if width <= 0 or height <= 0 or width * height > MAX_PNG_PIXELS:
                return None, _problem(
                    path,
                    f"쓰기에는 너무 큽니다 ({width}×{height} 픽셀, 최대 {MAX_PNG_PIXELS:,} 픽셀)",
                    "icon-too-large",
                )
            im.load()
            rgba = shrunk_to_icon_size(im.convert("RGBA"))
    except Image.DecompressionBombError:
        return None, _problem(path, "쓰기에는 너무 큽니다 (압축 폭탄으로 보입니다)", "icon-too-large")
    except (OSError, ValueError, SyntaxError):
        return None, _problem(path, "읽을 수 없습니다 (그림 파일이 잘렸거나 손상되었습니다)", "icon-bad-png")
    return Icon(path, "png", float(width), float(height), image=rgba), None


def missing_icon_message(character: Any) -> str:
    """What to do about a character with no icon anywhere: a JSON character has no `icon` field (the publisher's
    schema refuses it), so it is told about --icons and a local `image` path."""
    if getattr(character, "custom", False):
        return (
            f"아이콘이 없어 자리표시 아이콘으로 인쇄합니다. --icons 폴더에 {character.id}.svg나 {character.id}.png를 넣거나, "
            f"스크립트 JSON의 image에 스크립트 옆의 파일 경로(예: icons/{character.id}.png)를 쓰세요."
        )
    return (
        f"아이콘이 지정되지 않았고 아이콘 폴더에 {character.id}.svg나 {character.id}.png도 없습니다. 자리표시 아이콘으로 "
        "인쇄합니다. icon 항목에 파일 이름을 쓰거나 그 이름의 파일을 넣어 주세요."
    )


def character_icon(character: Any, game: Any, options: Any) -> Icon | None:
    """The icon to draw for a character in this build; every problem becomes one warning in options.report. It is
    looked for once per run (options.icons_found), however many documents draw it."""
    found = options.icons_found.get(character.id)
    if found is not None and found[0] is character and found[1] is game:
        return found[2]
    icon = _character_icon(character, game, options)
    options.icons_found[character.id] = (character, game, icon)
    return icon


def _character_icon(character: Any, game: Any, options: Any) -> Icon | None:
    problems: list[IconProblem] = []
    uploaded = getattr(character, "icon_data", None) is not None  # in the page's editor: the picture itself, no path
    if uploaded:
        icon, problem = icon_from_bytes(character.icon_data, f"{character.id}-icon")
    else:
        path = resolve_icon_path(
            character.id,
            character.icon,
            Path(game.library.content_dir),
            options.icons_dir,
            problems,
            character.image,
            character.image_base,
            by_id=not reuses_library_id(character, game),
        )
        icon, problem = load_icon_checked(path)
    if problem is not None:
        problems.append(problem)
    if not uploaded and path is None and not problems:
        problems.append(IconProblem(f"{character.id}.svg", missing_icon_message(character), "icon-missing"))
    for found in problems:
        already = any(f.code == found.code and f.subject == character.id for f in options.report.findings)
        if not already:
            options.report.warning(
                found.code, f"{character.name}: {found.message_ko}", subject=character.id, where=found.path
            )
    return icon


def reuses_library_id(character: Any, game: Any) -> bool:
    """A script's homebrew character that happens to carry a library character's id (load/publisher/official.py)."""
    from generator.load.publisher.official import is_homebrew

    library = game.library.characters
    return character.id in library and is_homebrew(character, library)


UPLOAD_REASONS = {
    "icon-too-large": f"그림이 너무 큽니다(파일은 {MAX_ICON_BYTES // 1024:,} KB, 그림은 {MAX_PNG_PIXELS:,} 픽셀까지)",
    "icon-not-image": "PNG, JPEG, SVG 그림 파일이 아닙니다",
    "icon-too-complex": f"SVG가 너무 복잡합니다(요소 {MAX_SVG_ELEMENTS:,}개, 좌표 숫자 {MAX_SVG_POINTS:,}개까지)",
    "icon-empty": "그림이 비어 있습니다",
    "icon-svg-external": "SVG가 바깥의 파일이나 인터넷 주소를 가리킵니다(그림 안의 것만 쓸 수 있습니다)",
    "icon-svg-picture": "SVG 안에 PNG나 JPEG 그림(<image>)이 들어 있습니다(SVG 아이콘은 팀 색으로 칠하는 도형만 씁니다). 그 그림은 PNG나 JPEG 파일 그대로 올리세요",
    None: "그림 파일이 잘렸거나 손상되어 읽을 수 없습니다",
}


def script_logo(script) -> tuple[Icon | None, tuple[str, str] | None]:
    """The script's logo: (icon, None), (None, None) for a script without one, or (None, (code, Korean message)) when
    it is not read or cannot be used (the sheet is printed without it)."""
    if script.logo_image is not None:
        icon, problem = icon_from_bytes(script.logo_image, "logo")
        if problem is None:
            return icon, None
        return None, (
            "logo-unreadable",
            f"올린 로고 그림을 쓸 수 없어 로고 없이 인쇄합니다: {UPLOAD_REASONS.get(problem.code, UPLOAD_REASONS[None])}.",
        )
    if not script.logo:
        return None, None
    field = "_meta.logo" if (script.source or "").endswith(".json") else "logo"
    hint = LOGO_PAGE_HINT if script.logo_base is None else LOGO_FILE_HINT
    try:
        path = script_file(script.logo, script.logo_base, field, f"로고 없이 인쇄합니다. {hint}")
    except NotRead as refused:
        return None, (refused.code, refused.message)
    icon, problem = load_icon_checked(path)
    if problem is not None:
        return None, ("logo-unreadable", f"로고 파일을 쓸 수 없어 로고 없이 인쇄합니다: {problem.path}. {hint}")
    return icon, None
