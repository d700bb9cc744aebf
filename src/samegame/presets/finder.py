"""Finding presets: the plugins' preset folders (built-in first), then the user's.

A name is matched ignoring case; a path (it has a slash or ends in .yaml or .yml)
is read as it is. ``list_presets`` loads every file, reporting and skipping the
ones that fail and the ones whose name an earlier folder already gave.
"""

from __future__ import annotations

import os
from pathlib import Path

from samegame.core.quoting import shown
from samegame.i18n.said import Said
from samegame.plugin.host import PluginHost
from samegame.presets.model import Preset, PresetError
from samegame.presets.reader import load_preset_file
from samegame.store import paths

YAML_SUFFIXES = (".yaml", ".yml")


def _directories(host: PluginHost) -> list[Path]:
    """Preset folders in look-up order: plugins' (built-in first), then the user's."""
    return [directory.path for directory in host.preset_directories()] + [paths.user_presets_dir()]


def _preset_files(directory: Path, problems: list[str] | None = None) -> list[Path]:
    """The YAML files of a folder, sorted; a folder that cannot be listed has none
    (a line in ``problems``). A named pipe, device or socket with a YAML name is
    listed, so that loading it reports it instead of waiting on it."""
    if not directory.is_dir():
        return []
    try:
        entries = list(directory.iterdir())
    except OSError as error:
        if problems is not None:
            problems.append(f"cannot list the preset folder {directory}: {error.strerror or error}")
        return []
    return sorted(
        path for path in entries if path.suffix.lower() in YAML_SUFFIXES and not path.is_dir()
    )


def looks_like_path(name_or_path: str) -> bool:
    """Whether ``find_preset`` reads this as a file path (a slash, or a YAML suffix)."""
    has_separator = "/" in name_or_path or os.sep in name_or_path
    return has_separator or name_or_path.lower().endswith(YAML_SUFFIXES)


def find_preset(name_or_path: str, host: PluginHost) -> Preset:
    """The preset of a file path (it contains a slash or ends in .yaml or .yml) or
    of a name, ignoring case: the first match in the plugins' preset directories
    (built-in first), then the user's preset folder. Raises PresetError."""
    if looks_like_path(name_or_path):
        return load_preset_file(Path(name_or_path).expanduser(), host)
    wanted = name_or_path.strip().lower()
    known: dict[str, str] = {}
    for directory in _directories(host):
        for path in _preset_files(directory):
            if path.stem.lower() == wanted:
                return load_preset_file(path, host)
            known.setdefault(path.stem.lower(), path.stem)
    names = ", ".join(sorted(known.values(), key=str.lower)) or "none"
    raise Said.of("error.preset.unknown", name=shown(name_or_path), known=names).error(PresetError)


def list_presets(host: PluginHost) -> tuple[list[Preset], list[str]]:
    """Every loadable preset, sorted by name, and one line per problem.

    A file that fails to load is reported and skipped; so is a preset whose name
    (ignoring case) an earlier directory already gave, naming both files.
    """
    presets: dict[str, Preset] = {}
    problems: list[str] = []
    for directory in _directories(host):
        for path in _preset_files(directory, problems):
            try:
                preset = load_preset_file(path, host)
            except PresetError as error:
                problems.append(f"{error} (preset skipped)")
                continue
            first = presets.setdefault(preset.name.lower(), preset)
            if first is not preset:
                problems.append(
                    f"preset '{preset.name}' in {path} skipped: "
                    f"the name is already used by {first.path}"
                )
    return sorted(presets.values(), key=lambda p: p.name.lower()), problems
