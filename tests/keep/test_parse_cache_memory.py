"""What a long-running process (`botc-pnp serve`) adds to a parse store between saves stays within the store's size:
the oldest additions go first, and the file a save writes is the one it wrote when nothing was dropped early."""

from __future__ import annotations

from generator.keep import parsecache, usercache

TEXT_BYTES = 40_000  # a parse of about this many marshal bytes: about 52 of them fill the store's 2 MB


def filled(tmp_path, monkeypatch, name: str, count: int, bound: bool) -> parsecache.KeptParses:
    monkeypatch.setenv(usercache.ENV, str(tmp_path / name))
    kept = parsecache.KeptParses("test", lambda: "v1", lambda text, value: True)
    if not bound:
        monkeypatch.setattr(parsecache, "MAX_BYTES", 10**12)  # what was added before: everything, until the save
    for number in range(count):
        kept.remember(f"text {number}", f"{number:06d}" * (TEXT_BYTES // 6))
    monkeypatch.setattr(parsecache, "MAX_BYTES", 2 * 1024 * 1024)
    return kept


def test_added_parses_stay_within_the_store_size_newest_kept(tmp_path, monkeypatch):
    kept = filled(tmp_path, monkeypatch, "bound", 200, bound=True)
    assert kept.added_bytes == sum(map(len, kept.added.values())) <= parsecache.MAX_BYTES
    assert len(kept.added) < 60
    assert kept.lookup("text 199") is not None and kept.lookup("text 0") is None  # parsed again when asked


def test_the_saved_file_is_the_same_as_when_nothing_was_dropped_early(tmp_path, monkeypatch):
    bound = filled(tmp_path, monkeypatch, "bound", 200, bound=True)
    unbound = filled(tmp_path, monkeypatch, "unbound", 200, bound=False)
    assert len(unbound.added) == 200
    monkeypatch.setenv(usercache.ENV, str(tmp_path / "bound"))
    bound.save()
    monkeypatch.setenv(usercache.ENV, str(tmp_path / "unbound"))
    unbound.save()
    assert bound.stored == unbound.stored and len(bound.stored) < 60
