"""The player's settings and what is in force, below any interface: what the
player chose (``Settings``, saved between runs), the value words each setting
takes (``SettingError`` for others), the saved settings with one changed
(``saved_with``), and the settings of a run with where each came from
(``InForce``, made by ``in_force``: saved, then the environment, then this run's
options). The line interface's ``settings`` command
(``samegame.repl.settings_command``), ``samegame play`` and the web page read
them here.

>>> Settings().with_value("verbosity", "terse").verbosity
<Verbosity.TERSE: 'terse'>
>>> Settings().with_value("bell", "maybe")
Traceback (most recent call last):
...
samegame.play.player_settings.SettingError: bell
>>> in_force({"language": "ja"}, {"verbosity": "terse"}, environ={}).sources["language"]
'saved'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from typing import Any

from samegame.i18n import LANGUAGES

__all__ = [
    "ALIASES",
    "COLOUR_CHOICES",
    "SOURCES",
    "SYMBOL_CHOICES",
    "InForce",
    "SettingError",
    "Settings",
    "Verbosity",
    "accessible_from_environment",
    "in_force",
    "saved_with",
]


class Verbosity(StrEnum):
    """How much the announcer says after a move (see ``samegame.repl.announcer``)."""

    TERSE = "terse"
    NORMAL = "normal"
    VERBOSE = "verbose"


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


OFF_WORDS = ("0", "false", "no", "off")
"""What SAMEGAME_ACCESSIBLE or ACCESSIBLE set to means off; any other value is on."""


def accessible_from_environment(environ: Mapping[str, str] | None = None) -> bool | None:
    """What SAMEGAME_ACCESSIBLE, else a non-empty ACCESSIBLE, says; None when neither
    is set."""
    env = os.environ if environ is None else environ
    for name in ("SAMEGAME_ACCESSIBLE", "ACCESSIBLE"):
        value = env.get(name, "").strip().lower()
        if value:
            return value not in OFF_WORDS
    return None
