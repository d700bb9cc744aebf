"""The plugin host: built-in plugins, entry-point plugins, and their contributions.

Built-ins (``DEFAULT_PLUGINS``) are registered exactly like third-party plugins,
which are found through the ``samegame`` entry-point group. Loading is controlled by
two environment variables:

- ``SAMEGAME_DISABLE_PLUGIN_AUTOLOAD`` (any value but empty, ``0`` or ``false``):
  load no entry-point plugin except those named in ``SAMEGAME_LOAD_PLUGINS``;
- ``SAMEGAME_LOAD_PLUGINS=a,b``: load only these entry-point plugins (by entry-point
  or distribution name).

Plugins that are not installed (``SAMEGAME_PLUGIN_MODULES``,
``SAMEGAME_PLUGINS_DIR``), the plugin API's version a plugin may require and the
tracing of hook calls (``SAMEGAME_TRACE_PLUGINS``) are ``samegame.plugin.loading``'s.

A plugin that fails to import, or whose hook raises or returns something that is
not a list of its records (``samegame.plugin.containment.check_record``), is reported in
one line in ``host.problems`` and skipped. A contribution whose name is already
taken is rejected with both sources named, and the first one stays. The callables
of third-party records are wrapped (``samegame.plugin.containment.contain``): a failure
when they are used is one ``PluginError`` naming the plugin.
"""

from __future__ import annotations

import copy
import importlib
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from importlib import metadata
from typing import Any

import pluggy

from samegame.core.events import Event
from samegame.core.quoting import shown
from samegame.i18n.said import Said
from samegame.plugin import hookspecs, loading
from samegame.plugin.containment import call_observer, check_record, contain, error_words
from samegame.plugin.contributions import (
    BoardGenerator,
    BotFactory,
    Command,
    Penalty,
    PresetDirectory,
    Renderer,
    ScoringFormula,
)

ENTRY_POINT_GROUP = "samegame"
DISABLE_AUTOLOAD_VAR = "SAMEGAME_DISABLE_PLUGIN_AUTOLOAD"
LOAD_PLUGINS_VAR = "SAMEGAME_LOAD_PLUGINS"

DEFAULT_PLUGINS = (
    "samegame.builtins.scoring",
    "samegame.builtins.penalties",
    "samegame.builtins.generators",
    "samegame.builtins.renderers",
    "samegame.builtins.presets",
    "samegame.builtins.bots",
)

# (hook name, contribution kind in words, record type)
REGISTRATION_HOOKS: tuple[tuple[str, str, type], ...] = (
    ("samegame_scoring_formulas", "scoring formula", ScoringFormula),
    ("samegame_penalties", "penalty", Penalty),
    ("samegame_board_generators", "board generator", BoardGenerator),
    ("samegame_renderers", "renderer", Renderer),
    ("samegame_bots", "bot", BotFactory),
    ("samegame_preset_directories", "preset directory", PresetDirectory),
    ("samegame_commands", "command", Command),
)


_FAILED = object()
"""What ``PluginHost._returned`` gives for a registration hook that raised."""

# Kinds of record whose names and descriptions plugins may put into words.
_WORD_FAMILIES = {
    "scoring formula": "formula",
    "penalty": "penalty",
    "board generator": "board_type",
}


class UnknownNameError(LookupError):
    """A name that no plugin registered; the message lists the known ones."""


@dataclass
class PluginInfo:
    """One loaded plugin: its name, where it came from and what it registered."""

    name: str
    distribution: str
    version: str
    builtin: bool
    contributes: dict[str, list[str]] = field(default_factory=dict)

    @property
    def source(self) -> str:
        origin = "built in" if self.builtin else f"{self.distribution} {self.version}".strip()
        return f"{self.name} ({origin})"


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def _samegame_version() -> str:
    from samegame import __version__

    return __version__


class PluginHost:
    """Loads plugins once and answers look-ups by kind and name."""

    def __init__(
        self,
        *,
        autoload: bool | None = None,
        only: Iterable[str] | None = None,
        extra: Iterable[tuple[str, object]] = (),
        local: bool = True,
    ) -> None:
        """Load the built-ins, then ``extra`` (name, plugin object) pairs (for tests
        and programs that embed samegame), then (with ``local``) the modules and
        folder the environment names (``samegame.plugin.loading``), then the
        entry-point plugins. ``autoload`` and ``only`` default to the environment
        variables above."""
        self.manager = pluggy.PluginManager(hookspecs.PROJECT_NAME)
        self.manager.add_hookspecs(hookspecs)
        self.problems: list[str] = []
        self.plugins: dict[str, PluginInfo] = {}
        version = _samegame_version()
        for module_name in DEFAULT_PLUGINS:
            module = importlib.import_module(module_name)
            short = module_name.rsplit(".", 1)[-1]
            self._register(module, f"builtin-{short}", PluginInfo(short, "samegame", version, True))
        for name, plugin in extra:
            self._register(plugin, name, PluginInfo(name, "local", "", False))
        if local:
            self._load_local()
        if autoload is None:
            autoload = not _env_flag(DISABLE_AUTOLOAD_VAR)
        if only is None:
            listed = os.environ.get(LOAD_PLUGINS_VAR, "")
            only = [n.strip() for n in listed.split(",") if n.strip()] or None
        self._load_entry_points(autoload, set(only) if only is not None else None)
        self._records: dict[str, dict[str, Any]] = {}
        self._third_party: dict[tuple[str, str], str] = {}
        self._providers: dict[tuple[str, str], tuple[str, str]] = {}
        for hook_name, kind, record_type in REGISTRATION_HOOKS:
            self._records[kind] = self._collect(hook_name, kind, record_type)
        self._collect_messages()

    def _register(self, plugin: object, name: str, info: PluginInfo) -> None:
        """Register a plugin, unless it needs a later plugin API (a problem)."""
        if not info.builtin:
            problem = loading.api_problem(plugin, info.source)
            if problem is not None:
                self.problems.append(problem)
                return
        self.manager.register(plugin, name=name)
        self.plugins[name] = info

    def _load_local(self) -> None:
        """The plugins not installed that ``SAMEGAME_PLUGIN_MODULES`` and
        ``SAMEGAME_PLUGINS_DIR`` name; one that fails to import is a problem."""
        for name, load in loading.local_plugins():
            if self.manager.has_plugin(name):
                self.problems.append(f"plugin module '{shown(name)}' is loaded already; skipped")
                continue
            try:
                module = load()
            except BaseException as error:
                if isinstance(error, KeyboardInterrupt):
                    raise
                self.problems.append(
                    f"plugin module '{shown(name)}' failed to load ({error_words(error)}); skipped"
                )
                continue
            self._register(module, name, PluginInfo(name, "local", "", False))

    def _load_entry_points(self, autoload: bool, only: set[str] | None) -> None:
        found: set[str] = set()
        for entry_point in metadata.entry_points(group=ENTRY_POINT_GROUP):
            dist = entry_point.dist
            dist_name = dist.name if dist is not None else "unknown distribution"
            version = dist.version if dist is not None else "?"
            wanted = {entry_point.name, dist_name}
            if only is not None:
                if not wanted & only:
                    continue
                found |= wanted & only
            elif not autoload:
                continue
            if self.manager.has_plugin(entry_point.name):
                continue
            try:
                plugin = entry_point.load()
                info = PluginInfo(entry_point.name, dist_name, version, False)
                self._register(plugin, entry_point.name, info)
            except BaseException as error:  # a broken plugin never stops us
                if isinstance(error, KeyboardInterrupt):
                    raise
                self.problems.append(
                    f"plugin '{shown(entry_point.name)}' from {shown(dist_name)} failed to "
                    f"load ({error_words(error)}); skipped"
                )
        if only is not None:
            for name in sorted(only - found):
                self.problems.append(
                    f"plugin '{name}' named in {LOAD_PLUGINS_VAR} is not installed; skipped"
                )

    def _collect(self, hook_name: str, kind: str, record_type: type) -> dict[str, Any]:
        records: dict[str, Any] = {}
        hook = getattr(self.manager.hook, hook_name)
        # get_hookimpls() lists plugins in registration order: built-ins first, so a
        # clash keeps the built-in.
        for impl in hook.get_hookimpls():
            info = self.plugins[impl.plugin_name]
            returned = self._returned(impl.function, info, hook_name)
            if returned is _FAILED:
                continue
            if returned is None:
                returned = []
            if type(returned) not in (list, tuple):
                self.problems.append(
                    f"plugin {info.source}: {hook_name} returned {type(returned).__name__}, "
                    f"not a list of {record_type.__name__} records; skipped"
                )
                continue
            for record in returned:
                try:
                    kept = self._kept(record, kind, record_type, info)
                except BaseException as error:  # a record whose fields raise when read
                    if isinstance(error, KeyboardInterrupt):
                        raise
                    self.problems.append(
                        f"plugin {info.source}: {kind} record failed when read "
                        f"({error_words(error)}); skipped"
                    )
                    continue
                if kept is None:
                    continue
                name = kept.name
                if name in records:
                    self.problems.append(
                        f"{kind} '{name}' from {info.source} rejected: "
                        f"the name is already registered by {records[name].source}"
                    )
                    continue
                records[name] = kept
                if not info.builtin:
                    self._third_party[(kind, name)] = info.source
                    self._providers[(kind, name)] = (info.distribution, info.version)
                info.contributes.setdefault(kind, []).append(name)
        return records

    def _returned(self, hook: Any, info: PluginInfo, hook_name: str) -> Any:
        """What a registration hook returned, or ``_FAILED`` when it raised: that is
        a problem of the plugin, reported like a failed import, whatever it raised
        (SystemExit and GeneratorExit included; only Ctrl-C interrupts)."""
        try:
            if loading.tracing():
                return loading.traced(hook, hook_name, info.source)
            return hook()
        except BaseException as error:
            if isinstance(error, KeyboardInterrupt):
                raise
            self.problems.append(
                f"plugin {info.source}: {hook_name} failed ({error_words(error)}); skipped"
            )
            return _FAILED

    def _kept(self, record: object, kind: str, record_type: type, info: PluginInfo) -> Any:
        """The record as registered (its source set; a plugin's contained), or None
        when a check refuses it (the problem noted)."""
        problem = check_record(record, record_type)
        if problem is not None:
            self.problems.append(f"plugin {info.source}: {kind} {problem}; skipped")
            return None
        kept = replace(record, source=info.source)  # type: ignore[type-var]
        return kept if info.builtin else contain(kept, kind, info.source)

    def _collect_messages(self) -> None:
        """Each plugin's words for what it registered, checked key by key: a key
        outside the plugin's own names or a language without a catalogue is a
        problem (skipped), never a crash."""
        for impl in self.manager.hook.samegame_messages.get_hookimpls():
            info = self.plugins[impl.plugin_name]
            returned = self._returned(impl.function, info, "samegame_messages")
            if returned is _FAILED:
                continue
            if type(returned) is not dict:
                self.problems.append(
                    f"plugin {info.source}: samegame_messages returned "
                    f"{type(returned).__name__}, not a mapping of languages; skipped"
                )
                continue
            try:
                self._add_words(returned, info)
            except BaseException as error:  # keys or texts that raise when read
                if isinstance(error, KeyboardInterrupt):
                    raise
                self.problems.append(
                    f"plugin {info.source}: samegame_messages gave words that fail when "
                    f"read ({error_words(error)}); skipped"
                )

    def _add_words(self, returned: dict[Any, Any], info: PluginInfo) -> None:
        from samegame import i18n

        own = {
            f"{family}.{name}"
            for kind, family in _WORD_FAMILIES.items()
            for name in info.contributes.get(kind, [])
        }
        allowed = own | {f"describe.{key}" for key in own}
        for language, entries in returned.items():
            if (
                type(language) is not str
                or language not in i18n.LANGUAGES
                or type(entries) is not dict
            ):
                self.problems.append(
                    f"plugin {info.source}: words for '{shown(str(language))}' skipped "
                    f"(languages: {', '.join(sorted(i18n.LANGUAGES))}; a mapping of keys)"
                )
                continue
            wrong = [
                key
                for key, text in entries.items()
                if type(key) is not str
                or key not in allowed
                or type(text) is not str
                or len(text) > 500
            ]
            if wrong:
                self.problems.append(
                    f"plugin {info.source}: message '{shown(str(wrong[0]))}' skipped; a plugin "
                    "gives words (text of at most 500 characters) for its own names only"
                )
            kept = {key: text for key, text in entries.items() if key not in wrong}
            if kept:
                i18n.add_messages(language, kept)
                info.contributes.setdefault("words", []).append(language)

    # -- look-ups ----------------------------------------------------------------

    def records(self, kind: str) -> dict[str, Any]:
        """Every record of a kind (``"scoring formula"``, ``"penalty"`` ...) by name."""
        return self._records[kind]

    def third_party(self, kind: str, name: str) -> str | None:
        """The source (``NAME (DIST VERSION)``) of a record a plugin registered, or
        None for a built-in record or an unknown name."""
        return self._third_party.get((kind, name))

    def provider(self, kind: str, name: str) -> tuple[str, str] | None:
        """The distribution and version of the plugin that registered a record, or
        None for a built-in record or an unknown name."""
        return self._providers.get((kind, name))

    def _get(self, kind: str, name: str) -> Any:
        records = self._records[kind]
        if name not in records:
            known = ", ".join(sorted(records)) or "none"
            from samegame.i18n import translator

            kind_key = f"error.kind.{kind.replace(' ', '_')}"
            kind_words = Said.of(kind_key) if translator("en").has(kind_key) else kind
            said = Said.of("error.name.unknown", kind=kind_words, name=shown(name), known=known)
            raise said.error(UnknownNameError)
        return records[name]

    def formula(self, name: str) -> ScoringFormula:
        return self._get("scoring formula", name)  # type: ignore[no-any-return]

    def penalty(self, name: str) -> Penalty:
        return self._get("penalty", name)  # type: ignore[no-any-return]

    def generator(self, name: str) -> BoardGenerator:
        return self._get("board generator", name)  # type: ignore[no-any-return]

    def renderer(self, name: str) -> Renderer:
        return self._get("renderer", name)  # type: ignore[no-any-return]

    def bot(self, name: str) -> BotFactory:
        return self._get("bot", name)  # type: ignore[no-any-return]

    def commands(self) -> dict[str, Command]:
        """Every command plugins add to the command line, by name."""
        return dict(self._records["command"])

    def preset_directories(self) -> list[PresetDirectory]:
        return list(self._records["preset directory"].values())

    def notify(self, event: Event) -> None:
        """Pass a game event to every observer plugin (a Game observer); an observer's
        exception is a PluginError naming it."""
        for impl in self.manager.hook.samegame_game_event.get_hookimpls():
            source = self.plugins[impl.plugin_name].source

            def observe(impl: Any = impl, source: str = source) -> None:
                def call() -> None:
                    call_observer(impl.function, tuple(impl.argnames), event, source)

                if loading.tracing():
                    loading.traced(call, "samegame_game_event", source)
                else:
                    call()

            self._around_observer(observe, f"plugin {source}: event observer")

    _around_observer: Callable[[Callable[[], None], str], None] = staticmethod(
        lambda call, label: call()
    )
    """How an observer is called: ``call()`` here; ``rewrapped`` may bound it."""

    def rewrapped(
        self,
        wrap: Callable[[str, Any], Any],
        around_observer: Callable[[Callable[[], None], str], None],
    ) -> PluginHost:
        """A copy of this host whose plugins' records (built-ins stay as they are)
        are ``wrap(kind, record)`` and whose observers are called through
        ``around_observer(call, label)`` (``label``: ``plugin NAME (DIST VERSION):
        event observer``): for a caller that runs plugin code under a bound of its
        own (the page's games, ``samegame.web.page_plugins``)."""
        copied = copy.copy(self)
        copied._records = {
            kind: {
                name: wrap(kind, record) if (kind, name) in self._third_party else record
                for name, record in records.items()
            }
            for kind, records in self._records.items()
        }
        copied._around_observer = around_observer
        return copied


_HOST: PluginHost | None = None


def get_host() -> PluginHost:
    """The process-wide plugin host, loaded on first use."""
    global _HOST
    if _HOST is None:
        _HOST = PluginHost()
    return _HOST


def reset_host() -> None:
    """Forget the loaded host (tests, and after changing the environment)."""
    global _HOST
    _HOST = None


__all__ = ["PluginHost", "PluginInfo", "UnknownNameError", "get_host", "reset_host"]
