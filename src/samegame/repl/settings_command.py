"""Player settings of the line interface, saved between runs.

>>> Settings().with_value("verbosity", "terse").verbosity
<Verbosity.TERSE: 'terse'>
>>> Settings().with_value("bell", "maybe")
Traceback (most recent call last):
...
samegame.repl.settings_command.SettingError: bell
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from samegame.core.quoting import shown
from samegame.i18n import LANGUAGES, Translator, translator
from samegame.play import Match
from samegame.repl.announcer import Announcer
from samegame.repl.commands import Kind, ParsedCommand
from samegame.repl.reply import Reply
from samegame.repl.terminal import accessible_from_environment
from samegame.repl.wording import Verbosity
from samegame.store import Store

ON_WORDS = {
    "on": True,
    "yes": True,
    "true": True,
    "1": True,
    "off": False,
    "no": False,
    "false": False,
    "0": False,
}
COLOUR_CHOICES = ("auto", "always", "never")
SYMBOL_CHOICES = ("letters", "shapes", "digits")


# Where a setting in force came from, strongest first (A29).
SOURCES = ("flag", "environment", "saved", "default")
ALIASES = {"lang": "language", "color": "colour", "oneclick": "one-click"}


class SettingError(ValueError):
    """An unknown setting or a value it cannot take; ``args[0]`` is the setting name."""


@dataclass(frozen=True)
class Settings:
    """What the player chose. ``accessible`` None means: decide from the environment;
    ``one_click`` None means: the preset's own selection mode."""

    verbosity: Verbosity = Verbosity.NORMAL
    language: str = "en"
    accessible: bool | None = None
    colour: str = "auto"
    symbols: str = "letters"
    one_click: bool | None = None
    bell: bool = False

    NAMES = ("verbosity", "language", "accessible", "colour", "symbols", "one-click", "bell")

    def with_value(self, name: str, value: str) -> Settings:
        """A copy with one setting changed from its typed words; SettingError if wrong."""
        name = ALIASES.get(name, name)
        value = value.lower()
        if name == "verbosity" and value in Verbosity.__members__.values():
            return replace(self, verbosity=Verbosity(value))
        if name == "language" and value in LANGUAGES:
            return replace(self, language=value)
        if name == "colour" and value in COLOUR_CHOICES:
            return replace(self, colour=value)
        if name == "symbols" and value in SYMBOL_CHOICES:
            return replace(self, symbols=value)
        if name == "accessible" and value == "auto":
            return replace(self, accessible=None)
        if name == "one-click" and value == "auto":
            return replace(self, one_click=None)
        if name in ("accessible", "one-click", "bell") and value in ON_WORDS:
            on = ON_WORDS[value]
            if name == "accessible":
                return replace(self, accessible=on)
            if name == "bell":
                return replace(self, bell=on)
            return replace(self, one_click=on)
        raise SettingError(name)

    def choices(self, name: str) -> str:
        """The values a setting takes, for error messages."""
        if name == "verbosity":
            return "terse, normal, verbose"
        if name == "language":
            return ", ".join(LANGUAGES)
        if name == "colour":
            return ", ".join(COLOUR_CHOICES)
        if name == "symbols":
            return ", ".join(SYMBOL_CHOICES)
        if name in ("accessible", "one-click"):
            return "on, off, auto"
        return "on, off"

    def shown(self) -> dict[str, str]:
        """Every setting as the words the player would type."""

        def word(value: bool | None) -> str:
            return "auto" if value is None else ("on" if value else "off")

        return {
            "verbosity": self.verbosity.value,
            "language": self.language,
            "accessible": word(self.accessible),
            "colour": self.colour,
            "symbols": self.symbols,
            "one-click": word(self.one_click),
            "bell": word(self.bell),
        }

    def to_json(self) -> dict[str, Any]:
        """The settings as saved. ``one_click`` is saved under the key
        ``one-click`` as on, off or auto: the old boolean key ``one_click`` could
        not tell "off" from "the preset's choice"."""
        data = asdict(self)
        data["verbosity"] = self.verbosity.value
        del data["one_click"]
        data["one-click"] = self.shown()["one-click"]
        return data

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Settings from saved JSON; unknown or broken entries fall back to defaults."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        for key, value in data.items():
            name = key.replace("_", "-")
            if value is None or name not in cls.NAMES:
                continue
            if key == "one_click" and value is False:
                continue  # the old key's False was the default: the preset decides
            text = ("on" if value else "off") if isinstance(value, bool) else str(value)
            try:
                settings = settings.with_value(name, text)
            except SettingError:
                continue
        return settings


def saved_with(data: object, name: str, value: str) -> dict[str, Any]:
    """The saved settings JSON with one setting changed and nothing else: never a
    one-off flag of this run (A29). SettingError for an unknown name or value."""
    name = ALIASES.get(name, name)
    changed = Settings.from_json(data).with_value(name, value)
    kept: dict[str, Any] = {}
    if isinstance(data, dict):
        kept = {k: v for k, v in data.items() if k in Settings.NAMES and k != name}
        if "one_click" in data and name != "one-click" and "one-click" not in data:
            kept["one-click"] = Settings.from_json(data).shown()["one-click"]
    kept[name] = changed.to_json()[name]
    return kept


@dataclass(frozen=True)
class InForce:
    """The settings of this run and where each came from: ``flag``,
    ``environment``, ``saved`` or ``default``."""

    settings: Settings
    sources: Mapping[str, str]

    def shown(self, name: str) -> tuple[str, str]:
        return self.settings.shown()[name], self.sources[name]


def in_force(
    saved: object, flags: Mapping[str, str], environ: Mapping[str, str] | None = None
) -> InForce:
    """Saved settings, then the environment (accessible mode only), then this run's
    flags (setting name to typed word), each over the one before."""
    settings = Settings.from_json(saved)
    held = set(saved) if isinstance(saved, dict) else set()
    sources = {
        name: "saved"
        if name in held or (name == "one-click" and "one_click" in held)
        else "default"
        for name in Settings.NAMES
    }
    from_environment = accessible_from_environment(environ)
    if from_environment is not None:
        settings = replace(settings, accessible=from_environment)
        sources["accessible"] = "environment"
    for name, word in flags.items():
        settings = settings.with_value(name, word)
        sources[ALIASES.get(name, name)] = "flag"
    return InForce(settings, sources)


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
        settings: Settings,
        sources: Mapping[str, str] | None = None,
    ) -> None:
        self.store = store
        self.match = match
        self.announcer = announcer
        self.settings = settings
        self.sources = dict(sources or {})

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
            return Reply([self._setting_line(name, source=True) for name in Settings.NAMES])
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
        except SettingError as error:
            canonical = str(error)
            if canonical not in Settings.NAMES:
                return Reply(
                    [
                        self.tr(
                            "error.setting_unknown",
                            name=shown(name),
                            names=", ".join(Settings.NAMES),
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
        canonical = ALIASES.get(name, name)
        self.store.set_setting(
            "settings", saved_with(self.store.get_setting("settings", {}), canonical, value)
        )
        self.settings = settings
        self.sources[canonical] = "saved"
        self.announcer.retune(translator(settings.language), settings.verbosity)
        self.match.set_one_click(settings.one_click)
        return Reply([self._setting_line(canonical)])
