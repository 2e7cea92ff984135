"""A picture a script names (a character's `image`, the script's `logo`) → the local file it may be read from, or a
Korean reason why it is not read; the script's logo → an icon.

One rule for both fields: a URL is never fetched (botc-pnp works offline); a path is read only from the folder of the
script file that names it, never through `..`, an absolute path or a link that points out; a script that arrived over
HTTP has no folder, so nothing it names is read, whatever the path, and the answer does not depend on whether such a
file exists. The page sends a logo as the picture's bytes instead (Script.logo_image).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from generator.keep.patterns import compiled
from generator.limits import MAX_PATH_CHARS

URL = compiled(r"^[A-Za-z][A-Za-z0-9+.-]*:")  # http:, https:, data: … (a Windows drive 'C:\' has one letter)
DRIVE = compiled(r"^[A-Za-z]:[\\/]")
MAX_NAME_BYTES = 255  # one file or folder name, as every common file system allows


def path_text_problem(value: str) -> str | None:
    """Why a text cannot be a file path at all (a NUL, a lone surrogate, a name too long), in Korean, or None."""
    if "\0" in value:
        return "보이지 않는 NUL 문자가 들어 있어 파일 경로로 쓸 수 없습니다"
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        return "글자로 읽을 수 없는 문자(짝이 없는 서로게이트)가 들어 있어 파일 경로로 쓸 수 없습니다"
    if len(value) > MAX_PATH_CHARS:
        return f"파일 경로로 쓰기에는 너무 깁니다({len(value):,}자, {MAX_PATH_CHARS:,}자까지)"
    if any(len(part.encode("utf-8")) > MAX_NAME_BYTES for part in re.split(r"[\\/]", value)):
        return f"파일이나 폴더 이름 하나가 너무 깁니다(UTF-8로 {MAX_NAME_BYTES}바이트까지)"
    return None


def is_url(value: str) -> bool:
    return bool(URL.match(value)) and not DRIVE.match(value)


def inside(path: Path, folder: Path) -> bool:
    """The path, links followed, lies in the folder. A link loop counts as inside: reading it is refused later,
    with a warning that names it."""
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False
    except (OSError, RuntimeError):
        return True


def shown(path: Path | str) -> str:
    """Path as the user would type it: relative to the working directory when possible."""
    try:
        return os.path.relpath(Path(path))
    except ValueError:
        return str(path)


class NotRead(Exception):
    """The named picture is not read: `code` is the finding's code, the message Korean."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


# finding codes by field: (a URL, a script with no folder, a path out of the folder)
CODES = {
    "image": ("icon-url", "icon-missing", "icon-path-escapes"),
    "logo": ("logo-url", "logo-not-read", "logo-path-escapes"),
}


def script_file(value: str, base: str | None, field: str, instead: str) -> Path:
    """The file a script's `field` (image, logo; as the file writes it, e.g. _meta.logo) names: inside `base`, the
    script's folder. NotRead otherwise, the message ending with `instead` (what is printed, what the user can do).
    Nothing on disk is looked at before these rules are met."""
    url, no_folder, escapes = CODES["logo" if field.endswith("logo") else "image"]
    problem = path_text_problem(value)
    if problem:
        raise NotRead("path-invalid", f"{field}: {problem}. {instead}")
    if is_url(value):
        raise NotRead(url, f"{field}의 주소({value[:80]})는 인터넷 없이 만들기 때문에 받아 오지 않습니다. {instead}")
    if base is None:
        raise NotRead(
            no_folder,
            f"{field}에 적힌 파일 경로({value[:80]})는 읽지 않습니다: 브라우저에서 올린 스크립트는 이 컴퓨터의 파일을 가리킬 수 "
            f"없습니다. {instead}",
        )
    folder = Path(base)
    candidate = folder / value
    if Path(value).is_absolute() or DRIVE.match(value) or not inside(candidate, folder):
        raise NotRead(
            escapes,
            f"{field}의 파일 경로가 스크립트 폴더({shown(folder)}) 밖을 가리킵니다: {value[:80]}. 스크립트 폴더 안의 "
            f"경로(예: icons/그림.png)를 쓰세요. {instead}",
        )
    return candidate


LOGO_FILE_HINT = "로고 그림(PNG, JPEG, SVG)을 스크립트 파일 옆에 두고 그 경로를 logo에 적으세요."
LOGO_PAGE_HINT = "로고는 페이지의 `로고 올리기`로 그림 파일을 직접 올려 주세요."
