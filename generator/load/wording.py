"""Content text → the words a printed document shows. Content files are never changed; only the print is.

- Every declared alias and spacing variant of a library character, and an English or transliterated name the
  library declares ('Storm Catcher', '스파이'), becomes the character's name; the longest match wins, so a name
  that contains another (현상금 사냥꾼 ⊃ 사냥꾼) is never cut up, and a name only matches as a whole word.
- A word the glossary (content/glossary.yaml) says to avoid becomes its term (지목 → 지명, 리마인더 → 알림).
- When a replacement ends differently (폭풍잡이 → 폭풍 부르미, 리마인더 → 알림), the particle after it is chosen
  again (리마인더로 → 알림으로, 돌연변이를 → 변종을).
- Straight quotes become typographic ones (“ ” ‘ ’).
- `tie` then joins the words of a multi-word character or reminder name, a reminder name with the 알림 that marks
  it, a team with its signed count ('외지인 -1명') and the theme's short fixed phrases ('현재 게임') with no-break
  spaces, so no line ends inside them.
"""

from __future__ import annotations

import re
from pathlib import Path

from generator import DEFAULT_CONTENT_DIR
from generator.caches import remembered
from generator.josa import final_sound, with_particle
from generator.keep import parsecache
from generator.keep.patterns import compiled

NBSP = "\u00a0"
HANGUL = "가-힣"
# The first syllable of a particle, by form: after a final consonant / after a vowel. A replaced word keeps the
# particle run that follows it (은, 이라고, 으로는 …) and tossi picks its form again for the new word.
CONSONANT_HEADS = ("으로", "은", "이", "을", "과", "아")
VOWEL_TO_CONSONANT = (
    ("로", "으로"),
    ("는", "은"),
    ("가", "이"),
    ("를", "을"),
    ("와", "과"),
    ("라", "이라"),
    ("나", "이나"),
    ("며", "이며"),
    ("였", "이었"),
    ("예", "이에"),
    ("든", "이든"),
    ("란", "이란"),
    ("랑", "이랑"),
    ("여", "이여"),
    ("야", "이야"),
    ("다", "이다"),
)
# What may follow a name directly: a particle or a suffix ('달 지기가', '세탁 부의'); the text check's name variants
# use the same list. Any other Hangul means the name is part of a longer
# word ('포' in '포기'), so it does not match there.
FOLLOWERS = tuple(
    sorted(
        {
            "은",
            "는",
            "이",
            "가",
            "을",
            "를",
            "의",
            "에",
            "와",
            "과",
            "도",
            "만",
            "로",
            "으로",
            "까지",
            "부터",
            "처럼",
            "보다",
            "마다",
            "조차",
            "뿐",
            "들",
            "님",
            "라",
            "나",
            "며",
            "다",
            "였",
            "예",
            "든",
            "란",
            "랑",
            "여",
            "야",
            "아",
            "한테",
            "께",
            "입",
            "인",
            "일",
            "임",
            "이나",
            "이라",
            "이며",
            "이었",
            "에게",
            "에서",
            "하고",
            "이고",
            "고",
            "밖에",
            "께서",
            "라고",
            "라는",
            "로서",
            "마저",
            "예요",
            "으로서",
            "이다",
            "이라고",
            "이라는",
            "이랑",
            "이야",
            "이에요",
            "입니다",
        },
        key=len,
        reverse=True,
    )
)
# the word that marks a reminder token in storyteller text (after glossary replacement)
MARKERS = ("알림",)
HANGUL_RUN = compiled(rf"[{HANGUL}]+")
SIGNED_COUNT = compiled(rf"(?<=[{HANGUL}]) (?=[+\-−]\d)")  # '외지인 -1명' stays on one line


def load_glossary(content_dir) -> list[tuple[str, list[str]]]:
    """(term, avoided words) from <content>/glossary.yaml, or the bundled glossary when the folder has none."""
    for folder in (content_dir, DEFAULT_CONTENT_DIR):
        if folder is None:
            continue
        path = Path(folder) / "glossary.yaml"
        if path.is_file():
            try:
                data = parsecache.safe_load(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError):
                return []
            except Exception as problem:  # noqa: BLE001 - PyYAML's error; its class is imported only with PyYAML
                if type(problem).__module__.split(".")[0] == "yaml":
                    return []  # a broken glossary changes nothing in print
                raise
            entries = []
            for entry in data if isinstance(data, list) else []:
                if entry_is_printed(entry):
                    entries.append((entry["term"], [a for a in entry["avoid"] if isinstance(a, str) and a.strip()]))
            return entries
    return []


def entry_is_printed(entry) -> bool:
    """A glossary entry that changes print: not a phrasing rule for our own texts only (`print: false`)."""
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("term"), str)
        and isinstance(entry.get("avoid"), list)
        and entry.get("print", True) is not False
    )


def spacing_variants(name: str) -> set[str]:
    """The name as written, and without its spaces ('뱀 조련사' → '뱀조련사')."""
    return {name, name.replace(" ", "")} if " " in name else {name}


def longest_first(words) -> list[str]:
    """Longest first (an alternation tries a longer word before its start), then in order: a pattern made of a set
    reads the same in every process, so its compiled form is found in the cache (generator.keep.patterns)."""
    return sorted(words, key=lambda word: (-len(word), word))


def is_latin(text: str) -> bool:
    return bool(re.search(r"[A-Za-z]", text))


def fix_particle(old: str, new: str, rest: str) -> str:
    """`rest` (the text after a replaced word) with its leading particle chosen again for `new`."""
    if final_sound(old) == final_sound(new):
        return rest
    match = HANGUL_RUN.match(rest)
    if not match:
        return rest
    run = match.group(0)
    particle = None
    for head in CONSONANT_HEADS:
        if run.startswith(head):
            particle = run
            break
    else:
        for vowel, consonant in VOWEL_TO_CONSONANT:
            if run.startswith(vowel):
                particle = consonant + run[len(vowel) :]
                break
    if particle is None:
        return rest
    try:
        fixed = with_particle(new, particle)[len(new) :]
    except (ValueError, KeyError, IndexError):
        return rest
    return fixed + rest[len(run) :]


class Wording:
    """The printed words of one game: names, glossary terms and particles (see the module docstring)."""

    def __init__(self, game):
        library = game.library
        # the library and the script's own characters (a JSON script may define some in full)
        known = sorted({**library.characters, **{c.id: c for c in game.characters}}.values(), key=lambda c: c.id)
        replacements: dict[str, str] = {}
        for character in known:
            for variant in spacing_variants(character.name):
                replacements.setdefault(variant, character.name)
        names = set(replacements)
        for character in known:
            for alias in character.aliases:
                for variant in spacing_variants(alias.strip()):
                    if variant and variant not in names:
                        replacements.setdefault(variant, character.name)
        self.names = replacements
        self._done: dict[str, str] = {}
        self._printed: dict[str, str] = {}
        self.terms: dict[str, str] = {}
        glossary = load_glossary(library.content_dir)
        for term, avoided in glossary:
            for word in avoided:
                if word not in replacements:
                    self.terms[word] = term
        self.name_pattern = self._pattern(self.names)
        self.term_pattern = self._pattern(self.terms)
        spaced = longest_first({c.name for c in known if " " in c.name})
        reminders = {r for c in game.characters for r in c.reminders + c.global_reminders if r.strip()}
        self.tie_names = self._alternation(spaced + longest_first(r for r in reminders if " " in r))
        # one-word names and terms a justified line never cuts between syllables (까마귀지기, 하수인, 플레이어)
        whole = {c.name for c in known} | reminders | {a for c in known for a in c.aliases} | {t for t, _ in glossary}
        self.kept = frozenset(name.replace(" ", NBSP) for name in whole if name.strip())  # spaced names as tied
        self.marked = None
        if reminders:
            tied = "|".join(re.escape(r.replace(" ", NBSP)) for r in longest_first(reminders))
            markers = "|".join(MARKERS)
            self.marked = compiled(rf"((?<![{HANGUL}])\*?(?:{tied})\*?) (?=(?:{markers}))")

    @staticmethod
    def _alternation(words: list[str]):
        words = [w for w in words if w]
        if not words:
            return None
        return compiled(rf"(?<![{HANGUL}])(?:{'|'.join(re.escape(w) for w in words)})")

    @staticmethod
    def _pattern(table: dict[str, str]):
        """One regex for every key, longest first, each starting a word; where it may end is checked in _fits."""
        if not table:
            return None
        keys = "|".join(re.escape(k) for k in sorted(table, key=len, reverse=True))
        return compiled(rf"(?<![{HANGUL}A-Za-z])(?:{keys})")

    @staticmethod
    def _fits(text: str, end: int, key: str, followers: bool) -> bool:
        """A Latin key ends a word; a Hangul name ends a word or goes on only into a particle (포 in 포기 does not)."""
        after = text[end : end + 1]
        if is_latin(key):
            return not (after.isascii() and after.isalpha())
        if not followers or not HANGUL_RUN.match(after):
            return True
        return text.startswith(FOLLOWERS, end)

    def _replace(self, text: str, pattern, table: dict[str, str], followers: bool) -> str:
        if pattern is None:
            return text
        keys = None
        position = 0
        while True:
            match = pattern.search(text, position)
            if match is None:
                return text
            start, found = match.start(), match.group(0)
            if not self._fits(text, match.end(), found, followers):  # a shorter key here may still fit
                keys = keys or sorted(table, key=len, reverse=True)
                found = next(
                    (
                        k
                        for k in keys
                        if len(k) < len(found)
                        and text.startswith(k, start)
                        and self._fits(text, start + len(k), k, followers)
                    ),
                    None,
                )
                if found is None:
                    position = start + 1
                    continue
            new = table[found]
            if new != found:
                text = text[:start] + new + fix_particle(found, new, text[start + len(found) :])
            position = start + len(new)

    def words(self, text: str | None) -> str:
        """Aliases → names, avoided words → glossary terms, particles after them fixed, typographic quotes."""
        if not text:
            return text or ""
        if text not in self._done:
            worded = self._replace(text, self.name_pattern, self.names, followers=True)
            worded = self._replace(worded, self.term_pattern, self.terms, followers=False)
            self._done[text] = typographic_quotes(worded)
        return self._done[text]

    def tie(self, text: str) -> str:
        """No-break spaces inside multi-word names and between a reminder name (marked or not) and its 알림."""
        if self.tie_names is not None:
            text = self.tie_names.sub(lambda m: m.group(0).replace(" ", NBSP), text)
        if self.marked is not None:
            text = self.marked.sub(lambda m: m.group(1) + NBSP, text)
        return tie_phrases(SIGNED_COUNT.sub(NBSP, text))

    def print(self, text: str | None) -> str:
        """words() then tie(): what a paragraph of game text prints. Worked out once per text: a kit prints the same
        texts on several documents and measures them again while laying them out (1,199 calls, 248 texts)."""
        key = text or ""
        printed = self._printed.get(key)
        if printed is None:
            printed = self._printed[key] = self.tie(self.words(text))
        return printed


@remembered(maxsize=1)
def _phrase_pattern():
    from generator.read.theme import theme

    phrases = sorted(theme().text.keep_together, key=len, reverse=True)
    return compiled("|".join(re.escape(p) for p in phrases)) if phrases else None


def tie_phrases(text: str) -> str:
    """The theme's short fixed phrases ('현재 게임', '거짓 정보' …) with no-break spaces inside them, and a bound noun
    kept with the word that modifies it (tie_bound_nouns)."""
    pattern = _phrase_pattern()
    text = pattern.sub(lambda m: m.group(0).replace(" ", NBSP), text) if pattern and text else text
    return tie_counted(tie_bound_nouns(text))


# A bound noun (의존 명사: 수, 것, 때, 줄, 뿐, 데, 적, 채, 듯, 만큼) never starts a line after the -ㄴ/-ㄹ form that
# modifies it ("선택할 수", "사망할 수도", "알 것", "죽을 때", "모른 채"): Korean typesetting keeps the two together.
# The modifier is a Hangul syllable ending in ㄴ or ㄹ; the bound noun is a whole word, possibly with one or two
# particles (수도, 것을, 때는, 때에만).
BOUND_NOUNS = "수|것|때|줄|뿐|데|적|채|듯|만큼"
# what may follow a bound noun in the same word: particles and the copula ('수도', '것을', '때마다', '것입니다'),
# not any syllables ('수도사', '데몬' are nouns of their own)
BOUND_TAIL = (
    "이|가|은|는|을|를|도|만|에|에는|에도|에서|으로|로|의|와|과|이나|나|까지|부터|마다|처럼|밖에|조차|"
    "이라도|라도|이다|입니다|이에요|예요|이고|이며|이라|이라는|인|일|이지만|이므로|이니|이면"
)
BOUND_NOUN = compiled(rf"(?<=[가-힣]) (?=(?:{BOUND_NOUNS})(?:{BOUND_TAIL}){{0,2}}(?=[\s.,!?)\]”’…:]|$))")
VERB_BEFORE_BOUND = compiled(rf"[가-힣][ \u00a0](?:{BOUND_NOUNS})(?:{BOUND_TAIL}){{0,2}}(?=[\s.,!?)\]”’…:]|$)")
FINAL_N, FINAL_L = 4, 8


def _modifier_before(text: str, space: int) -> bool:
    code = ord(text[space - 1]) - 0xAC00
    return 0 <= code <= 11171 and code % 28 in (FINAL_N, FINAL_L)


# A Korean numeral and its counter stay on one line too ("두 명", "세 번"), as "2명" does.
COUNTED = compiled(
    r"(?<![가-힣])(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|스무) (?=(?:명|개|번|표|밤|쪽|장|가지|칸|사람)(?:[가-힣]{0,3})(?=[\s.,!?)\]”’…]|$))"
)


COUNT_BOUND = compiled(r"(?<=\d[명개번표]) (?=(?:이상|이하|미만|초과|이내)(?![가-힣]{3}))")  # "7명 이상"


def tie_counted(text: str) -> str:
    if not text or " " not in text:
        return text
    return COUNT_BOUND.sub(NBSP, COUNTED.sub(lambda m: m.group(0)[:-1] + NBSP, text))


def tie_bound_nouns(text: str) -> str:
    """The space between a modifier and the bound noun after it → a no-break space."""
    if not text or " " not in text:
        return text
    spaces = [m.start() for m in BOUND_NOUN.finditer(text) if _modifier_before(text, m.start())]
    # '정보를 줄 수': a one-syllable 'bound noun' with a bound noun after it is a verb's modifier (주다 → 줄)
    spaces = [at for at in spaces if not VERB_BEFORE_BOUND.match(text, at + 1)]
    if not spaces:
        return text
    chars = list(text)
    for at in spaces:
        chars[at] = NBSP
    return "".join(chars)


def typographic_quotes(text: str) -> str:
    """Straight quotes → “ ” and ‘ ’: a quote after a space, an opening bracket or the start opens, any other closes."""
    if '"' not in text and "'" not in text:
        return text
    out = []
    for index, ch in enumerate(text):
        if ch in "\"'":
            before = text[index - 1] if index else " "
            opening = before.isspace() or before in "([{<“‘「『〈《·—–-/"
            if ch == '"':
                out.append("“" if opening else "”")
            else:
                out.append("‘" if opening else "’")
        else:
            out.append(ch)
    return "".join(out)


def wording(game) -> Wording:
    """The game's Wording, made once per game."""
    cached = game.__dict__.get("_wording")
    if cached is None:
        cached = game.__dict__["_wording"] = Wording(game)
    return cached
