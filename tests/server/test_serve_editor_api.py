"""The character editor's API over real sockets (botc-pnp serve in a thread): a homebrew minion made from fields,
checked by field, saved as a content folder that `botc-pnp build --content` prints as it is; bad uploads refused in
Korean."""

from __future__ import annotations

import base64
import io
import json
import re
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import pdf_page_texts, run_cli
from tests.server.serve_requests import TROUBLE_BREWING

HANGUL = re.compile(r"[가-힣]")
MINION = {
    "name": "독약상",
    "team": "minion",
    "setup": True,
    "ability": "매일 밤, 플레이어 1명을 선택합니다: 그는 오늘 밤과 내일 낮 동안 취합니다. [외지인 +1명]",
    "first_night_after": "poisoner",
    "first_night": "독약상을 깨우세요. 가리킨 플레이어에게 *취함* 알림을 놓고 다시 재우세요.",
    "other_nights_after": "poisoner",
    "other_nights": "독약상을 깨우세요. 가리킨 플레이어에게 *취함* 알림을 놓고 다시 재우세요.",
    "reminders": ["취함", "약병"],
    "overview": '"매일 밤, 플레이어 1명을 선택합니다." 독약상은 독살범처럼 능력을 방해하지만 취하게 합니다.',
    "how_to_run": ["매일 밤, 독약상을 깨워 플레이어 1명을 가리키게 하세요. 그 플레이어에게 *취함* 알림을 놓으세요."],
}


def png_icon() -> str:
    from PIL import Image, ImageDraw

    image = Image.new("RGBA", (240, 240), (0, 0, 0, 0))
    ImageDraw.Draw(image).polygon([(120, 20), (220, 220), (20, 220)], fill=(30, 30, 30, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from generator.server import create_app
    from generator.server.run import running_in_thread

    workspace = tmp_path_factory.mktemp("editor") / "scripts"
    app = create_app(workspace=workspace)
    with running_in_thread(app) as url:
        yield url, workspace


def post(url: str, path: str, body) -> tuple[int, object]:
    data = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False).encode("utf-8")
    request = urllib.request.Request(
        url.rstrip("/") + path, data=data, method="POST", headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            raw, status, kind = answer.read(), answer.status, answer.headers.get("Content-Type", "")
    except urllib.error.HTTPError as refused:
        raw, status, kind = refused.read(), refused.code, refused.headers.get("Content-Type", "")
    return status, json.loads(raw) if kind.startswith("application/json") else raw


def script(*items) -> dict:
    return {"script": [{"id": "_meta", "name": "독약 시험"}, *TROUBLE_BREWING, *items]}


def text_of(pdf: Path) -> str:
    return "".join("".join(text.split()) for text in pdf_page_texts(pdf))


def has_image(pdf: Path) -> bool:
    """Whether any page draws an image, directly or inside a form (icons are drawn as forms)."""

    def images(resources, seen) -> bool:
        for ref in (resources or {}).get("/XObject", {}).values():
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Image":
                return True
            if id(obj) not in seen and obj.get("/Subtype") == "/Form":
                seen.add(id(obj))
                if images(obj.get("/Resources"), seen):
                    return True
        return False

    return any(images(page.get("/Resources"), set()) for page in PdfReader(str(pdf)).pages)


def compact(text: str) -> str:
    return "".join(text.split())


@pytest.mark.slow
def test_a_minion_made_in_the_editor_saves_as_a_content_folder_that_builds(site, tmp_path):
    url, workspace = site
    icon = png_icon()
    status, answer = post(url, "/api/character/check?name=poison-kit", {**script(), "character": MINION, "icon": icon})
    assert status == 200, answer
    assert answer["id"] == "dokyaksang"  # suggested from the Korean name
    assert not [f for items in answer["findings"].values() for f in items if f["level"] == "error"], answer["findings"]
    first = [step["id"] for step in answer["nights"]["first_night"]["steps"]]
    assert first[first.index("poisoner") + 1] == "dokyaksang"
    # the previews come from the documents' own code: PNG images
    for document in ("tokens", "script_sheet", "night_card"):
        status, png = post(
            url, f"/api/character/preview?document={document}", {**script(), "character": MINION, "icon": icon}
        )
        assert status == 200 and png[:8] == b"\x89PNG\r\n\x1a\n", document

    envelope = {"script": [answer["meta"], *TROUBLE_BREWING, answer["object"]], "icons": {answer["id"]: icon}}
    status, saved = post(url, "/api/save?name=poison-kit", envelope)
    assert status == 201, saved
    folder = workspace / "poison-kit"
    # what differs from the bundled library and nothing else: the character, its icon, the night order it joins
    written = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    assert written == [
        ".botc-pnp-content",
        "characters/dokyaksang.yaml",
        "content.yaml",
        "icons/dokyaksang.png",
        "night_order.yaml",
        "scripts/poison-kit.yaml",
    ]
    assert f"--content {folder}" in saved["command"]

    out = tmp_path / "out"
    result = run_cli("build", folder / "scripts" / "poison-kit.yaml", "--content", folder, "--out", out)
    assert result.exit_code == 0, result.stdout + result.stderr
    kit = out / "poison-kit"
    # the same kit, byte for byte, as the page builds from what it sent
    status, page_kit = post(url, "/api/build?name=poison-kit", envelope)
    assert status == 200
    with zipfile.ZipFile(io.BytesIO(page_kit)) as archive:
        page_files = {name.split("/", 1)[1]: archive.read(name) for name in archive.namelist()}
    assert sorted(page_files) == sorted(p.name for p in kit.iterdir())
    assert all((kit / name).read_bytes() == data for name, data in page_files.items())
    poisoner = __import__("yaml").safe_load(
        (Path(__file__).parents[2] / "content/characters/poisoner.yaml").read_text()
    )["name"]
    for name in ("script.pdf", "night-order.pdf", "night-card.pdf", "tokens.pdf", "almanac.pdf"):
        text = text_of(kit / name)
        assert "독약상" in text, name
        if name in ("script.pdf", "almanac.pdf"):
            assert compact(MINION["ability"]) in text, name
    for name in ("night-order.pdf", "night-card.pdf"):
        text = text_of(kit / name)
        assert text.index(poisoner) < text.index("독약상", text.index(poisoner)), name
    assert has_image(kit / "tokens.pdf")  # the uploaded PNG, drawn on the token
    # the same save again replaces the folder it wrote; the content folder of the server is never touched
    status, _again = post(url, "/api/save?name=poison-kit&overwrite=1", envelope)
    assert status == 201


def test_findings_come_back_by_field_in_korean(site):
    url, _ = site
    long_name = dict(MINION, name="아주아주아주아주아주아주기다란이름을가진독약상")
    status, answer = post(url, "/api/character/check", {**script(), "character": long_name})
    assert status == 200
    assert any(f["code"] == "text-too-long" and HANGUL.search(f["message"]) for f in answer["findings"]["name"])
    bracket = dict(MINION, ability="매일 밤, 플레이어 1명을 선택합니다. [외지인을 조금 더]")
    status, answer = post(url, "/api/character/check", {**script(), "character": bracket})
    assert any(f["code"] == "setup-unchecked" and "괄호" in f["message"] for f in answer["findings"]["ability"])
    lacking = dict(MINION, reminders=["약병"])
    status, answer = post(url, "/api/character/check", {**script(), "character": lacking})
    assert any(f["code"] == "reminder-unknown" for f in answer["findings"]["reminders"])
    taken = dict(MINION, id="poisoner")
    status, answer = post(url, "/api/character/check", {**script(), "character": taken})
    assert any("독살범" in f["message"] for f in answer["findings"]["id"])


@pytest.mark.parametrize("kind", ["30mb", "not-image", "svg-external"])
def test_bad_uploads_are_refused_in_korean(site, kind):
    url, _ = site
    if kind == "30mb":  # refused from its length, before a byte of it is read (a raw socket: urllib would stop sending)
        from tests.server.serve_requests import send

        port = int(url.rstrip("/").rsplit(":", 1)[1])
        length = str(30 * 1024 * 1024 + 30)
        answer = send(
            port,
            "POST",
            "/api/character/icon",
            {"Content-Type": "application/json", "Content-Length": length},
            b'{"icon": "data:image/png;base64,' + b"A" * 100_000,
        )
        assert answer.status == 413
        assert HANGUL.search(json.loads(answer.body)["error"])
        return
    if kind == "not-image":
        body = {"icon": "data:image/png;base64," + base64.b64encode(b"this is not a picture at all" * 10).decode()}
    else:
        svg = (
            b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">'
            b'<image xlink:href="file:///etc/passwd" width="10" height="10"/><rect width="5" height="5"/></svg>'
        )
        body = {"icon": "data:image/svg+xml;base64," + base64.b64encode(svg).decode()}
    status, answer = post(url, "/api/character/icon", body)
    assert 400 <= status < 500
    assert HANGUL.search(answer["error"]), answer
    # the same picture sent with a character is refused the same way
    status, answer = post(url, "/api/character/check", {**script(), "character": MINION, "icon": body["icon"]})
    assert 400 <= status < 500 and HANGUL.search(answer["error"])
