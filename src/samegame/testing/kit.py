"""``check_plugin``: hold one plugin to samegame's contract, as the toolkit uses it.

The plugin is loaded by the real plugin host (``samegame.plugin.host``), alone
with the built-ins: an installed plugin by its entry-point or distribution name,
or a module or object not installed yet (registered as ``extra``, as a program
embedding samegame does). The host wraps every function of the plugin in its
containment, so each check below calls the plugin exactly as a command would:

- loading: every problem ``samegame plugins --check`` reports
  (``samegame.cli.plugins_cmd.plugin_problems``);
- scoring formulas and penalties: whole numbers from 0 to ``MAX_POINTS`` for
  every group size and every count of tiles left, non-decreasing where the
  author claims it (``monotone``);
- board generators: a board of the asked size and colours for every spec and
  board number, the same board when asked twice and in a fresh process with
  another ``PYTHONHASHSEED``, a certificate that clears it when one is promised;
- renderers: text for the start, middle and end of a game on every board of the
  trial presets, with every ``symbols`` value, with and without a selection;
- formulas, penalties, generators and renderers are called in a child process
  stopped after ``call_seconds`` (``samegame.execution.bounded.run_game``, the
  commands' bound);
- bots: legal games to the end on those boards within their time limit, the same
  moves again for the same seed;
- commands: ``samegame NAME --help`` works;
- preset folders: every preset loads (part of the loading problems).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from types import ModuleType

from samegame.cli.plugins_cmd import plugin_problems
from samegame.core.numbering import make_board
from samegame.i18n.plain_english import plural
from samegame.plugin.contributions import BoardSpec
from samegame.plugin.host import PluginHost
from samegame.presets import PresetError, find_preset
from samegame.testing.contract_checks import (
    CALL_SECONDS,
    Findings,
    Trial,
    bounded_calls,
    check_bots,
    check_commands,
    check_formulas,
    check_generators,
    check_penalties,
    check_renderers,
    contribution_parts,
)
from samegame.testing.fresh_boards import Elsewhere

SPECS = (BoardSpec(5, 5, 3), BoardSpec(8, 10, 4), BoardSpec(15, 15, 5), BoardSpec(20, 4, 2))
"""The sizes every generator is asked for (colours raised to its ``min_colours``),
besides the sizes of the plugin's own presets."""

PRESETS = ("basic", "lesson")
"""The presets whose boards renderers draw and bots play, besides the plugin's own."""


@dataclass
class PluginCheck:
    """The outcome of ``check_plugin``: what the plugin registers, every problem
    (one line each) and what was tried."""

    plugin: str
    registers: dict[str, list[str]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def report(self) -> str:
        """The problems, one a line, under a heading naming the plugin."""
        count = len(self.problems)
        lines = [f"plugin {self.plugin}: {count} {plural(count, 'problem')}", *self.problems]
        return "\n".join(lines)

    def assert_ok(self) -> None:
        """Raise AssertionError listing every problem, if there is any."""
        if self.problems:
            raise AssertionError(self.report())


def _elsewhere(plugin: str | ModuleType | object, label: str) -> Elsewhere | None:
    """How a fresh process loads the plugin again: an installed one by its name, a
    module by its import name; None for an object that is not a module."""
    if isinstance(plugin, str):
        return Elsewhere(installed=plugin)
    if isinstance(plugin, ModuleType):
        return Elsewhere(module=plugin.__name__, label=label)
    return None


def _host_for(plugin: str | ModuleType | object, name: str | None) -> tuple[PluginHost, str]:
    if isinstance(plugin, str):
        return PluginHost(autoload=False, only=[plugin], local=False), plugin
    label = name or str(getattr(plugin, "__name__", type(plugin).__name__))
    # only=[]: no installed plugin joins it, whatever SAMEGAME_LOAD_PLUGINS says.
    return PluginHost(autoload=False, only=[], extra=[(label, plugin)], local=False), label


def _contributions(host: PluginHost) -> dict[str, list[str]]:
    """What the plugins other than the built-ins register, by kind."""
    found: dict[str, list[str]] = {}
    for info in host.plugins.values():
        if not info.builtin:
            for kind, names in info.contributes.items():
                found.setdefault(kind, []).extend(names)
    return found


def _own_presets(host: PluginHost) -> list[str]:
    """The names of the presets in the plugin's preset folders."""
    names = []
    for directory in host.preset_directories():
        if host.third_party("preset directory", directory.name) and directory.path.is_dir():
            names.extend(
                sorted(
                    path.stem
                    for path in directory.path.iterdir()
                    if path.suffix.lower() in (".yaml", ".yml")
                )
            )
    return names


def _trial(
    host: PluginHost,
    presets: Iterable[str],
    numbers: int,
    monotone: Iterable[str],
    bot_options: Mapping[str, Mapping[str, str]],
    bot_seconds: float | None,
    seeds: int,
    call_seconds: float,
    elsewhere: Elsewhere | None,
    findings: Findings,
) -> Trial:
    specs = list(SPECS)
    boards = []
    for name in dict.fromkeys([*_own_presets(host), *presets]):
        try:
            preset = find_preset(name, host)
            setup = preset.board_setup()
        except PresetError:
            continue  # a broken preset of the plugin is a loading problem already
        specs.append(setup.spec)
        for number in range(numbers):
            generator = host.generator(setup.board_type)
            try:
                made = bounded_calls(
                    partial(make_board, generator, setup.spec, number),
                    contribution_parts(host, "board generator", setup.board_type),
                    call_seconds,
                )
            except Exception as error:  # the generator check reports a plugin's failure
                findings.problems.append(
                    f"preset '{name}': board {number} cannot be made "
                    f"({type(error).__name__}: {error})"
                )
                break
            boards.append((preset.name, made.board, preset.rules, setup.palette))
    return Trial(
        specs=tuple(dict.fromkeys(specs)),
        numbers=numbers,
        boards=tuple(boards),
        monotone=frozenset(monotone),
        bot_options={bot: dict(options) for bot, options in bot_options.items()},
        bot_seconds=bot_seconds,
        seeds=seeds,
        call_seconds=call_seconds,
        elsewhere=elsewhere,
    )


def check_plugin(
    plugin: str | ModuleType | object,
    *,
    name: str | None = None,
    monotone: Iterable[str] = (),
    presets: Iterable[str] = PRESETS,
    board_numbers: int = 3,
    bot_options: Mapping[str, Mapping[str, str]] | None = None,
    bot_seconds: float | None = None,
    seeds: int = 1,
    call_seconds: float = CALL_SECONDS,
) -> PluginCheck:
    """Check one plugin: ``plugin`` is the entry-point or distribution name of an
    installed plugin, or a module or object with ``@hookimpl`` functions (``name``
    names it; default its module name).

    ``monotone`` names the formulas and penalties that claim to be non-decreasing;
    ``presets`` the presets (besides the plugin's own) whose boards renderers draw
    and bots play, ``board_numbers`` boards of each; ``bot_options`` the options
    each bot is made with (default none); ``bot_seconds`` the seconds one bot game
    may take (default: samegame's own limit, the bot's ``time`` option plus 5 or
    else 60); ``seeds`` the seeds each bot plays each board with; ``call_seconds``
    the seconds the other contributions' calls may take, each batch in a child
    process stopped at that limit as the commands stop plugin code (a formula's
    1,300 group sizes, a penalty's 1,300 counts with one formula, one board of a
    generator asked twice, one position drawn every way), so a call that never
    returns is a problem, not a hung test run.

    >>> from samegame.plugin import ScoringFormula, hookimpl
    >>> class Doubled:
    ...     @hookimpl
    ...     def samegame_scoring_formulas(self):
    ...         return [ScoringFormula("doubled", lambda n: 2 * n - 4, "2n - 4")]
    >>> check = check_plugin(Doubled(), name="doubled")
    >>> check.registers, check.ok
    ({'scoring formula': ['doubled']}, False)
    >>> print(check.problems[0])
    plugin doubled (local): scoring formula 'doubled' gave -2 for a group of 1 tiles; points must be a whole number from 0 to 1000000000000000
    """
    host, label = _host_for(plugin, name)
    result = PluginCheck(label, _contributions(host))
    findings = Findings(list(plugin_problems(host)))
    claims = set(monotone)
    owned = set(result.registers.get("scoring formula", [])) | set(
        result.registers.get("penalty", [])
    )
    findings.problems.extend(
        f"'{claim}' is claimed non-decreasing, but the plugin registers no formula or "
        "penalty of that name"
        for claim in sorted(claims - owned)
    )
    trial = _trial(
        host,
        presets,
        board_numbers,
        claims,
        bot_options or {},
        bot_seconds,
        seeds,
        call_seconds,
        _elsewhere(plugin, label),
        findings,
    )
    registers = result.registers
    formulas = registers.get("scoring formula", [])
    check_formulas(host, formulas, trial, findings)
    check_penalties(host, registers.get("penalty", []), formulas, trial, findings)
    check_generators(host, registers.get("board generator", []), trial, findings)
    check_renderers(host, registers.get("renderer", []), trial, findings)
    check_bots(host, registers.get("bot", []), trial, findings)
    check_commands(host, registers.get("command", []), findings)
    result.problems = findings.problems
    result.checked = findings.checked
    return result
