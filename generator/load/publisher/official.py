"""A character object that carries an official id → whether it is the official character (our Korean prints), a
homebrew character that reuses the id (its own text prints), or our own export to compare field by field.

The decision is made on the object's content, never on its id alone. The project keeps no English sentence of the
publisher: content/official_abilities.yaml holds, per official id, short fingerprints (hashes) of the publisher's
English ability wordings, today's and older ones (tools/ability_fingerprints.py makes the file from the release data).
An object whose English ability has one of those fingerprints, with the official team, is the official character.
Text in another language that is neither Latin nor Korean (a Chinese club's export) cannot be compared word for
word: it is the official character when its team and the nights it wakes on agree with ours. Any other ability is a
homebrew character that happens to reuse the id. Korean text is ours (an export of ours, maybe edited) and is
compared with our export as before (generator.load.publisher.characters.merge_with_library).
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass

from generator import DEFAULT_CONTENT_DIR
from generator.caches import remembered
from generator.keep.patterns import compiled
from generator.model import NIGHTS

FINGERPRINTS_FILE = DEFAULT_CONTENT_DIR / "official_abilities.yaml"
FINGERPRINT_LENGTH = 16  # hex digits of SHA-256: 64 bits, no collision among a few hundred wordings

QUOTES = str.maketrans({"‘": "'", "’": "'", "‛": "'", "′": "'", "`": "'", "“": '"', "”": '"', "„": '"', "″": '"'})
# spellings that mean the same words, folded before hashing: the ampersand, contractions, British and American
# spelling (the publisher's own wordings have moved between them over the years)
FOLDS = (
    (compiled(r"&"), " and "),
    (compiled(r"\bcan ?not\b|\bcan't\b"), "cannot"),
    (compiled(r"n't\b"), " not"),
    (compiled(r"\bneighbour"), "neighbor"),
    (compiled(r"\btraveler"), "traveller"),
)
WORD = compiled(r"[a-z0-9]+")

# the letters of other writing systems, by the first word of their Unicode names → how a message names them
SCRIPT_NAMES_KO = {
    "CJK": "한자",
    "HIRAGANA": "일본 가나",
    "KATAKANA": "일본 가나",
    "CYRILLIC": "키릴 문자",
    "GREEK": "그리스 문자",
    "THAI": "타이 문자",
    "ARABIC": "아랍 문자",
    "HEBREW": "히브리 문자",
    "DEVANAGARI": "데바나가리 문자",
}
OTHER_SCRIPT_KO = "한글과 라틴 문자가 아닌 글자"


def ability_key(text: str) -> str:
    """An English ability as compared: NFKC, curly quotes straightened, lower case, the folds above, and only its
    words (punctuation and spacing dropped): 'You can't die.' and 'you cannot die' give the same key."""
    text = unicodedata.normalize("NFKC", text).translate(QUOTES).casefold()
    for pattern, replacement in FOLDS:
        text = pattern.sub(replacement, text)
    return " ".join(WORD.findall(text))


def fingerprint(text: str) -> str:
    """The fingerprint kept for an ability: the first FINGERPRINT_LENGTH hex digits of SHA-256 of its key."""
    return hashlib.sha256(ability_key(text).encode("utf-8")).hexdigest()[:FINGERPRINT_LENGTH]


@remembered(maxsize=1)
def official_fingerprints() -> dict[str, frozenset[str]]:
    """Official id → the fingerprints of its abilities' wordings (content/official_abilities.yaml); empty when the
    file is missing or broken, so every full object is then compared as before."""
    import yaml

    try:
        data = yaml.safe_load(FINGERPRINTS_FILE.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return {}
    abilities = data.get("abilities") if isinstance(data, dict) else None
    if not isinstance(abilities, dict):
        return {}
    return {
        str(cid): frozenset(str(f) for f in prints) for cid, prints in abilities.items() if isinstance(prints, list)
    }


def writing_of(text: str) -> str | None:
    """'hangul' when the text has Korean letters, 'other' when most of its letters are of another non-Latin writing
    system, 'latin' when its letters are Latin, None when it has no letters."""
    latin = other = 0
    for ch in text:
        if not unicodedata.category(ch).startswith("L"):
            continue
        if "\uac00" <= ch <= "\ud7a3" or "\u1100" <= ch <= "\u11ff" or "\u3130" <= ch <= "\u318f":
            return "hangul"
        if unicodedata.name(ch, "").startswith("LATIN"):
            latin += 1
        else:
            other += 1
    if other > latin:
        return "other"
    return "latin" if latin else None


def writing_name(text: str) -> str:
    """The Korean name of the writing system most of the text's non-Latin letters belong to ('한자')."""
    counts: dict[str, int] = {}
    for ch in text:
        if unicodedata.category(ch).startswith("L") and not unicodedata.name(ch, "").startswith("LATIN"):
            first = unicodedata.name(ch, "").split(" ")[0]
            counts[first] = counts.get(first, 0) + 1
    if not counts:
        return OTHER_SCRIPT_KO
    return SCRIPT_NAMES_KO.get(max(sorted(counts), key=counts.__getitem__), OTHER_SCRIPT_KO)


@dataclass(frozen=True)
class Reading:
    """What a full object with an official id is: 'official' (print our Korean), 'homebrew' (print its own text) or
    'ours' (Korean: compare with our export). `why` says how it was told: 'same-ability', 'other-language' (with
    `writing`, the Korean name of its letters), 'other-ability', 'other-team', 'other-nights'."""

    kind: str
    why: str = ""
    writing: str | None = None


def read_object(character_id: str, base, given: dict, numbers: dict) -> Reading | None:
    """How to read a full object whose id is the library character `base`; None when the id is no official role
    (a content folder's own character), which is compared with our export as before. `given` is the object in our
    field names (publisher.characters.character_fields), `numbers` its night numbers (night → value)."""
    accepted = official_fingerprints().get(character_id)
    if accepted is None:
        return None
    writing = writing_of(given["ability"])
    if writing == "hangul":
        return Reading("ours")
    if given["team"] != base.team:
        return Reading("homebrew", "other-team")
    if writing == "other":
        if wakes_where_official_does_not(base, given, numbers):
            return Reading("homebrew", "other-nights")
        return Reading("official", "other-language", writing_name(given["ability"]))
    if fingerprint(given["ability"]) in accepted:
        return Reading("official", "same-ability")
    return Reading("homebrew", "other-ability")


def wakes_where_official_does_not(base, given: dict, numbers: dict) -> list[str]:
    """Nights the object says it wakes on (a night number above 0, or a night text) and the official character does
    not. A blank text or a 0 on a night the official character wakes is no disagreement: translating tools blank
    what they did not translate."""
    found = []
    for night in NIGHTS:
        number = numbers.get(night)
        numbered = isinstance(number, (int, float)) and not isinstance(number, bool) and number > 0
        if (numbered or given.get(night)) and base.night_reminder(night) is None:
            found.append(night)
    return found


def is_homebrew(character, library: dict) -> bool:
    """A character the library does not have, or a script's homebrew that reuses a library id: read_object made it
    with no edition (publisher.characters.new_character), where an edited library character keeps the library's."""
    base = library.get(character.id)
    if base is None:
        return True
    return character is not base and character.custom and character.edition is None and base.edition is not None
