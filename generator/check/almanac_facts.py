"""Almanac prose of a Game's characters → warnings where it says something the game's own data does not: a jinx told
otherwise than content/jinxes.yaml tells it, a *reminder* token that no character of the sentence has, a night the
character is said to wake on that it has no step for (night_order.yaml, first_night / other_nights), a setup change
its `setup` field does not make. Each finding names the file, the field and quotes both texts.

Prose is read a sentence at a time, and a sentence counts only where its words leave one reading; every other
sentence is left alone (a missed disagreement costs less than a false one, which teaches people to ignore the check).
What each test reads, and what it leaves alone, is said at its function.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from generator.check.text import field_name
from generator.findings import Report
from generator.josa import with_particle
from generator.keep.patterns import compiled
from generator.load.brackets import BRACKET, bracket_changes, parse_bracket
from generator.load.notes import describe_setup
from generator.load.wording import FOLLOWERS
from generator.model import NIGHT_NAMES_KO, NIGHTS, TEAM_NAMES_KO, Character, Game

PROSE_LISTS = ("examples", "how_to_run", "tips", "notes")
PARAGRAPH_BREAK = compiled(r"\n\s*\n")
SENTENCE = compiled(r"[^.!?\n]+(?:[.!?]+[\"'”’)]*)?")
QUOTED = 90  # characters of a sentence quoted in a message; a longer one is cut at a word


@dataclass(frozen=True)
class Item:
    """One piece of prose as a message names it: its key ('how_to_run[4]', 'overview') and Korean label."""

    key: str
    label: str
    text: str
    sentences: tuple[str, ...]


def item(key: str, label: str, text: str) -> Item:
    return Item(key, label, text, tuple(sentences(text)))


def prose_items(character: Character) -> list[Item]:
    """The almanac's prose of a character: each overview paragraph and each list item."""
    items = []
    if character.overview:
        paragraphs = [p for p in PARAGRAPH_BREAK.split(character.overview) if p.strip()]
        for number, paragraph in enumerate(paragraphs, 1):
            items.append(item("overview", "개요" if len(paragraphs) == 1 else f"개요 {number}번째 문단", paragraph))
    for key in PROSE_LISTS:
        for index, text in enumerate(getattr(character, key), 1):
            items.append(item(f"{key}[{index}]", field_name(f"{key}[{index}]"), text))
    return items


def night_items(character: Character) -> list[Item]:
    """The night texts and cues: data for the night test, but they may retell a jinx."""
    items = [
        item(night, field_name(night), character.night_reminder(night))
        for night in NIGHTS
        if character.night_reminder(night)
    ]
    return items + [item(f"cues.{night}", field_name(f"cues.{night}"), cue) for night, cue in character.cues.items()]


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE.findall(text) if s.strip()]


def shown(sentence: str) -> str:
    """A sentence as a message quotes it: whole when short, else its start cut at a word."""
    if len(sentence) <= QUOTED:
        return sentence
    return sentence[:QUOTED].rsplit(" ", 1)[0] + " …"


def where_of(character: Character, item: Item) -> str | None:
    return character.where("cues" if item.key.startswith("cues.") else item.key)


def place(character: Character, item: Item) -> str:
    """'꼬마 괴물의 how_to_run[4](진행 방법 4)': the field as the file spells it and as a reader calls it."""
    return f"{character.name}의 {item.key}({item.label})"


# ---------------------------------------------------------------------------------------------------------------
# Character names in a sentence

SHORT = 2  # syllables: a name this short counts only before a particle or a non-Hangul character ('포를', not '포도')
PARTICLE_STARTS = "".join(sorted({p[0] for p in FOLLOWERS}))


@dataclass(frozen=True)
class Names:
    """Every name of the library (names, aliases, community names) → its character id, looked up by plain substring
    search: a few hundred `in` tests cost less than one pass of a pattern with as many alternatives."""

    ids: tuple  # (name, character id), longest name first

    def found(self, text: str) -> list[tuple[str, int, int]]:
        """(id, start, end) of every character name in the text: at a word's start, the longest where several start
        at one place, a short name only before a particle or a non-Hangul character."""
        taken = bytearray(len(text))  # characters inside a longer name already found
        hits = []
        for name, character_id in self.ids:
            if name not in text:
                continue
            start = text.find(name)
            while start >= 0:
                end = start + len(name)
                if self.stands_alone(text, name, start, end) and not any(taken[start:end]):
                    taken[start:end] = b"\x01" * (end - start)
                    hits.append((character_id, start, end))
                start = text.find(name, start + 1)
        return sorted(hits, key=lambda hit: hit[1])

    @staticmethod
    def stands_alone(text: str, name: str, start: int, end: int) -> bool:
        before = text[start - 1 : start]
        if before and "가" <= before <= "힣":
            return False
        after = text[end : end + 1]
        return len(name.replace(" ", "")) > SHORT or not after or not "가" <= after <= "힣" or after in PARTICLE_STARTS

    def named(self, text: str) -> set[str]:
        return {character_id for character_id, _, _ in self.found(text)}

    def within(self, text: str) -> Names:
        """Only the names the text holds: what each of its sentences is then searched for (an item's sentences are
        many, the names they share few)."""
        return Names(tuple(pair for pair in self.ids if pair[0] in text))


def names_of(game: Game) -> Names:
    pairs = {
        (name, c.id)
        for c in (*game.library.characters.values(), *game.characters)
        for name in c.known_names
        if name.strip()
    }
    return Names(tuple(sorted(pairs, key=lambda pair: (-len(pair[0]), pair))))


# ---------------------------------------------------------------------------------------------------------------
# 1. Jinxes: a sentence that names a jinx partner must not state the jinx otherwise

NUMBER_WORDS = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9, "열": 10}
NUMBER = r"(\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + ")"
UNIT = r"\s*(?:명|개|표|번|가지)"
# time spans a jinx sets: for the rest of the game, that night only, until the next night
SPANS = {
    "rest": (
        compiled(r"남은\s*게임\s*동안|게임이\s*끝날\s*때까지|게임\s*내내|게임\s*끝까지|영원히"),
        "남은 게임 동안",
    ),
    # '그날 밤부터' is where a span starts, not the span
    "night": (compiled(r"(?:그날|오늘|이번)\s*밤(?!\s*부터|\s*이후)"), "그날 밤"),
    "next": (compiled(r"다음\s*(?:날\s*)?밤까지|다음\s*날까지"), "다음 밤까지"),
}
BOUND_AFTER = compiled(NUMBER + UNIT + r"\s*(이상|이하|초과|미만)")
BOUND_BEFORE = compiled(r"(최대|최소|적어도|많아야)\s*" + NUMBER + UNIT)
BOUND_NAMES = {"최대": "이하", "많아야": "이하", "최소": "이상", "적어도": "이상"}
WIN_VERB = compiled(r"승리|이깁|이긴|이기")
WINNER = compiled(r"(선한|악한|선|악)\s*팀(?:이|은|의\s*승리)")
IN_PLAY = compiled(r"(?:은|는|이|가|도)\s+(?:실제로\s*|여전히\s*|계속\s*)?게임에\s*(있|없)")


def number_of(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


@dataclass(frozen=True)
class Claims:
    """What a text states that a jinx's wording fixes: time spans, bounded counts, winners, who is in play."""

    spans: frozenset
    bounds: frozenset  # ('이상', 5)
    winners: frozenset  # '선', '악'
    in_play: frozenset  # (character id, True / False)


def claims_of(text: str, names: Names) -> Claims:
    spans = frozenset(kind for kind, (pattern, _) in SPANS.items() if pattern.search(text))
    bounds = {(q, number_of(n)) for n, q in BOUND_AFTER.findall(text)}
    bounds |= {(BOUND_NAMES[q], number_of(n)) for q, n in BOUND_BEFORE.findall(text)}
    winners = frozenset(w[0] for w in WINNER.findall(text)) if WIN_VERB.search(text) else frozenset()
    in_play = set()
    for character_id, _, end in names.found(text):
        match = IN_PLAY.match(text, end)
        if match:
            in_play.add((character_id, match.group(1) == "있"))
    return Claims(spans, frozenset(bounds), winners, frozenset(in_play))


def disagreements(said: Claims, jinx: Claims, around: Claims, names_by_id: dict) -> list[str]:
    """What the almanac's sentence states against the jinx, in Korean; empty when nothing contradicts. A kind the
    jinx does not fix, or the sentence does not state, says nothing. A time the sentence names may be when something
    is done ('그날 밤 진홍의 여인을 깨워 …'): it contradicts the jinx's span only when the whole paragraph or item
    (`around`) never states that span."""
    found = []
    if said.spans and jinx.spans and not said.spans & jinx.spans and not around.spans & jinx.spans:
        found.append(f"기간: 해설은 '{span_words(said.spans)}', 징크스는 '{span_words(jinx.spans)}'")
    for qualifier in sorted({q for q, _ in said.bounds} & {q for q, _ in jinx.bounds}):
        ours = {n for q, n in said.bounds if q == qualifier}
        theirs = {n for q, n in jinx.bounds if q == qualifier}
        if ours - theirs:
            found.append(f"수: 해설은 {numbers(ours, qualifier)}, 징크스는 {numbers(theirs, qualifier)}")
    if said.winners and jinx.winners and said.winners - jinx.winners:
        found.append(f"승리: 해설은 {teams(said.winners)}, 징크스는 {teams(jinx.winners)}")
    for character_id, present in said.in_play:
        if (character_id, not present) in jinx.in_play and (character_id, present) not in jinx.in_play:
            name = with_particle(names_by_id.get(character_id, character_id), "이")
            found.append(
                f"게임에 있는지: 해설은 {name} 게임에 {'있다' if present else '없다'}고, 징크스는 {'없다' if present else '있다'}고 합니다"
            )
    return found


def span_words(spans) -> str:
    return "·".join(SPANS[kind][1] for kind in SPANS if kind in spans)


def numbers(values, qualifier: str) -> str:
    return "·".join(f"{n}명 {qualifier}" for n in sorted(values))


def teams(winners) -> str:
    return "·".join(f"{'선한' if w == '선' else '악한'} 팀 승리" for w in sorted(winners))


def jinxes_by_character(game: Game) -> dict[str, list]:
    """Character id → (partner, jinx) for each of its jinxes: the library's, then the script's own for other pairs."""
    found: dict[str, list] = {}
    pairs = set()
    characters = {**game.library.characters, **{c.id: c for c in game.characters}}
    for jinx in [*game.library.jinxes, *game.script.jinxes]:
        pair = frozenset(jinx.characters)
        if pair in pairs or len(pair) != 2 or not pair <= characters.keys():
            continue
        pairs.add(pair)
        first, second = jinx.characters
        found.setdefault(first, []).append((characters[second], jinx))
        found.setdefault(second, []).append((characters[first], jinx))
    return found


def check_jinxes(
    game: Game, character: Character, items: list[Item], partners: list, names: Names, report: Report
) -> None:
    """A sentence that names a jinx partner of the character is read against that jinx's text: a time span, a
    bounded count ('5명 이상', '최대 2명'), the winning team or who is in play that the jinx fixes must not be stated
    otherwise, and a sentence that names another span than the jinx's needs the jinx's span in its paragraph or
    item. A sentence naming several partners is held to all their jinxes together (a claim agreeing with one of
    them is kept)."""
    if not partners:
        return
    names_by_id = {c.id: c.name for c in game.library.characters.values()}
    jinx_claims = {id(jinx): claims_of(jinx.text, names) for _, jinx in partners}
    partner_names = [n for partner, _ in partners for n in partner.known_names if n.strip()]
    reported = set()  # one finding per item and difference: a long item repeating itself is one mistake
    for item in items + night_items(character):
        if not any(n in item.text for n in partner_names):
            continue
        around, present = None, names.within(item.text)
        for sentence in item.sentences:
            if not any(n in sentence for n in partner_names):
                continue
            named = present.named(sentence)
            about = [(partner, jinx) for partner, jinx in partners if partner.id in named]
            if not about:
                continue
            said = claims_of(sentence, present)
            if not (said.spans or said.bounds or said.winners or said.in_play):
                continue
            merged = Claims(
                *(
                    frozenset().union(*(getattr(jinx_claims[id(j)], f) for _, j in about))
                    for f in ("spans", "bounds", "winners", "in_play")
                )
            )
            around = around or claims_of(item.text, present)
            differences = disagreements(said, merged, around, names_by_id)
            if not differences or (item.label, tuple(differences)) in reported:
                continue
            reported.add((item.label, tuple(differences)))
            quoted_jinxes = " / ".join(
                f"징크스({character.name}·{partner.name}, {jinx.source or '스크립트'}): '{jinx.text}'"
                for partner, jinx in about
            )
            report.warning(
                "almanac-jinx",
                f"{place(character, item)}: 해설이 징크스와 다르게 말합니다. 해설: '{shown(sentence)}' — {quoted_jinxes} "
                f"다른 점: {'; '.join(differences)}. 징크스의 글이 기준이니 해설 문장을 징크스에 맞게 고쳐 주세요.",
                subject=character.id,
                where=where_of(character, item),
            )


# ---------------------------------------------------------------------------------------------------------------
# 2. Reminder tokens: a *marked* token must be one some character of the sentence has

REMINDER_MARK = compiled(r"\*([^*\n]+)\*")
SHARED_BY = 5  # a token this many characters carry (죽음, 취함, 중독 …) is in every box: no owner need be named


def reminder_key(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def tokens_of(character: Character) -> set[str]:
    return {reminder_key(name) for name in (*character.reminders, *character.global_reminders)}


def shared_tokens(game: Game) -> set[str]:
    counts: dict[str, int] = {}
    for character in game.library.characters.values():
        for token in tokens_of(character):
            counts[token] = counts.get(token, 0) + 1
    return {token for token, count in counts.items() if count >= SHARED_BY}


def check_reminders(
    game: Game, character: Character, items: list[Item], names: Names, shared: set[str], report: Report
) -> None:
    """Each *marked* token of the prose is this character's reminder, a reminder of a character the same sentence
    names, or a token many characters carry. (Night texts and cues are checked by check/text.py; info tokens are
    written in quotes, "'…' 정보 토큰", never marked.)"""
    own = tokens_of(character)
    reported = set()
    for item in items:
        if "*" not in item.text:
            continue
        present = names.within(item.text)
        for sentence in item.sentences:
            marks = [m for m in dict.fromkeys(REMINDER_MARK.findall(sentence)) if reminder_key(m) not in own | shared]
            if not marks:
                continue
            others = [game.library.characters.get(i) for i in present.named(sentence) if i != character.id]
            known = set().union(*(tokens_of(c) for c in others if c is not None))
            for mark in marks:
                if reminder_key(mark) in known or (item.label, reminder_key(mark)) in reported:
                    continue
                reported.add((item.label, reminder_key(mark)))
                tokens = ", ".join(dict.fromkeys((*character.reminders, *character.global_reminders))) or "없음"
                report.warning(
                    "almanac-reminder",
                    f"{place(character, item)}: 해설이 {with_particle(f'*{mark}*', '을')} 알림 토큰으로 쓰지만, {character.name}의 "
                    f"알림 토큰(reminders/global_reminders: {tokens})에도, 이 문장이 이름을 드는 캐릭터의 알림 토큰에도 "
                    f"없습니다. 해설: '{shown(sentence)}' — 토큰 이름을 캐릭터 파일의 것과 맞추거나, 다른 캐릭터의 토큰이라면 "
                    "그 캐릭터의 이름을 같은 문장에 써 주세요.",
                    subject=character.id,
                    where=where_of(character, item),
                )


# ---------------------------------------------------------------------------------------------------------------
# 3. Nights: a night the prose wakes the character on must be one it has a step for

# the game's first night ('첫 밤' alone is too often a player's first night: the Apprentice's, a new Pilgrim's)
FIRST_NIGHT = r"첫\s*(?:날|째|\s번째)\s*밤"
EXCEPT_FIRST = compiled(
    FIRST_NIGHT + r"\s*(?:을|은|만)?\s*(?:제외|빼|뺀|말고)|매일\s*밤\s*\*|둘째\s*밤부터"
    r"|(?:그\s*뒤|그\s*후|이후|그다음)(?:로|부터|에는?)?\s*(?:매일\s*밤|밤마다)"
)
ON_FIRST = compiled(FIRST_NIGHT)
EVERY = compiled(r"매일\s*밤|밤마다|매\s*밤")
# steps of the night that are not the character's own: the first night's minion and demon information
FIXED_STEP_WORDS = compiled(r"(?:악마|하수인)\s*정보|정보\s*(?:때|단계)|블러프")
NOT_WAKING = compiled(r"깨우지|깨어나지|깨지\s*않|깨지\s*마")
NEGATED = compiled(r"지\s*않|지\s*마|지\s*못|못\s|없이")  # in the waking clause: it may say the opposite
# the character as the one woken, right after its name: '<name>을 (다시) 깨우세요', '<name>(지훈)이 … 깨어납니다'
WOKEN_AFTER_NAME = compiled(
    r"(?:\s+[가-힣]{2,3})?(?:(?:을|를)\s*(?:다시\s*|먼저\s*|함께\s*|모두\s*)?깨[우워]|(?:은|는|이|가|도)\s[^,.]{0,60}?깨어[나납난])"
)
# a sentence's opening that only says when: '첫날 밤, …', '첫날 밤을 제외한 매일 밤, …'
TIME_OPENER = compiled(r"^[^,]{0,30}?밤(?:에|에는|에만|마다)?$")


def woken_clause(sentence: str, own_names) -> str | None:
    """The words that say when the character wakes: the clause (between commas) where it is woken by name, with the
    sentence's opening when that only says when; None when the sentence does not wake it by name."""
    for name in own_names:
        start = sentence.find(name)
        while start >= 0:
            end = start + len(name)
            if (not start or not "가" <= sentence[start - 1] <= "힣") and WOKEN_AFTER_NAME.match(sentence, end):
                clauses = sentence.split(",")
                at = sentence[:start].count(",")
                clause = clauses[at]
                if at and TIME_OPENER.match(clauses[0].strip()):
                    clause = clauses[0] + "," + clause
                return clause
            start = sentence.find(name, start + 1)
    return None


def nights_claimed(clause: str) -> list[tuple[str, str]]:
    """(night, the words that claim it) the clause says the character wakes on."""
    claims = []
    excepted = EXCEPT_FIRST.search(clause)
    if excepted:
        claims.append(("other_nights", excepted.group(0)))
    elif ON_FIRST.search(clause) and not FIXED_STEP_WORDS.search(clause):
        claims.append(("first_night", ON_FIRST.search(clause).group(0)))
    elif EVERY.search(clause):
        every = EVERY.search(clause).group(0)
        claims += [("first_night", every), ("other_nights", every)]
    return claims


def check_nights(game: Game, character: Character, items: list[Item], names: Names, report: Report) -> None:
    """A sentence that wakes this character by name (not another character, not a player's night of someone else's
    ability) on the first night, on every night, or on every night but the first, needs the step for that night:
    the character's night text and its place in the night order. Only the clause that wakes it is read (with an
    opening that says when). A sentence that says it does not wake, or names another character, or speaks of the
    minion and demon information, is left alone: a night step need not wake anyone (the Legion's), so only the claim
    that it wakes is tested."""
    own_names = sorted((n for n in character.known_names if n.strip()), key=len, reverse=True)
    if not own_names or character.team in ("fabled", "loric"):
        return
    order = game.night_order
    reported = set()
    for item in items:
        if "깨" not in item.text or "밤" not in item.text:
            continue
        present = names.within(item.text)
        for sentence in item.sentences:
            if "깨" not in sentence or "밤" not in sentence or NOT_WAKING.search(sentence):
                continue
            clause = woken_clause(sentence, own_names)
            if clause is None or NEGATED.search(clause) or present.named(sentence) - {character.id}:
                continue
            for night, words in nights_claimed(clause):
                has_text = character.night_reminder(night) is not None
                in_order = character.id in order.steps(night)
                if (has_text and in_order) or (item.label, night) in reported:
                    continue
                reported.add((item.label, night))
                report.warning(
                    "almanac-night",
                    f"{place(character, item)}: 해설은 {with_particle(character.name, '이')} '{words}'에 깨어난다고 하지만"
                    f"('{shown(sentence)}'), {missing_step(character, night, has_text, in_order, order.source)} "
                    f"해설을 캐릭터의 밤 안내에 맞추거나, 정말 그 밤에 깨어난다면 {night} 안내와 밤 순서를 더해 주세요.",
                    subject=character.id,
                    where=where_of(character, item),
                )


def missing_step(character: Character, night: str, has_text: bool, in_order: bool, order_file: str | None) -> str:
    """What the data says of that night, in words, with the other night's text it does have."""
    label = NIGHT_NAMES_KO[night]
    order_file = order_file or "night_order.yaml"
    if not has_text:
        if in_order:
            said = f"캐릭터 파일에 {label} 안내({night})가 없습니다(밤 순서에는 있습니다)."
        else:
            said = f"캐릭터 파일에 {label} 안내({night})가 없고, 밤 순서({order_file})의 {label}에도 없습니다."
    else:
        said = f"{label} 안내({night})는 있지만 밤 순서({order_file})의 {label}에 없습니다."
    other = next(n for n in NIGHTS if n != night)
    if character.night_reminder(other):
        said += f" 이 캐릭터의 {NIGHT_NAMES_KO[other]} 안내: '{shown(character.night_reminder(other))}'."
    return said


# ---------------------------------------------------------------------------------------------------------------
# 4. Setup: a change of the bag the prose states must be one the `setup` field makes

SETUP_TEAMS = {"외지인": "outsider", "하수인": "minion", "악마": "demon"}  # townsfolk take up every change: not read
TEAM = "(?P<team>" + "|".join(SETUP_TEAMS) + ")"
TEAM_WORD = compiled("|".join(SETUP_TEAMS))
MORE = ("더", "늘", "많", "추가")
FEWER = ("적", "줄", "빼", "덜", "감소")
PROSE_CHANGE = compiled(
    TEAM + r"(?:\s*토큰)?(?:\s*수)?(?:이|가|은|는|을|를|도)?\s*(?:[가-힣 ]{0,16}?보다\s*)?"
    r"(?P<n>\d+|한|두|세|네|다섯)\s*(?:명|개)\s*(?:이\s*|을\s*|를\s*|씩\s*)?(?P<dir>" + "|".join(MORE + FEWER) + ")"
)
SIGNED_CHANGE = compiled(
    TEAM
    + r"\s*(?P<signed>[+\-−]\s*\d+)\s*명|(?P<signed2>[+\-−]\s*\d+)\s*명?\s*(?P<team2>"
    + "|".join(SETUP_TEAMS)
    + ")"
)


def allowed_changes(character: Character) -> dict:
    """Team → the deltas the character's setup allows ('?' any): its counts, and counts its rules spell out."""
    allowed: dict = {team: deltas for team, deltas in character.setup.items() if team in SETUP_TEAMS.values()}
    for rule in character.setup_rules:
        parsed = parse_bracket(rule.strip().rstrip(".。"))
        for team, deltas in (parsed or {}).items():
            if allowed.get(team) == "?" or deltas == "?":
                allowed[team] = "?"
            else:
                allowed[team] = sorted(set(allowed.get(team, [])) | set(deltas))
    return allowed


def stated_changes(sentence: str) -> list[tuple[str, int, str]]:
    """(team, delta, the words) of each change of a team's count the sentence states in prose (outside brackets)."""
    found = []
    sentence = BRACKET.sub(" ", sentence)
    for match in PROSE_CHANGE.finditer(sentence):
        n = number_of(match["n"])
        found.append((SETUP_TEAMS[match["team"]], n if match["dir"].startswith(MORE) else -n, match.group(0)))
    for match in SIGNED_CHANGE.finditer(sentence):
        team = match["team"] or match["team2"]
        signed = (match["signed"] or match["signed2"]).replace(" ", "").replace("−", "-")
        found.append((SETUP_TEAMS[team], int(signed), match.group(0)))
    return found


def agrees(allowed: dict, team: str, deltas: list[int], whole: bool) -> bool:
    """Whether the setup allows these deltas; a bracket (`whole`) lists every choice, so it must list the same ones."""
    choices = allowed.get(team) or [0]
    if choices == "?":
        return True
    return sorted(deltas) == sorted(choices) if whole else all(d in choices for d in deltas)


def check_setup(game: Game, character: Character, items: list[Item], names: Names, report: Report) -> None:
    """Brackets the prose quotes ('[외지인 +1명]', '[+1 외지인]') and changes it states ('외지인이 1명 더', '하수인은
    평소보다 한 명 많습니다', '외지인 +1명') must be ones the character's setup allows, or the setup of a character the same
    paragraph or item names (an example of the Alchemist with the Baron's ability). Townsfolk counts, which take up
    every other change, and sentences with no count ('악마 토큰을 넣지 말고') are not read."""
    if character.team == "traveller":
        return  # travellers never go in the bag
    own = allowed_changes(character)
    library_names = {c.name: c.id for c in game.library.characters.values()}
    reported = set()
    for item in items:
        if not TEAM_WORD.search(item.text):
            continue
        others = None
        for sentence in item.sentences:
            if not TEAM_WORD.search(sentence):
                continue
            stated = [(team, [delta], words, False) for team, delta, words in stated_changes(sentence)]
            for bracket in BRACKET.finditer(sentence):
                counts, _required, unexplained = bracket_changes(bracket.group(0), character.setup_rules, library_names)
                if not unexplained:
                    stated += [
                        (team, deltas, bracket.group(0), True) for team, deltas in counts.items() if deltas != "?"
                    ]
            for team, deltas, words, whole in stated:
                if agrees(own, team, deltas, whole) or (item.label, team, tuple(deltas), whole) in reported:
                    continue
                others = named_in(game, item, character, names) if others is None else others
                if any(agrees(allowed_changes(other), team, deltas, whole) for other in others):
                    continue
                reported.add((item.label, team, tuple(deltas), whole))
                report.warning(
                    "almanac-setup",
                    f"{place(character, item)}: 해설이 설정 변경 {change_words(team, deltas, words, whole)}을 말하지만, "
                    f"캐릭터 파일의 setup({describe_setup(character)})은 그렇게 바꾸지 않습니다. 해설: '{shown(sentence)}' — "
                    "해설을 setup에 맞추거나, setup이 틀렸다면 능력의 괄호와 "
                    "setup을 함께 고쳐 주세요.",
                    subject=character.id,
                    where=where_of(character, item),
                )


def change_words(team: str, deltas: list[int], words: str, whole: bool) -> str:
    """ "'외지인 +1명'", or the bracket as written with what it means: '[+1 외지인](외지인 +1명)'."""
    meaning = f"{TEAM_NAMES_KO[team]} {' 또는 '.join(f'{d:+d}명' for d in deltas)}"
    return f"{words}({meaning})" if whole else f"'{meaning}'"


def named_in(game: Game, item: Item, character: Character, names: Names) -> list[Character]:
    """The other library characters the item names (asked only when a stated change is not the character's own)."""
    return [
        game.library.characters[i]
        for i in sorted(names.named(item.text) - {character.id})
        if i in game.library.characters
    ]


def check(game: Game, report: Report) -> None:
    names = names_of(game)
    shared = shared_tokens(game)
    jinxes = jinxes_by_character(game)
    for character in game.characters:
        if character.custom:  # a script's own edit of a character: the other checks judge it; this one holds the
            continue  # library's almanac to the library's data
        items = prose_items(character)
        check_jinxes(game, character, items, jinxes.get(character.id, []), names, report)
        check_reminders(game, character, items, names, shared, report)
        check_nights(game, character, items, names, report)
        check_setup(game, character, items, names, report)
