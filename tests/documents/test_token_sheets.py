"""Tokens cut in sets (issue 55), read from tokens.pdf: every sheet but the last reaches four fifths of its body while
tokens follow; a character's tokens and reminders lie on one sheet (the rule: a set that fits on a fresh sheet is never
split; only a set larger than a sheet runs on into the next); all shrouds in one run, then all votes in one run, in
reading order across the sheets; shrouds light by default and solid with --solid-shrouds, and the build says which."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from conftest import bundled_kit, pdf_chars, run_cli
from pdf_paths import pdf_paths

from generator.art.token_layout import page_frame
from generator.documents import tokens as tokens_document
from generator.load.game import load_game
from generator.options import RenderOptions
from generator.read.theme import theme

PT_PER_MM = 72 / 25.4
SCRIPTS = ["trouble-brewing", "bad-moon-rising", "sects-and-violets", "in-space"]
PAPERS = ["a4", "letter"]
ROW_MM = 2.0  # centres closer than this in height read as one row
FILL_LEAST = 0.8  # the rule: no sheet but the last ends with a fifth of its body empty while tokens follow


def sheets(data: bytes) -> list[list[dict]]:
    """Per page, each token as the PDF draws it: centre (mm, from the top left), diameter (mm) of its cut circle, and
    its label (the characters drawn inside the circle, in drawing order, spaces left out)."""
    cut = theme().tokens["cut_line_pt"]
    found = []
    for drawn, typed in zip(pdf_paths(data), pdf_chars(data)):
        tokens = []
        for path in drawn["paths"]:
            if path["kind"] == "curve" and path["stroke"] and not path["fill"] and abs(path["linewidth"] - cut) < 1e-6:
                tokens.append(
                    {
                        "x": (path["x0"] + path["x1"]) / 2 / PT_PER_MM,
                        "y": (path["top"] + path["bottom"]) / 2 / PT_PER_MM,
                        "diameter": (path["x1"] - path["x0"]) / PT_PER_MM,
                        "label": "",
                    }
                )
        for char in typed["chars"]:
            if char["text"].isspace():
                continue
            x, y = (char["x0"] + char["x1"]) / 2 / PT_PER_MM, (char["top"] + char["bottom"]) / 2 / PT_PER_MM
            inside = [t for t in tokens if (t["x"] - x) ** 2 + (t["y"] - y) ** 2 < (t["diameter"] / 2) ** 2]
            if inside:
                inside[0]["label"] += char["text"]
        found.append({"height": typed["height"] / PT_PER_MM, "tokens": tokens})
    return found


def squashed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def fills(data: bytes, paper: str, bleed_mm: float = 1.0) -> list[float]:
    """How far down its body each sheet's lowest token (with its bleed) reaches: the body runs from under the running
    title to the legend band (the theme's margins, as the sheets are laid out)."""
    frame = page_frame(paper)
    shares = []
    for sheet in sheets(data):
        lowest = max(t["y"] + t["diameter"] / 2 + bleed_mm for t in sheet["tokens"])  # from the top edge
        shares.append((lowest - (sheet["height"] - frame.top)) / (frame.top - frame.bottom))
    return shares


def in_reading_order(tokens: list[dict]) -> list[dict]:
    rows: list[list[dict]] = []
    for token in sorted(tokens, key=lambda t: (t["y"], t["x"])):
        if rows and token["y"] - rows[-1][0]["y"] < ROW_MM:
            rows[-1].append(token)
        else:
            rows.append([token])
    return [token for row in rows for token in sorted(row, key=lambda t: t["x"])]


def check_sets(game, data: bytes) -> None:
    """Each character's tokens lie on one sheet, and each sheet holds exactly the reminders of the characters on it."""
    names = {squashed(c.name): c for c in game.characters}
    extras = {squashed(theme().tokens[kind]["label"]) for kind in ("shroud", "vote")}
    token_mm = RenderOptions().token_size_mm
    pages_of: dict[str, set[int]] = {}
    for number, sheet in enumerate(sheets(data), 1):
        characters = [t["label"] for t in sheet["tokens"] if abs(t["diameter"] - token_mm) < 0.1]
        reminders = Counter(
            t["label"] for t in sheet["tokens"] if abs(t["diameter"] - token_mm) >= 0.1 and t["label"] not in extras
        )
        expected: Counter = Counter()
        for label in set(characters):
            assert label in names, (number, label)
            pages_of.setdefault(label, set()).add(number)
            expected.update(squashed(text) for text in names[label].reminders + names[label].global_reminders)
        assert reminders == expected, (
            f"p{number}: away from their characters {reminders - expected}, missing {expected - reminders}"
        )
    assert set(pages_of) == set(names)
    split = {label: sorted(numbers) for label, numbers in pages_of.items() if len(numbers) > 1}
    assert not split, split


def extras_in_reading_order(data: bytes) -> list[str]:
    """The shroud and vote labels of the whole document, page after page, each page in reading order, with a mark for
    every other reminder-size token between them."""
    labels = {squashed(theme().tokens[kind]["label"]): kind for kind in ("shroud", "vote")}
    token_mm = RenderOptions().token_size_mm
    order = []
    for sheet in sheets(data):
        small = [t for t in sheet["tokens"] if abs(t["diameter"] - token_mm) >= 0.1]
        order += [labels.get(t["label"], "reminder") for t in in_reading_order(small)]
    return order


def check_runs(data: bytes, players: int) -> None:
    order = extras_in_reading_order(data)
    for kind in ("shroud", "vote"):
        at = [i for i, k in enumerate(order) if k == kind]
        assert len(at) == players
        assert at == list(range(at[0], at[0] + players)), f"{kind}s are not one run: {order}"
    assert order.index("vote") > order.index("shroud")


@pytest.fixture(scope="module")
def trouble_brewing_a4():
    game, _ = load_game("trouble-brewing")
    [(_, data)] = tokens_document.build(game, RenderOptions(paper="a4"))
    return game, data


def test_the_imps_death_reminder_is_on_the_imps_sheet_and_every_sheet_is_filled(trouble_brewing_a4):
    """Trouble Brewing on A4 used to stop page 2 at 68 % of its body and print the imp's '죽음' on page 3."""
    game, data = trouble_brewing_a4
    check_sets(game, data)
    shares = fills(data, "a4")
    assert len(shares) >= 2 and all(share >= FILL_LEAST for share in shares[:-1]), shares
    imp = [n for n, sheet in enumerate(sheets(data), 1) if any(t["label"] == "임프" for t in sheet["tokens"])]
    death = [n for n, sheet in enumerate(sheets(data), 1) if any(t["label"] == "죽음" for t in sheet["tokens"])]
    assert len(set(imp)) == 1 and death == imp  # the imp's one reminder, and the only '죽음' of the script


def test_shrouds_then_votes_each_in_one_run(trouble_brewing_a4):
    game, data = trouble_brewing_a4
    check_runs(data, max(game.library.bag_table))


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("script", SCRIPTS)
def test_bundled_kits_are_cut_in_sets(script, paper):
    game, files = bundled_kit(paper, script)
    data = files["tokens.pdf"]
    shares = fills(data, paper)
    assert len(shares) >= 2
    assert all(share >= FILL_LEAST for share in shares[:-1]), [f"{share:.0%}" for share in shares]
    check_sets(game, data)
    check_runs(data, max(game.library.bag_table))


def test_a_set_larger_than_a_sheet_runs_on_and_no_other_set_is_split():
    """Thirty imps do not fit one A4 sheet (twenty character tokens do): they run on from one sheet into the next,
    the imp's reminder with them; every other set stays whole and the sheets stay full."""
    game, _ = load_game("trouble-brewing")
    [(_, data)] = tokens_document.build(game, RenderOptions(paper="a4", copies={"imp": 30}))
    found = sheets(data)
    imps = [sum(1 for t in sheet["tokens"] if t["label"] == "임프") for sheet in found]
    holding = [n for n, count in enumerate(imps) if count]
    assert sum(imps) == 30 and len(holding) >= 2 and holding == list(range(holding[0], holding[-1] + 1)), imps
    assert all(imps[n] for n in holding[1:-1])
    others = {}
    for n, sheet in enumerate(found):
        for t in sheet["tokens"]:
            if abs(t["diameter"] - 44.45) < 0.1 and t["label"] != "임프":
                others.setdefault(t["label"], set()).add(n)
    assert others and all(len(pages) == 1 for pages in others.values()), others
    shares = fills(data, "a4")
    assert all(share >= FILL_LEAST for share in shares[:-1]), shares
    check_runs(data, max(game.library.bag_table))


def shroud_ink(pdf: bytes) -> list[float]:
    """The share of dark pixels (greyscale under 100) inside each shroud's cut circle, rendered at 8 px/mm."""
    import pypdfium2

    scale = 8
    document = pypdfium2.PdfDocument(pdf)
    shares = []
    try:
        for index, sheet in enumerate(sheets(pdf)):
            image = document[index].render(scale=scale / PT_PER_MM, grayscale=True).to_pil().convert("L")
            for token in sheet["tokens"]:
                if token["label"] != "수의":
                    continue
                cx, cy, r = token["x"] * scale, token["y"] * scale, token["diameter"] / 2 * scale
                inside = [
                    image.getpixel((x, y))
                    for x in range(int(cx - r), int(cx + r))
                    for y in range(int(cy - r), int(cy + r))
                    if (x - cx) ** 2 + (y - cy) ** 2 < r * r
                ]
                shares.append(sum(1 for value in inside if value < 100) / len(inside))
    finally:
        document.close()
    return shares


def test_shrouds_are_light_by_default_and_solid_on_request_and_the_build_says_which(tmp_path):
    """A page of fifteen solid discs wets an inkjet page and eats toner: the shroud is a dark ring and dark art on
    paper unless --solid-shrouds asks for the dark disc, and the build's output says so in one Korean line."""
    ink, said = {}, {}
    for flag in ("", "--solid-shrouds"):
        out = tmp_path / ("solid" if flag else "light")
        result = run_cli("tokens", "trouble-brewing", "--only", "shroud", "--out", out, *([flag] if flag else []))
        assert result.exit_code == 0, result.output
        said[flag] = [line for line in result.output.splitlines() if "--solid-shrouds" in line]
        ink[flag] = shroud_ink((out / "trouble-brewing" / "tokens.pdf").read_bytes())
        assert len(ink[flag]) == 15
    assert max(ink[""]) < 0.4 and min(ink["--solid-shrouds"]) > 0.8, (max(ink[""]), min(ink["--solid-shrouds"]))
    [line] = said[""]
    assert line.startswith("[참고]") and "수의 토큰" in line and re.search("[가-힣]", line)
    assert said["--solid-shrouds"] == []
