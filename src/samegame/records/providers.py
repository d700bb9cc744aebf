"""Which plugin provided each part of a game, as a record says it
(``samegame-record/3``'s ``plugins``), and what verifying a record finds of them
here.

A record names its scoring formula, penalty, board generator and bot by name; a
name alone does not say where the part came from. ``record_plugins`` lists, for
each part a plugin registered (built-ins are left out), its kind, name, and the
distribution and version that provided it. ``pieces`` compares a record with this
installation: every part the record names that is not installed here (one
sentence naming them all, with the distributions the record names, so a CI job
learns what to install), and every part installed here from another
distribution than the record's (so a record is never checked silently against
another plugin's formula of the same name). Both leave the record not checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from samegame.bots import parse_bot_spec
from samegame.plugin.host import PluginHost
from samegame.records.shape import PLUGIN_KINDS, RECORD_FORMAT

BUILT_IN = "samegame itself"


def record_plugins(
    host: PluginHost, formula: str, penalty: str, generator: str | None, bot: str
) -> list[dict[str, str]]:
    """The ``plugins`` of a record: the kind, name, distribution and version of each
    part a plugin registered, in the order of ``PLUGIN_KINDS``."""
    named = zip(PLUGIN_KINDS, (formula, penalty, generator, parse_bot_spec(bot).name), strict=True)
    found = []
    for kind, name in named:
        provider = None if name is None else host.provider(kind, name)
        if name is not None and provider is not None:
            distribution, version = provider
            found.append(
                {"kind": kind, "name": name, "distribution": distribution, "version": version}
            )
    return found


def _named(record: dict[str, Any]) -> list[tuple[str, str]]:
    """The parts a well-shaped record names: (kind, name), in ``PLUGIN_KINDS``
    order; a record of a given board names no generator."""
    try:
        bot = parse_bot_spec(record["bot"]).name
    except ValueError:
        bot = record["bot"]
    parts = [
        ("scoring formula", record["rules"]["formula"]),
        ("penalty", record["rules"]["penalty"]),
        ("board generator", record["generator"]),
        ("bot", bot),
    ]
    return [(kind, name) for kind, name in parts if name is not None]


def _installed(host: PluginHost, kind: str, name: str) -> bool:
    return name in host.records(kind)


def _words(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


@dataclass(frozen=True)
class Pieces:
    """What a record's parts are here: ``reasons`` (sentences, each the same for
    every record it concerns) and the kinds that cannot be checked (``blocked``)."""

    reasons: tuple[str, ...] = ()
    blocked: frozenset[str] = frozenset()
    problems: tuple[str, ...] = ()


def pieces(record: dict[str, Any], host: PluginHost) -> Pieces:
    """The parts of a well-shaped record missing here, and (for a record that names
    its providers) those installed here from another distribution."""
    entries = record.get("plugins", [])
    providers = {
        (entry["kind"], entry["name"]): (entry["distribution"], entry["version"])
        for entry in entries
    }
    named = _named(record)
    listed = [(entry["kind"], entry["name"]) for entry in entries]
    expected_order = [part for part in named if part in providers]
    if listed != expected_order:
        return Pieces(
            problems=(
                "plugins must name each plugin part of the record (its formula, penalty, "
                "generator and bot) once, in that order; it names "
                + (", ".join(f"{kind} '{name}'" for kind, name in listed) or "none"),
            )
        )
    missing: list[str] = []
    foreign: list[str] = []
    blocked: set[str] = set()
    for kind, name in named:
        theirs = providers.get((kind, name))
        if not _installed(host, kind, name):
            given = "" if theirs is None else f" ({' '.join(theirs).strip()})"
            missing.append(f"{kind} '{name}'{given}")
            blocked.add(kind)
            continue
        if record["format"] != RECORD_FORMAT:
            continue  # older records do not name their providers
        ours = host.provider(kind, name)
        if (theirs is None) != (ours is None) or (
            theirs is not None and ours is not None and theirs[0] != ours[0]
        ):
            made = BUILT_IN if theirs is None else f"{theirs[0]} {theirs[1]}".strip()
            here = BUILT_IN if ours is None else f"{ours[0]} {ours[1]}".strip()
            foreign.append(
                f"{kind} '{name}' comes from {here} here, but from {made} in the record; "
                f"these records are not checked against another {kind} of that name"
            )
            blocked.add(kind)
    reasons = []
    if missing:
        verb = "is" if len(missing) == 1 else "are"
        reasons.append(
            f"{_words(missing)} {verb} not installed here; install "
            f"{'it' if len(missing) == 1 else 'them'} to check these records"
        )
    reasons.extend(foreign)
    return Pieces(tuple(reasons), frozenset(blocked))
