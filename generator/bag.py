"""A game's characters and the base player-count table → every possible bag (5–15 players) and the counts it cannot fill."""

from __future__ import annotations

from dataclasses import dataclass

from generator.model import BAG_TEAMS, Character, Game

PLAYER_COUNTS = range(5, 16)


@dataclass(frozen=True)
class Counts:
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
    characters_needed: Counts | None = None  # distinct characters of each team the script must offer


@dataclass(frozen=True)
class Shortfall:
    players: int
    team: str
    needed: int
    available: int
    modifiers: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class BagRow:
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
    choices = []
    for team, deltas in character.bag_changes.items():
        choices.extend((character.id, delta) for delta in deltas)
    return choices


def ordered_modifiers(game: Game) -> list[Character]:
    """The setup-changing characters in the order their changes apply: demons, then minions, then the rest."""
    modifiers = [c for c in game.characters if c.changes_setup]
    rank = {"demon": 0, "minion": 1}
    return sorted(modifiers, key=lambda c: rank.get(c.team, 2))


def apply_choice(counts: list[int], character: Character, delta: int) -> None:
    for team, deltas in character.bag_changes.items():
        if delta in deltas:
            apply_change(counts, team, delta)
            return


State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # counts, token shift, slots held by hidden characters


def step(state: State, character: Character, delta: int) -> State:
    """The bag after one more modifier is put in play with the given choice."""
    counts, shift, occupied = (list(part) for part in state)
    apply_choice(counts, character, delta)
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


def variants_for(base: Counts, modifiers: list[Character]) -> tuple[Variant, ...]:
    """Every distinct bag the modifiers can make from `base`: one demon at a time, up to the minion count.

    A search over reachable states, not over subsets: two modifier sets that leave the same counts are one state
    (kept with the shorter set, for messages), so 200-character scripts stay fast.
    """
    start = (base.as_tuple(), (0, 0, 0, 0), (0, 0, 0, 0), False, 0)
    states: dict[tuple, tuple] = {start: ()}
    for character in modifiers:
        following = dict(states)  # the character not in play
        for (counts, shift, occupied, demon_used, minions_used), chosen in states.items():
            if character.team == "demon" and demon_used:
                continue
            if character.team == "minion" and minions_used >= base.minion:
                continue
            for choice in modifier_choices(character):
                key = (
                    *step((counts, shift, occupied), character, choice[1]),
                    demon_used or character.team == "demon",
                    minions_used + (character.team == "minion"),
                )
                candidate = chosen + (choice,)
                if key not in following or len(candidate) < len(following[key]):
                    following[key] = candidate
        states = following
    variants: dict[tuple, Variant] = {}
    for (counts, shift, occupied, _, _), chosen in states.items():
        variant = finish(chosen, (counts, shift, occupied))
        if variant is None:
            continue
        key = (variant.counts, variant.tokens)
        if key not in variants or len(chosen) < len(variants[key].modifiers):
            variants[key] = variant
    return tuple(sorted(variants.values(), key=lambda v: (len(v.modifiers), v.modifiers, v.counts.as_tuple(), v.tokens.as_tuple())))


def bag_rows(game: Game, table: dict[int, tuple[int, int, int, int]]) -> list[BagRow]:
    """One row per player count; cached on the game, since validate and two documents all ask for it."""
    cache = game.__dict__.setdefault("_bag_rows_cache", {})
    key = tuple(sorted(table.items()))
    if key not in cache:
        modifiers = ordered_modifiers(game)
        cache[key] = [
            BagRow(players, Counts(*table[players]), variants_for(Counts(*table[players]), modifiers))
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
