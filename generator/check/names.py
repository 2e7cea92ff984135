"""A Game → findings about names a player at the table may mix up: two characters of the script printed under the
same name, or a printed name that is another character's name in the library (a player who learned the game with
that naming would take one for the other). Run on the game as it prints, so `--names community` is checked too."""

from __future__ import annotations

from generator.findings import Report
from generator.josa import quoted, with_particle
from generator.model import Game


def _key(name: str) -> str:
    return "".join(name.split())


def check(game: Game, report: Report) -> None:
    printed: dict[str, list] = {}
    for character in game.characters:
        printed.setdefault(_key(character.name), []).append(character)
    for same in printed.values():
        if len({c.id for c in same}) > 1:
            first, *others = same
            ids = ", ".join(c.id for c in same)
            report.warning(
                "name-same",
                f"{quoted(first.name, '이')} 스크립트의 캐릭터 {len(same)}개({ids})에 똑같이 인쇄됩니다. 플레이어가 서로 구별할 수 "
                "없으니 한쪽의 이름(name)을 바꾸거나 --names ours로 인쇄하세요.",
                subject=first.id,
                where=others[0].where("name"),
            )
    known: dict[str, set[str]] = {}
    for character in game.library.characters.values():
        for name in character.known_names:
            if name and name.strip():
                known.setdefault(_key(name), set()).add(character.id)
    for character in game.characters:
        same_print = {c.id for c in printed[_key(character.name)]}  # already said above
        others = sorted(known.get(_key(character.name), set()) - same_print)
        if not others:
            continue
        other = game.character(others[0])
        report.warning(
            "name-confusable",
            f"{character.id}의 인쇄 이름 {quoted(character.name, '은')} 라이브러리에서 다른 캐릭터({other.id}, {other.name})를 "
            f"부르는 이름이기도 합니다. 그 이름으로 배운 플레이어는 {with_particle(other.name, '으로')} 알아들을 수 있으니 게임 전에 "
            "알려 주거나 "
            "--names ours로 인쇄하세요.",
            subject=character.id,
            where=character.where("name"),
        )
