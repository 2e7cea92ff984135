"""What the user's cache signs: plain data only, checked a level at a time before it is signed; the check agrees with
an object-by-object walk, refuses code objects wherever they hide, and ends on a crafted cycle. A parse store's file
is read whole, its entries decoded and checked for shape only when a run looks them up; one broken entry costs
itself."""

from __future__ import annotations

import hashlib
import hmac
import marshal

import pytest

from generator.keep import parsecache, usercache
from generator.keep.parsecache import _is_yaml_data_one_by_one, is_yaml_data
from generator.keep.usercache import _is_plain_one_by_one, is_plain

CODE = compile("open('ran', 'w')", "<crafted>", "exec")

PLAIN = [
    None,
    True,
    7,
    2.5,
    "글자",
    b"\x00\x01",
    (1, "a", b"b", None),
    [1, [2, [3, [4]]]],
    {"text": ("value", "글"), "size": ("value", 9.5)},
    {1: "a", None: [], 2.5: {}, False: ()},
    {(1, "a"): [b"x", {None: frozenset({1, 2})}]},
    {frozenset({"a"}): {1, 2, 3}},
]
FOREIGN = [
    CODE,
    [CODE],
    (1, (2, (3, CODE))),
    {"a": CODE},
    {CODE: 1},
    {"a": 1, 2: CODE},
    {CODE},
    frozenset({1, CODE}),
    [[[[[[CODE]]]]]],
    Ellipsis,
    [Ellipsis],
    1j,
    {"k": [2j]},
    StopIteration,
]


@pytest.mark.parametrize("value, plain", [(v, True) for v in PLAIN] + [(v, False) for v in FOREIGN])
def test_the_level_check_agrees_with_the_walk(value, plain):
    again = marshal.loads(marshal.dumps(value))  # what the cache really holds: marshal's own objects
    assert is_plain(value) == is_plain(again) == _is_plain_one_by_one(again) == plain


def test_a_crafted_cycle_or_tower_ends_refused():
    """marshal can make a list that holds itself, or a tower of shared lists (2^40 paths): refused, not walked."""
    cycle: list = []
    cycle.append(cycle)
    looped = marshal.loads(marshal.dumps(cycle))
    assert looped[0] is looped
    data = marshal.dumps(cycle)
    assert not is_plain(marshal.loads(data), usercache.visits_for(len(data)))
    tower: list = [1]
    for _ in range(40):
        tower = [tower, tower]
    data = marshal.dumps(tower)
    assert len(data) < 1000 and not is_plain(marshal.loads(data), usercache.visits_for(len(data)))


@pytest.mark.parametrize(
    "value",
    [None, 1, "a", [1, "a", None, True, 1.5], {"a": [{"b": {1: 2, None: 3, False: [], 1.5: {}}}]}]
    + [(1,), {(1, 2): 3}, {"a": (1,)}, [b"x"], {"a": {1, 2}}, [CODE], {"k": [[[[CODE]]]]}, [1j]],
)
def test_yaml_data_is_what_the_walk_says(value):
    assert is_yaml_data(value) == _is_yaml_data_one_by_one(value)


def test_what_is_not_plain_is_never_signed(tmp_path, monkeypatch):
    """Plain data is checked before a value is signed (a parse kept, a value stored), so a file whose checksum
    verifies holds plain data only: a value that holds a code object is kept nowhere."""
    monkeypatch.setenv(usercache.ENV, str(tmp_path / "cache"))
    kept = parsecache.KeptParses("test", lambda: "v1", lambda text, value: True)
    kept.remember("code", ["parse", CODE])
    kept.remember("plain", ["parse", 1])
    kept.save()
    kept.forget()
    assert kept.lookup("code") is None and kept.lookup("plain") == ["parse", 1]
    usercache.store("test-values", "key", {"a": [CODE]})
    assert usercache.load("test-values", "key") is None
    usercache.store("test-values", "key", {"a": [1]})
    assert usercache.load("test-values", "key") == {"a": [1]}
    cycle: list = [1]
    cycle.append(cycle)
    kept.remember("cycle", cycle)  # refused at once, not walked for ever
    usercache.store("test-values", "cycle", cycle)
    assert kept._digest("cycle") not in kept.added and usercache.load("test-values", "cycle") is None


def test_one_broken_entry_in_a_parse_file_costs_only_itself(tmp_path, monkeypatch):
    """A parse file checksummed with the user's secret (a program of the user's own could write one) where one entry
    is not marshal data, or not of the store's shape: that entry is not used, every other one still is."""
    monkeypatch.setenv(usercache.ENV, str(tmp_path / "cache"))
    kept = parsecache.KeptParses("test", lambda: "v1", lambda text, value: value[0] == "parse")
    for number in range(5):
        kept.remember(f"text {number}", ["parse", number])
    kept.save()
    (path,) = (tmp_path / "cache" / "test").glob("*.bin")
    data = path.read_bytes()
    header = data[: data.index(b"\n", len(usercache.MAGIC)) + 1]
    entries = marshal.loads(data[len(header) + 32 :])
    entries[kept._digest("text 2")] = b"\xff not marshal data"
    entries[kept._digest("text 3")] = marshal.dumps(["other", 3])
    payload = marshal.dumps(entries)
    secret = usercache.cache_secret()
    assert secret is not None
    path.write_bytes(header + hmac.new(secret, header + payload, hashlib.sha256).digest() + payload)
    kept.forget()
    assert [kept.lookup(f"text {number}") for number in range(5)] == [
        ["parse", 0],
        ["parse", 1],
        None,
        None,
        ["parse", 4],
    ]
    assert kept.lookup("text 1") == ["parse", 1]  # a second copy, decoded again
    assert kept.lookup("text 1") is not kept.lookup("text 1")


def test_a_lookup_decodes_only_the_entry_it_asks_for(tmp_path, monkeypatch):
    """A parse file holds what every earlier run printed (up to 2 MB, some 20,000 line ends); a run that needs one
    entry decodes one, so its cost follows what it prints, not what the cache has seen."""
    monkeypatch.setenv(usercache.ENV, str(tmp_path / "cache"))
    kept = parsecache.KeptParses("test", lambda: "v1", lambda text, value: True)
    for number in range(2000):
        kept.remember(f"text {number}", ["parse", number])
    kept.save()
    kept.forget()
    decoded = []

    class CountingMarshal:
        dumps = staticmethod(marshal.dumps)

        @staticmethod
        def loads(data):
            decoded.append(data)
            return marshal.loads(data)

    monkeypatch.setattr(usercache, "marshal", CountingMarshal)
    monkeypatch.setattr(parsecache, "marshal", CountingMarshal)
    assert kept.lookup("text 1234") == ["parse", 1234]
    assert kept.lookup("text 7") == ["parse", 7]
    assert len(decoded) <= 2 + 1  # the two entries, and the file's table itself
