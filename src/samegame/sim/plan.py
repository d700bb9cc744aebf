"""A run's plan: a preset, bots and a board source turned into the setups of a
simulation or a comparison (what ``samegame simulate`` and ``compare`` play).

>>> from samegame.plugin.host import PluginHost
>>> from samegame.presets import find_preset
>>> host = PluginHost(autoload=False)
>>> planned = plan(find_preset("basic", host), ["greedy", "random"], 7, size="6x7", host=host)
>>> planned.about
'preset basic, 6x7 boards with 4 colours (solvable), seed 7'
>>> [setup.bot for setup in planned.setups], planned.setups[0].variant
(['greedy', 'random'], RuleVariant(formula='basic', clear_bonus=1000, penalty='none', min_group=2))
>>> from samegame.execution.executors import LocalExecutor
>>> from samegame.sim.simulate import simulate
>>> summary, stop = simulate(planned.setups[0], 2, LocalExecutor())
>>> summary.games, stop
(2, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from samegame.bots import parse_bot_spec
from samegame.core.board import Board
from samegame.execution import bounded
from samegame.i18n.said import Said
from samegame.plugin.host import PluginHost, get_host
from samegame.presets import Preset, PresetError, find_preset
from samegame.sim.tasks import RunSetup, board_text


@dataclass(frozen=True)
class Plan:
    """The setups of a run, one per bot in the order given; the given boards (rows,
    top first; empty when the boards are generated); the run in words, in any
    language (``said``; ``about`` is its English, such as ``"preset basic, 8x10
    boards with 4 colours (solvable), seed 7"``); and the preset's name."""

    setups: tuple[RunSetup, ...]
    boards: tuple[tuple[str, ...], ...]
    said: Said
    preset: str

    @property
    def about(self) -> str:
        return self.said.english()


def plan(
    preset: Preset,
    bots: Sequence[str],
    seed: int = 0,
    *,
    boards: Sequence[Board] = (),
    boards_from: str | None = None,
    size: str | None = None,
    colours: int | None = None,
    board_type: str | None = None,
    bot_timeout: float | None = None,
    host: PluginHost | None = None,
) -> Plan:
    """The plan of games of ``bots`` (specs such as ``lookahead:depth=2``) under a
    preset's rules, from root seed ``seed``: on the given ``boards`` in turn
    (``boards_from`` names where they came from, for the words), or else on boards
    the preset's generator makes for the choice of ``size``, ``colours`` and
    ``board_type`` (None: the preset's defaults).

    Each bot is spelled normally and checked by making it once through ``host``
    (default: the process's plugin host). The records name the preset only when
    its name finds this very preset (not a file given by path or a shadowed name):
    otherwise their ``preset`` is None, custom rules. ``bot_timeout`` is each
    plugin bot game's limit in seconds (see ``samegame.sim.tasks``).

    Raises ValueError for no bot, or for given boards with a board choice;
    ``BotOptionError`` for a bad bot option; ``UnknownNameError`` for a bot no
    plugin offers; ``PresetError`` for a board choice the preset does not offer.
    """
    host = get_host() if host is None else host
    if not bots:
        raise ValueError("a plan needs at least one bot")
    if boards and (size, colours, board_type) != (None, None, None):
        raise ValueError("size, colours and board type do not apply to given boards")
    recorded = recorded_preset(preset, host)
    names = [checked_bot(text, host, bot_timeout) for text in bots]
    if boards:
        rows = tuple(board_text(board) for board in boards)
        what = (
            Said.of("research.boards.file", count=len(rows), path=boards_from)
            if boards_from
            else Said.of("research.boards.given", count=len(rows))
        )
        setups = [
            RunSetup.of(recorded, preset.rules, name, seed, bot_timeout=bot_timeout)
            for name in names
        ]
    else:
        rows = ()
        chosen = preset.board_setup(size=size, colours=colours, board_type=board_type)
        spec = chosen.spec
        what = Said.of(
            "research.boards.generated",
            width=spec.width,
            height=spec.height,
            colours=spec.colours,
            board_type=chosen.board_type,
        )
        setups = [
            RunSetup.of(recorded, preset.rules, name, seed, chosen.board_type, spec, bot_timeout)
            for name in names
        ]
    said = Said.of("research.plan", preset=preset.name, boards=what, seed=seed)
    return Plan(tuple(setups), rows, said, preset.name)


def recorded_preset(preset: Preset, host: PluginHost) -> str | None:
    """The preset's name for the records when that name finds this very preset
    (so ``samegame verify`` can compare the rules); None, custom rules, for a
    preset file that its name does not find (given by path, or shadowed)."""
    try:
        found = find_preset(preset.name, host)
    except PresetError:
        return None
    return preset.name if found == preset else None


def checked_bot(text: str, host: PluginHost, bot_timeout: float | None = None) -> str:
    """The bot spec in its normal spelling, checked by making the bot once
    (``BotOptionError``, ``UnknownNameError``); a plugin's bot is made under the
    game's bound (``samegame.execution.bounded.check_bot``: PluginError)."""
    spec = parse_bot_spec(text)
    bounded.check_bot(host, spec, bounded.game_limit(bot_timeout, spec.options))
    return str(spec)
