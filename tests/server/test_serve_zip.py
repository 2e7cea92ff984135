"""The page's zip (its export: the JSON and icons/) opened again through /api/open-zip, and zips that are refused
in Korean: not a zip, no JSON, two JSONs, a member whose size is over the limit (a zip bomb), too many members."""

from __future__ import annotations

import base64
import io
import json
import re
import zipfile

import pytest

HANGUL = re.compile(r"[가-힣]")
TB = ["washerwoman", "librarian", "investigator", "chef", "empath", "butler", "drunk", "poisoner", "spy", "imp"]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from generator.server import create_app

    return create_app(workspace=tmp_path_factory.mktemp("workspace")).test_client()


def png() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGBA", (64, 64), (40, 40, 40, 255)).save(out, format="PNG")
    return out.getvalue()


def opened(client, data: bytes):
    address = "data:application/zip;base64," + base64.b64encode(data).decode("ascii")
    return client.post("/api/open-zip", data=json.dumps({"zip": address}), content_type="application/json")


def zipped(files: dict[str, bytes], compression=zipfile.ZIP_STORED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue()


def korean(answer) -> str:
    text = answer.get_json()["error"]
    assert HANGUL.search(text), text
    return text


def test_the_exported_zip_opens_again_with_its_character_and_icon(client):
    icon = "data:image/png;base64," + base64.b64encode(png()).decode("ascii")
    homebrew = {
        "id": "hexer",
        "name": "저주꾼",
        "team": "minion",
        "ability": "매일 낮, 플레이어 1명을 저주할 수 있습니다.",
    }
    envelope = {"script": [{"id": "_meta", "name": "공유"}, *TB, homebrew], "icons": {"hexer": icon}}
    shared = client.post("/api/export-zip?name=share&force=1", data=json.dumps(envelope, ensure_ascii=False).encode())
    assert shared.status_code == 200, shared.get_json()
    with zipfile.ZipFile(io.BytesIO(shared.data)) as archive:
        assert sorted(archive.namelist()) == ["share/icons/hexer.png", "share/share.json"]
    answer = opened(client, shared.data)
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["icons"] == {"hexer": icon}
    assert body["script"]["custom"]["hexer"]["name"] == "저주꾼"
    assert not [f for f in body["findings"] if "hexer" in (f.get("subject") or "") and f["code"].startswith("icon")]


@pytest.mark.parametrize(
    "files, status, words",
    [
        pytest.param(None, 400, "zip 파일을 읽을 수 없습니다", id="not-a-zip"),
        pytest.param({"readme.txt": b"hi"}, 400, "JSON 파일(.json)이 없습니다", id="no-json"),
        pytest.param({"a.json": b"[]", "b.json": b"[]"}, 400, "JSON 파일이 2개", id="two-json"),
        pytest.param({"a.json": b"{not json"}, 400, "스크립트 JSON으로 읽을 수 없습니다", id="broken-json"),
        pytest.param(
            {f"icons/{n}.png": b"x" for n in range(301)} | {"a.json": b"[]"}, 413, "파일이 너무 많습니다", id="too-many"
        ),
    ],
)
def test_a_zip_that_cannot_be_opened_gets_a_korean_4xx(client, files, status, words):
    answer = opened(client, b"PK\x03\x04 not really" if files is None else zipped(files))
    assert answer.status_code == status
    assert words in korean(answer)


def test_a_zip_bomb_is_refused_by_its_claimed_size_before_it_is_read(client):
    script = json.dumps(
        [
            {"id": "_meta", "name": "폭탄"},
            *TB,
            {"id": "bomb", "name": "폭탄", "team": "minion", "ability": "능력", "image": "icons/bomb.png"},
        ]
    ).encode()
    bomb = zipped({"x/x.json": script, "x/icons/bomb.png": b"\0" * 30_000_000}, zipfile.ZIP_DEFLATED)
    assert len(bomb) < 100_000
    answer = opened(client, bomb)
    assert answer.status_code == 413 and "x/icons/bomb.png" in korean(answer)


def test_the_zip_must_come_as_a_data_address(client):
    answer = client.post("/api/open-zip", data=json.dumps({"zip": "PK"}), content_type="application/json")
    assert answer.status_code == 400 and "data:application/zip" in korean(answer)
