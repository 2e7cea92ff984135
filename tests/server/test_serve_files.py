"""botc-pnp serve and files: saving to the workspace (and building the saved file with the CLI), the script list,
the content folder kept loaded and reloaded, and the page's own files (fonts, icons) served offline and safely."""

from __future__ import annotations

import hashlib
import io
import json
import re
import struct
import zipfile
from pathlib import Path

import pytest
import yaml

from tests.conftest import CONTENT, content_copy, detach, run_cli
from tests.server.test_serve_api import TROUBLE_BREWING, korean, publisher_json


def folder_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(folder)).encode() + path.read_bytes())
    return digest.hexdigest()


@pytest.fixture
def workspace_client(tmp_path, monkeypatch):
    from generator.server import create_app

    monkeypatch.chdir(tmp_path)
    return create_app(workspace=tmp_path / "scripts").test_client()


# --- saving --------------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_saved_script_builds_the_same_kit_with_the_cli(workspace_client, tmp_path):
    before = folder_digest(CONTENT)
    envelope = {
        "script": json.loads(publisher_json(TROUBLE_BREWING + ["stormcatcher"], title="불길한 조짐: 폭풍")),
        "named_characters": {"stormcatcher": "virgin"},
        "notes": "처녀를 지켜 주세요.",
    }
    body = json.dumps(envelope, ensure_ascii=False).encode()
    saved = workspace_client.post("/api/save?name=폭풍-조짐", data=body)
    assert saved.status_code == 201
    path = tmp_path / "scripts" / "폭풍-조짐.yaml"
    assert saved.get_json() == {"path": "scripts/폭풍-조짐.yaml", "command": "botc-pnp build scripts/폭풍-조짐.yaml"}
    text = path.read_text(encoding="utf-8")
    assert "named_characters: {stormcatcher: virgin}" in text and text.startswith("# ")
    # the sheet and night sheets carry the named character; the whole kit's identity is tested in test_serve_api
    for command in ("sheet", "night"):
        assert run_cli(command, "scripts/폭풍-조짐.yaml", "--out", "out", "-q").exit_code == 0
    kit = zipfile.ZipFile(
        io.BytesIO(
            workspace_client.post("/api/build?name=폭풍-조짐&documents=script_sheet,night_sheet", data=body).data
        )
    )
    assert sorted(kit.namelist()) == ["폭풍-조짐/night-order.pdf", "폭풍-조짐/script.pdf"]
    for name in kit.namelist():
        assert kit.read(name) == (tmp_path / "out" / name).read_bytes(), name
    assert folder_digest(CONTENT) == before  # the bundled content is never written


@pytest.mark.slow
def test_the_printed_command_names_a_content_folder_of_its_own_and_runs_as_written(tmp_path, monkeypatch):
    """A server reading its own content folder (--content) prints a build command with that folder: as written, it
    builds the saved script from the folder the server was started in."""
    import shlex

    from generator.server import create_app

    monkeypatch.chdir(tmp_path)
    content_copy(tmp_path / "우리 클럽")
    client = create_app(tmp_path / "우리 클럽", tmp_path / "scripts").test_client()
    saved = client.post("/api/save?name=tb", data=publisher_json(TROUBLE_BREWING).encode())
    assert saved.status_code == 201
    command = saved.get_json()["command"]
    assert command == "botc-pnp build scripts/tb.yaml --content '우리 클럽'"
    assert (
        (tmp_path / "scripts" / "tb.yaml")
        .read_text(encoding="utf-8")
        .startswith(f"# botc-pnp serve에서 저장한 스크립트입니다. 인쇄물 만들기: {command}\n")
    )
    result = run_cli(*shlex.split(command)[1:])
    assert result.exit_code == 0, result.output
    from generator.documents import DOCUMENTS

    assert len(list((tmp_path / "output" / "tb").glob("*.pdf"))) == len(DOCUMENTS) + 1  # and the almanac's booklet


def test_saving_never_overwrites_without_being_asked(workspace_client, tmp_path):
    body = publisher_json(TROUBLE_BREWING).encode()
    assert workspace_client.post("/api/save?name=tb", data=body).status_code == 201
    first = (tmp_path / "scripts" / "tb.yaml").read_text(encoding="utf-8")
    again = workspace_client.post("/api/save?name=tb", data=publisher_json(TROUBLE_BREWING[:-1]).encode())
    assert again.status_code == 409 and "overwrite=1" in korean(again)
    assert (tmp_path / "scripts" / "tb.yaml").read_text(encoding="utf-8") == first
    replaced = workspace_client.post(
        "/api/save?name=tb&overwrite=1", data=publisher_json(TROUBLE_BREWING[:-1]).encode()
    )
    assert replaced.status_code == 201 and "thief" not in (tmp_path / "scripts" / "tb.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["../escape", "a/b", ".hidden", "x" * 61, "a b", "..", "con.yaml", "이름\\이름"])
def test_a_file_name_from_a_request_is_checked(workspace_client, tmp_path, name):
    answer = workspace_client.post(
        "/api/save", query_string={"name": name}, data=publisher_json(TROUBLE_BREWING).encode()
    )
    assert answer.status_code == 400
    korean(answer)
    assert not any(p.is_file() for p in tmp_path.rglob("*") if p.suffix == ".yaml")


@pytest.mark.slow
def test_a_workspace_inside_the_content_folder_is_refused(tmp_path):
    from generator.server import create_app

    client = create_app(workspace=CONTENT / "scripts").test_client()
    before = folder_digest(CONTENT)
    answer = client.post("/api/save?name=tb", data=publisher_json(TROUBLE_BREWING).encode())
    assert answer.status_code == 403 and "--workspace" in korean(answer)
    assert folder_digest(CONTENT) == before
    result = run_cli("serve", "--workspace", str(CONTENT))
    assert result.exit_code == 2 and "작업 폴더" in result.stderr


def test_a_script_with_custom_characters_is_saved_as_a_content_folder_with_them(workspace_client):
    """A lone YAML script would lose its homebrew characters: it is saved as a content folder that `build --content`
    reads, with a character file of its own for each."""
    custom = {"id": "bard", "name": "음유시인", "team": "townsfolk", "ability": "매일 밤, 노래를 부릅니다."}
    answer = workspace_client.post(
        "/api/save?name=x", data=json.dumps([{"id": "_meta", "name": "자작"}, *TROUBLE_BREWING, custom]).encode()
    )
    assert answer.status_code == 201, answer.get_json()
    assert "--content" in answer.get_json()["command"]
    folder = workspace_client.application.extensions["botc"]["workspace"].folder / "x"
    saved = yaml.safe_load((folder / "characters" / "bard.yaml").read_text(encoding="utf-8"))
    assert saved["name"] == "음유시인" and saved["ability"] == "매일 밤, 노래를 부릅니다."


# --- scripts to start from ------------------------------------------------------------------------------------


def test_bundled_and_saved_scripts_are_listed_and_load(workspace_client):
    workspace_client.post("/api/save?name=mine", data=publisher_json(TROUBLE_BREWING, title="내 스크립트").encode())
    listing = workspace_client.get("/api/scripts").get_json()
    assert {"source": "bundled", "name": "trouble-brewing", "title": "불길한 조짐", "count": 27} in listing
    assert {"source": "workspace", "name": "mine", "title": "내 스크립트", "count": 27} in listing
    loaded = workspace_client.get("/api/scripts/bundled/in-space").get_json()["script"]
    assert loaded["named_characters"] == {"stormcatcher": "mutant"} and loaded["notes"]
    assert len(loaded["characters"]) == 31


@pytest.mark.parametrize(
    "path",
    [
        "/api/scripts/bundled/..",
        "/api/scripts/elsewhere/in-space",
        "/api/scripts/bundled/%2e%2e%2fsetup",
        "/api/scripts/workspace/trouble-brewing",
    ],
)
def test_only_listed_scripts_can_be_loaded(workspace_client, path):
    answer = workspace_client.get(path)
    assert answer.status_code == 404
    korean(answer)


def test_a_loaded_script_round_trips_through_the_page(workspace_client):
    """What /api/scripts gives the page, sent back as the page sends it, is the same script (same kit)."""
    state = workspace_client.get("/api/scripts/bundled/in-space").get_json()["script"]
    meta = {"id": "_meta", "name": state["title"], "author": state["author"], **state["meta"]}
    envelope = {
        "script": [meta, *[c["id"] for c in state["characters"]]],
        "named_characters": state["named_characters"],
        "notes": state["notes"],
    }
    body = json.dumps(envelope, ensure_ascii=False).encode()
    validated = workspace_client.post("/api/validate?name=in-space", data=body).get_json()
    assert {k: validated["script"][k] for k in ("title", "author", "notes", "named_characters")} == {
        k: state[k] for k in ("title", "author", "notes", "named_characters")
    }
    ours = workspace_client.post("/api/document/night_sheet?name=in-space", data=body).data
    assert run_cli("night", "in-space", "--out", "out", "-q").exit_code == 0
    assert ours == Path("out/in-space/night-order.pdf").read_bytes()


# --- warm content ---------------------------------------------------------------------------------------------


def test_the_content_folder_is_kept_loaded_and_reloaded_when_it_changes(content):
    from generator.server import create_app

    app = create_app(content, workspace=content.parent / "scripts")
    client = app.test_client()
    warm = app.extensions["botc"]["warm"]
    assert client.get("/api/characters?q=imp").get_json()[0]["name"] == "임프"
    client.get("/api/characters?q=ㅅ")
    client.post("/api/validate", data=publisher_json(TROUBLE_BREWING).encode())
    assert warm.loads == 1
    path = content / "characters" / "imp.yaml"
    detach(path).write_text(path.read_text(encoding="utf-8").replace("name: 임프", "name: 꼬마 악마"), encoding="utf-8")
    assert client.get("/api/characters?q=imp").get_json()[0]["name"] == "꼬마 악마"
    assert warm.loads == 2


# --- the page and its files -----------------------------------------------------------------------------------


def test_the_page_names_every_document_and_option_and_needs_no_network(workspace_client):
    from generator.documents import DOCUMENTS
    from generator.server import WEB_DIR

    page = workspace_client.get("/").get_data(as_text=True)
    for _, label in DOCUMENTS:
        assert label in page
    assert "캐릭터 라이브러리" in page and "인원별 설정표" in page
    # the page's scripts are ES modules: main.js runs, every module of static/js is fetched at once beside it
    assert re.findall(r'<script type="module" src="([^"]+)"', page) == ["/static/js/main.js"]
    assert not re.search(r"<script(?![^>]*type=\"(module|application/json)\")", page)  # no classic script
    scripts = re.findall(r'<link rel="modulepreload" href="([^"]+)"', page)
    assert sorted(scripts) == sorted(f"/static/js/{path.name}" for path in (WEB_DIR / "static" / "js").glob("*.js"))
    for asset in ["/static/app.css", *scripts]:
        answer = workspace_client.get(asset)
        assert answer.status_code == 200, asset
        if asset.endswith(".js"):
            assert answer.mimetype == "text/javascript", asset  # a browser runs a module only when served as JavaScript
        text = answer.get_data(as_text=True)
        assert not re.search(r"https?://(?!www\.w3\.org)", text), asset
        if asset.endswith(".js"):
            assert not re.search(r"[가-힣]{2,}", text.replace("가-힣", "")), asset  # Korean words live in the template
    assert not re.search(r"(src|href)=\"https?://", page)


IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([\w.]+)";$', re.M)
EXPORT = re.compile(r"^export (?:async )?(?:function|const) ([\w$]+)", re.M)


def test_the_page_scripts_are_modules_with_one_way_imports_and_their_state_in_one_place():
    """Issue 56: the page's scripts shared one global scope with 21 changing variables. Each is now an ES module that
    imports only names another module exports, no two import each other (directly or round a circle), and none but
    state.js keeps a changing variable of its own (`let`/`var` at its top level)."""
    from generator.server import WEB_DIR

    modules = {path.name: path.read_text(encoding="utf-8") for path in (WEB_DIR / "static" / "js").glob("*.js")}
    exported = {name: set(EXPORT.findall(text)) for name, text in modules.items()}
    imports = {}
    for name, text in modules.items():
        assert '"use strict"' not in text and not re.search(r"^(let|var) ", text, re.M), (
            name
        )  # modules are strict already
        imports[name] = set()
        for names, module in IMPORT.findall(text):
            assert module in modules, (name, module)
            for imported in (n.strip() for n in names.split(",")):
                assert imported in exported[module], f"{name} imports {imported}, which {module} does not export"
            imports[name].add(module)

    def reaches(start: str, seen: tuple = ()) -> None:
        for module in imports[start]:
            assert module not in seen, "import circle: " + " → ".join((*seen, start, module))
            reaches(module, (*seen, start))

    reaches("main.js")
    assert set(modules) == {"main.js"} | {
        m for found in imports.values() for m in found
    }  # main.js reaches every module


def table_tags(data: bytes) -> list[bytes]:
    count = struct.unpack_from(">H", data, 4)[0]
    return [struct.unpack_from(">4s", data, 12 + 16 * i)[0] for i in range(count)]


def test_fonts_are_served_from_the_bundle_and_renamed_where_changed(workspace_client):
    from generator import FONTS_DIR
    from generator.server.webfont import name_records

    serif = workspace_client.get("/fonts/serif_bold.ttf")
    assert serif.data == (FONTS_DIR / "NanumMyeongjoBold.ttf").read_bytes()
    sans = workspace_client.get("/fonts/sans.ttf").data
    tags = table_tags(sans)
    assert b"glyf" in tags and not [t for t in tags if t.startswith(b"TSI")]
    offset = next(struct.unpack_from(">I", sans, 12 + 16 * i + 8)[0] for i, t in enumerate(tags) if t == b"name")
    names = name_records(sans[offset:])
    shown = [text for (_p, _e, _l, name_id), text in names.items() if name_id in (1, 3, 4, 6)]
    assert shown and not any("nanum" in text.lower() for text in shown)  # OFL: no Reserved Font Name on a changed copy
    assert "NAVER" in workspace_client.get("/fonts/OFL.txt").get_data(as_text=True)
    for path in ("/fonts/../content/setup.yaml", "/fonts/NanumGothic.ttf", "/fonts/x.ttf"):
        assert workspace_client.get(path).status_code == 404


def test_icons_are_served_by_character_id_only(workspace_client):
    icon = workspace_client.get("/icons/washerwoman")
    assert icon.mimetype == "image/svg+xml" and b"<svg" in icon.data
    for path in ("/icons/..%2Fsetup.yaml", "/icons/nosuch", "/icons/../../etc/passwd"):
        assert workspace_client.get(path).status_code == 404
