"""The plugin API: what a plugin author imports.

``hookimpl`` marks a hook implementation; the records a registration hook returns
(``ScoringFormula``, ``Penalty``, ``BoardGenerator``, ``Renderer``, ``BotFactory``,
``PresetDirectory``, ``Command``), what a generator is asked for and gives
(``BoardSpec``, ``GeneratedBoard``, ``BoardSpecError`` for a size it refuses),
the options a renderer is given (``drawing_options``), what a bot sees and uses (``GameView``,
``Bot``, ``BotOptionError``, ``check_options``, ``int_option``, ``StableRandom``,
``stable_random``) and the match loop that checks a bot (``play_game``). docs/plugins.md
describes every hook.

>>> from samegame.plugin import ScoringFormula, hookimpl
>>> @hookimpl
... def samegame_scoring_formulas():
...     return [ScoringFormula("cubes", lambda n: n**3, "n cubed")]
>>> samegame_scoring_formulas()[0].points(3)
27

The modules: ``hookspecs`` (the hooks), ``contributions`` (the records),
``bot_api`` (the bot contract and match loop), ``host`` (finds, loads and checks
plugins), ``containment`` (checks what a plugin registers and computes).
"""

from samegame.core.numbering import BoardSpecError, stable_random
from samegame.core.rng import StableRandom
from samegame.plugin.bot_api import (
    Bot,
    BotError,
    BotOptionError,
    BotSpec,
    GameView,
    PlayedGame,
    check_options,
    int_option,
    parse_bot_spec,
    play_game,
)
from samegame.plugin.containment import PluginError
from samegame.plugin.contributions import (
    BoardGenerator,
    BoardSpec,
    BotFactory,
    Command,
    GeneratedBoard,
    Penalty,
    PresetDirectory,
    Renderer,
    ScoringFormula,
    drawing_options,
)
from samegame.plugin.hookspecs import hookimpl
from samegame.plugin.loading import API_VERSION

__all__ = [
    "API_VERSION",
    "BoardGenerator",
    "BoardSpec",
    "BoardSpecError",
    "Bot",
    "BotError",
    "BotFactory",
    "BotOptionError",
    "BotSpec",
    "Command",
    "GameView",
    "GeneratedBoard",
    "Penalty",
    "PlayedGame",
    "PluginError",
    "PresetDirectory",
    "Renderer",
    "ScoringFormula",
    "StableRandom",
    "check_options",
    "drawing_options",
    "hookimpl",
    "int_option",
    "parse_bot_spec",
    "play_game",
    "stable_random",
]
