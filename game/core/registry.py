"""Loading plugins and variant files, with every failure isolated and reported.

The built-in games and the other installed packages in the ``aztec_arcade.variants``
entry-point group (:mod:`game.core.entrypoints`), extra plugins and the drop-in folder
named in settings all go through the same pluggy hooks. A plugin that fails to import or
raises in a hook (even ``SystemExit`` or its own ``KeyboardInterrupt``), and a YAML file
that fails validation, become entries in :attr:`Registry.broken`; everything else keeps
working.

Hooks are called in pluggy's order (:mod:`game.core.hookcalls`): ``tryfirst`` implementations
first, then the others, ``trylast`` ones last; within each group the built-ins first,
then installed packages, extra plugins and drop-in plugins. The first registration of an
engine id, a variant id or a board view wins, so a plugin reskins a built-in game by
registering a view for its engine with ``tryfirst=True``.
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
import json
import re
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy

from game.core import hookspecs
from game.core.engine import GameType, Rules
from game.core.entrypoints import ENTRY_POINT_GROUP as ENTRY_POINT_GROUP
from game.core.entrypoints import LOAD_ENV as LOAD_ENV
from game.core.entrypoints import Found, builtin_plugins, origin_text, other_plugins
from game.core.errors import ConfigError, ConfigIssue, number_text, quote
from game.core.hookcalls import Interrupts, call_hooks, failure_text, wrapper_hooks, wrapper_refusal
from game.core.lessons.book import LessonSet, check_lesson_data, is_lesson_file, load_lesson_files
from game.core.registry_memo import checked_params
from game.core.schema import Context, Obj
from game.core.variantfile import (
    MAX_EXTENDS,
    Broken,
    Source,
    check_top,
    inherit,
    raw_id,
    required_issues,
)

# re-exported: tools and tests read VARIANT_FILE here, game.api and the client VariantSpec
from game.core.variantfile import VARIANT_FILE as VARIANT_FILE
from game.core.variantfile import VariantSpec as VariantSpec
from game.core.yamlload import load_yaml_file


class Registry:
    """All engines and variants known to this process."""

    def __init__(self, plugin_folder: str | None = None, entry_points: bool = True,
                 extra_plugins: tuple[ModuleType | str, ...] = ()) -> None:
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.rules: dict[str, tuple[type[Rules], str]] = {}
        self.variants: dict[str, VariantSpec] = {}
        self.broken: list[Broken] = []
        self._sources: list[Source] = []
        #: YAML files found in the drop-in folder; they come after every plugin's
        #: variants so that, on an id clash, the earlier provider (a built-in) is kept.
        self._folder_sources: list[Source] = []
        self._rules_cache: dict[tuple[str, int, str], Rules] = {}
        #: lesson files among the variant files (a ``lesson:`` key), every lesson file
        #: once the hooks ran, and the lessons once loaded (lazily, see ``lessons``)
        self._lesson_files: list[tuple[str, Path]] = []
        self._lesson_sources: list[tuple[str, Path]] | None = None
        self._lessons: LessonSet | None = None
        #: engine id -> the plugin whose board view :meth:`load_views` chose
        self.view_providers: dict[str, str] = {}
        #: plugin name -> where its code came from ("built-in package aztec-arcade
        #: VERSION", "package NAME VERSION", "extra" or a drop-in file's path)
        self.plugin_sources: dict[str, str] = {}
        #: per variant id: key path -> the file that wrote it (for ``extends``)
        self._origins: dict[str, dict[tuple[Any, ...], str]] = {}
        #: per resolved variant id: how many ``extends`` links lead to its root
        self._depths: dict[str, int] = {}
        self.plugin_folder = plugin_folder
        #: plugins imported, in load order, waiting to be registered (``_register_all``)
        self._loaded: list[tuple[ModuleType, str, str]] = []
        #: a real Ctrl+C while plugin code runs still stops the program
        self._interrupts = Interrupts()
        with self._interrupts:
            for found in builtin_plugins() + (other_plugins() if entry_points else []):
                self._load_found(found)
            for plugin in extra_plugins:
                if isinstance(plugin, str):
                    self._register_module(plugin, plugin, "extra")
                else:
                    self._register(plugin, plugin.__name__, "extra")
            if plugin_folder:
                self._load_folder(Path(plugin_folder))
            self._register_all()
            self._call_hooks()
        self._sources.extend(self._folder_sources)
        self._load_variants()

    # -- plugins -------------------------------------------------------------------
    def _plugin_failed(self, exc: BaseException, name: str, source: str, prefix: str) -> None:
        """Plugin code raised ``exc``: the plugin is broken, unless it is the user's Ctrl+C."""
        self._interrupts.reraise_if_pressed(exc)
        self.broken.append(Broken("plugin", name, source, failure_text(prefix, exc)))

    def _register_module(self, module_name: str, name: str, source: str) -> None:
        try:
            module = importlib.import_module(module_name)
        except BaseException as exc:  # noqa: BLE001 - any import failure is reported
            self._plugin_failed(exc, name, source, "failed to import")
            return
        self._register(module, name, source)

    def _register(self, module: ModuleType, name: str, source: str) -> None:
        """Queue an imported plugin for ``_register_all`` (once per module and name; a
        second module of a name taken, a built-in game's say, is refused)."""
        for m, n, first in self._loaded:
            if m is module:
                return
            if n == name:
                self.broken.append(Broken("plugin", name, source, f"a plugin named {name!r} "
                                          f"is loaded already ({first}); this one is ignored"))
                return
        self._loaded.append((module, name, source))

    def _register_all(self) -> None:
        """Register the loaded plugins with pluggy, refusing wrappers and unknown hooks.

        pluggy calls the most recently registered plugin first; registering in reverse
        load order makes it call them in load order (built-ins, packages, extras,
        drop-ins), so a plugin comes before a built-in game only when it asks to with
        ``tryfirst=True``.
        """
        failed: list[Broken] = []
        for module, name, source in reversed(self._loaded):
            try:
                wrappers = wrapper_hooks(self.pm, module)
                if wrappers:
                    failed.append(Broken("plugin", name, source, wrapper_refusal(wrappers)))
                    continue
                self.pm.register(module, name=name)
                self.pm.check_pending()
            except BaseException as exc:  # noqa: BLE001
                self._interrupts.reraise_if_pressed(exc)
                if self.pm.is_registered(module):
                    self.pm.unregister(module)
                failed.append(Broken("plugin", name, source,
                                     failure_text("invalid hooks", exc)))
                continue
            self.plugin_sources[name] = source
        self.broken.extend(reversed(failed))

    def _load_found(self, found: Found) -> None:
        """Import an entry point's plugin (a built-in game's or a package's)."""
        try:
            module = found.load()
        except BaseException as exc:  # noqa: BLE001 - sys.exit() at import, too
            self._plugin_failed(exc, found.name, found.source, "failed to import")
            return
        self._register(module, found.name, found.source)

    def _load_folder(self, folder: Path) -> None:
        if not folder.is_dir():
            self.broken.append(Broken("plugin", folder.name, str(folder),
                                      "the plugin folder named in settings does not exist"))
            return
        for path in sorted(folder.iterdir()):
            if path.suffix in (".yaml", ".yml") and path.is_file():
                self._folder_sources.append(Source(path, f"drop-in folder {folder}"))
                continue
            if path.suffix == ".py" and path.is_file():
                target = path
            elif path.is_dir() and (path / "__init__.py").is_file():
                target = path / "__init__.py"
            else:
                continue
            mod_name = f"aztec_arcade_dropin_{path.stem}"
            try:
                spec = importlib.util.spec_from_file_location(
                    mod_name, target,
                    submodule_search_locations=[str(path)] if path.is_dir() else None)
                assert spec is not None and spec.loader is not None
                module = importlib.util.module_from_spec(spec)
                sys.modules[mod_name] = module
                spec.loader.exec_module(module)
            except BaseException as exc:  # noqa: BLE001 - sys.exit() at import, too
                sys.modules.pop(mod_name, None)
                self._plugin_failed(exc, path.stem, str(path), "failed to import")
                continue
            self._register(module, path.stem, str(path))

    def _call_hooks(self) -> None:
        for hook_name, adder in (("register_rules", self._add_rules),
                                 ("register_variants", self._add_variant_file)):
            for provider, message in call_hooks(self.pm, hook_name, adder, self._interrupts):
                self.broken.append(Broken("plugin", provider, "plugin", message))

    def load_views(self) -> dict[str, Callable[..., Any]]:
        """Board view factories by engine id, from every plugin's ``register_views`` hook.

        Called by the client only (the hooks import pygame). In pluggy's order the first
        view registered for an engine wins, so a plugin's ``tryfirst=True`` view reskins a
        built-in game. A hook that raises is added to :attr:`broken` once, however often
        the views are loaded.
        """
        views: dict[str, Callable[..., Any]] = {}
        self.view_providers = {}

        def accept(provider: str, engine_id: Any = None, factory: Any = None) -> None:
            if not isinstance(engine_id, str) or not callable(factory):
                raise TypeError(f"register_views expects register(engine_id, factory), "
                                f"got {engine_id!r}, {factory!r}")
            if engine_id not in views:
                views[engine_id] = factory
                self.view_providers[engine_id] = provider

        with Interrupts() as interrupts:
            failures = call_hooks(self.pm, "register_views", accept, interrupts)
        for provider, message in failures:
            broken = Broken("plugin", provider, "plugin", message)
            if all(str(b) != str(broken) for b in self.broken):
                self.broken.append(broken)
        return views

    def lessons(self) -> LessonSet:
        """The lessons, loaded and checked the first time they are asked for (the
        client does it on a worker thread: :mod:`game.ui.lessonworker`)."""
        return self._lessons or self.adopt_lessons(load_lesson_files(self,
                                                                     self.lesson_sources()))

    @property
    def lessons_loaded(self) -> LessonSet | None:
        """The lessons if they were loaded already (None: not yet; nothing is checked)."""
        return self._lessons

    def lesson_sources(self) -> list[tuple[str, Path]]:
        """Every lesson file, ``(provider, path)``, unread: every plugin's
        ``register_lessons`` hook (in pluggy's order; run once, a failure into
        :attr:`broken`), then the lesson files of the drop-in folder."""
        if self._lesson_sources is None:
            sources: list[tuple[str, Path]] = []

            def accept(provider: str, path: Any = None) -> None:
                if not isinstance(path, str | Path):
                    raise TypeError(f"register_lessons expects register(path), got {path!r}")
                sources.append((provider, Path(path)))

            with Interrupts() as interrupts:
                failures = call_hooks(self.pm, "register_lessons", accept, interrupts)
            for provider, message in failures:
                self.broken.append(Broken("plugin", provider, "plugin", message))
            self._lesson_sources = sources + self._lesson_files
        return list(self._lesson_sources)

    def adopt_lessons(self, found: LessonSet) -> LessonSet:
        """Take ``found`` (:func:`~game.core.lessons.book.load_lesson_files` of the sources) as the
        lessons, a file that does not replay into :attr:`broken`; the first one counts."""
        if self._lessons is None:
            self._lessons = found
            self.broken += [Broken("lesson", *entry) for entry in found.broken]
        return self._lessons

    def _add_rules(self, provider: str, engine: Any) -> None:
        if not (isinstance(engine, type) and issubclass(engine, Rules)):
            raise TypeError(f"register_rules expects a Rules subclass, got {engine!r}")
        engine_id = getattr(engine, "engine_id", None)
        if not isinstance(engine_id, str) or not isinstance(getattr(engine, "parameters", None),
                                                              Obj):
            raise TypeError(f"{engine.__name__} needs an engine_id string and a parameters Obj")
        if not isinstance(engine.game_type, GameType):
            raise TypeError(f"{engine.__name__}.game_type must be a GameType, e.g. "
                            f"GameType(information='imperfect', chance='seeded'), not "
                            f"{engine.game_type!r}")
        if engine_id in self.rules:
            other = self.rules[engine_id][1]
            self.broken.append(Broken(
                "plugin", provider, "plugin",
                f"rules engine '{engine_id}' is provided twice: by {other} and by {provider}; "
                f"the one from {provider} is ignored"))
            return
        self.rules[engine_id] = (engine, provider)

    def _add_variant_file(self, provider: str, path: Any) -> None:
        self._sources.append(Source(Path(path), provider))

    # -- variant files -------------------------------------------------------------
    def _load_variants(self) -> None:
        by_id: dict[str, Source] = {}
        for src in self._sources:
            try:
                raw, lines = load_yaml_file(src.path)
            except ConfigError as exc:
                self._broken_variant(src.path.stem, src, exc.issues)
                continue
            if is_lesson_file(raw):  # a lesson dropped into the plugin folder
                self._lesson_files.append((src.provider, src.path))
                continue
            ctx = Context(str(src.path), lines, source=src.path)
            checked = check_top(raw, ctx)
            if ctx.issues:
                self._broken_variant(raw_id(raw, src), src, ctx.issues)
                continue
            src.raw, src.lines = checked, lines
            vid = checked["id"]
            if vid in by_id:
                first = by_id[vid]
                self.broken.append(Broken(
                    "variant", vid, str(src.path),
                    f"variant id '{vid}' is provided twice: by {first.provider} "
                    f"({first.path}) and by {src.provider} ({src.path}); the second is ignored"))
                continue
            by_id[vid] = src
        resolved: dict[str, dict[str, Any] | None] = {}
        for vid in by_id:
            self._resolve(vid, by_id, resolved)

    def _resolve(self, vid: str, by_id: dict[str, Source],
                 resolved: dict[str, dict[str, Any] | None]) -> dict[str, Any] | None:
        """Resolve ``vid`` and the variants it extends, parents first, by iteration.

        Recursion would put one stack frame per ``extends`` link, so a long chain of files
        could exhaust the stack and take every variant down; walking up the chain and then
        resolving down it cannot. A chain longer than ``MAX_EXTENDS`` breaks the variant
        where it gets too long (and those that extend it), and a loop breaks the variant
        where it closes.
        """
        chain: list[str] = []
        seen: set[str] = set()
        cur = vid
        while cur not in resolved:
            if cur in seen:
                src = by_id[cur]
                resolved[cur] = None
                self._broken_variant(cur, src, [ConfigIssue(
                    str(src.path), "extends", "extends chain loops: " + " -> ".join(
                        chain[chain.index(cur):] + [cur]), src.lines.get(("extends",)))])
                break
            chain.append(cur)
            seen.add(cur)
            parent = (by_id[cur].raw or {}).get("extends")
            if parent is None or parent not in by_id:
                break
            cur = parent
        for name in reversed(chain):
            if name not in resolved:
                resolved[name] = self._resolve_one(name, by_id, resolved)
        return resolved[vid]

    def _resolve_one(self, vid: str, by_id: dict[str, Source],
                     resolved: dict[str, dict[str, Any] | None]) -> dict[str, Any] | None:
        """Merge ``vid`` over its (already resolved) parent and check it; None if broken."""
        src = by_id[vid]
        raw = src.raw or {}
        origins: dict[tuple[Any, ...], str] = {(): str(src.path)}
        depth = 0
        if "extends" in raw:
            parent_id = raw["extends"]
            problem = self._extends_problem(vid, parent_id, by_id, resolved)
            if problem:
                self._broken_variant(vid, src, [ConfigIssue(
                    str(src.path), "extends", problem, src.lines.get(("extends",)))])
                return None
            depth = self._depths.get(parent_id, 0) + 1
            merged = inherit(raw, resolved[parent_id] or {}, self._origins.get(parent_id, {}),
                             origins, str(src.path))
        else:
            merged = dict(raw)
        issues = required_issues(merged, src, self.rules)
        if issues:
            self._broken_variant(vid, src, issues)
            return None
        return self._check_variant(vid, src, merged, origins, depth)

    def _extends_problem(self, vid: str, parent_id: Any, by_id: dict[str, Source],
                         resolved: dict[str, dict[str, Any] | None]) -> str | None:
        """Why ``vid`` cannot start from ``parent_id``, or None."""
        if parent_id not in by_id:
            return f"extends unknown variant {quote(parent_id)}"
        if resolved.get(parent_id) is None:
            return f"extends '{parent_id}', which is broken"
        if self._depths.get(parent_id, 0) + 1 > MAX_EXTENDS:
            return (f"extends a chain of more than {MAX_EXTENDS} variants ({vid} -> "
                    f"{parent_id} -> ...); at most {MAX_EXTENDS} links are allowed")
        return None

    def _check_variant(self, vid: str, src: Source, merged: dict[str, Any],
                       origins: dict[tuple[Any, ...], str], depth: int
                       ) -> dict[str, Any] | None:
        """Check the merged variant's parameters with its engine; register it if sound."""
        engine = self.rules[merged["plugin"]][0]
        self._origins[vid] = origins
        ctx = Context(str(src.path), src.lines, base=("parameters",), source=src.path,
                      origins=origins)
        params = checked_params(engine, merged.get("parameters", {}), ctx)
        for name in merged.get("exposed", []):
            if name not in engine.parameters.fields:
                ctx.error((), f"exposed parameter '{name}' is not a parameter of "
                              f"'{merged['plugin']}'")
        if ctx.issues:
            self._broken_variant(vid, src, ctx.issues)
            return None
        merged["parameters"] = merged.get("parameters", {})
        self._depths[vid] = depth
        self.variants[vid] = VariantSpec(
            id=vid, name=merged["name"], description=merged.get("description", ""),
            min_players=merged["players"]["min"], max_players=merged["players"]["max"],
            engine_id=merged["plugin"], params=params, source=str(src.path),
            provider=src.provider, exposed=tuple(merged.get("exposed", [])),
            assets=dict(ctx.assets), origin=self.origin_of(src.provider),
            audio=merged.get("audio") or {}, colours=merged.get("colours") or {})
        return merged

    def origin_of(self, provider: str) -> str:
        """Where a provider's variants come from, in words that name the provider
        ("built-in game mexica (package aztec-arcade 0.1.0)")."""
        return origin_text(provider, self.plugin_sources.get(provider))

    def watched_files(self) -> list[Path]:
        """The files and folders whose change means the variants should be reloaded:
        every variant file registered (loaded or broken) and the drop-in folder."""
        out = [src.path for src in self._sources]
        if self.plugin_folder:
            out.append(Path(self.plugin_folder))
        return out

    def _broken_variant(self, vid: str, src: Source, issues: list[ConfigIssue]) -> None:
        text = "; ".join(str(i) for i in issues)
        self.broken.append(Broken("variant", vid, str(src.path), text, list(issues)))

    def validate_file(self, path: str | Path) -> list[ConfigIssue]:
        """Every problem in one variant (or lesson) file, checked as if it were loaded now.

        Uses the same checks as loading (top-level schema, ``extends`` resolved against
        the variants known here, the engine's parameter schema) without changing this
        registry; a lesson file (a top-level ``lesson:`` key) is checked by replaying its
        script (:mod:`game.core.lessons.book`). An empty list means the file is valid.
        """
        path = Path(path)
        try:
            raw, lines = load_yaml_file(path)
        except ConfigError as exc:
            return list(exc.issues)
        if is_lesson_file(raw):  # checked as loading checks lessons: by replaying them
            try:
                check_lesson_data(raw, lines, str(path), self)
            except ConfigError as exc:
                return list(exc.issues)
            return []
        ctx = Context(str(path), lines)
        checked = check_top(raw, ctx)
        if ctx.issues:
            return ctx.issues
        by_id: dict[str, Source] = {}
        for known in self._sources:  # the loaded files, first one wins as in loading
            if known.raw is not None:
                by_id.setdefault(known.raw["id"], known)
        vid = checked["id"]
        issues: list[ConfigIssue] = []
        other = by_id.get(vid)
        if other is not None and other.path.resolve() != path.resolve():
            issues.append(ConfigIssue(str(path), "id", f"variant id '{vid}' is already "
                                      f"provided by {other.provider} ({other.path})",
                                      lines.get(("id",))))
        by_id[vid] = Source(path, "validate", checked, lines)
        scratch = copy.copy(self)
        scratch.variants, scratch.broken = {}, []
        scratch._origins, scratch._depths = {}, {}
        scratch._resolve(vid, by_id, {})
        for broken in scratch.broken:
            if broken.name == vid:
                issues.extend(broken.issues)
        # Keys missing from the file have no line of their own: point at the top level.
        return [i if i.line is not None or i.file != str(path) else replace(
                    i, line=lines.get(tuple(i.path.split(".")[:1]), 1)) for i in issues]

    # -- games ---------------------------------------------------------------------
    def spec(self, variant: str) -> VariantSpec:
        if not isinstance(variant, str) or variant not in self.variants:
            known = ", ".join(sorted(self.variants)) or "none"
            broken = [b for b in self.broken if b.kind == "variant" and b.name == variant]
            extra = f" It failed to load: {broken[0].message}" if broken else ""
            raise ConfigError(f"unknown variant {quote(variant)} (available: {known}).{extra}")
        return self.variants[variant]

    def make_rules(self, variant: str, players: Any,
                   options: dict[str, Any] | None = None) -> tuple[VariantSpec, Rules]:
        spec = self.spec(variant)
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(f"the number of players must be a whole number, got "
                              f"{quote(players)}")
        if not spec.min_players <= players <= spec.max_players:
            raise ConfigError(f"{spec.name} is for {spec.min_players}-{spec.max_players} "
                              f"players, not {number_text(players)}")
        if options is not None and not isinstance(options, dict):
            raise ConfigError(f"options must be a mapping of parameter names to values, "
                              f"got {type(options).__name__}")
        try:
            key = (variant, players, json.dumps(options, sort_keys=True))
        except (TypeError, ValueError, RecursionError):
            raise ConfigError("options must contain only plain data (text, numbers, "
                              "lists, mappings), not nested too deeply and without "
                              "numbers of thousands of digits") from None
        cached = self._rules_cache.get(key)
        if cached is not None:
            return spec, cached
        engine = self.rules[spec.engine_id][0]
        params = spec.params
        if options:
            params = validate_options(engine, spec, options)
        issues = engine.check_players(params, players)
        if issues:
            raise ConfigError(f"{spec.name} cannot be set up for {players} players", issues)
        rules = engine(params, players)
        if len(self._rules_cache) > 256:
            self._rules_cache.clear()
        self._rules_cache[key] = rules
        return spec, rules

    def engine(self, engine_id: str) -> type[Rules]:
        if engine_id not in self.rules:
            raise ConfigError(f"no installed plugin provides rules engine '{engine_id}'")
        return self.rules[engine_id][0]


def validate_options(engine: type[Rules], spec: VariantSpec,
                     options: dict[str, Any]) -> dict[str, Any]:
    """Overlay ``options`` on the variant's parameters and validate with its schema."""
    ctx = Context(None, base=("options",))
    for key in options:
        if key not in engine.parameters.fields:
            known = ", ".join(sorted(engine.parameters.fields))
            ctx.error((key,), f"unknown parameter for {spec.id} (known: {known})")
    for key in spec.assets:
        top = re.split(r"[.\[]", key, maxsplit=1)[0]
        if top in options and options[top] != spec.params.get(top):
            ctx.error((top,), "names files (images, sounds); files can only be named in "
                              "the variant's YAML file, not changed with options")
    if not ctx.issues:
        merged = {**spec.params, **options}
        params: dict[str, Any] = engine.parameters.check(merged, (), ctx)
        if not ctx.issues:
            engine.check_params(params, ctx)
            if not ctx.issues:
                return params
    raise ConfigError(f"invalid options for {spec.id}", ctx.issues)


_REGISTRY: Registry | None = None


def load_registry() -> Registry:
    """A new registry as the program loads it: settings' plugin folder, entry points."""
    from game.core.settings import load_settings

    try:
        settings, issues = load_settings()
    except ConfigError as exc:  # the shipped defaults themselves are broken
        settings, issues = {}, exc.issues
    registry = Registry(plugin_folder=settings.get("plugin_folder"))
    for issue in issues:
        registry.broken.append(Broken("settings", "settings", issue.file or "", str(issue)))
    return registry


def get_registry() -> Registry:
    """The process-wide registry, loaded lazily once."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = load_registry()
    return _REGISTRY


def reset_registry(registry: Registry | None = None) -> None:
    """Forget (or replace) the cached registry; tests and ``--dev`` reloads use this."""
    global _REGISTRY
    _REGISTRY = registry
