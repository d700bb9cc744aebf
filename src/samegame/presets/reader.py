"""Reading a preset file: YAML text to a validated ``Preset``, errors at the node.

Four passes, each stopping at the first problem with one ``PresetError`` whose
message is one line, ``path:LINE:COL: message`` (1-based):

1. the text: capped size, UTF-8 (a byte-order mark is accepted), YAML syntax,
   composed with the safe loader (nothing in a file is ever constructed as a
   Python object beyond plain scalars);
2. the tree: only plain tags (strings, numbers, true or false, lists, mappings),
   no duplicate or non-scalar keys, no alias that contains itself, no number of
   more than ``MAX_INT_TEXT`` characters;
3. the shape: ``PresetDocument`` (pydantic, strict) checks keys, types, ranges and
   word choices; each error's location is mapped back to its node;
4. the meaning: formula, penalty and generator names resolved through the plugin
   host (the known ones are listed), board limits from ``check_spec`` for every
   board type offered, and keys that must agree (``board_type`` in
   ``board_types``, a size's colours in ``colours``, ``default_size`` a size,
   ``selection`` in ``selection_modes``, ``clear_bonus`` in
   ``clear_bonus_choices``, the name equal to the file's stem).

Passes 1 and 2 are ``safe_yaml``, pass 3 ``shape_errors``, pass 4
``meaning_check``; the name is checked between the tree and the shape, as the
file's identity.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from samegame.core.quoting import shown
from samegame.plugin.host import PluginHost
from samegame.presets.meaning_check import MeaningCheck
from samegame.presets.model import Preset, PresetError
from samegame.presets.safe_yaml import YamlTree, compose, read_text
from samegame.presets.shape_errors import ShapeCheck

__all__ = ["load_preset_file"]


def _check_name(tree: YamlTree, data: Any, path: Path) -> None:
    """The name must equal the file's stem: checked first, as the file's identity."""
    name = data.get("name") if isinstance(data, dict) else None
    if isinstance(name, str) and name.strip() and name.strip() != path.stem:
        raise tree.error(
            tree.values[("name",)],
            f"name: '{shown(name.strip())}' must equal the file name's stem '{path.stem}'",
        )


def load_preset_file(path: Path, host: PluginHost) -> Preset:
    """Load and validate one preset file, resolving its names through ``host``.

    Raises PresetError (one line, ``path:LINE:COL: message`` for problems inside
    the file).
    """
    text = read_text(path)
    tree = YamlTree(path)
    try:
        root = compose(path, text)
        tree.check_tree(root, set(), set())
        data = tree.value(root, ())
    except RecursionError:
        raise PresetError(f"{path}: the YAML is nested too deeply") from None
    _check_name(tree, data, path)
    document = ShapeCheck(tree, data).check()
    return MeaningCheck(tree, document, host).preset(path)
