"""A game's characters and the base player-count table → every possible bag (5–15 players, or the script's declared
range) and the counts it cannot fill; how many players its tokens and grimoire are made for."""

from __future__ import annotations

from dataclasses import dataclass

from generator.load.players import HIGHEST, LOWEST
from generator.model import BAG_TEAMS, Character, Game

PLAYER_COUNTS = range(LOWEST, HIGHEST + 1)
# an undeclared script with few characters that fill every count from 5 up to some count and none above it is a
# script for smaller tables: checked and printed for the counts it fills, with one hint. It is a teensyville script
# (5–6 players) only when it cannot fill 7. Teensyville scripts carry 10–13 characters, a full script 20 or more.
TEENSY_MOST = 6
SMALL_SCRIPT_CHARACTERS = 14


@dataclass(frozen=True)
class Counts:
    """Characters of each team: townsfolk, outsiders, minions, demons."""

    townsfolk: int
    outsider: int
    minion: int
    demon: int

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (self.townsfolk, self.outsider, self.minion, self.demon)

    def get(self, team: str) -> int:
        return getattr(self, team)


@dataclass(frozen=True)
class Variant:
    """One way the bag can come out: which modifiers are in play, their choices, and the resulting counts."""

    modifiers: tuple[tuple[str, int], ...]  # (character id, chosen delta or 0 for a Drunk-like swap)
    counts: Counts
    tokens: Counts  # character tokens that go in the bag (the Drunk's slot holds a townsfolk token)
    characters_needed: Counts  # distinct characters of each team the script must offer


@dataclass(frozen=True)
class Shortfall:
    """A player count where the script offers fewer characters of a team than a setup needs."""

    players: int
    team: str
    needed: int
    available: int
    modifiers: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class BagRow:
    """One player count's bag: the base counts and every way the script's modifiers can change them."""

    players: int
    base: Counts
    variants: tuple[Variant, ...]


def apply_change(counts: list[int], team: str, delta: int) -> None:
    """Moves `delta` slots into `team` from the townsfolk (or out of it); counts never go below 0."""
    index = BAG_TEAMS.index(team)
    other = 0 if team != "townsfolk" else 1
    if counts[index] + delta < 0 or counts[other] - delta < 0:
        return
    counts[index] += delta
    counts[other] -= delta


def modifier_choices(character: Character) -> list[tuple[str, int]]:
    """The alternatives a modifier offers, as (id, delta); a Drunk-like swap is (id, 0)."""
    if "hidden_as" in character.setup:
        return [(character.id, 0)]
    choices: list[tuple[str, int]] = []
    for deltas in character.bag_changes.values():
        choices.extend((character.id, delta) for delta in deltas)
    return choices


def always_in_effect(game: Game) -> list[Character]:
    """Homebrew fabled and loric that change the setup: on the script means in play, so their brackets are house
    rules like the bootlegger's, not a choice of the bag."""
    from generator.load.publisher.official import is_homebrew

    return [
        c
        for c in game.characters
        if c.team in ("fabled", "loric") and c.custom and is_homebrew(c, game.library.characters) and c.changes_setup
    ]


def house_rules(game: Game) -> list[str]:
    """Texts whose setup brackets apply to every bag: the bootlegger rules and always_in_effect abilities."""
    return list(game.script.bootlegger) + [c.ability for c in always_in_effect(game)]


def ordered_modifiers(game: Game) -> list[Character]:
    """The setup-changing characters in the order their changes apply: demons, then minions, then the rest."""
    fixed = {c.id for c in always_in_effect(game)}
    modifiers = [c for c in game.characters if c.changes_setup and c.id not in fixed]
    rank = {"demon": 0, "minion": 1}
    return sorted(modifiers, key=lambda c: rank.get(c.team, 2))


State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # counts, token shift, slots held by hidden characters


def step(state: State, character: Character, delta: int, changes: dict | None = None) -> State:
    """The bag after one more modifier is put in play with the given choice (`changes`: its bag_changes, when the
    caller already has them)."""
    counts, shift, occupied = (list(part) for part in state)
    for team, deltas in (character.bag_changes if changes is None else changes).items():
        if delta in deltas:
            apply_change(counts, team, delta)
            break
    hidden_as = character.setup.get("hidden_as")
    if hidden_as:
        # its own slot is filled by a token of another team (the Drunk's townsfolk token)
        shift[BAG_TEAMS.index(hidden_as)] += 1
        shift[BAG_TEAMS.index(character.team)] -= 1
        occupied[BAG_TEAMS.index(character.team)] += 1
    return tuple(counts), tuple(shift), tuple(occupied)


def finish(chosen: tuple, state: State) -> Variant | None:
    counts, shift, occupied = state
    if any(need > have for need, have in zip(occupied, counts)):
        return None  # no slot for a hidden character: this combination cannot happen
    tokens = tuple(c + s for c, s in zip(counts, shift))
    needed = tuple(c + max(s, 0) for c, s in zip(counts, shift))
    return Variant(chosen, Counts(*counts), Counts(*tokens), Counts(*needed))


def combination(base: Counts, chosen: list[tuple[Character, int]]) -> Variant | None:
    """The bag for exactly these modifiers and choices (applied demons first, then minions, then the rest)."""
    rank = {"demon": 0, "minion": 1}
    state: State = (base.as_tuple(), (0, 0, 0, 0), (0, 0, 0, 0))
    for character, delta in sorted(chosen, key=lambda pair: rank.get(pair[0].team, 2)):
        state = step(state, character, delta)
    return finish(tuple((c.id, d) for c, d in chosen), state)


def fills_slots(character: Character) -> bool:
    """A character that fills a slot of its team without changing any count (not a bag modifier)."""
    return character.team in BAG_TEAMS and not modifier_choices(character)


def can_occur(counts: tuple, in_play: tuple, fillers: tuple, totals: tuple) -> bool:
    """False for a bag that leaves a slot only modifiers kept out of it could fill: when every demon on the script
    changes the setup, the bag with no demon modifier cannot happen (one of them is the demon). A slot that even
    every character of the team could not fill is a real shortfall, not an impossible bag, and is kept."""
    return not any(
        count - playing > filling and count <= total
        for count, playing, filling, total in zip(counts, in_play, fillers, totals)
    )


def variants_for(
    base: Counts, modifiers: list[Character], fillers: Counts | None = None, totals: Counts | None = None
) -> tuple[Variant, ...]:
    """Every distinct bag the modifiers can make from `base`: demons up to the demon count (one), minions up to the
    minion count, each with each of its choices.

    A search over reachable states, not over subsets: two modifier sets that leave the same counts and put as many
    characters of each team in play are one state (kept with the shorter set, for messages), so 200-character scripts
    stay fast. With `fillers` and `totals` (characters per team that change nothing, and all characters per team),
    bags that cannot occur are left out (see can_occur).
    """
    zero = (0, 0, 0, 0)
    states: dict[tuple, tuple] = {(base.as_tuple(), zero, zero, zero): ()}
    limit = {"demon": base.demon, "minion": base.minion}
    # modifiers in play per team, counted only as far as it can matter (so big scripts keep few states): up to the
    # demon and minion limits, and up to the slots fillers alone could not fill (no slot count exceeds the players)
    players = sum(base.as_tuple())
    caps = [max(0, players - filling) for filling in fillers.as_tuple()] if fillers is not None else [0, 0, 0, 0]
    for team, most in limit.items():
        caps[BAG_TEAMS.index(team)] = max(caps[BAG_TEAMS.index(team)], most)
    for character in modifiers:
        following = dict(states)  # the character not in play
        team_index = BAG_TEAMS.index(character.team) if character.team in BAG_TEAMS else None
        choices, changes = modifier_choices(character), character.bag_changes
        for (counts, shift, occupied, in_play), chosen in states.items():
            if character.team in limit and in_play[team_index] >= limit[character.team]:
                continue
            playing = in_play
            if team_index is not None and in_play[team_index] < caps[team_index]:
                playing = in_play[:team_index] + (in_play[team_index] + 1,) + in_play[team_index + 1 :]
            for choice in choices:
                key = (*step((counts, shift, occupied), character, choice[1], changes), playing)
                candidate = chosen + (choice,)
                if key not in following or len(candidate) < len(following[key]):
                    following[key] = candidate
        states = following
    possible: dict[tuple, Variant] = {}
    everything: dict[tuple, Variant] = {}
    for (counts, shift, occupied, in_play), chosen in states.items():
        variant = finish(chosen, (counts, shift, occupied))
        if variant is None:
            continue
        bag = (variant.counts, variant.tokens)
        found = [everything]
        if fillers is None or totals is None or can_occur(counts, in_play, fillers.as_tuple(), totals.as_tuple()):
            found.append(possible)
        for kept in found:
            if bag not in kept or len(chosen) < len(kept[bag].modifiers):
                kept[bag] = variant
    chosen_variants = possible or everything  # nothing can occur at all: show every bag, the check reports it
    return tuple(
        sorted(
            chosen_variants.values(),
            key=lambda v: (len(v.modifiers), v.modifiers, v.counts.as_tuple(), v.tokens.as_tuple()),
        )
    )


def house_base(game: Game, counts: tuple[int, int, int, int]) -> Counts:
    """A row of the setup table with the house rules applied: they are always in play ('[No Demon. +1 Minion]' turns
    3/0/1/1 into 3/0/2/0). Brackets they leave a choice in are reported by the setup check."""
    from generator.load.brackets import house_rule_changes

    changes, _unmodelled = house_rule_changes(house_rules(game))
    adjusted = list(counts)
    for team in BAG_TEAMS:
        if changes.get(team):
            apply_change(adjusted, team, changes[team])
    return Counts(*adjusted)


def bag_rows(game: Game, table: dict[int, tuple[int, int, int, int]]) -> list[BagRow]:
    """One row per player count the game is for (see player_range)."""
    low, high = player_range(game, table)
    return [row for row in all_bag_rows(game, table) if low <= row.players <= high]


def player_range(game: Game, table: dict[int, tuple[int, int, int, int]] | None = None) -> tuple[int, int]:
    """The counts the game is checked and printed for: the script's declared range, else the counts a small script's
    characters fill (see small_script_range), else the whole table (5–15)."""
    table = game.library.bag_table if table is None else table
    if game.script.players:
        return game.script.players
    counts = [players for players in PLAYER_COUNTS if players in table] or [PLAYER_COUNTS[0], PLAYER_COUNTS[-1]]
    return small_script_range(game, table) or (counts[0], counts[-1])


def largest_filled(game: Game, table: dict[int, tuple[int, int, int, int]]) -> int | None:
    """The largest n such that the script's characters fill every count from 5 to n; None when they fill them all."""
    available = Counts(*(len(game.by_team(team)) for team in BAG_TEAMS))
    filled = {row.players for row in all_bag_rows(game, table) if row_fillable(row, available)}
    counts = [players for players in PLAYER_COUNTS if players in table]
    prefix = 0
    while prefix < len(counts) and counts[prefix] in filled:
        prefix += 1
    return None if prefix == len(counts) else (counts[prefix - 1] if prefix else 0)


def small_script_range(game: Game, table: dict[int, tuple[int, int, int, int]]) -> tuple[int, int] | None:
    """(5, n) when the script declares no range, has at most SMALL_SCRIPT_CHARACTERS characters that go in the bag,
    and they fill every count from 5 to n (n at least 6) and no count above: a script for smaller tables, not a
    broken one. It is teensy, (5, 6), only when it cannot fill 7; a script that fills 5–12 is read as 5–12."""
    if game.script.players or not table or sum(len(game.by_team(t)) for t in BAG_TEAMS) > SMALL_SCRIPT_CHARACTERS:
        return None
    largest = largest_filled(game, table)
    if largest is None or largest < TEENSY_MOST:
        return None
    available = Counts(*(len(game.by_team(team)) for team in BAG_TEAMS))
    if any(row_fillable(row, available) for row in all_bag_rows(game, table) if row.players > largest):
        return None  # fills larger tables again: a gap in the middle is a real problem, reported as such
    return (PLAYER_COUNTS[0], largest)


def row_fillable(row: BagRow, available: Counts) -> bool:
    """Some bag this player count can make is one the script has enough characters for."""
    return any(
        all(variant.characters_needed.get(team) <= available.get(team) for team in BAG_TEAMS)
        for variant in row.variants
    )


def all_bag_rows(game: Game, table: dict[int, tuple[int, int, int, int]]) -> list[BagRow]:
    """One row per count of the table (5–15); cached on the game, since validate and two documents all ask for it."""
    cache = game.__dict__.setdefault("_bag_rows_cache", {})
    key = tuple(sorted(table.items()))
    if key not in cache:
        modifiers = ordered_modifiers(game)
        totals = Counts(*(len(game.by_team(team)) for team in BAG_TEAMS))
        fillers = Counts(*(sum(fills_slots(c) for c in game.by_team(team)) for team in BAG_TEAMS))
        cache[key] = [
            BagRow(
                players,
                house_base(game, table[players]),
                variants_for(house_base(game, table[players]), modifiers, fillers, totals),
            )
            for players in PLAYER_COUNTS
            if players in table  # the loader already reported a missing row
        ]
    return cache[key]


def shortfalls(game: Game, rows: list[BagRow]) -> list[Shortfall]:
    """Every team count some variant needs that the script has too few characters for."""
    available = {team: len(game.by_team(team)) for team in BAG_TEAMS}
    found = []
    for row in rows:
        for variant in row.variants:
            for team in BAG_TEAMS:
                needed = variant.characters_needed.get(team)
                if needed > available[team]:
                    found.append(Shortfall(row.players, team, needed, available[team], variant.modifiers))
    return found


def team_range(row: BagRow, team: str) -> tuple[int, int]:
    values = [v.counts.get(team) for v in row.variants]
    return min(values), max(values)


def player_count(game, options) -> int:
    """Shrouds and votes of each kind: --players, else the largest player count the script is for (15, or the top of
    its declared range: 6 for a 5–6 script)."""
    if options.players:
        return options.players
    table = getattr(game.library, "bag_table", None) or {}
    if not table:
        from generator.read.theme import theme

        return int(theme().tokens["players"])
    return player_range(game, table)[1]
