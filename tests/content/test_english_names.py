"""Names for mixed clubs (issue 36): with --english each character's English name prints small beside its Korean
one on the sheet, the night sheet, the night card and the almanac's entry heads; without it none does; the page
asks for it like any other print option."""

from __future__ import annotations

import pytest
from conftest import pdf_chars, run_cli

from generator.load.game import load_game


@pytest.fixture(scope="module")
def english_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("english")
    result = run_cli("build", "trouble-brewing", "--english", "--out", out, "--quiet")
    assert result.exit_code == 0, result.output
    return {p.name: p.read_bytes() for p in (out / "trouble-brewing").glob("*.pdf")}


@pytest.fixture(scope="module")
def tb():
    game, _ = load_game("trouble-brewing")
    return game


def squeezed(data: bytes) -> str:
    return "".join(c["text"] for page in pdf_chars(data) for c in page["chars"]).replace(" ", "")


@pytest.mark.slow
def test_every_english_name_follows_its_korean_name_on_the_sheet(english_kit, tb):
    front = pdf_chars(english_kit["script.pdf"])[0]
    rows: list[list[dict]] = []
    for c in sorted(front["chars"], key=lambda c: c["bottom"]):  # a line: baselines within 1.5 pt (two fonts)
        if rows and abs(rows[-1][0]["bottom"] - c["bottom"]) < 1.5:
            rows[-1].append(c)
        else:
            rows.append([c])
    lines = [
        "".join(c["text"] for c in sorted(row, key=lambda c: c["x0"])).replace(" ", "").replace("\u00a0", "")
        for row in rows
    ]
    for character in tb.by_team("townsfolk") + tb.by_team("outsider") + tb.by_team("minion") + tb.by_team("demon"):
        pair = character.name.replace(" ", "") + tb.english_name(character.id).replace(" ", "")
        assert any(pair in line for line in lines), pair


@pytest.mark.slow
@pytest.mark.parametrize("document", ["night-order.pdf", "night-card.pdf", "almanac.pdf"])
def test_the_night_documents_and_the_almanac_carry_them_too(english_kit, tb, document):
    text = squeezed(english_kit[document])
    steps = {s for night in ("first_night", "other_nights") for s in tb.night_steps(night)} - set(
        tb.library.fixed_steps
    )
    wanted = [c.id for c in tb.listed] if document == "almanac.pdf" else sorted(steps)
    for character_id in wanted:
        assert tb.english_name(character_id).replace(" ", "") in text, (document, character_id)


def test_without_the_flag_no_english_name_prints(kit):
    _, files = kit("a4", "trouble-brewing")
    for name in ("script.pdf", "night-card.pdf"):
        text = squeezed(files[name])
        assert "Washerwoman" not in text and "FortuneTeller" not in text


@pytest.mark.slow
def test_the_page_asks_for_it_like_any_print_option(tmp_path):
    from generator.server import create_app

    client = create_app(workspace=tmp_path / "workspace").test_client()
    assert "영어 이름 함께 넣기" in client.get("/").get_data(as_text=True)  # the print options' form lists it
    body = client.get("/api/scripts/bundled/trouble-brewing").get_json()["script"]
    import json

    envelope = json.dumps(
        {
            "script": [
                {"id": "_meta", "name": body["title"], "author": body["author"]},
                *[c["id"] for c in body["characters"]],
            ]
        },
        ensure_ascii=False,
    ).encode()
    sheet = client.post("/api/document/script_sheet?english=1", data=envelope)
    assert sheet.status_code == 200, sheet.get_json()
    assert "Washerwoman" in squeezed(sheet.data)
    assert "Washerwoman" not in squeezed(client.post("/api/document/script_sheet", data=envelope).data)
