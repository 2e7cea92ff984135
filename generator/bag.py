"""A game's characters and the base player-count table → every possible bag (5–15 players) and the counts it cannot fill."""

from __future__ import annotations

import itertools
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


def modifier_sets(game: Game, base: Counts) -> list[list[Character]]:
    """Which setup-changing characters can be in play together: one demon at a time, up to the minion count."""
    modifiers = [c for c in game.characters if c.changes_setup]
    demons = [c for c in modifiers if c.team == "demon"]
    minions = [c for c in modifiers if c.team == "minion"]
    others = [c for c in modifiers if c.team not in ("demon", "minion")]
    demon_options = [[]] + [[d] for d in demons]
    minion_options = [list(combo) for size in range(0, base.minion + 1) for combo in itertools.combinations(minions, size)]
    other_options = [list(combo) for size in range(0, len(others) + 1) for combo in itertools.combinations(others, size)]
    return [d + m + o for d in demon_options for m in minion_options for o in other_options]


def resolve_variant(base: Counts, characters: list[Character], game: Game) -> list[Variant]:
    variants = []
    for choice in itertools.product(*(modifier_choices(c) for c in characters)):
        counts = list(base.as_tuple())
        for (character_id, delta), character in zip(choice, characters):
            for team in character.bag_changes:
                if delta in character.bag_changes[team]:
                    apply_change(counts, team, delta)
                    break
        tokens = list(counts)
        for character in characters:
            hidden_as = character.setup.get("hidden_as")
            if hidden_as:
                if counts[BAG_TEAMS.index(character.team)] == 0:
                    break  # no slot for it: this combination cannot happen
                tokens[BAG_TEAMS.index(hidden_as)] += 1
                tokens[BAG_TEAMS.index(character.team)] -= 1
        else:
            variants.append(Variant(tuple(choice), Counts(*counts), Counts(*tokens)))
    return variants


def bag_rows(game: Game, table: dict[int, tuple[int, int, int, int]]) -> list[BagRow]:
    rows = []
    for players in PLAYER_COUNTS:
        if players not in table:
            continue  # the loader already reported the missing row
        base = Counts(*table[players])
        seen: dict[tuple, Variant] = {}
        for characters in modifier_sets(game, base):
            for variant in resolve_variant(base, characters, game):
                seen.setdefault((variant.modifiers, variant.counts), variant)
        rows.append(BagRow(players, base, tuple(seen.values())))
    return rows


def shortfalls(game: Game, rows: list[BagRow]) -> list[Shortfall]:
    """Every team count some variant needs that the script has too few characters for."""
    available = {team: len(game.by_team(team)) for team in BAG_TEAMS}
    found = []
    for row in rows:
        for variant in row.variants:
            in_play = {character_id for character_id, _ in variant.modifiers}
            for team in BAG_TEAMS:
                needed = variant.tokens.get(team) + sum(
                    1 for c in game.characters if c.id in in_play and c.team == team and "hidden_as" in c.setup
                )
                if needed > available[team]:
                    found.append(Shortfall(row.players, team, needed, available[team], variant.modifiers))
    return found


def team_range(row: BagRow, team: str) -> tuple[int, int]:
    values = [v.counts.get(team) for v in row.variants]
    return min(values), max(values)
