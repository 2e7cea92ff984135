"""A temporary content folder with a synthetic script of N characters made from the library, for the benchmark.

The folder is a copy of content/. The first pass over the library uses the characters themselves; later passes
add copies with new ids (`noble-2`, `noble-3`, …) and names (`귀족 2`), each copy placed in night_order.yaml right
after its original so the night order stays in the same relative positions and validation still passes.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

NIGHTS = ("first_night", "other_nights")


def _dump(data, path: Path) -> None:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10_000), encoding="utf-8")


def make_synthetic(source: Path, target: Path, count: int) -> tuple[Path, str]:
    """Copies `source` (a content folder) to `target` and writes scripts/bench-<count>.yaml; returns (folder, script id)."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    characters_dir = target / "characters"
    library: dict[str, dict] = {}
    for path in sorted(characters_dir.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("id") == path.stem:
            library[path.stem] = data
    if not library:
        raise SystemExit(f"no characters in {characters_dir}")

    chosen: list[str] = []
    copies: dict[str, list[str]] = {}  # original id -> its copies, in order
    generation = 1
    while len(chosen) < count:
        for original_id, data in library.items():
            if len(chosen) >= count:
                break
            if generation == 1:
                if original_id in chosen:
                    continue
                # a character that brings another into the bag (the choirboy, the king) comes with it: the script stays valid
                needed = [original_id] + [
                    r for r in (data.get("setup") or {}).get("requires", []) if r in library and r not in chosen
                ]
                if len(chosen) + len(needed) <= count:
                    chosen.extend(needed)
                continue
            new_id = f"{original_id}-{generation}"
            copy = dict(data)
            copy["id"] = new_id
            copy["name"] = f"{data['name']} {generation}"
            copy["aliases"] = []
            if not copy.get("icon") and (target / "icons" / f"{original_id}.svg").is_file():
                copy["icon"] = f"{original_id}.svg"
            _dump(copy, characters_dir / f"{new_id}.yaml")
            copies.setdefault(original_id, []).append(new_id)
            chosen.append(new_id)
        generation += 1

    order_path = target / "night_order.yaml"
    order = yaml.safe_load(order_path.read_text(encoding="utf-8"))
    for night in NIGHTS:
        expanded = []
        for step in order.get(night) or []:
            expanded.append(step)
            expanded.extend(copies.get(step, []))
        order[night] = expanded
    _dump(order, order_path)

    script_id = f"bench-{count}"
    script = {
        "id": script_id,
        "title": f"벤치마크 {count}명",
        "author": "bench",
        "characters": chosen,
    }
    named = {cid: "mutant" for cid in chosen if cid.split("-")[0] == "stormcatcher" and "mutant" in chosen}
    if named:
        script["named_characters"] = named
    _dump(script, target / "scripts" / f"{script_id}.yaml")
    return target, script_id
