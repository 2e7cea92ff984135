"""A step's night text → a one-line cue for the night card: what to do, without the waking and the sleeping.

Derived from the data, so every character (the 181 of the roster, a homebrew one) gets a cue without anyone
writing one: drop the sentences that only wake or put to sleep the step's own character, start from the first that
says what happens (joined with the next when it only says when to wake), leave out the character's own name
where the card already prints it, and turn "…준 뒤 다시 재우세요" into "…주세요". `shorten` then drops asides in brackets from a cue that is too
wide, and if still too wide cuts it at the last sentence or clause boundary that fits.
"""

from __future__ import annotations

import re

from generator.keep.patterns import compiled

SENTENCE_END = compiled(r"(?<=[.?!])\s+")
ONLY_FROM = compiled(r"^플레이어가 \d+명 이상일 때만 진행합니다\.$")
SLEEP = "다시 재우세요."
# "…보여 주고 다시 재우세요." / "…보여 준 뒤 다시 재우세요." → the verb's stem, to end the cue with "-세요"
TAIL_AND = compiled(r"(\S)고 다시 재우세요\.$")
TAIL_AFTER = compiled(r"(\S) 뒤 다시 재우세요\.$")
# where a too-long cue may be cut: after a comma, or after a connective ending and its space
CLAUSE_END = compiled(r"(,|(?<=[고면며서니데만])(?= )|(?<=뒤)(?= ))")
ELLIPSIS = "…"
PARENTHESES = compiled(r"\s?\([^()]*\)")
HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3


def _polite(stem_end: str) -> str:
    """The last syllable of a verb stem + "-(으)세요": 주→주세요, 놓→놓으세요, 알→아세요."""
    code = ord(stem_end) - HANGUL_FIRST
    if not 0 <= code <= HANGUL_LAST - HANGUL_FIRST:
        return stem_end + "세요"
    final = code % 28
    if final == 0:
        return stem_end + "세요"
    if final == 8:  # ㄹ drops before 세요
        return chr(ord(stem_end) - final) + "세요"
    return stem_end + "으세요"


def _drop_final_n(syllable: str) -> str | None:
    """준→주, 킨→키, 은→으: the syllable without its final ㄴ (the "-ㄴ 뒤" form); None when it has none."""
    code = ord(syllable) - HANGUL_FIRST
    if 0 <= code <= HANGUL_LAST - HANGUL_FIRST and code % 28 == 4:
        return chr(ord(syllable) - 4)
    return None


def night_cue(text: str, name: str) -> str:
    """The cue for one step whose night text is `text` and whose printed name is `name`."""
    sentences = [s.strip() for s in SENTENCE_END.split(" ".join(text.split())) if s.strip()]
    own = re.escape(name)
    wake_only = compiled(rf"^{own}(?:을|를) 깨우세요\.$")
    useful = [s for s in sentences if s != SLEEP and not wake_only.match(s) and not ONLY_FROM.match(s)]
    if not useful:
        return sentences[0] if sentences else ""
    cue = useful[0]
    if cue.endswith("깨우세요.") and len(useful) > 1:  # "…죽었다면 깨우세요." says only when: add what to do
        cue += " " + useful[1]
    cue = re.sub(rf"(^| ){own}(?:을|를) 깨워(?:서)? ", r"\1", cue)
    cue = re.sub(rf"(^|\. ){own}(?:이|가) ", r"\1", cue)
    if match := TAIL_AND.search(cue):
        cue = cue[: match.start()] + _polite(match[1]) + "."
    elif (match := TAIL_AFTER.search(cue)) and (stem := _drop_final_n(match[1])):
        cue = cue[: match.start()] + stem + "세요."
    return cue


def plain(cue: str) -> str:
    """The cue as printed: without the *…* marks around reminder names."""
    return cue.replace("*", "")


def _outside_marks(cue: str) -> list[bool]:
    """For each position: True when it is outside *…*, brackets and quotes (a cue is never cut inside them)."""
    flags, depth, toggles = [], 0, {"*": False, "'": False}
    for char in cue:
        if char in toggles:
            toggles[char] = not toggles[char]
        elif char in "([‘“":
            depth += 1
        elif char in ")]’”":
            depth = max(0, depth - 1)
        flags.append(depth == 0 and not any(toggles.values()))
    return flags


def shorten(cue: str, fits) -> str:
    """`cue` if fits(plain text), else cut at the last boundary that fits: a sentence end (as is), a clause end
    (with "…"), a space (with "…"); never inside *…*, brackets or quotes. Last resort: as many characters as fit."""
    if fits(plain(cue)):
        return cue
    cue = PARENTHESES.sub("", cue)  # asides go first: "(0, 1, 2)", "(게임 내내 그대로 둡니다)"
    if fits(plain(cue)):
        return cue
    outside = _outside_marks(cue)
    sentences = [m.start() for m in SENTENCE_END.finditer(cue) if outside[m.start()]]
    clauses = [m.end() for m in CLAUSE_END.finditer(cue) if outside[max(0, m.end() - 1)]]
    spaces = [i for i, char in enumerate(cue) if char == " " and outside[i]]
    for candidates, mark in ((sentences, ""), (clauses, ELLIPSIS), (spaces, ELLIPSIS)):
        for end in sorted(set(candidates), reverse=True):
            head = cue[:end].rstrip(" ,") + mark
            if fits(plain(head)):
                return head
    head = plain(cue)
    while head and not fits(head + ELLIPSIS):
        head = head[:-1]
    return head + ELLIPSIS


def card_cue(game, step_id: str, night: str) -> str:
    """The night card's cue for one step of a game: the content's own (cues.<night>), else one derived from its night
    text, with the script's named character filled in, in the printed wording (its ties included)."""
    from generator.josa import fill_named
    from generator.load.wording import wording

    fixed = game.library.fixed_steps.get(step_id)
    source = fixed if fixed is not None else game.character(step_id)
    named = game.named_character(step_id)
    named_name = named.name if named else None
    written = getattr(source, "cues", {}).get(night)
    if written:
        cue = fill_named(written, named_name)
    else:
        cue = night_cue(fill_named(source.night_reminder(night) or "", named_name), source.name)
    return wording(game).tie(cue)
