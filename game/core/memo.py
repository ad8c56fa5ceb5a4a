"""Results of pure loading steps, kept for the process and keyed by everything they read.

Why: the same files are read again and again within one process. ``play --dev`` builds
a new registry whenever a variant file is saved (re-parsing and re-checking every file
that did not change), a fresh registry checks its lessons by replaying whole games, and
the test suite builds a registry for nearly every test. Parsing a file, checking a
variant's parameters and replaying a lesson are pure functions of their inputs, so a
result is kept under a key that holds all of those inputs (the text itself, not a file
name or a modification time; the engine's code, see :func:`code_of`) and handed out as a
copy: a caller that changes what it got changes nothing for the next one.

Only successes are kept: a file or lesson with problems is checked again each time, so
its report (file, key path, line) is always made by the checks themselves. A result that
depends on more than its key (a variant naming image or sound files, whose existence is
checked on disk) is not kept either.

``AZTEC_ARCADE_NO_MEMO=1`` turns every memo off (each lookup misses, nothing is kept),
for measuring or when in doubt; :func:`clear_all` forgets everything kept.
"""

from __future__ import annotations

import marshal
import os
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

#: set (to anything but "" or "0") to turn every memo off
OFF_ENV = "AZTEC_ARCADE_NO_MEMO"

T = TypeVar("T")
_ALL: list[Memo[Any]] = []


def enabled() -> bool:
    return os.environ.get(OFF_ENV, "") in ("", "0")


class Memo(Generic[T]):
    """At most ``size`` results by key, the least recently used forgotten first."""

    def __init__(self, name: str, size: int = 128) -> None:
        self.name = name
        self.size = size
        self._items: OrderedDict[Hashable, tuple[T, tuple[Any, ...]]] = OrderedDict()
        self.hits = 0
        self.misses = 0
        #: a memo is shared by threads (the client checks lessons on a worker thread)
        self._lock = threading.Lock()
        _ALL.append(self)

    def get(self, key: Hashable) -> T | None:
        """The result kept for ``key``, or None (the memos never keep None)."""
        if not enabled():
            return None
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found[0]

    def put(self, key: Hashable, value: T, keep: tuple[Any, ...] = ()) -> None:
        """Keep ``value`` for ``key``. ``keep``: objects the key names by ``id()`` (see
        :func:`code_of`), held so that no other object can take over their ids."""
        if not enabled():
            return
        with self._lock:
            self._items[key] = (value, keep)
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


def clear_all() -> None:
    """Forget every memo's results (the next loads check everything again)."""
    for memo in _ALL:
        memo.clear()


def code_of(cls: type) -> tuple[tuple[int, ...], tuple[Any, ...]]:
    """A key for a class's code as it is now, and the objects it names.

    Every attribute of the class and its bases, by identity: replacing a method or a
    class attribute (a plugin reloaded, a test's ``monkeypatch.setattr``) gives another
    key. The objects are returned to be held with the result (:meth:`Memo.put`).
    """
    objects: list[Any] = []
    for klass in cls.__mro__:
        objects.append(klass)
        objects.extend(vars(klass).values())
    return tuple(map(id, objects)), tuple(objects)


def data_key(data: Any) -> Hashable:
    """A key that equals another exactly when the two plain data are equal, types and
    order of mappings included (``1``, ``1.0`` and ``True`` differ), for a memo keyed by
    data as written. marshal's format 2 writes values without references to shared
    objects, so the bytes depend on the values alone, and it writes them several times
    faster than ``repr`` (a variant's parameters, Aztlán's map among them, at every
    registry build); data marshal cannot write (a date from YAML) is keyed by its repr."""
    try:
        return marshal.dumps(data, 2)
    except ValueError:
        return ("repr", repr(data))


def copy_data(data: Any) -> Any:
    """A deep copy of plain data (mappings, lists, tuples, sets and scalars), as
    ``copy.deepcopy`` makes it but several times faster: through ``marshal``, which copies
    exactly these types (in order, sharing what was shared); anything else (a date from
    YAML) is copied by hand, other values shared as they are (they cannot be changed)."""
    try:
        return marshal.loads(marshal.dumps(data))
    except ValueError:
        return _copy_by_hand(data)


def _copy_by_hand(data: Any) -> Any:
    if isinstance(data, dict):
        return {key: _copy_by_hand(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_copy_by_hand(value) for value in data]
    if isinstance(data, tuple):
        return tuple(_copy_by_hand(value) for value in data)
    if isinstance(data, set):
        return set(data)
    return data
