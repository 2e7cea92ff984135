"""Nothing is written outside the output folder, and nothing but regular files is replaced.

The rule, through every writing command: an id from the data becomes one plain, injective file or folder name;
a folder, link, device or pipe where a file would go is refused (exit 2, Korean, naming it); no output goes into a
content folder; import-text keeps hand-edited files unless --overwrite.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from conftest import run_cli
from hostile import SMALL, snapshot, write_script
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.read.file_names import MAX_NAME_BYTES, is_plain_name, safe_name

PATH_LIKE_IDS = [
    "../content/schema/script-schema",
    "../../escape",
    "a/b",
    "a\\b",
    "/etc/passwd",
    "..",
    ".",
    ".hidden",
    "nul\x00byte",
    "줄\n바꿈",
    "가" * 90,  # 270 bytes: longer than a file name may be
]


# --- the name rule itself ------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_id_becomes_one_plain_name(script_id):
    name = safe_name(script_id)
    assert name and name not in (".", "..")
    assert not any(ch in name for ch in "/\\\x00")
    assert not name.startswith(".") and len(name.encode("utf-8")) <= MAX_NAME_BYTES
    if script_id and all(ch.isalnum() or ch in "-_" for ch in script_id) and len(script_id.encode()) <= MAX_NAME_BYTES:
        assert name == script_id  # an ordinary id is its own folder name


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), st.text(max_size=60))
def test_different_ids_never_share_a_name(first, second):
    if first != second:
        assert safe_name(first) != safe_name(second)


def test_ids_that_used_to_collide_get_their_own_folders():
    names = {safe_name(i) for i in ["a/b", "a:b", "a_b", "a%2Fb", "a?b", "a*b", "A/B"]}
    assert len(names) == 7
    assert safe_name("in-space") == "in-space" and is_plain_name("불길한 조짐")


# --- through the commands -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def shared_content(tmp_path_factory):
    """One copy of the content folder for the tests here that only add a script to it (copying costs a third of a
    second; each test still checks nothing else in it changed)."""
    import shutil

    from generator import DEFAULT_CONTENT_DIR

    target = tmp_path_factory.mktemp("shared") / "content"
    shutil.copytree(DEFAULT_CONTENT_DIR, target)
    return target


@pytest.mark.slow
@pytest.mark.parametrize("script_id", PATH_LIKE_IDS)
def test_export_json_with_a_path_like_id_writes_inside_output(script_id, shared_content, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    before = snapshot(shared_content)
    script = write_script(shared_content, script_id)
    result = run_cli("export-json", script, "--content", shared_content, "--force")
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 1), result.output
    after = snapshot(shared_content)
    assert after == {**before, "scripts/test.yaml": after["scripts/test.yaml"]}  # only our script was added
    written = [p for p in tmp_path.rglob("*.json") if shared_content not in p.parents]
    assert len(written) == 1 and written[0].parent == tmp_path / "output", written


@pytest.mark.slow
@pytest.mark.parametrize("script_id", ["../../escape", "a/b", "..", "가" * 90])
def test_validate_reports_an_id_that_is_not_a_plain_name(script_id, shared_content):
    script = write_script(shared_content, script_id)
    result = run_cli("validate", script, "--content", shared_content)
    assert result.exit_code == 0, result.output
    assert "(쓸 수 없는 스크립트 id)" in result.output and safe_name(script_id) in result.output


@pytest.mark.slow
def test_build_of_colliding_ids_keeps_both_kits(shared_content, tmp_path):
    out = tmp_path / "out"
    for number, script_id in enumerate(["a/b", "a:b"]):
        script = write_script(shared_content, script_id, name=f"s{number}")
        assert run_cli("sheet", script, "--content", shared_content, "--out", out).exit_code == 0
    folders = sorted(p.name for p in out.iterdir())
    assert folders == sorted([safe_name("a/b"), safe_name("a:b")])
    assert all((out / f / "script.pdf").is_file() for f in folders)


@pytest.mark.slow
def test_a_very_long_id_gets_a_shortened_folder_and_no_english(shared_content, tmp_path):
    script = write_script(shared_content, "가" * 90)
    result = run_cli("sheet", script, "--content", shared_content, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    (folder,) = (tmp_path / "out").iterdir()
    assert (folder / "script.pdf").is_file() and len(folder.name.encode()) <= MAX_NAME_BYTES


def test_png_names_are_plain_whatever_the_character_id():
    from generator.art.token_layout import CHARACTER, REMINDER, TokenSpec
    from generator.documents.tokens import png_name

    for character_id in PATH_LIKE_IDS:
        for kind in (CHARACTER, REMINDER):
            name = png_name(TokenSpec(kind, character_id, "이름", 40.0))
            assert "/" not in name and "\\" not in name and not name.startswith("."), name


# --- only regular files are replaced ----------------------------------------------------------------------


def special_targets(tmp_path: Path) -> dict[str, Path]:
    places = {}
    places["fifo"] = tmp_path / "pipe.json"
    os.mkfifo(places["fifo"])
    places["folder"] = tmp_path / "folder.json"
    places["folder"].mkdir()
    outside = tmp_path / "elsewhere.json"
    outside.write_text("남의 파일", encoding="utf-8")
    places["link"] = tmp_path / "link.json"
    places["link"].symlink_to(outside)
    try:  # a private /dev/null twin: a real device node, so a broken rule destroys nothing that matters
        os.mknod(tmp_path / "null.json", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        places["device"] = tmp_path / "null.json"
    except (PermissionError, OSError):
        pass
    return places


def test_export_json_replaces_only_regular_files(shared_content, tmp_path):
    for kind, target in special_targets(tmp_path).items():
        before = os.lstat(target)
        result = run_cli("export-json", "--content", shared_content, "-o", target)
        assert result.exit_code == 2, (kind, result.output)
        assert "일반 파일이 아니라" in result.output and str(target) in result.output, kind
        after = os.lstat(target)
        assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino), kind
    assert (tmp_path / "elsewhere.json").read_text(encoding="utf-8") == "남의 파일"
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.slow
def test_a_kit_with_a_folder_in_the_way_replaces_nothing(shared_content, tmp_path):
    out = tmp_path / "out"
    script = write_script(shared_content, "kit", SMALL)
    assert run_cli("almanac", script, "--content", shared_content, "--out", out).exit_code == 0  # a 5–6 player script
    kit = out / "kit"
    (kit / "almanac-booklet.pdf").unlink()
    (kit / "almanac-booklet.pdf").mkdir()  # something that is not a file where the second document goes
    before = snapshot(kit)
    result = run_cli("almanac", script, "--content", shared_content, "--out", out, "--force")
    assert result.exit_code == 2, result.output
    assert "almanac-booklet.pdf" in result.output and "폴더" in result.output
    assert snapshot(kit) == before  # almanac.pdf not replaced either, and no temporary left


@pytest.mark.slow
def test_tokens_png_refuses_a_folder_where_a_png_goes(shared_content, tmp_path):
    png = tmp_path / "png"
    (png / "imp.png").mkdir(parents=True)
    script = write_script(shared_content, "png", SMALL)
    result = run_cli("tokens", script, "--content", shared_content, "--out", tmp_path / "out", "--png", png, "--force")
    assert result.exit_code == 2, result.output
    assert "imp.png" in result.output and "tokens.pdf" in result.output  # says what it did write
    assert (png / "imp.png").is_dir() and not list(png.glob("*.png.*"))


# --- no output inside a content folder ---------------------------------------------------------------------


@pytest.mark.slow
def test_outputs_into_the_content_folder_are_refused(content, tmp_path):
    before = snapshot(content)
    script = write_script(content, "in-content")
    before = snapshot(content)
    attempts = [
        ("sheet", script, "--content", content, "--out", content),
        ("sheet", script, "--content", content, "--out", content / "characters"),
        ("sheet", script, "--content", content, "--out", content.parent),  # out/<id> is fine, but see below
        ("tokens", script, "--content", content, "--out", tmp_path / "out", "--png", content / "icons"),
        ("export-json", script, "--content", content, "-o", content / "schema" / "script-schema.json"),
    ]
    for args in attempts:
        result = run_cli(*args)
        if args[-1] == content.parent:
            assert result.exit_code == 0, result.output  # writes tmp/in-content/, beside the content folder
            continue
        assert result.exit_code == 2, (args, result.output)
        assert "내용 폴더" in result.output, args
    assert snapshot(content) == before


def test_a_script_id_naming_the_content_folder_is_refused(content, tmp_path):
    script = write_script(content, "content")  # out/<id> would be the content folder itself
    before = snapshot(content)
    result = run_cli("sheet", script, "--content", content, "--out", content.parent)
    assert result.exit_code == 2 and "내용 폴더" in result.output
    assert snapshot(content) == before


# --- import-text --------------------------------------------------------------------------------------------

ALMANAC = '짧은 제목\n\n"매일 밤*, 플레이어 1명을 선택합니다." 수도사는 한 사람을 지킵니다.\n'


def import_content(tmp_path: Path, ids_text: str) -> Path:
    folder = tmp_path / "import-content"
    folder.mkdir()
    (folder / "ids.yaml").write_text(ids_text, encoding="utf-8")
    return folder


@pytest.mark.parametrize("bad_id", ["../../escape", "/tmp/abs", "a/b", "..", "Upper Case"])
def test_import_text_never_writes_outside_out(tmp_path, bad_id):
    import json

    folder = import_content(tmp_path, f"- id: {json.dumps(bad_id)}\n  name: 수도사\n  team: townsfolk\n")
    text = tmp_path / "almanac.txt"
    text.write_text(ALMANAC, encoding="utf-8")
    out = tmp_path / "out" / "deep"
    before = snapshot(tmp_path)
    result = run_cli("import-text", text, "--out", out, "--content", folder)
    assert "Traceback" not in result.output
    assert result.exit_code == 1, result.output
    assert "파일 이름을 만들 수 없어" in result.output
    after = snapshot(tmp_path)
    assert {k: v for k, v in after.items() if not k.startswith("out")} == before
    assert not [p for p in (tmp_path / "out").rglob("*") if p.is_file()] if (tmp_path / "out").exists() else True


def test_import_text_keeps_a_hand_edited_file_unless_overwrite(tmp_path):
    folder = import_content(tmp_path, "- id: monk\n  name: 수도사\n  team: townsfolk\n")
    text = tmp_path / "almanac.txt"
    text.write_text(ALMANAC, encoding="utf-8")
    out = tmp_path / "out"
    assert run_cli("import-text", text, "--out", out, "--content", folder).exit_code == 0
    target = out / "monk.yaml"
    imported = target.read_bytes()
    stamp = target.stat().st_mtime_ns

    again = run_cli("import-text", text, "--out", out, "--content", folder)  # same text: nothing to do
    assert again.exit_code == 0 and target.stat().st_mtime_ns == stamp and "그대로 둔 파일 1개" in again.output

    target.write_bytes(imported + "notes: [손으로 쓴 메모]\n".encode())
    edited = target.read_bytes()
    refused = run_cli("import-text", text, "--out", out, "--content", folder)
    assert refused.exit_code == 2, refused.output
    assert "--overwrite" in refused.output and "monk.yaml" in refused.output
    assert target.read_bytes() == edited

    forced = run_cli("import-text", text, "--out", out, "--content", folder, "--overwrite")
    assert forced.exit_code == 0, forced.output
    assert target.read_bytes() == imported
    assert not list(out.glob(".*"))


@pytest.mark.parametrize("kind", ["link-to-folder", "dangling-link", "fifo"])
def test_a_link_or_pipe_where_the_kit_folder_goes_is_refused(shared_content, tmp_path, kind):
    """A planted link named like the kit folder would send the kit wherever it points: refused, exit 2."""
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    script = write_script(shared_content, "kit", SMALL)
    kit = out / "kit"
    if kind == "link-to-folder":
        kit.symlink_to(elsewhere)
    elif kind == "dangling-link":
        kit.symlink_to(tmp_path / "nowhere")
    else:
        os.mkfifo(kit)
    before = snapshot(out)
    result = run_cli("sheet", script, "--content", shared_content, "--out", out, "--force")
    assert result.exit_code == 2, result.output
    assert "키트 폴더" in result.output and str(kit) in result.output and "Traceback" not in result.output
    assert snapshot(out) == before
    assert not list(elsewhere.iterdir()) and not (tmp_path / "nowhere").exists()
