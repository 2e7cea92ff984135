"""The game's vocabulary: plain dataclasses that every stage after content loading reads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

TEAMS = ("townsfolk", "outsider", "minion", "demon", "traveller", "loric", "fabled")
SHEET_TEAMS = ("townsfolk", "outsider", "minion", "demon")
BAG_TEAMS = ("townsfolk", "outsider", "minion", "demon")
GOOD_TEAMS = ("townsfolk", "outsider")
EVIL_TEAMS = ("minion", "demon")
SIDE_TEAMS = ("traveller", "loric", "fabled")

TEAM_NAMES_KO = {
    "townsfolk": "마을주민",
    "outsider": "외지인",
    "minion": "하수인",
    "demon": "악마",
    "traveller": "여행자",
    "loric": "설화",
    "fabled": "전설",
}

EDITIONS = ("tb", "bmr", "snv", "carousel", "fabled", "loric", "custom")
EDITION_NAMES_KO = {
    "tb": "불길한 조짐",
    "bmr": "핏빛 달이 뜬다",
    "snv": "종파와 제비꽃",
    "carousel": "실험적 캐릭터",
    "fabled": "전설",
    "loric": "설화",
    "custom": "자작",
}
# A setup delta of "?" means the Storyteller picks any number; the bag search tries these.
ANY_DELTAS = (-2, -1, 0, 1, 2)

# Player counts: the official setup table's rows (5–15 players), and up to 5 travellers seated beside them.
FEWEST_PLAYERS, MOST_PLAYERS = 5, 15
MOST_TRAVELLERS = 5
MOST_SEATS = MOST_PLAYERS + MOST_TRAVELLERS

NIGHTS = ("first_night", "other_nights")
NIGHT_NAMES_KO = {"first_night": "첫날 밤", "other_nights": "다른 밤"}
FIXED_STEPS = ("dusk", "minioninfo", "demoninfo", "dawn")
# The publisher's rule: a script whose characters have a jinx is played with the Djinn, whose ability is "the jinxes
# printed here apply"; the official sheets print it among the fabled without the script listing it.
JINX_FABLED = "djinn"


class PlaceMap(Protocol):
    """Field → 'file:line' for messages ('ability', 'reminders[2]'): a dict, or generator.read.yamlio.Places, which
    works a line out only when a message asks for it."""

    def get(self, key: str, /) -> str | None: ...

    def __contains__(self, key: str, /) -> bool: ...


@dataclass
class Character:
    """One character as the library or a script defines it: its printed texts, setup changes, night texts, tokens
    and almanac prose, and where each field was read."""

    id: str
    name: str
    team: str
    ability: str
    flavor: str | None = None
    overview: str | None = None
    examples: list[str] = field(default_factory=list)  # almanac: concrete game situations (예시)
    how_to_run: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # the user's almanac: its 예시 · 메모 section, under that heading
    tips: list[str] = field(default_factory=list)  # almanac: the storyteller's advice (요령), apart from the examples
    reminders: list[str] = field(default_factory=list)
    global_reminders: list[str] = field(default_factory=list)
    first_night: str | None = None
    other_nights: str | None = None
    setup: dict = field(default_factory=dict)
    aliases: list[str] = field(default_factory=list)  # other spellings in content text: printed as the name
    community_names: list[str] = field(
        default_factory=list
    )  # names players know from other tools: found, never printed
    icon: str | None = None
    image: str | None = None  # a JSON character's `image`: a URL (never fetched) or a file path beside the script
    image_base: str | None = None  # the folder a relative `image` path is read from (the script's), when known
    edition: str | None = None
    cues: dict = field(default_factory=dict)  # night → a one-line cue for the night card (optional)
    source: str | None = None  # the file it was loaded from, for messages
    custom: bool = False  # given in full by a script rather than taken from the library
    icon_data: bytes | None = field(default=None, repr=False)  # an icon sent as the picture itself (the page's editor)
    original: dict = field(default_factory=dict)  # the text it came with before translation (publisher keys → English)
    places: PlaceMap = field(
        default_factory=dict[str, str], repr=False, compare=False
    )  # 'ability', 'reminders[2]' → 'file:line'

    def where(self, key: str) -> str | None:
        """'file:line' of a field ('how_to_run[2]' is the second step), else of the field, else of the character."""
        return self.places.get(key) or self.places.get(key.split("[")[0]) or self.source

    @property
    def known_names(self) -> tuple[str, ...]:
        """Every name a user may look the character up by: its name, aliases and community names."""
        return (self.name, *self.aliases, *self.community_names)

    def night_reminder(self, night: str) -> str | None:
        return self.first_night if night == "first_night" else self.other_nights

    @property
    def is_good(self) -> bool:
        return self.team in GOOD_TEAMS

    @property
    def is_evil(self) -> bool:
        return self.team in EVIL_TEAMS

    @property
    def bag_changes(self) -> dict[str, list[int]]:
        """Team → allowed deltas from the structured setup (e.g. {'outsider': [-1, 1]})."""
        return {
            team: list(ANY_DELTAS) if deltas == "?" else list(deltas)
            for team, deltas in self.setup.items()
            if team in BAG_TEAMS
        }

    @property
    def setup_rules(self) -> list[str]:
        """Setup brackets that are not slot counts (e.g. '악마 없음'), as written in the ability."""
        return list(self.setup.get("rules", []))

    @property
    def required_characters(self) -> list[str]:
        """Ids the bag must hold when this character is in play (e.g. the Huntsman brings the Damsel)."""
        return list(self.setup.get("requires", []))

    @property
    def changes_setup(self) -> bool:
        return bool(self.setup)


@dataclass
class FixedStep:
    """A night step that is no character's (dusk, minion info, demon info, dawn): its texts, cues and the least
    number of players it happens at."""

    id: str
    name: str
    first_night: str | None = None
    other_nights: str | None = None
    min_players: int | None = None
    cues: dict = field(default_factory=dict)  # night → a one-line cue for the night card (optional)
    places: PlaceMap = field(default_factory=dict[str, str], repr=False, compare=False)  # field → 'file:line'

    def night_reminder(self, night: str) -> str | None:
        return self.first_night if night == "first_night" else self.other_nights


@dataclass
class NightRule:
    """content/night_rules.yaml: these characters wake before those on the named nights, for the reason given."""

    before: list[str]
    after: list[str]
    nights: list[str]
    reason: str


@dataclass
class Jinx:
    """Two characters' special rule when both are in play (content/jinxes.yaml or the script's own)."""

    characters: tuple[str, str]
    text: str
    source: str | None = None  # 'file:line' of its text


@dataclass
class NightOrder:
    """The order characters and fixed steps wake in on the first night and on the other nights."""

    first_night: list[str]
    other_nights: list[str]
    source: str | None = None
    lines: dict = field(default_factory=dict)  # night → {index: line in source, None: line of the night's key}
    # the official order with the script's own characters placed by their night numbers: not an order of its own
    official: bool = False

    def steps(self, night: str) -> list[str]:
        return self.first_night if night == "first_night" else self.other_nights


@dataclass
class Script:
    """A script as read: title, author, the characters it lists, its notes, the names it gives characters and its
    own night order, when it has one."""

    id: str
    title: str
    author: str | None
    character_ids: list[str]
    notes: str | None = None
    named_characters: dict[str, str] = field(default_factory=dict)
    night_order: NightOrder | None = None  # the script's own order, when it carries one
    bootlegger: list[str] = field(default_factory=list)
    logo: str | None = None  # a club or script logo as written: a path in the script's folder, or a URL (never fetched)
    logo_base: str | None = None  # the folder `logo` is read from: the script file's; None for a script sent over HTTP
    logo_image: bytes | None = field(default=None, repr=False)  # a logo sent as the picture itself (the page)
    players: tuple[int, int] | None = None  # the player counts the script is for, when it declares them
    jinxes: list = field(default_factory=list)  # homebrew Jinx pairs the script's character objects carry
    almanac: str | None = None  # the address of the script's almanac online (_meta.almanac): printed as a QR code
    source: str | None = None
    lines: dict = field(default_factory=dict)  # index in character_ids → line in source
    custom_characters: dict = field(default_factory=dict)  # id → Character given in full by the script (JSON)
    places: PlaceMap = field(
        default_factory=dict[str, str], repr=False, compare=False
    )  # 'title', 'bootlegger[1]' → 'file:line'

    def where(self, key: str) -> str | None:
        return self.places.get(key) or self.places.get(key.split("[")[0]) or self.source


class PrintedEdition(Protocol):
    """An edition's printed sheet as the publisher's order knows it (generator.load.standard_order.EditionSheet)."""

    @property
    def title(self) -> str: ...

    @property
    def author(self) -> str | None: ...

    @property
    def ids(self) -> list[str]: ...


class PublisherOrder(Protocol):
    """The publisher's sort, generator.load.standard_order.StandardOrder, as the stages use it: named here by what it
    does, since that module reads the model and the model imports no stage."""

    @property
    def sheets(self) -> Mapping[str, PrintedEdition]: ...

    def edition_of(self, characters: list[Character], library: dict[str, Character]) -> PrintedEdition | None: ...

    def place(self, character: Character) -> float: ...

    def sorted(self, characters: list[Character]) -> list[Character]: ...


@dataclass
class Library:
    """Everything loaded from a content folder."""

    characters: dict[str, Character]
    fixed_steps: dict[str, FixedStep]
    night_order: NightOrder
    night_rules: list[NightRule]
    jinxes: list[Jinx]
    bag_table: dict[int, tuple[int, int, int, int]] = field(default_factory=dict)
    content_dir: Path | None = None  # the folder it was read from (the bundled one for a folder of additions)
    standard_order: PublisherOrder | None = None  # the publisher's sort (generator.load.standard_order)
    english_names: dict[str, str] = field(default_factory=dict)  # official id → the publisher's English name


@dataclass
class Game:
    """One script resolved against the library: what every document is made from."""

    script: Script
    library: Library
    characters: list[Character]  # in script (sheet) order
    added: list[str] = field(default_factory=list)  # ids printed without the script listing them (the Djinn)

    @property
    def ids(self) -> list[str]:
        return [c.id for c in self.characters]

    @property
    def listed(self) -> list[Character]:
        """The characters the script itself lists: what is exported and edited (printing adds the Djinn)."""
        return [c for c in self.characters if c.id not in self.added]

    def character(self, character_id: str) -> Character:
        for c in self.characters:
            if c.id == character_id:
                return c
        return self.library.characters[character_id]

    def by_team(self, team: str) -> list[Character]:
        return [c for c in self.characters if c.team == team]

    @property
    def night_order(self) -> NightOrder:
        return self.script.night_order or self.library.night_order

    def night_steps(self, night: str, all_players: bool = False, players: int | None = None) -> list[str]:
        """The night's steps that apply to this script: its characters plus the fixed steps, without those that never
        happen at the player counts the script declares (minion and demon information on a 5–6 player script), or at
        `players` when one game's count is given, unless `all_players` asks for the order as the format writes it."""
        return self._steps_in(self.night_order, night, all_players, players)

    def _steps_in(self, order: NightOrder, night: str, all_players: bool, players: int | None = None) -> list[str]:
        present = set(self.ids)
        unplayed = set() if all_players else set(self.unplayed_steps(night, players))
        steps = []
        for step in order.steps(night):
            if step in self.library.fixed_steps or step in present:
                if step in self.library.fixed_steps and self.library.fixed_steps[step].night_reminder(night) is None:
                    continue
                if step not in unplayed:
                    steps.append(step)
        return steps

    def english_name(self, character_id: str) -> str | None:
        """The publisher's English name of an official character, for --english."""
        return self.library.english_names.get(character_id)

    @property
    def has_own_night_order(self) -> bool:
        """Whether the script wakes its official characters (and runs the fixed steps) in an order other than the
        library's. Its own characters need no order of their own: their night numbers place them."""
        order = self.script.night_order
        if order is None or order.official:
            return False
        official = self.library.night_order
        known = set(official.first_night) | set(official.other_nights)
        return any(
            [step for step in self._steps_in(order, night, True) if step in known]
            != self._steps_in(official, night, True)
            for night in NIGHTS
        )

    def unplayed_steps(self, night: str, players: int | None = None) -> list[str]:
        """Fixed steps of this night that need more players than the script is for (its declared range ends under
        their min_players), or than `players` when one game's count is given, in the night's order."""
        if players is not None:
            most = players
        elif self.script.players:
            most = self.script.players[1]
        else:
            return []
        return [
            step
            for step in self.night_order.steps(night)
            if step in self.library.fixed_steps
            and (self.library.fixed_steps[step].min_players or 0) > most
            and self.library.fixed_steps[step].night_reminder(night) is not None
        ]

    @property
    def jinxes(self) -> list[Jinx]:
        """The library's jinxes between the game's characters, then the script's own (homebrew) ones."""
        present = set(self.ids)
        official = [j for j in self.library.jinxes if set(j.characters) <= present]
        pairs = {frozenset(j.characters) for j in official}
        own = [j for j in self.script.jinxes if set(j.characters) <= present and frozenset(j.characters) not in pairs]
        return official + own

    def named_character(self, loric_id: str) -> Character | None:
        target = self.script.named_characters.get(loric_id)
        if target and target in self.library.characters:
            return self.library.characters[target]
        return None
