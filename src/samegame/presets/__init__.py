"""Presets: YAML rule sets, read, validated and resolved through the plugin host.

A preset names a scoring formula, a penalty and board generators that plugins
registered, and adds the sizes, colour counts and choices a player may make. The
built-in files ship in the repository's ``presets/`` folder (inside the wheel as
``samegame/preset_files``); plugins add folders, and the user's folder is
``paths.user_presets_dir()``. docs/presets.md describes every key.

- ``document``: the file's shape as pydantic models; ``samegame presets schema``
  publishes it as a JSON Schema;
- ``reader``: YAML to ``Preset``, every problem one line ``path:LINE:COL: message``,
  in four passes: ``safe_yaml`` (the text and the YAML tree), ``shape_errors``
  (pydantic's errors at their nodes), ``meaning_check`` (plugin names, keys that
  agree);
- ``model``: ``Preset``, the player's choices and overrides;
- ``finder``: finding presets by name or path, listing them;
- ``describe``: a preset in sentences, in the player's language.

>>> from samegame.plugin.host import PluginHost
>>> preset = find_preset("basic", PluginHost(autoload=False))
>>> preset.rules.points(5), preset.rules.clear_bonus
(9, 1000)
>>> preset.board_setup("6x7", colours=3)
BoardSetup(spec=BoardSpec(width=6, height=7, colours=3), board_type='solvable', palette=())
"""

from samegame.presets.finder import find_preset, list_presets
from samegame.presets.model import BoardSetup, Preset, PresetError, SizeOption, Stage
from samegame.presets.reader import load_preset_file

__all__ = [
    "BoardSetup",
    "Preset",
    "PresetError",
    "SizeOption",
    "Stage",
    "find_preset",
    "list_presets",
    "load_preset_file",
]
