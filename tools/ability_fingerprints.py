"""The publisher's character data (roles.json files) → content/official_abilities.yaml: per official id, the
fingerprints of its English ability wordings, so that a script's full character object is read as the official
character only when its ability is one of them (generator/load/publisher/official.py). No English text is written.

    python tools/ability_fingerprints.py [--sources "where the older files come from"] ROLES.json [OLDER_ROLES.json ...] \
        > content/official_abilities.yaml

The first file is today's release data (ThePandemoniumInstitute/botc-release, resources/data/roles.json); any
further files are older copies of the same data (earlier commits of that file, or an online grimoire's copy of it),
whose wordings of today's official ids are accepted too: a club's script exported years ago still says the official
character. Ids only in an older file are left out. Same inputs, same bytes out.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.load.publisher.official import fingerprint  # noqa: E402

HEADER = """\
# Fingerprints of the publisher's English ability wordings, per official id: the first 16 hex digits of SHA-256 of
# the wording's words (lower case, punctuation and spacing dropped, curly quotes straight, '&' = 'and', contractions
# and British/American spellings folded: generator/load/publisher/official.py, ability_key). Today's wording first,
# then older official wordings. A script's character object with an official id is the official character when its
# English ability has one of these fingerprints and its team is the official one; otherwise it is a homebrew
# character that reuses the id. No English text is kept here.
# Made by: python tools/ability_fingerprints.py <roles.json of today> [<older roles.json> ...]
# Today's: the publisher's release data (ThePandemoniumInstitute/botc-release, resources/data/roles.json), {today} ids.
# Older: {older} copies{sources}; {wordings} wordings in all.
"""


def roles_of(path: Path) -> dict[str, str]:
    """A roles.json → official id → its ability."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {item["id"]: item["ability"] for item in data if isinstance(item, dict) and isinstance(item.get("ability"), str)
            and isinstance(item.get("id"), str)}


def fingerprints(today: dict[str, str], older: list[dict[str, str]]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for character_id in sorted(today):
        prints = [fingerprint(today[character_id])]
        for roles in older:
            ability = roles.get(character_id)
            if ability is not None and fingerprint(ability) not in prints:
                prints.append(fingerprint(ability))
        found[character_id] = [prints[0], *sorted(prints[1:])]
    return found


def main(arguments: list[str]) -> int:
    sources = ""
    if arguments[:1] == ["--sources"] and len(arguments) > 1:
        sources, arguments = f" ({arguments[1]})", arguments[2:]
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 2
    today = roles_of(Path(arguments[0]))
    older = [roles_of(Path(path)) for path in arguments[1:]]
    found = fingerprints(today, older)
    wordings = sum(len(prints) for prints in found.values())
    lines = [HEADER.format(today=len(today), older=len(older), sources=sources, wordings=wordings), "abilities:"]
    lines += [f"  {character_id}: [{', '.join(prints)}]" for character_id, prints in found.items()]
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
