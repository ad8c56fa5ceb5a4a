"""Engine states as typed data: slotted dataclasses whose JSON form is declared once.

An engine's state is a ``@dataclass(slots=True)`` (small immutable parts may be
``NamedTuple``\\ s), its phases ``Literal`` types, its records (a vote, a pending
decision) dataclasses of their own. Its JSON form is declared once, with the schema types
of :mod:`game.core.schema` that already check variant files: every problem of a damaged save
is found and named by key path, and every size is bounded. From that one declaration
:class:`StateCodec` gives the three things an engine needs:

* ``codec.load(data)``: check the JSON form and build the state (``from_dict``). Bad data
  raises :class:`StateError` (a ``ValueError``) naming each problem by key path. The
  cross-field invariants a schema cannot say (a permutation, totals that must add up)
  stay in one short ``check(state)`` function per engine, run after the build.
* ``codec.dump(state)``: the JSON form (``to_dict``), fresh containers throughout.
* ``codec.copy(state)``: a trusted copy (``clone``) that skips validation: the state is
  the rules' own, and the bots copy states in tight loops.

``dump`` and ``copy`` are generated once per codec as straight-line Python (as
``dataclasses`` generates ``__init__``), so they cost what hand-written ones do; ``load``
walks the schema.

The schema types this module adds for states (``Int``, ``Str``, ``List``, ``Map``,
``Nullable``, ``Bool`` and ``Field`` come from :mod:`game.core.schema`):

* :class:`Record`: a dataclass or NamedTuple, one field per saved attribute;
* :class:`Index`: a name from a fixed list in JSON (a territory, a square), its position
  in memory;
* :class:`Tuple`: a list of fixed length in JSON, a tuple in memory;
* :class:`TupleOf`: a list in JSON, a tuple in memory (copies share it);
* :class:`ByName`: a mapping from such names in JSON, a list by position in memory;
* :func:`literal`: the ``Str`` of a ``Literal`` type's values (a phase).

Example (see ``variants/aztlan/state.py`` and ``variants/market/state.py``)::

    Phase = Literal["play", "over"]

    @dataclass(slots=True)
    class RaceState:
        phase: Phase = "play"
        spaces: list[int] = field(default_factory=list)

    codec = StateCodec(Record(RaceState, {"phase": literal(Phase),
                                          "spaces": List(Int(0, 99), max_len=4)}))
"""

from __future__ import annotations

import dataclasses
import keyword
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar, get_args

from game.core.errors import quote
from game.core.schema import (
    MISSING,
    AssetPath,
    Bool,
    Context,
    Field,
    Int,
    List,
    Map,
    Nullable,
    Obj,
    Schema,
    Str,
    _copy,
    _typename,
)

S = TypeVar("S")

#: problems of a damaged state named in a StateError's message (all are in ``issues``)
SHOWN_ISSUES = 3

#: schemas whose checked values are immutable and their own JSON form
_SCALARS = (Int, Bool, Str, AssetPath)


class StateError(ValueError):
    """A state's JSON form is damaged; ``issues`` lists every problem (key path: what)."""

    def __init__(self, issues: Sequence[str]) -> None:
        self.issues = list(issues)
        shown = "; ".join(self.issues[:SHOWN_ISSUES])
        more = len(self.issues) - SHOWN_ISSUES
        super().__init__(shown + (f" (and {more} more problems)" if more > 0 else ""))


def literal(tp: Any) -> Str:
    """The schema of a ``Literal[...]`` type (or a ``Literal[...] | None``'s literal):
    text that must be one of its values."""
    values = tuple(v for v in get_args(tp) if isinstance(v, str))
    if not values:
        raise TypeError(f"{tp!r} is not a Literal of strings")
    return Str(choices=values)


class Index(Schema):
    """One of ``names`` in JSON (a territory id, a square), its position in memory, so
    the engine indexes lists with it. ``what`` names it in messages ("territory")."""

    def __init__(self, names: Sequence[str], what: str = "name") -> None:
        self.names = list(names)
        self.what = what
        self.index = {name: i for i, name in enumerate(self.names)}

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        at = self.index.get(value) if isinstance(value, str) else None
        if at is None:
            ctx.error(path, f"{quote(value)} is not a {self.what}")
            return MISSING
        return at

    def describe(self) -> str:
        return f"a {self.what} ({self.names[0]} ... {self.names[-1]})" if self.names else \
            f"a {self.what}"


class Tuple(Schema):
    """A list of fixed length in JSON, one schema per position; a tuple in memory."""

    def __init__(self, *items: Schema) -> None:
        self.items = items

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        if not isinstance(value, list) or len(value) != len(self.items):
            ctx.error(path, f"expected a list of {len(self.items)}, got "
                            f"{_typename(value) if not isinstance(value, list) else len(value)}")
            return MISSING
        return tuple(item.check(v, path + (i,), ctx)
                     for i, (item, v) in enumerate(zip(self.items, value, strict=True)))

    def describe(self) -> str:
        return "list of " + ", ".join(item.describe() for item in self.items)


class TupleOf(List):
    """A list in JSON of one kind of item, a tuple in memory: a sequence of varying length
    that never changes once made (a canal tile of one or two spaces), so that a copy of
    the state shares it instead of copying it."""

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        out = super().check(value, path, ctx)
        return out if out is MISSING else tuple(out)


class ByName(Schema):
    """A mapping from ``names`` to values in JSON; in memory a list with one value per
    name, in the names' order (a board indexed by territory).

    Without ``default`` every name must be there. With one, a missing name takes a copy
    of it and ``dump`` leaves out the entries equal to it (a board saves only the
    territories that hold something).
    """

    def __init__(self, names: Sequence[str], item: Schema, default: Any = MISSING,
                 what: str = "name") -> None:
        self.names = list(names)
        self.item = item
        self.default = default
        self.what = what
        self.index = {name: i for i, name in enumerate(self.names)}
        flat = isinstance(default, list) and all(
            isinstance(v, int | str | bool | None) for v in default)
        #: a fresh copy of the default, for each name that is missing
        self.fresh: Callable[[], Any] = (lambda: list(default)) if flat else \
            (lambda: _copy(default))

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        if not isinstance(value, dict):
            ctx.error(path, f"expected a mapping of {self.what}s, got {_typename(value)}")
            return MISSING
        if len(value) > len(self.names):
            ctx.error(path, f"has {len(value):,} entries; there are {len(self.names)} "
                            f"{self.what}s")
            return MISSING
        out: list[Any] = [MISSING] * len(self.names)
        for key, item in value.items():
            at = self.index.get(key) if isinstance(key, str) else None
            if at is None:
                ctx.error(path + (key,), f"{quote(key)} is not a {self.what}")
                continue
            out[at] = self.item.check(item, path + (key,), ctx)
        for at, got in enumerate(out):
            if got is MISSING:
                if self.default is MISSING:
                    ctx.error(path + (self.names[at],), "is required")
                else:
                    out[at] = self.fresh()
        return out

    def describe(self) -> str:
        return f"mapping of {self.what} to {self.item.describe()}"


class Record(Obj):
    """The schema of a dataclass or ``NamedTuple``: one entry per saved attribute, in the
    order the JSON form lists them; checked data becomes an instance of ``cls``.

    ``fields`` maps each JSON key to its schema (or a :class:`game.core.schema.Field`; a bare
    schema is required). ``attrs`` renames: JSON key -> attribute, where they differ.
    ``derived`` lists attributes that are not saved, each with how to copy it: they keep
    their dataclass defaults on load (the engine rebuilds them) and ``copy`` copies them.
    Every attribute of ``cls`` must be saved or derived: a field added to the class and
    forgotten here is a TypeError when the record is made, not a save that loses it.
    """

    def __init__(self, cls: type, fields: Mapping[str, Schema | Field], *,
                 attrs: Mapping[str, str] | None = None,
                 derived: Mapping[str, Callable[[Any], Any]] | None = None,
                 doc: str = "") -> None:
        super().__init__({k: f if isinstance(f, Field) else Field(f, required=True)
                          for k, f in fields.items()}, doc=doc)
        self.cls = cls
        self.attrs = {key: (attrs or {}).get(key, key) for key in self.fields}
        self.renamed = any(key != attr for key, attr in self.attrs.items())
        self.derived = dict(derived or {})
        self.frozen = isinstance(cls, type) and issubclass(cls, tuple)
        _check_record(self)

    def check(self, value: Any, path: tuple[Any, ...], ctx: Context) -> Any:
        out = super().check(value, path, ctx)
        if out is MISSING or len(out) != len(self.fields) or any(
                v is MISSING for v in out.values()):
            return MISSING
        if self.renamed:
            out = {self.attrs[key]: v for key, v in out.items()}
        return self.cls(**out)

    def describe(self) -> str:
        return f"mapping ({self.cls.__name__})"


def _class_fields(cls: type) -> list[str]:
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls)]
    names = getattr(cls, "_fields", None)
    if isinstance(cls, type) and issubclass(cls, tuple) and names is not None:
        return list(names)
    raise TypeError(f"a Record describes a dataclass or a NamedTuple, not {cls!r}")


def _check_record(record: Record) -> None:
    have = _class_fields(record.cls)
    saved = list(record.attrs.values())
    listed = saved + list(record.derived)
    for name in listed:
        if not name.isidentifier() or keyword.iskeyword(name):
            raise TypeError(f"{name!r} is not an attribute name")
    if sorted(listed) != sorted(have):
        missing = sorted(set(have) - set(listed))
        extra = sorted(set(listed) - set(have))
        raise TypeError(f"the Record of {record.cls.__name__} does not match its fields:"
                        + (f" not saved or derived: {', '.join(missing)}" if missing else "")
                        + (f" not fields: {', '.join(extra)}" if extra else ""))
    if record.frozen and record.derived:
        raise TypeError(f"{record.cls.__name__} is a NamedTuple: it cannot have derived "
                        "attributes")
    if dataclasses.is_dataclass(record.cls):
        for f in dataclasses.fields(record.cls):
            if f.name in record.derived and f.default is dataclasses.MISSING \
                    and f.default_factory is dataclasses.MISSING:
                raise TypeError(f"{record.cls.__name__}.{f.name} is derived, so it needs a "
                                "default (it is rebuilt after loading)")


class StateCodec(Generic[S]):
    """Load, dump and copy one engine's state, from its :class:`Record` (see the module
    docstring). ``check(state)`` raises ``ValueError`` for what the schema cannot say."""

    def __init__(self, record: Record, check: Callable[[S], None] | None = None) -> None:
        self.record = record
        self._check = check
        compiler = _Compiler()
        #: the JSON form of a state, in fresh containers (the engine's ``to_dict``)
        self.dump: Callable[[S], dict[str, Any]] = compiler.function(record, "dump")
        #: a trusted copy, without validation (the engine's ``clone``)
        self.copy: Callable[[S], S] = compiler.function(record, "copy")
        #: the state of a JSON form the engine wrote itself, without validation: what
        #: ``load`` builds from that form, for the bots' samples of their views (see
        #: :func:`trusted_loader`); never for a save or anything else from outside
        self.trusted: Callable[[dict[str, Any]], S] = _loader(record)

    def load(self, data: Any) -> S:
        """The state of the JSON form ``data``, checked; a StateError names every problem
        by key path, and ``check`` may raise ValueError for an inconsistent state."""
        ctx = Context("state")
        state = self.record.check(data, (), ctx)
        if ctx.issues:
            raise StateError([f"{issue.path or '(top level)'}: {issue.message}"
                              for issue in ctx.issues])
        loaded: S = state  # the record's schema built an instance of the state class
        if self._check is not None:
            self._check(loaded)
        return loaded


Loader = Callable[[Any], Any]


def trusted_loader(schema: Schema) -> Loader | None:
    """What ``schema.check`` makes of a JSON value it accepts, made without checking it:
    the same containers and values (the same types, a mapping's keys in the same order),
    for data the engine wrote itself. None means the value itself (what ``check``
    returns for a number, text, true/false); a schema this does not know is checked."""
    if isinstance(schema, _SCALARS):
        return None
    if isinstance(schema, Index):
        return schema.index.__getitem__
    if isinstance(schema, Nullable):
        inner = trusted_loader(schema.inner)
        return None if inner is None else (lambda x: None if x is None else inner(x))
    if isinstance(schema, List | Map | Tuple):
        return _container_loader(schema)
    if isinstance(schema, ByName):
        return _by_name_loader(schema)
    if isinstance(schema, Obj):
        return _loader(schema)
    return lambda x: _checked(schema, x)


def _container_loader(schema: List | Map | Tuple) -> Loader:
    if isinstance(schema, Tuple):
        items = [trusted_loader(item) or _same for item in schema.items]
        return lambda x: tuple([f(v) for f, v in zip(items, x, strict=True)])
    if isinstance(schema, Map):
        key, value = trusted_loader(schema.key), trusted_loader(schema.value)
        if key is None and value is None:
            return dict
        k, v = key or _same, value or _same
        return lambda x: {k(a): v(b) for a, b in x.items()}
    item = trusted_loader(schema.item)
    if isinstance(schema, TupleOf):
        return tuple if item is None else (lambda x: tuple([item(v) for v in x]))
    return list if item is None else (lambda x: [item(v) for v in x])


def _by_name_loader(schema: ByName) -> Loader:
    item = trusted_loader(schema.item) or _same
    names, fresh, required = schema.names, schema.fresh, schema.default is MISSING
    return lambda x: [item(x[n]) if required or n in x else fresh() for n in names]


def _loader(schema: Obj) -> Loader:
    """A mapping's (or a :class:`Record`'s instance): its keys in the schema's order, a
    missing one with a copy of its default, as ``Obj.check`` makes it."""
    fields = [(key, trusted_loader(f.schema) or _same, f.default)
              for key, f in schema.fields.items()]

    def load(x: Any) -> dict[str, Any]:
        return {key: f(x[key]) if key in x else _copy(default)
                for key, f, default in fields if key in x or default is not MISSING}

    if not isinstance(schema, Record):
        return load
    cls, attrs = schema.cls, schema.attrs
    if schema.renamed:
        return lambda x: cls(**{attrs[key]: v for key, v in load(x).items()})
    return lambda x: cls(**load(x))


def _same(value: Any) -> Any:
    return value


def _checked(schema: Schema, value: Any) -> Any:
    ctx = Context("state")
    out = schema.check(value, (), ctx)
    if ctx.issues:
        raise StateError([f"{issue.path or '(top level)'}: {issue.message}"
                          for issue in ctx.issues])
    return out


class _Compiler:
    """Writes a record's ``dump`` and ``copy`` as Python source, once.

    Each schema becomes an expression over the value (``list(s.order)``, ``[list(v) for v
    in s.board]``, ``names[s.last]``); nested records become functions of their own. An
    expression of ``None`` means "the value itself" (immutable and its own JSON form).
    """

    def __init__(self) -> None:
        self.names: dict[str, Any] = {"_copy": _copy}
        self.done: dict[tuple[int, str], str] = {}

    def ref(self, obj: Any) -> str:
        name = f"_c{len(self.names)}"
        self.names[name] = obj
        return name

    def function(self, record: Record, kind: str) -> Callable[[Any], Any]:
        compiled: Callable[[Any], Any] = self.names[self.record_fn(record, kind)]
        return compiled

    def record_fn(self, record: Record, kind: str) -> str:
        """The name of the compiled ``kind`` ("dump" or "copy") function of ``record``."""
        key = (id(record), kind)
        if key not in self.done:
            fn = f"_{kind}_{record.cls.__name__}_{len(self.names)}"
            self.done[key] = fn  # before the body: a record may nest in itself
            body = self._dump_body(record) if kind == "dump" else self._copy_body(record)
            source = "\n".join([f"def {fn}(s):", *(f"    {line}" for line in body)])
            exec(source, self.names)  # the source holds only checked names
        return self.done[key]

    def _dump_body(self, record: Record) -> list[str]:
        items = [f"{key!r}: {self.dump(f.schema, 's.' + record.attrs[key], 0)}"
                 for key, f in record.fields.items()]
        return ["return {" + ", ".join(items) + "}"]

    def _copy_body(self, record: Record) -> list[str]:
        cls = self.ref(record.cls)
        attrs = [(record.attrs[key], f.schema) for key, f in record.fields.items()]
        if record.frozen:
            args = ", ".join(f"{attr}={self.copy(schema, 's.' + attr, 0)}"
                             for attr, schema in attrs)
            return [f"return {cls}({args})"]
        lines = [f"n = {cls}.__new__({cls})"]
        lines += [f"n.{attr} = {self.copy(schema, 's.' + attr, 0)}" for attr, schema in attrs]
        lines += [f"n.{attr} = {self.ref(copy)}(s.{attr})"
                  for attr, copy in record.derived.items()]
        return [*lines, "return n"]

    # -- expressions ---------------------------------------------------------------------
    def copy(self, schema: Schema, src: str, depth: int) -> str:
        expr = self._copy(schema, src, depth)
        return src if expr is None else expr

    def _copy(self, schema: Schema, src: str, depth: int) -> str | None:
        v = f"_v{depth}"
        if isinstance(schema, (*_SCALARS, Index)):
            return None
        if isinstance(schema, Nullable):
            inner = self._copy(schema.inner, src, depth)
            return None if inner is None else f"(None if {src} is None else {inner})"
        if isinstance(schema, TupleOf):
            item = self._copy(schema.item, v, depth + 1)
            return None if item is None else f"tuple({item} for {v} in {src})"
        if isinstance(schema, List | ByName):
            item = self._copy(schema.item, v, depth + 1)
            return f"list({src})" if item is None else f"[{item} for {v} in {src}]"
        if isinstance(schema, Map):
            value = self._copy(schema.value, v, depth + 1)
            k = f"_k{depth}"
            return f"dict({src})" if value is None else \
                f"{{{k}: {value} for {k}, {v} in {src}.items()}}"
        if isinstance(schema, Tuple):
            parts = [self._copy(item, f"{src}[{i}]", depth)
                     for i, item in enumerate(schema.items)]
            if all(p is None for p in parts):
                return None
            return "(" + "".join(f"{p or f'{src}[{i}]'}, " for i, p in enumerate(parts)) + ")"
        if isinstance(schema, Record):
            if schema.frozen and all(self._copy(f.schema, "x", depth) is None
                                     for f in schema.fields.values()):
                return None
            return f"{self.record_fn(schema, 'copy')}({src})"
        if isinstance(schema, Obj) and all(self._copy(f.schema, "x", depth) is None
                                           for f in schema.fields.values()):
            return f"dict({src})"  # a mapping of plain values (counts by colour)
        return f"_copy({src})"  # anything else: a deep copy of JSON data

    def dump(self, schema: Schema, src: str, depth: int) -> str:
        v = f"_v{depth}"
        if isinstance(schema, _SCALARS):
            return src
        if isinstance(schema, Index):
            return f"{self.ref(schema.names)}[{src}]"
        if isinstance(schema, Nullable):
            inner = self.dump(schema.inner, src, depth)
            return src if inner == src else f"(None if {src} is None else {inner})"
        if isinstance(schema, List):
            item = self.dump(schema.item, v, depth + 1)
            return f"list({src})" if item == v else f"[{item} for {v} in {src}]"
        if isinstance(schema, ByName):
            item = self.dump(schema.item, v, depth + 1)
            names, i = self.ref(schema.names), f"_i{depth}"
            keep = "" if schema.default is MISSING else \
                f" if {v} != {self.ref(schema.default)}"
            return f"{{{names}[{i}]: {item} for {i}, {v} in enumerate({src}){keep}}}"
        if isinstance(schema, Map):
            k = f"_k{depth}"
            key = self.dump(schema.key, k, depth + 1)
            value = self.dump(schema.value, v, depth + 1)
            return f"{{{key}: {value} for {k}, {v} in {src}.items()}}"
        if isinstance(schema, Tuple):
            return "[" + ", ".join(self.dump(item, f"{src}[{i}]", depth)
                                   for i, item in enumerate(schema.items)) + "]"
        if isinstance(schema, Record):
            return f"{self.record_fn(schema, 'dump')}({src})"
        if isinstance(schema, Obj) and all(self.dump(f.schema, "x", depth) == "x"
                                           for f in schema.fields.values()):
            return f"dict({src})"
        return f"_copy({src})"
