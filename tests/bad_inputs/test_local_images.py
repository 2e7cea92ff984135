"""Pictures a script names never read a file they should not: over `serve` no path in an upload is read at all (the
same answer whether the file exists or not), and from the command line a `logo`, like an `image`, is read only
inside the script's folder. Text that cannot be a path is a Korean error naming the field, never a crash.

The server runs for real on a loopback socket; the command line runs as `python -m generator` processes.
"""

from __future__ import annotations

import base64
import io
import json
import os
from pathlib import Path

import pytest
from hostile import run_cli_process

from tests.server.serve_requests import TROUBLE_BREWING, send

JSON_HEADERS = {"Content-Type": "application/json"}
LOGO_COLOUR = (240, 20, 220)  # a magenta no team or ink of the sheet uses


def png(colour=LOGO_COLOUR, size=40) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (size, size), colour).save(buffer, "PNG")
    return buffer.getvalue()


def logo_pixels(picture) -> int:
    """Pixels of the logo's colour in a rendered page (a PIL image): red above 200, green under 70, blue above 180,
    counted from one mask of the three (listing every colour of the page took most of this module's time)."""
    from PIL import ImageChops

    red, green, blue = picture.convert("RGB").split()
    mask = ImageChops.multiply(red.point(lambda v: 255 if v > 200 else 0), green.point(lambda v: 255 if v < 70 else 0))
    mask = ImageChops.multiply(mask, blue.point(lambda v: 255 if v > 180 else 0))
    return mask.histogram()[255]


def page_images(pdf: bytes) -> int:
    """Whether the sheet's first page shows the logo (1) or not (0), from the page as printed."""
    import pypdfium2

    picture = pypdfium2.PdfDocument(pdf)[0].render(scale=1).to_pil()
    return int(logo_pixels(picture) > 50)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real server started in a folder that holds a picture, beside one outside it."""
    from generator.server import create_app
    from generator.server.run import running_in_thread

    root = tmp_path_factory.mktemp("images")
    (root / "private.png").write_bytes(png())
    started = root / "served"
    started.mkdir()
    (started / "here.png").write_bytes(png())
    before = os.getcwd()
    os.chdir(started)  # a relative path would have been read from the folder serve was started in
    try:
        app = create_app(workspace=started / "scripts")
        app.extensions["botc"]["warm"].warm_up()
        with running_in_thread(app) as url:
            yield int(url.rsplit(":", 1)[1]), root
    finally:
        os.chdir(before)


def upload(port: int, route: str, logo: str | None = None, image: str | None = None, extra: dict | None = None):
    meta = {"id": "_meta", "name": "로고 시험"}
    if logo is not None:
        meta["logo"] = logo
    items: list = [meta, *TROUBLE_BREWING[:22]]
    if image is not None:
        items.append({"id": "homebrew", "name": "자작", "team": "townsfolk", "ability": "능력입니다.", "image": image})
    body = json.dumps({"script": items, **(extra or {})}, ensure_ascii=False).encode("utf-8")
    return send(port, "POST", route, JSON_HEADERS, body)


def findings(answer) -> list[dict]:
    return answer.json()["findings"]


@pytest.mark.slow
@pytest.mark.parametrize("field", ["logo", "image"])
def test_no_path_in_an_upload_is_read_and_existing_or_missing_files_get_the_same_answer(server, field):
    port, root = server
    paths = [
        str(root / "private.png"),
        str(root / "missing.png"),
        "here.png",
        "nowhere.png",
        "../private.png",
        "file:///etc/hostname",
        "/etc/hostname",
    ]
    answers = []
    for path in paths:
        answer = upload(port, "/api/validate", **{field: path})
        assert answer.status == 200, answer.body[:300]
        found = [
            f
            for f in findings(answer)
            if (
                f["code"].startswith("logo")
                if field == "logo"
                else f["subject"] == "homebrew" and f["code"].startswith("icon")
            )
        ]
        answers.append([(f["code"], f["message"].replace(path[:80], "…")) for f in found])
    local = [answers[i] for i in (0, 1, 2, 3, 4, 6)]  # file paths: existing or not, inside the start folder or not
    assert all(answer == local[0] for answer in local), answers
    assert local[0] and "읽지 않습니다" in local[0][0][1]


@pytest.mark.slow
def test_an_uploaded_sheet_never_embeds_a_file_the_script_names(server):
    port, root = server
    for path in (str(root / "private.png"), "here.png"):
        answer = upload(port, "/api/document/script_sheet?force=1", logo=path)
        assert answer.status == 200, answer.body[:300]
        assert page_images(answer.body) == 0
        preview = upload(port, "/api/preview", logo=path)
        assert preview.status == 200
        from PIL import Image

        assert logo_pixels(Image.open(io.BytesIO(preview.body))) == 0


def test_a_logo_sent_as_the_picture_itself_is_printed(server):
    port, _ = server
    data = "data:image/png;base64," + base64.b64encode(png()).decode()
    answer = upload(port, "/api/document/script_sheet?force=1", extra={"logo_image": data})
    assert answer.status == 200, answer.body[:300]
    assert page_images(answer.body) == 1
    checked = upload(port, "/api/validate", extra={"logo_image": data})
    assert not [f for f in findings(checked) if f["code"].startswith("logo")]


@pytest.mark.parametrize(
    "value, status",
    [
        ("data:image/png;base64," + "A" * 1_400_000, 400),  # over a megabyte
        ("data:text/html;base64,PGI+", 400),
        ("/etc/hostname", 400),
        (42, 400),
    ],
)
def test_a_logo_picture_that_is_not_one_is_refused_in_korean(server, value, status):
    port, _ = server
    answer = upload(port, "/api/validate", extra={"logo_image": value})
    assert answer.status == status
    assert "그림" in answer.json()["error"]


def test_a_logo_picture_that_does_not_decode_is_a_warning(server):
    port, _ = server
    answer = upload(
        port, "/api/validate", extra={"logo_image": "data:image/png;base64," + base64.b64encode(b"not a png").decode()}
    )
    assert answer.status == 200
    [found] = [f for f in findings(answer) if f["code"].startswith("logo")]
    assert found["code"] == "logo-unreadable" and found["level"] == "warning" and "그림" in found["message"]


@pytest.mark.slow
@pytest.mark.parametrize("field", ["logo", "image"])
@pytest.mark.parametrize(
    "text", ["club\u0000.png", "\ud800.png", "a" * 300 + ".png"], ids=["nul", "surrogate", "long-name"]
)
def test_text_that_cannot_be_a_path_is_a_korean_error_never_a_crash(server, field, text):
    port, _ = server
    if "\ud800" in text:  # a lone surrogate cannot be encoded: sent as the JSON escape, as an attacker would
        meta = {"id": "_meta", "name": "시험"}
        items = [json.dumps(meta)[:-1] + (', "logo": "\\ud800.png"}' if field == "logo" else "}")]
        items += [json.dumps(i) for i in TROUBLE_BREWING[:22]]
        if field == "image":
            items.append(
                '{"id": "homebrew", "name": "자작", "team": "townsfolk", "ability": "능력", "image": "\\ud800.png"}'
            )
        answer = send(port, "POST", "/api/validate", JSON_HEADERS, ("[" + ", ".join(items) + "]").encode())
        assert answer.status == 400, answer.body[:300]
        said = answer.json()["error"] + " ".join(f["message"] for f in answer.json().get("findings", []))
        assert "글자" in said and ("logo" in said or "image" in said), said
        return
    answer = upload(port, "/api/validate", **{field: text})
    assert answer.status == 200, answer.body[:300]
    [found] = [f for f in findings(answer) if f["code"] == "path-invalid"]
    assert found["level"] == "error" and ("_meta.logo" if field == "logo" else "image") in found["message"]
    built = upload(port, "/api/build?force=1&documents=script_sheet", **{field: text})
    assert built.status == 200


# --- the command line: inside the script's folder only -------------------------------------------------------------


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("cli-images")
    (root / "private.png").write_bytes(png())
    club = root / "club"
    club.mkdir()
    (club / "logo.png").write_bytes(png())
    (club / "link.png").symlink_to(root / "private.png")
    return root, club


def yaml_script(club: Path, name: str, logo: str) -> Path:
    path = club / f"{name}.yaml"
    path.write_text(
        f"id: {name}\ntitle: 로고\nlogo: {json.dumps(logo)}\ncharacters: [{', '.join(TROUBLE_BREWING[:22])}]\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.slow
@pytest.mark.parametrize("logo", ["ABSOLUTE", "../private.png", "link.png"], ids=["absolute", "dot-dot", "link-out"])
def test_a_logo_outside_the_script_folder_is_refused_like_an_image(folders, tmp_path, logo):
    root, club = folders
    if logo == "ABSOLUTE":
        logo = str(root / "private.png")
    script = yaml_script(club, f"out-{abs(hash(logo)) % 1000}", logo)
    run = run_cli_process("sheet", script, "--out", tmp_path / "out", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "스크립트 폴더" in run.stdout + run.stderr and "밖을 가리킵니다" in run.stdout + run.stderr
    [pdf] = (tmp_path / "out").rglob("script.pdf")
    assert page_images(pdf.read_bytes()) == 0
    checked = run_cli_process("validate", script, cwd=tmp_path)
    assert "밖을 가리킵니다" in checked.stdout + checked.stderr  # validate says what build prints


@pytest.mark.slow
def test_a_logo_beside_the_script_is_printed(folders, tmp_path):
    _, club = folders
    script = yaml_script(club, "inside", "logo.png")
    run = run_cli_process("sheet", script, "--out", tmp_path / "out", cwd=tmp_path)
    assert run.returncode == 0 and "로고" not in run.stdout + run.stderr, run.stdout + run.stderr
    [pdf] = (tmp_path / "out").rglob("script.pdf")
    assert page_images(pdf.read_bytes()) == 1


@pytest.mark.slow
def test_a_nul_in_a_json_logo_is_exit_1_naming_the_field(folders, tmp_path):
    _, club = folders
    path = club / "nul.json"
    path.write_text(
        json.dumps([{"id": "_meta", "name": "널", "logo": "a\u0000.png"}, *TROUBLE_BREWING[:22]]), encoding="utf-8"
    )
    for command in ("validate", "sheet"):
        run = (
            run_cli_process(command, path, "--out", tmp_path / "out", cwd=tmp_path)
            if command == "sheet"
            else run_cli_process(command, path, cwd=tmp_path)
        )
        output = run.stdout + run.stderr
        assert run.returncode == 1, output
        assert "_meta.logo" in output and "NUL" in output
        assert "Traceback" not in output and "예상하지 못한" not in output
