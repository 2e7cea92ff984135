"""A checked Game → script-design advice: whether the script makes a good game, not whether it can be printed.

Every rule's severity and Korean text are data (content/advice.yaml, read by advice_rules.py); what each rule looks
for is a check function below, registered under the rule's code. Each function names its source: the publisher's
guidance for custom and Teensyville scripts (bloodontheclocktower.com/custom-scripts), its role texts and jinx list
(the release data the library was made from), the community's guide to custom scripts ("Beginner's guide to
Blood on the Clocktower custom scripts", notquitetangible.blogspot.com, 2024: ten guidelines on misinformation, the
Outsider count, hiding the Demon, the evil team's escape, Teensy scripts), and the common mistakes in custom scripts
that issue 36 lists after the community script checker ("checker's list" below; the checker's own wording was not at
hand, so each rule's thresholds are this project's, in the rules file). Facts the content already holds (teams,
setup changes, jinxes, the fixed night steps' player counts) are read from the game, never repeated in the rules.

Advice is never a finding: `validate --advice` prints it after the findings and its exit code stays the same."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

from generator.check.advice_rules import SEVERITIES, Advice, AdviceRules, Hit, fill, load_rules
from generator.model import SHEET_TEAMS, Game

CHECKS: dict[str, Callable] = {}


def check(code: str):
    def register(function):
        CHECKS[code] = function
        return function

    return register


def advise(game: Game | None, rules: AdviceRules | None = None) -> list[Advice]:
    """Every rule's advice for the game, high before medium before low, then in the rules file's order, then in the
    script's order. A game without characters on the sheet gets none (the findings already say why)."""
    if game is None:
        return []
    rules = rules or load_rules(game.library.content_dir)
    facts = Facts(game, rules)
    if not facts.sheet:
        return []
    found = []
    for index, rule in enumerate(rules.rules):
        function = CHECKS.get(rule["code"])
        if function is None:
            continue  # a rule a newer or older rules file names: nothing here looks for it
        for hit in function(facts, rule["limits"]):
            ids = tuple(facts.order(hit.characters))
            values = {**rule["limits"], **hit.values}
            advice = Advice(
                rule["severity"],
                rules.severities[rule["severity"]],
                rule["code"],
                fill(rule["title"], values),
                fill(rule["reason"], values),
                fill(rule["change"], values),
                ids,
            )
            found.append((SEVERITIES.index(rule["severity"]), index, facts.position(ids), advice))
    return [advice for *_, advice in sorted(found, key=lambda item: item[:3])]


class Facts:
    """What the checks ask about one game: the sheet's characters, the tags they carry, the player range, the bags."""

    def __init__(self, game: Game, rules: AdviceRules):
        self.game = game
        self.rules = rules
        self.sheet = [c for c in game.characters if c.team in SHEET_TEAMS]
        self.ids = {c.id for c in self.sheet}
        self._place = {c.id: i for i, c in enumerate(self.sheet)}

    def tagged(self, *tags: str) -> list[str]:
        """Ids on the sheet carrying any of the tags, in the script's order."""
        wanted = set().union(*(self.rules.tag(t) for t in tags))
        return [c.id for c in self.sheet if c.id in wanted]

    def team(self, team: str) -> list[str]:
        return [c.id for c in self.sheet if c.team == team]

    def order(self, ids) -> list[str]:
        return sorted(dict.fromkeys(ids), key=lambda i: self._place.get(i, len(self._place)))

    def position(self, ids) -> int:
        return min((self._place.get(i, len(self._place)) for i in ids), default=-1)

    def name(self, character_id: str) -> str:
        """The Korean name: the script's own character's, else the library's (a counter the script lacks)."""
        if character_id in self.ids:
            return self.game.character(character_id).name
        known = self.game.library.characters.get(character_id)
        return known.name if known else character_id

    def names(self, ids, most: int = 4) -> str:
        return ", ".join(self.name(i) for i in list(ids)[:most])

    @cached_property
    def players(self) -> tuple[int, int]:
        from generator.load.bag import player_range

        return player_range(self.game)

    @cached_property
    def rows(self):
        from generator.load.bag import bag_rows

        return bag_rows(self.game, self.game.library.bag_table) if self.game.library.bag_table else []

    @cached_property
    def info(self) -> list[str]:
        return self.tagged("info_first_night", "info_ongoing")

    @cached_property
    def misinformation(self) -> list[str]:
        return self.tagged("droison", "misregisters", "false_info")

    def outsider_changes(self) -> dict[str, list[int]]:
        return {c.id: c.bag_changes["outsider"] for c in self.sheet if "outsider" in c.bag_changes}

    @cached_property
    def evil_info_players(self) -> int:
        """The fewest players that get minion and demon information (the fixed steps' min_players, usually 7)."""
        steps = self.game.library.fixed_steps
        counts = [steps[s].min_players for s in ("minioninfo", "demoninfo") if s in steps and steps[s].min_players]
        return min(counts) if counts else 7


# --- information and misinformation ------------------------------------------------------------------------------


@check("info-none")
def info_none(facts: Facts, limits) -> list[Hit]:
    """Community guide, 'Figure out the basics': the good team needs information to reason from."""
    return [] if facts.info else [Hit()]


@check("misinfo-none")
def misinfo_none(facts: Facts, limits) -> list[Hit]:
    """Community guide, 'Include misinformation'; publisher: each edition carries drunkenness, poisoning or
    misregistration (the Drunk, Poisoner, Spy and Recluse of the first edition)."""
    return [] if facts.misinformation else [Hit(tuple(facts.info))]


@check("droison-heavy")
def droison_heavy(facts: Facts, limits) -> list[Hit]:
    """Checker's list: too many drunkenness and poisoning sources for the information on the script."""
    sources = facts.tagged("droison")
    if len(sources) >= limits.get("min_sources", 3) and len(sources) > len(facts.info):
        return [Hit(tuple(sources), {"sources": len(sources), "info": len(facts.info)})]
    return []


@check("first-night-thin")
def first_night_thin(facts: Facts, limits) -> list[Hit]:
    """Checker's list: first-night information too thin (the first day's talk has nothing to go on)."""
    first = facts.tagged("info_first_night")
    if facts.info and len(first) < limits.get("minimum", 2):
        return [Hit(tuple(first), {"count": len(first)})]
    return []


@check("first-night-strong")
def first_night_strong(facts: Facts, limits) -> list[Hit]:
    """Checker's list: first-night information too strong for the misinformation that blurs it;
    publisher, Teensyville's 'No Greater Joy': plentiful starting information 'may even be too good'."""
    first = facts.tagged("info_first_night")
    if len(first) >= limits.get("min_first_night", 5) and len(facts.misinformation) <= limits.get("max_misinfo", 1):
        return [Hit(tuple(first), {"count": len(first), "misinfo": len(facts.misinformation)})]
    return []


@check("info-ongoing-none")
def info_ongoing_none(facts: Facts, limits) -> list[Hit]:
    """Checker's list: information only on the first night leaves later days without new evidence."""
    first = facts.tagged("info_first_night")
    if first and not facts.tagged("info_ongoing"):
        return [Hit(tuple(first))]
    return []


@check("info-same-kind")
def info_same_kind(facts: Facts, limits) -> list[Hit]:
    """This project's rule (issue 55), read from the role texts of the publisher's release data: information
    characters that answer the same question (the rules file's info_kinds, one group per question) give the town
    one kind of evidence twice, so a script with both learns less new than its list of information roles suggests."""
    hits = []
    for kind in facts.rules.info_kinds.values():
        ids = [c.id for c in facts.sheet if c.id in kind["characters"]]
        if len(ids) >= limits.get("minimum", 2):
            hits.append(Hit(tuple(ids), {"names": facts.names(ids), "learns": kind["learns"], "count": len(ids)}))
    return hits


@check("misregister-unused")
def misregister_unused(facts: Facts, limits) -> list[Hit]:
    """Checker's list: misregistration with nothing on the script that reads a registration."""
    misregistering = facts.tagged("misregisters")
    readers = [i for i in facts.tagged("reads_registration") if i not in misregistering]
    if misregistering and not readers:
        return [Hit(tuple(misregistering))]
    return []


# --- Outsiders ---------------------------------------------------------------------------------------------------


@check("outsider-count-fixed")
def outsider_count_fixed(facts: Facts, limits) -> list[Hit]:
    """Community guide, 'Conceal the outsider count': without a character that changes it, the count is public."""
    outsiders = facts.team("outsider")
    if outsiders and not facts.outsider_changes():
        return [Hit(tuple(outsiders))]
    return []


@check("outsiders-unadjusted")
def outsiders_unadjusted(facts: Facts, limits) -> list[Hit]:
    """Checker's list: a script that leans on Outsiders with nothing that adds them; the setup table
    (content/setup.yaml) holds at most two base Outsiders."""
    outsiders = facts.team("outsider")
    adds = [i for i, deltas in facts.outsider_changes().items() if max(deltas) > 0]
    if len(outsiders) >= limits.get("min_outsiders", 5) and not adds:
        most = max((row.base.outsider for row in facts.rows), default=0)
        return [Hit(tuple(outsiders), {"count": len(outsiders), "most": most})]
    return []


@check("outsiders-all-in-play")
def outsiders_all_in_play(facts: Facts, limits) -> list[Hit]:
    """Checker's list (the reverse of the rule above): Outsider adders on a script with so few Outsiders that, at
    some player counts, an adder in play brings exactly every Outsider on the script into the game. A count past
    them is a bag the script cannot fill, which the setup check already reports (check/setup.py: setup-shortfall)."""
    outsiders = facts.team("outsider")
    adders = [i for i, deltas in facts.outsider_changes().items() if max(deltas) > 0]
    if not outsiders or not adders:
        return []
    counts, reaching, most = [], [], 0
    for row in facts.rows:
        raised = [
            v
            for v in row.variants
            if any(i in adders and delta > 0 for i, delta in v.modifiers)
            and v.counts.get("outsider") > row.base.outsider
        ]
        most = max([most] + [v.counts.get("outsider") for v in raised])
        exact = [v for v in raised if v.counts.get("outsider") == len(outsiders)]
        if exact:
            counts.append(row.players)
            reaching += [i for v in exact for i, delta in v.modifiers if i in adders and delta > 0]
    if not counts:
        return []
    reaching = facts.order(reaching)
    return [
        Hit(
            tuple(outsiders + reaching),
            {
                "players": ", ".join(map(str, counts)),
                "adders": facts.names(reaching),
                "count": len(outsiders),
                "most": most,
                "need": most + 1,
            },
        )
    ]


# --- the Demon and what abilities need ---------------------------------------------------------------------------


@check("demon-no-counter")
def demon_no_counter(facts: Facts, limits) -> list[Hit]:
    """Checker's list: a Demon with no natural counter on the script. The counters are read from the
    role texts of the publisher's release data (what blocks the Demon's kill or reveals what it does)."""
    hits = []
    for demon in facts.team("demon"):
        counters = [i for i in facts.rules.counters.get(demon, ()) if i in facts.game.library.characters]
        if counters and not any(i in facts.ids for i in counters):
            hits.append(Hit((demon,), {"demon": facts.name(demon), "counters": facts.names(counters)}))
    return hits


@check("needs-missing")
def needs_missing(facts: Facts, limits) -> list[Hit]:
    """Checker's list: an ability that needs another character the script lacks; what each ability
    needs is read from its text in the publisher's release data."""
    hits = []
    for character in [c.id for c in facts.sheet if c.id in facts.rules.needs]:
        need = facts.rules.needs[character]
        if need.get("tags"):  # another character carrying one of the tags
            met = any(i != character for i in facts.tagged(*need["tags"]))
        else:  # so many characters of a team (counting itself when it is of that team)
            met = len(facts.team(need.get("team", ""))) >= need.get("at_least", 1)
        if not met:
            hits.append(
                Hit(
                    (character,), {"character": facts.name(character), "need": need["reason"], "change": need["change"]}
                )
            )
    return hits


@check("day-killers-many")
def day_killers_many(facts: Facts, limits) -> list[Hit]:
    """Checker's list: more than one character that kills by day."""
    killers = facts.tagged("day_killers")
    return [Hit(tuple(killers), {"count": len(killers)})] if len(killers) >= limits.get("minimum", 2) else []


@check("no-demon")
def no_demon(facts: Facts, limits) -> list[Hit]:
    """Publisher: every game has a Demon unless a character's setup says otherwise (the Atheist, the Summoner)."""
    return [] if facts.team("demon") or facts.tagged("starts_without_demon") else [Hit()]


@check("single-demon")
def single_demon(facts: Facts, limits) -> list[Hit]:
    """Community guide, 'Conceal which Demon is in play'; publisher: Teensyville scripts may have one or two Demons,
    so only scripts that reach larger tables are told."""
    demons = facts.team("demon")
    if len(demons) == 1 and facts.players[1] >= limits.get("from_players", 7):
        return [Hit(tuple(demons), {"demon": facts.name(demons[0])})]
    return []


@check("few-minions")
def few_minions(facts: Facts, limits) -> list[Hit]:
    """Publisher: Teensyville scripts have two Minions and the editions four; community guide, 'Aim for similar
    minion loudness' (the Minions a script offers are what the good team reasons about)."""
    minions = facts.team("minion")
    if 1 <= len(minions) < limits.get("minimum", 2):
        return [Hit(tuple(minions), {"count": len(minions)})]
    return []


@check("evil-no-escape")
def evil_no_escape(facts: Facts, limits) -> list[Hit]:
    """Community guide, 'Give the evil team an escape hatch'."""
    demons = facts.team("demon")
    if demons and not facts.tagged("evil_escape"):
        return [Hit(tuple(demons))]
    return []


# --- length and the player range ---------------------------------------------------------------------------------


@check("bluffs-short")
def bluffs_short(facts: Facts, limits) -> list[Hit]:
    """Publisher: the Demon learns three good characters not in play (its bluffs); the bag needs as many Townsfolk
    as the setup table's row and the script's modifiers ask for (content/setup.yaml, the characters' setup)."""
    bluffs = limits.get("bluffs", 3)
    have = len(facts.team("townsfolk"))
    worst = None
    failing = []
    for row in facts.rows:
        for variant in row.variants:
            needed = variant.characters_needed.townsfolk
            if have < needed + bluffs:
                failing += [row.players] if row.players not in failing else []
                if worst is None or needed > worst[1]:
                    worst = (row.players, needed)
    if worst is None:
        return []
    players, needed = worst
    return [
        Hit(
            (),
            {
                "players": players,
                "in_play": needed,
                "count": have,
                "need": needed + bluffs,
                "missing": needed + bluffs - have,
                "failing": ", ".join(map(str, failing)),
            },
        )
    ]


def range_values(facts: Facts) -> dict:
    low, high = facts.players
    return {"low": low, "high": high, "count": len(facts.sheet)}


@check("teensy-too-long")
def teensy_too_long(facts: Facts, limits) -> list[Hit]:
    """Publisher, 'Welcome to Teensyville': scripts for 5–6 players typically have 6 Townsfolk, 2 Outsiders,
    2 Minions and 1 or 2 Demons."""
    if facts.players[1] <= limits.get("teensy_most", 6) and len(facts.sheet) > limits.get("maximum", 14):
        return [Hit((), range_values(facts))]
    return []


@check("teensy-demons-many")
def teensy_demons_many(facts: Facts, limits) -> list[Hit]:
    """Publisher, 'Welcome to Teensyville': 1 or 2 Demons."""
    demons = facts.team("demon")
    if facts.players[1] <= limits.get("teensy_most", 6) and len(demons) > limits.get("maximum", 2):
        return [Hit(tuple(demons), {**range_values(facts), "count": len(demons)})]
    return []


@check("teensy-needs-seven")
def teensy_needs_seven(facts: Facts, limits) -> list[Hit]:
    """Publisher: Minion and Demon information happen only with 7 or more players (the fixed steps' min_players in
    content/night_order.yaml); community checker's rule list: teensy scripts with characters that need 7+ players."""
    needing = facts.tagged("needs_evil_info")
    if needing and facts.players[1] < facts.evil_info_players:
        return [
            Hit(
                tuple(needing),
                {**range_values(facts), "minimum": facts.evil_info_players, "names": facts.names(needing)},
            )
        ]
    return []


@check("full-too-short")
def full_too_short(facts: Facts, limits) -> list[Hit]:
    """Checker's list: a script too short for its player range; the editions carry 22–25 characters."""
    if facts.players[1] >= limits.get("from_players", 10) and len(facts.sheet) < limits.get("minimum", 18):
        return [Hit((), range_values(facts))]
    return []


@check("too-long")
def too_long(facts: Facts, limits) -> list[Hit]:
    """Checker's list: a script too long to read at the table (the editions carry 22–25 characters)."""
    return [Hit((), range_values(facts))] if len(facts.sheet) > limits.get("maximum", 30) else []


# --- jinxes ------------------------------------------------------------------------------------------------------


@check("jinx-present")
def jinx_present(facts: Facts, limits) -> list[Hit]:
    """Publisher's jinx list (content/jinxes.yaml) and the script's own jinxes: jinxed pairs on the script."""
    jinxes = facts.game.jinxes
    if not jinxes:
        return []
    pairs = ", ".join("·".join(facts.name(i) for i in facts.order(j.characters)) for j in jinxes)
    return [Hit(tuple(i for j in jinxes for i in j.characters), {"pairs": pairs, "count": len(jinxes)})]


@check("jinx-many")
def jinx_many(facts: Facts, limits) -> list[Hit]:
    """Publisher's jinx list: every jinx is a rule exception the Storyteller must remember."""
    jinxes = facts.game.jinxes
    if len(jinxes) >= limits.get("minimum", 3):
        return [Hit(tuple(i for j in jinxes for i in j.characters), {"count": len(jinxes)})]
    return []
