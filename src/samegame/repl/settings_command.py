"""The line interface's ``settings`` and ``verbosity`` commands: every setting in
force with where it came from, one said, or one changed now and saved alone.

The settings themselves (``Settings``, ``SettingError``, ``InForce``,
``in_force``, ``saved_with``) live below the line interface, in
``samegame.play.player_settings``; importing them from here still works in 0.2.0,
with a DeprecationWarning (gone in 0.3.0).
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping

from samegame.core.quoting import shown
from samegame.i18n import Translator, translator
from samegame.play import Match, player_settings
from samegame.play.program import Carried
from samegame.repl.announcer import Announcer
from samegame.repl.commands import Kind, ParsedCommand
from samegame.repl.reply import Reply
from samegame.store import Store

__all__ = ["SETTING_KINDS", "SettingsCommand"]

_MOVED_NAMES = frozenset(
    {
        "ALIASES",
        "COLOUR_CHOICES",
        "ON_WORDS",
        "SOURCES",
        "SYMBOL_CHOICES",
        "InForce",
        "SettingError",
        "Settings",
        "in_force",
        "saved_with",
    }
)


def __getattr__(name: str) -> object:
    """The settings' names that moved to ``samegame.play.player_settings``, with a
    DeprecationWarning (see the module)."""
    if name not in _MOVED_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"{__name__}.{name} moved to {player_settings.__name__}; import it from there "
        "(it goes from here in 0.3.0)",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(player_settings, name)


SETTING_KINDS = frozenset({Kind.SETTINGS, Kind.VERBOSITY})
"""The commands ``SettingsCommand`` answers."""


class SettingsCommand:
    """The part of a :class:`samegame.repl.session.Session` that answers
    ``settings`` (every setting in force with where it came from, or one changed)
    and ``verbosity`` (its value, or changed). It holds the settings in force and
    where each came from (``sources``: flag, environment, saved or default).

    A change is made now and saved alone over the saved settings, never with a
    one-off switch of this run (A29); the language and verbosity retune the
    session's one announcer, one-click goes to the match."""

    def __init__(
        self,
        store: Store,
        match: Match,
        announcer: Announcer,
        settings: player_settings.Settings,
        sources: Mapping[str, str] | None = None,
    ) -> None:
        self.store = store
        self.match = match
        self.announcer = announcer
        self.settings = settings
        self.sources = dict(sources or {})
        self._carry()

    def _carry(self) -> None:
        """Tell the match what its come-back commands carry (A39)."""
        self.match.carried = Carried.in_force(
            self.settings.accessible, self.settings.language, self.sources
        )

    @property
    def tr(self) -> Translator:
        """The translator of the language the announcer speaks now."""
        return self.announcer.tr

    def answer(self, command: ParsedCommand) -> Reply:
        """Answer a command of ``SETTING_KINDS``."""
        words = command.words
        if command.kind is Kind.VERBOSITY:
            if words:
                return self._set(("verbosity", *words))
            return Reply([self._setting_line("verbosity")])
        if not words:
            return Reply(
                [self._setting_line(name, source=True) for name in player_settings.Settings.NAMES]
            )
        return self._set(words)

    def _setting_line(self, name: str, *, source: bool = False) -> str:
        value = self.settings.shown()[name]
        if not source:
            return self.tr("setting", name=name, value=value)
        if name == "accessible" and value == "auto":
            # The environment is already in the settings: auto left is off (A29).
            value = "off"
        origin = self.sources.get(name, "default")
        return self.tr(
            "setting.source",
            name=name,
            value=value,
            source=self.tr(
                "setting.from.flag"
                if origin == "flag"
                else "setting.from.environment"
                if origin == "environment"
                else "setting.from.saved"
                if origin == "saved"
                else "setting.from.default"
            ),
        )

    def _set(self, words: tuple[str, ...]) -> Reply:
        """Change one setting now and save that one alone over the saved settings:
        a one-off ``--lang`` or ``--accessible`` of this run is never saved (A29)."""
        if len(words) != 2:
            return Reply([self.tr("error.setting_words")])
        name, value = words
        try:
            settings = self.settings.with_value(name, value)
        except player_settings.SettingError as error:
            canonical = str(error)
            if canonical not in player_settings.Settings.NAMES:
                return Reply(
                    [
                        self.tr(
                            "error.setting_unknown",
                            name=shown(name),
                            names=", ".join(player_settings.Settings.NAMES),
                        )
                    ]
                )
            return Reply(
                [
                    self.tr(
                        "error.setting_value",
                        name=canonical,
                        value=shown(value),
                        choices=self.settings.choices(canonical),
                    )
                ]
            )
        canonical = player_settings.ALIASES.get(name, name)
        self.store.set_setting(
            "settings",
            player_settings.saved_with(self.store.get_setting("settings", {}), canonical, value),
        )
        self.settings = settings
        self.sources[canonical] = "saved"
        self.announcer.retune(translator(settings.language), settings.verbosity)
        self.match.set_one_click(settings.one_click)
        self._carry()
        return Reply([self._setting_line(canonical)])
