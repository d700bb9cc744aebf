"""Message catalogues: every word the line interface says, in English and Japanese.

A catalogue maps a key to a template (``str.format`` placeholders) or, where the
words depend on a number, to plural forms ``{"one": ..., "other": ...}`` chosen by
the ``count`` parameter. Both languages have exactly the same keys and the same
placeholders in every form; a test checks it. The one exception is the help of the
commands and options: its English is the code's own, so only Japanese has those
keys (``cli``, ``cli.*``: translations, checked against the command tree, see
``samegame.cli.help_language``).

>>> english = translator("en")
>>> english("points", count=1), english("points", count=25)
('1 point', '25 points')
>>> translator("ja")("points", count=25)
'25点'
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Mapping, Sequence

Template = str | Mapping[str, str]


def _catalogues() -> dict[str, Mapping[str, Template]]:
    """Every catalogue module of this package by code: a module named by its
    language code (``en``, ``ja``, ``pt_BR``) holding ``MESSAGES``. Adding a
    language is adding one such file."""
    found: dict[str, Mapping[str, Template]] = {}
    for module in pkgutil.iter_modules(__path__):
        if re.fullmatch(r"[a-z]{2,3}(_[A-Z]{2})?", module.name):
            found[module.name] = importlib.import_module(f"{__name__}.{module.name}").MESSAGES
    return dict(sorted(found.items()))


LANGUAGES: dict[str, Mapping[str, Template]] = _catalogues()
"""The message catalogue of every language, by code."""
_ENGLISH = LANGUAGES["en"]


# Words that plugins ship for what they register, by language (see add_messages).
_PLUGIN_MESSAGES: dict[str, dict[str, str]] = {}


def add_messages(language: str, entries: Mapping[str, str]) -> None:
    """Add a plugin's words in one language; the program's own keys always win
    (the plugin host checks the keys first, see PluginHost)."""
    _PLUGIN_MESSAGES.setdefault(language, {}).update(entries)


class Translator:
    """Formats catalogue messages in one language: ``tr("key", **params)``."""

    def __init__(self, language: str) -> None:
        if language not in LANGUAGES:
            known = ", ".join(sorted(LANGUAGES))
            raise ValueError(f"language '{language}' is not available; choose {known}")
        self.language = language
        self._messages = LANGUAGES[language]

    def __call__(self, key: str, **params: object) -> str:
        template = self._messages.get(key) or _PLUGIN_MESSAGES.get(self.language, {})[key]
        if not isinstance(template, str):
            count = params.get("count")
            form = "one" if count == 1 and "one" in template else "other"
            template = template[form]
        return template.format(**params)

    def has(self, key: str) -> bool:
        return key in self._messages or key in _PLUGIN_MESSAGES.get(self.language, {})

    def join(self, parts: Sequence[str], *, either: bool = False) -> str:
        """``a, b and c``, or ``a, b or c`` when ``either``."""
        if len(parts) <= 1:
            return "".join(parts)
        head = self("list.separator").join(parts[:-1])
        return self("list.or" if either else "list", head=head, last=parts[-1])

    def name_of(self, family: str, name: str) -> str:
        """The name of a ``formula``, ``penalty``, ``board_type``, ``size`` or
        ``selection_mode`` in this language (key ``family.name``), or the name
        itself when no catalogue has words for it."""
        key = f"{family}.{name}"
        return self(key) if self.has(key) else name

    def description_of(self, family: str, name: str, own: str) -> str:
        """What a formula, penalty or board type does, in this language (key
        ``describe.family.name``), or its own description when no catalogue has
        words for it."""
        key = f"describe.{family}.{name}"
        return self(key) if self.has(key) else own

    def preset_text(self, part: str, name: str, text: str) -> str:
        """A preset's ``title`` or ``description`` in this language when a
        catalogue has words for it and the file still says what the English
        words say (an edited preset keeps its own words)."""
        key = f"preset.{part}.{name}"
        if self.has(key) and key in _ENGLISH and _ENGLISH[key] == text:
            return self(key)
        return text


def translator(language: str) -> Translator:
    """The translator of a language code (``en`` or ``ja``); ValueError otherwise."""
    return Translator(language)
