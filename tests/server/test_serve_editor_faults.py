"""The character editor's last faults, over real sockets (botc-pnp serve in a thread) and through the CLI: an SVG
icon holding a picture is refused in Korean everywhere and costs no decoding; a recoloured photo comes back within
what the server accepts; an id longer than the format allows is refused at the door and left out by the loaders; an
uploaded icon is not reported missing at build; the exported JSON keeps Korean letters as they are."""

from __future__ import annotations

import base64
import io
import json
import random
import re
import socket
import struct
import urllib.error
import urllib.parse
import urllib.request
import zipfile
import zlib

import pytest

from tests.conftest import run_cli
from tests.server.serve_requests import TROUBLE_BREWING
from tests.server.test_serve_editor_api import MINION, has_image, png_icon

HANGUL = re.compile(r"[가-힣]")
HOMEBREW = {"id": "dokyaksang", "name": "독약상", "team": "minion", "ability": "당신은 독에 취하지 않습니다."}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from generator.server import create_app
    from generator.server.run import running_in_thread

    workspace = tmp_path_factory.mktemp("faults") / "scripts"
    with running_in_thread(create_app(workspace=workspace)) as url:
        yield url, workspace


def post(url: str, path: str, body, raw: bool = False) -> tuple[int, object, dict]:
    """(status, JSON or bytes (`raw`: bytes always), headers) of a POST with a JSON body."""
    data = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False).encode("utf-8")
    request = urllib.request.Request(
        url.rstrip("/") + path, data=data, method="POST", headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            raw_bytes, status, headers = answer.read(), answer.status, dict(answer.headers)
    except urllib.error.HTTPError as refused:
        raw_bytes, status, headers = refused.read(), refused.code, dict(refused.headers)
    answer = raw_bytes
    if not raw and headers.get("Content-Type", "").startswith("application/json"):
        answer = json.loads(raw_bytes)
    return status, answer, headers


def findings_of(headers: dict) -> list[dict]:
    return json.loads(urllib.parse.unquote(headers.get("X-Botc-Findings", "") or "[]"))


def script(*items) -> list:
    return [{"id": "_meta", "name": "독약 시험"}, *TROUBLE_BREWING, *items]


def korean_refusal(status: int, answer) -> str:
    assert 400 <= status < 500, (status, answer)
    assert HANGUL.search(answer["error"]), answer
    return answer["error"]


# --- an SVG icon holding a picture ------------------------------------------------------------------------------


def png_bytes(size: int = 8) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGBA", (size, size), (20, 20, 20, 255)).save(out, "PNG")
    return out.getvalue()


def jpeg_bytes() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (8, 8), (20, 20, 20)).save(out, "JPEG")
    return out.getvalue()


def pixel_bomb(width: int = 100_000, height: int = 100_000) -> bytes:
    """A PNG of a few dozen bytes whose header declares width × height pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    )


def svg_with(inner: str) -> bytes:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">'
        f'<rect width="4" height="4"/>{inner}</svg>'
    ).encode()


def data_address(kind: str, data: bytes) -> str:
    return f"data:{kind};base64,{base64.b64encode(data).decode()}"


PICTURES = {
    "data-png": lambda port: f'<image href="{data_address("image/png", png_bytes())}" width="10" height="10"/>',
    "xlink-jpeg": lambda port: (
        f'<image xlink:href="{data_address("image/jpeg", jpeg_bytes())}" width="10" height="10"/>'
    ),
    "use-data": lambda port: f'<use href="{data_address("image/png", png_bytes())}"/>',
    "pixel-bomb": lambda port: f'<image href="{data_address("image/png", pixel_bomb())}" width="10" height="10"/>',
    "file": lambda port: '<image href="file:///etc/hostname" width="10" height="10"/>',
    "http": lambda port: f'<image href="http://127.0.0.1:{port}/icon.png" width="10" height="10"/>',
}


@pytest.fixture
def listener():
    """A socket nobody should connect to: an SVG's link to it must never be followed."""
    with socket.create_server(("127.0.0.1", 0)) as sock:
        sock.setblocking(False)
        yield sock


@pytest.fixture
def decoded(monkeypatch):
    """Every picture PIL is asked to open while the test runs (the server answers in this process)."""
    from PIL import Image

    opened = []
    original = Image.open

    def recording(source, *args, **kwargs):
        opened.append(source)
        return original(source, *args, **kwargs)

    monkeypatch.setattr(Image, "open", recording)
    return opened


@pytest.mark.parametrize("kind", list(PICTURES))
def test_an_svg_holding_a_picture_is_refused_in_korean_and_never_decoded(site, listener, decoded, kind):
    url, _ = site
    icon = data_address("image/svg+xml", svg_with(PICTURES[kind](listener.getsockname()[1])))
    status, answer, _ = post(url, "/api/character/icon", {"icon": icon, "team": "minion", "recolour": True})
    assert "SVG" in korean_refusal(status, answer)
    status, answer, _ = post(url, "/api/character/check", {"script": script(), "character": MINION, "icon": icon})
    korean_refusal(status, answer)
    # sent inside a script (as the page remembered it before this was refused): printed with the placeholder, said once
    envelope = {"script": script(HOMEBREW), "icons": {"dokyaksang": icon}}
    for path in ("/api/document/tokens?only=dokyaksang", "/api/document/script_sheet"):
        status, answer, headers = post(url, path, envelope)
        assert status == 200, (path, answer)
        about = [f for f in findings_of(headers) if f["subject"] == "dokyaksang" and f["code"].startswith("icon-")]
        assert about and HANGUL.search(about[0]["message"]), (path, findings_of(headers))
    status, answer, _ = post(url, "/api/validate", envelope)
    assert [f for f in answer["findings"] if f["subject"] == "dokyaksang" and f["code"].startswith("icon-svg")]
    with pytest.raises(BlockingIOError):
        listener.accept()  # nothing came to the address the SVG names
    assert decoded == []  # no picture was decoded, whatever size it declared


def test_tokens_and_almanac_of_a_script_with_such_an_icon_are_made(site):
    url, _ = site
    icon = data_address("image/svg+xml", svg_with(PICTURES["data-png"](0)))
    status, kit, headers = post(
        url, "/api/build?documents=tokens,almanac", {"script": script(HOMEBREW), "icons": {"dokyaksang": icon}}
    )
    assert status == 200, kit
    names = zipfile.ZipFile(io.BytesIO(kit)).namelist()
    assert any(n.endswith("tokens.pdf") for n in names) and any(n.endswith("almanac.pdf") for n in names)
    assert any(f["code"] == "icon-svg-picture" for f in findings_of(headers))


def test_the_cli_prints_a_placeholder_for_an_icon_file_holding_a_picture(tmp_path):
    """--icons files: the picture inside is neither decoded nor followed to the file beside it or elsewhere."""
    icons = tmp_path / "icons"
    icons.mkdir()
    (icons / "beside.png").write_bytes(png_bytes(64))
    kinds = {
        "embedded": PICTURES["data-png"](0),
        "beside": '<image href="beside.png" width="10" height="10"/>',
        "absolute": f'<image href="file://{icons / "beside.png"}" width="10" height="10"/>',
    }
    homebrew = []
    for name, inner in kinds.items():
        (icons / f"brew{name}.svg").write_bytes(svg_with(inner))
        homebrew.append({**HOMEBREW, "id": f"brew{name}", "name": f"자작{len(homebrew) + 1}", "team": "townsfolk"})
    path = tmp_path / "brew.json"
    path.write_text(json.dumps(script(*homebrew), ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "out"
    result = run_cli("tokens", path, "--icons", icons, "--out", out, "--only", ",".join(h["id"] for h in homebrew))
    said = result.stdout + result.stderr
    assert result.exit_code == 0, said
    assert "예상하지 못한" not in said
    assert said.count("SVG 안에 PNG나 JPEG 같은 그림") == len(kinds), said
    assert not has_image(out / "brew" / "tokens.pdf")  # placeholders drawn: no picture reached the page


# --- recolour -----------------------------------------------------------------------------------------------------


def photo_jpeg(size: int = 2048) -> bytes:
    """A photo-like picture (a smooth ground, blurred discs of many colours), as a JPEG well under 1 MB."""
    from PIL import Image, ImageDraw, ImageFilter

    rng = random.Random(52)
    image = Image.linear_gradient("L").resize((size, size)).convert("RGB")
    draw = ImageDraw.Draw(image)
    for _ in range(300):
        x, y, r = rng.randrange(size), rng.randrange(size), rng.randrange(20, 300)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    out = io.BytesIO()
    image.filter(ImageFilter.GaussianBlur(4)).save(out, "JPEG", quality=90)
    return out.getvalue()


def noise_jpeg(size: int = 2048) -> bytes:
    """The hardest picture to compress that still fits an upload: noise, every pixel its own grey."""
    from PIL import Image

    out = io.BytesIO()
    Image.effect_noise((size, size), 100).convert("RGB").save(out, "JPEG", quality=8)
    return out.getvalue()


def test_the_recolour_arithmetic_fits_the_upload_limit():
    """A recoloured icon is a palette PNG, one byte a pixel at most ICON_RASTER_PX square (the size the documents
    print): even stored without compression, with its row bytes and chunks, it fits an upload."""
    from generator.limits import ICON_RASTER_PX, MAX_UPLOADED_IMAGE_BYTES

    assert ICON_RASTER_PX * (ICON_RASTER_PX + 1) * 1.01 + 2_000 < MAX_UPLOADED_IMAGE_BYTES


@pytest.mark.parametrize("picture", [photo_jpeg, noise_jpeg], ids=["photo", "noise"])
def test_a_recoloured_picture_fits_what_every_later_request_accepts(site, picture):
    from PIL import Image

    from generator.limits import ICON_RASTER_PX, MAX_UPLOADED_IMAGE_BYTES

    url, workspace = site
    data = picture()
    assert len(data) < MAX_UPLOADED_IMAGE_BYTES
    status, answer, _ = post(
        url, "/api/character/icon", {"icon": data_address("image/jpeg", data), "team": "minion", "recolour": True}
    )
    assert status == 200, answer
    raw = base64.b64decode(answer["icon"].split(",", 1)[1])
    assert answer["bytes"] == len(raw) <= MAX_UPLOADED_IMAGE_BYTES
    with Image.open(io.BytesIO(raw)) as shape:
        assert max(shape.size) <= ICON_RASTER_PX
        colours = {rgba[:3] for _count, rgba in shape.convert("RGBA").getcolors(1 << 20) if rgba[3]}
    assert colours == {tuple(int(answer["colour"][i : i + 2], 16) for i in (1, 3, 5))}  # the team colour, nothing else
    status, checked, _ = post(
        url, "/api/character/check", {"script": script(), "character": MINION, "icon": answer["icon"]}
    )
    assert status == 200 and "icon" not in checked["findings"], checked
    status, png, _ = post(
        url, "/api/character/preview?document=tokens", {"script": script(), "character": MINION, "icon": answer["icon"]}
    )
    assert status == 200 and png[:8] == b"\x89PNG\r\n\x1a\n"
    envelope = {
        "script": [checked["meta"], *TROUBLE_BREWING, checked["object"]],
        "icons": {checked["id"]: answer["icon"]},
    }
    status, saved, _ = post(url, f"/api/save?name=recoloured-{picture.__name__}", envelope)
    assert status == 201, saved


# --- ids longer than the format allows ----------------------------------------------------------------------------

LONG = "a" * 300


@pytest.mark.parametrize(
    "path",
    [
        "/api/save?name=long",
        "/api/export-zip",
        "/api/validate",
        "/api/build?documents=script_sheet",
        "/api/character/check",
    ],
)
def test_a_300_character_id_is_refused_at_the_door_with_the_limit(site, path):
    url, workspace = site
    envelope = (
        {"script": script({**HOMEBREW, "id": LONG}), "character": MINION}
        if "character" in path
        else {"script": script({**HOMEBREW, "id": LONG})}
    )
    status, answer, _ = post(url, path, envelope)
    text = korean_refusal(status, answer)
    assert "300자" in text and "50자까지" in text
    assert not (workspace / "long").exists()


@pytest.mark.parametrize("field", ["named_characters", "icons"])
def test_long_ids_in_the_envelope_are_refused_too(site, field):
    url, _ = site
    value = {LONG: "imp"} if field == "named_characters" else {LONG: png_icon()}
    status, answer, _ = post(url, "/api/validate", {"script": script(), field: value})
    assert "50자까지" in korean_refusal(status, answer)


def test_a_long_id_typed_in_the_editor_is_a_finding_of_its_field(site):
    url, _ = site
    status, answer, _ = post(url, "/api/character/check", {"script": script(), "character": {**MINION, "id": LONG}})
    assert status == 200, answer
    assert any("50자까지" in f["message"] for f in answer["findings"]["id"])
    assert answer["id"] == "dokyaksang"  # the suggested id is used meanwhile


def test_the_cli_leaves_a_long_id_out_with_one_finding(tmp_path):
    path = tmp_path / "long.json"
    path.write_text(json.dumps(script({**HOMEBREW, "id": LONG}), ensure_ascii=False), encoding="utf-8")
    result = run_cli("validate", path)
    assert result.exit_code == 1
    about = [line for line in (result.stdout + result.stderr).splitlines() if "aaaaaaaaaa" in line]
    assert len(about) == 1 and "50자까지" in about[0], about


def test_a_content_folder_with_a_long_id_says_so(content):
    character_id = "b" * 60
    (content / "characters" / f"{character_id}.yaml").write_text(
        f"id: {character_id}\nname: 긴 이름\nteam: townsfolk\nability: 능력입니다.\n", encoding="utf-8"
    )
    result = run_cli("validate", "trouble-brewing", "--content", content)
    said = result.stdout + result.stderr
    assert result.exit_code == 1 and "60자" in said and "50자까지" in said, said


# --- an uploaded icon at build; the exported JSON --------------------------------------------------------------


def test_an_uploaded_icon_is_not_reported_missing_where_it_prints(site, tmp_path):
    url, _ = site
    envelope = {"script": script(HOMEBREW), "icons": {"dokyaksang": png_icon()}}
    status, pdf, headers = post(url, "/api/document/tokens?only=dokyaksang", envelope)
    assert status == 200
    assert [f for f in findings_of(headers) if f["code"].startswith("icon")] == []
    (tmp_path / "tokens.pdf").write_bytes(pdf)
    assert has_image(tmp_path / "tokens.pdf")
    status, answer, _ = post(url, "/api/validate", envelope)
    assert [f for f in answer["findings"] if f["code"].startswith("icon")] == []


def test_before_an_upload_the_editor_points_at_its_own_icon_field(site):
    url, _ = site
    status, answer, _ = post(url, "/api/character/check", {"script": script(), "character": MINION})
    assert status == 200
    said = [f["message"] for f in answer["findings"]["icon"] if f["code"] == "icon-missing"]
    assert said and "아이콘 칸" in said[0] and "--icons" not in said[0], answer["findings"]


def test_the_exported_json_keeps_korean_letters_as_they_are(site, tmp_path):
    url, _ = site
    envelope = {"script": script(HOMEBREW), "icons": {"dokyaksang": png_icon()}}
    status, first, _ = post(url, "/api/export", {"script": script(HOMEBREW)}, raw=True)
    assert status == 200
    _status, again, _ = post(url, "/api/export", {"script": script(HOMEBREW)}, raw=True)
    assert first == again  # deterministic
    status, zipped, _ = post(url, "/api/export-zip", envelope)
    assert status == 200
    archive = zipfile.ZipFile(io.BytesIO(zipped))
    from_zip = archive.read(next(n for n in archive.namelist() if n.endswith(".json")))
    path = tmp_path / "brew.json"
    path.write_text(json.dumps(script(HOMEBREW), ensure_ascii=False), encoding="utf-8")
    assert run_cli("export-json", path, "-o", tmp_path / "out.json").exit_code == 0
    for data in (first, from_zip, (tmp_path / "out.json").read_bytes()):
        text = data.decode("utf-8")
        assert "독약상" in text and "세탁부" in text and "\\u" not in text
        assert json.loads(text)[0]["name"] == "독약 시험"


# --- a folder of additions (what the page saves) -------------------------------------------------------------------


def folder_of_additions(tmp_path, base: str = "bundled"):
    folder = tmp_path / "brew"
    (folder / "characters").mkdir(parents=True)
    (folder / "icons").mkdir()
    (folder / "scripts").mkdir()
    (folder / "content.yaml").write_text(f"base: {base}\n", encoding="utf-8")
    (folder / "characters" / "lanternkeeper.yaml").write_text(
        "id: lanternkeeper\nname: 등불지기\nteam: townsfolk\nedition: custom\nability: 당신은 처형되지 않습니다.\n"
        "icon: lanternkeeper.png\n",
        encoding="utf-8",
    )
    (folder / "icons" / "lanternkeeper.png").write_bytes(base64.b64decode(png_icon().split(",", 1)[1]))
    (folder / "scripts" / "brew.yaml").write_text(
        "title: 등불 시험\ncharacters: [" + ", ".join([*TROUBLE_BREWING, "lanternkeeper"]) + "]\n", encoding="utf-8"
    )
    return folder


def test_a_folder_of_additions_is_read_with_the_bundled_library(tmp_path):
    folder = folder_of_additions(tmp_path)
    result = run_cli("validate", folder / "scripts" / "brew.yaml", "--content", folder)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert run_cli("validate", "trouble-brewing", "--content", folder).exit_code == 0  # the bundled scripts too
    out = tmp_path / "out"
    result = run_cli(
        "tokens", folder / "scripts" / "brew.yaml", "--content", folder, "--only", "lanternkeeper", "--out", out
    )
    assert result.exit_code == 0 and "아이콘" not in result.stdout + result.stderr, result.stdout + result.stderr
    assert has_image(out / "brew" / "tokens.pdf")  # its icon, read from the folder's icons/


def test_a_folder_naming_another_base_is_told_what_base_takes(tmp_path):
    folder = folder_of_additions(tmp_path, "elsewhere")
    result = run_cli("validate", folder / "scripts" / "brew.yaml", "--content", folder)
    said = result.stdout + result.stderr
    assert result.exit_code in (1, 2) and "'base'에는 bundled만" in said, said
