"""Names for mixed clubs (issue 36): `--names community` prints the community translation's names where the library
has one (ours elsewhere), in the names and inside every text that mentions them, with particles chosen again; names a
player could mix up are warnings of validate and build; `--english` puts the English name on character tokens too."""

from __future__ import annotations

import json
import re

import pytest
from conftest import content_copy, edit_character, pdf_chars, run_cli, write_script

from generator.load.game import load_game


@pytest.fixture(scope="module")
def snv():
    game, _ = load_game("sects-and-violets")
    return game


@pytest.fixture(scope="module")
def community_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("community")
    result = run_cli("build", "sects-and-violets", "--names", "community", "--english", "--out", out)
    assert result.exit_code == 0, result.output
    return result.output, {p.name: p.read_bytes() for p in (out / "sects-and-violets").glob("*.pdf")}


def printed(data: bytes) -> str:
    return "".join(c["text"] for page in pdf_chars(data) for c in page["chars"]).replace("\u00a0", " ")


def renamed(game):
    return [c for c in game.characters if c.community_names and c.community_names[0] != c.name]


def without(text: str, name: str) -> str:
    """The text with the community name taken out: '포고꾼' is inside '마을 포고꾼', and only a bare one counts."""
    return text.replace(name, "").replace(name.replace(" ", ""), "")


@pytest.mark.slow
@pytest.mark.parametrize(
    "document", ["script.pdf", "night-order.pdf", "night-card.pdf", "tokens.pdf", "almanac.pdf", "grimoire.pdf"]
)
def test_the_community_names_print_and_ours_do_not(community_kit, snv, document):
    _, files = community_kit
    text = re.sub(r"\s+", " ", printed(files[document]))
    squeezed = text.replace(" ", "")
    characters = renamed(snv)
    assert len(characters) >= 8  # savant, klutz, cerenovus, vortox, flowergirl, towncrier, eviltwin, artist …
    woken = {s for n in ("first_night", "other_nights") for s in snv.night_steps(n)}
    nights_only = document in ("night-order.pdf", "night-card.pdf", "grimoire.pdf")  # they list who wakes
    present = [c for c in characters if c.id in woken or not nights_only]
    assert present
    for character in present:
        community = character.community_names[0]
        assert community.replace(" ", "") in squeezed, (document, character.id, community)
        rest = without(text, community)
        assert not re.search(rf"(?<![가-힣]){re.escape(character.name)}(?![가-힣]{{2}})", rest), (
            document,
            character.id,
        )
    kept = [
        c
        for c in snv.characters
        if not c.community_names
        and c.team in ("townsfolk", "outsider", "minion", "demon")
        and (c.id in woken or not nights_only)
    ]
    for character in kept:  # where the library has no community name, ours stays
        assert character.name.replace(" ", "") in squeezed, (document, character.id)


@pytest.mark.slow
def test_a_particle_after_a_renamed_name_is_chosen_again(community_kit):
    _, files = community_kit
    text = printed(files["almanac.pdf"]).replace(" ", "")
    # 석학은 / 석학이 (a final consonant) → 자폐증 천재는 / 자폐증 천재가 (a vowel)
    assert "자폐증천재는" in text and "자폐증천재가" in text
    assert "자폐증천재은" not in text and "자폐증천재이" not in text.replace("자폐증천재이야기", "")


def test_our_names_stay_the_default(kit, snv):
    _, files = kit("a4", "sects-and-violets")
    text = printed(files["script.pdf"]).replace(" ", "")
    for character in renamed(snv):
        assert character.name.replace(" ", "") in text
    assert "자폐증천재" not in text


@pytest.mark.slow
def test_the_bundled_scripts_have_no_names_to_mix_up_under_either_naming():
    for script in ("trouble-brewing", "bad-moon-rising", "sects-and-violets", "in-space"):
        for naming in ("ours", "community"):
            result = run_cli("validate", script, "--names", naming, "--json")
            codes = {f["code"] for f in json.loads(result.stdout)}
            assert not codes & {"name-same", "name-confusable"}, (script, naming)


def test_two_characters_printed_alike_are_warned_with_their_file(tmp_path):
    content = content_copy(tmp_path / "content")
    edit_character(content, "king", community_names=["고관"])  # the vizier's community name too
    script = write_script(content, ["king", "vizier", "imp", "chef"])
    result = run_cli("validate", script, "--content", content, "--names", "community")
    line = next(line for line in result.output.splitlines() if "같은 이름의 캐릭터" in line)
    assert line.startswith("[경고]"), line  # a warning: a kit may still be printed
    assert "'고관'" in line and "king" in line and "vizier" in line and "--names ours" in line
    assert re.search(r"(king|vizier)\.yaml:\d+", line), line
    ours = run_cli("validate", script, "--content", content)
    assert "같은 이름의 캐릭터" not in ours.output


def test_a_name_that_is_another_characters_name_is_warned(tmp_path):
    content = content_copy(tmp_path / "content")
    edit_character(content, "king", community_names=["거머리"])  # our name for the Lleech
    script = write_script(content, ["king", "lleech", "chef"])
    result = run_cli("validate", script, "--content", content, "--names", "community", "--strict")
    assert result.exit_code == 1, result.output  # --strict: the warning counts
    line = next(line for line in result.output.splitlines() if "다른 캐릭터로 들릴 이름" in line)
    assert "'거머리'" in line and "lleech" in line
    built = run_cli(
        "build", script, "--content", content, "--names", "community", "--out", tmp_path / "out", "--only", "king"
    )
    assert "다른 캐릭터로 들릴 이름" in built.output  # what validate says, build prints


def test_an_unknown_naming_is_a_korean_usage_error():
    result = run_cli("sheet", "trouble-brewing", "--names", "klingon")
    assert result.exit_code == 2
    assert "ours" in result.output and "community" in result.output and "쓸 수 없습니다" in result.output


def test_english_names_on_character_tokens(community_kit, snv):
    _, files = community_kit
    text = printed(files["tokens.pdf"]).replace(" ", "")
    for character in snv.characters:
        if character.team in ("townsfolk", "outsider", "minion", "demon"):
            assert snv.english_name(character.id).replace(" ", "") in text, character.id


def test_without_english_tokens_carry_none(kit):
    _, files = kit("a4", "sects-and-violets")
    text = printed(files["tokens.pdf"]).replace(" ", "")
    assert "Clockmaker" not in text and "Vortox" not in text


def test_english_names_stay_clear_of_the_korean_arc(community_kit):
    """The English arc sits inside the Korean one with room between: seen as discs of 0.4 of their size around their
    centres (the boxes of turned glyphs are too loose to compare), no English glyph touches a Korean one."""
    _, files = community_kit

    def centre(c):
        return (c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2

    page = pdf_chars(files["tokens.pdf"])[0]
    hangul = [c for c in page["chars"] if re.match(r"[가-힣]", c["text"]) and c["size"] >= 9]
    latin = [c for c in page["chars"] if c["text"].isascii() and c["text"].isalpha() and c["top"] > 60]
    assert len(hangul) > 20 and len(latin) > 20
    for a in latin:
        ax, ay = centre(a)
        for b in hangul:
            bx, by = centre(b)
            assert ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 >= 0.4 * (a["size"] + b["size"]), (a["text"], b["text"])


def test_the_page_offers_the_naming_and_checks_it(tmp_path):
    from generator.server import create_app

    client = create_app(workspace=tmp_path / "workspace").test_client()
    page = client.get("/").get_data(as_text=True)
    assert "캐릭터 이름 표기" in page and "커뮤니티 번역 이름" in page  # the print options' list, with its choices
    envelope = json.dumps({"script": [{"id": "_meta", "name": "시험"}, "savant", "klutz", "vortox", "chef"]}).encode()
    sheet = client.post("/api/document/script_sheet?names=community&force=1", data=envelope)  # a short test script
    assert sheet.status_code == 200
    text = printed(sheet.data).replace(" ", "")
    assert "자폐증천재" in text and "얼뜨기" in text and "석학" not in text
    refused = client.post("/api/validate?names=klingon", data=envelope)
    assert refused.status_code == 400 and "쓸 수 없습니다" in refused.get_json()["error"]
    checked = client.post("/api/validate?names=community", data=envelope)
    assert checked.status_code == 200


@pytest.mark.parametrize(
    "command",
    ["sheet", "night", "night-card", "tokens", "info-cards", "grimoire", "town-square", "almanac", "build", "validate"],
)
def test_every_command_that_prints_or_checks_takes_the_naming(command):
    assert "--names" in run_cli(command, "--help").output
