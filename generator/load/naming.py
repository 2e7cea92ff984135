"""A loaded Game and a naming choice → the Game whose characters print under that naming.

`ours` is the library's own names. `community` prints, for each character that has one, the first name the library
lists under `community_names` (the names of the online grimoires' Korean option). The renamed character keeps its
old name as an alias, so every text that mentions it by our name (abilities, night texts, the almanac) prints the
community name with its particle chosen again (generator.load.wording). Content is never changed: the renamed
library is a copy made for this one game.
"""

from __future__ import annotations

from dataclasses import replace

from generator.model import Character, Game
from generator.options import NAMINGS

DEFAULT_NAMING = NAMINGS[0]


def community_character(character: Character) -> Character:
    """The character under its community name, our name kept as an alias; itself when it has none."""
    names = [n.strip() for n in character.community_names if n and n.strip()]
    if not names or names[0] == character.name:
        return character
    aliases = [character.name, *(a for a in character.aliases if a != names[0])]
    return replace(character, name=names[0], aliases=aliases)


def named_game(game: Game, naming: str) -> Game:
    """The game under `naming`: the same object for `ours`, a renamed copy for `community`."""
    if naming not in NAMINGS:
        raise ValueError(naming)
    if naming == DEFAULT_NAMING:
        return game
    library = game.library
    renamed = {character_id: community_character(c) for character_id, c in library.characters.items()}
    characters = [
        renamed[c.id] if library.characters.get(c.id) is c else community_character(c) for c in game.characters
    ]
    return Game(
        script=game.script, library=replace(library, characters=renamed), characters=characters, added=list(game.added)
    )
