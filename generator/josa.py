"""A word and a particle → the word with the particle form that fits how the word ends when read aloud.

tossi decides after Hangul, digits and quoted or bracketed text; after a Latin word it falls back to '을(를)', which
must never be printed or shown. For Latin endings this module decides by the English word as a Korean reads it
('imp' → 임프를, 'team' → 팀을, 'virgin' → 버진을), and lets tossi choose the form for a stand-in syllable with the
same final sound. Text with '{named}' / '{named:을}' placeholders gets a character name with the right particle.
"""

from __future__ import annotations

import re

from generator.caches import remembered

PLACEHOLDER = re.compile(r"\{named(?::([^}]+))?\}")

# Stand-in syllables: one without a final consonant, one ending in ㄹ (which takes 로, not 으로), one with another final.
VOWEL, RIEUL, CONSONANT = "가", "갈", "각"
# Closing marks a particle follows without changing the sound: the word before them decides.
CLOSING = "'\"’”»›」』〉》]}.…!?"
LATIN_TAIL = re.compile(r"([A-Za-z]+)[^A-Za-z가-힣0-9]*$")
# Letters as Koreans spell them aloud, for acronyms: which end in a consonant sound.
LETTER_FINALS = {"l": RIEUL, "r": RIEUL, "m": CONSONANT, "n": CONSONANT}
# English endings → final sound (longest first). Most stops are read with a trailing 으 (imp → 임프, bug → 버그);
# nasals and l are read as finals (team → 팀, virgin → 버진, king → 킹, castle → 캐슬).
LATIN_ENDINGS = (
    ("ng", CONSONANT),
    ("le", RIEUL),
    ("ll", RIEUL),
    ("l", RIEUL),
    ("m", CONSONANT),
    ("me", CONSONANT),
    ("n", CONSONANT),
    ("ne", CONSONANT),
    ("ook", CONSONANT),
    ("ot", CONSONANT),
    ("et", CONSONANT),
    ("at", CONSONANT),
    ("up", CONSONANT),
    ("ip", CONSONANT),
)


def latin_final(word: str) -> str:
    """A stand-in syllable with the final sound of an English word read aloud in Korean."""
    lower = word.lower()
    if len(word) <= 3 and word.isupper():  # an acronym is spelled: PDF → 피디에프, URL → 유알엘
        return LETTER_FINALS.get(lower[-1], VOWEL)
    for ending, final in LATIN_ENDINGS:
        if lower.endswith(ending):
            return final
    return VOWEL


def stand_in(word: str) -> str | None:
    """The stand-in syllable when the word ends in Latin letters (after closing marks), else None."""
    stripped = word
    while True:
        shorter = stripped.rstrip(CLOSING + " ")
        if shorter.endswith(")") and "(" in shorter.rstrip(")"):  # '임프(imp)': the word before the bracket decides
            before = shorter[: shorter.rfind("(")]
            shorter = before if before.strip() else shorter[shorter.rfind("(") + 1 : -1]
        if shorter == stripped:
            break
        stripped = shorter
    match = LATIN_TAIL.search(stripped)
    if not match or match.end(1) != len(stripped):
        return None
    return latin_final(match.group(1))


@remembered(maxsize=4096)  # a kit words the same few names and particles hundreds of times (612 calls, 95 pairs)
def with_particle(word: str, particle: str) -> str:
    """word + the form of `particle` ('을', '이', '은', '와', '로', '이라' …) that fits how the word ends."""
    import tossi

    syllable = stand_in(word)
    if syllable is None:
        suffix = tossi.postfix(word, particle)[len(word) :]
        if "(" not in suffix:
            return word + suffix
        syllable = VOWEL  # tossi's '을(를)' means it could not tell (a symbol): read it as a vowel ending
    return word + tossi.postfix(syllable, particle)[len(syllable) :]


def final_sound(word: str) -> tuple[str, str]:
    """How the word ends, as the particle forms it takes: ('를', '로') vowel, ('을', '로') ㄹ, ('을', '으로') other."""
    return particle_of(word, "을"), particle_of(word, "로")


def particle_of(word: str, particle: str) -> str:
    """Only the particle form for `word` (with_particle without the word)."""
    return with_particle(word, particle)[len(word) :]


def fill_named(text: str, name: str | None, fallback: str = "지정된 캐릭터") -> str:
    """Replaces each placeholder; without a named character the fallback noun takes the particle instead."""
    target = name or fallback

    def replace(match: re.Match) -> str:
        particle = match.group(1)
        return with_particle(target, particle) if particle else target

    return PLACEHOLDER.sub(replace, text)


def quoted(word: str, particle: str) -> str:
    """'word' in single quotes with the particle that fits the word: quoted('virgin', '은') → "'virgin'은"."""
    return with_particle(f"'{word}'", particle)
