"""``samegame plugins``: every loaded plugin, its version and what it registers;
``--check`` exits 3 when any plugin has a problem.

``plugin_problems(host)`` is the one list of problems: what the host reported
while loading (a plugin that failed to import, a hook that failed or returned a
bad record, a name already taken, words for a name the plugin does not own), a
function named after a hook that no hook spec has or that lacks ``@hookimpl``,
a command named like a built-in command, and a preset folder that is missing,
holds no preset, or holds a preset that does not load. ``samegame.testing``
holds plugins to the same list.
"""

from typing import TYPE_CHECKING, Annotated

import pluggy
import typer

from samegame.cli.exit_codes import ExitCode
from samegame.cli.options import TextOrJson, host, print_json
from samegame.plugin.host import get_host

if TYPE_CHECKING:
    from samegame.plugin.host import PluginHost


def _hook_problems(loaded: "PluginHost") -> list[str]:
    """Functions of installed plugins that pluggy would silently ignore: one marked
    ``@hookimpl`` under a name no hook spec has, or one named like a hook without
    the marker."""
    problems = []
    hook_names = {
        name
        for name, caller in vars(loaded.manager.hook).items()
        if isinstance(caller, pluggy.HookCaller) and caller.has_spec()
    }
    for name, caller in sorted(vars(loaded.manager.hook).items()):
        if isinstance(caller, pluggy.HookCaller) and not caller.has_spec():
            for impl in caller.get_hookimpls():
                source = loaded.plugins[impl.plugin_name].source
                problems.append(
                    f"plugin {source}: {name} is not a samegame hook (misspelt?); "
                    f"the hooks: {', '.join(sorted(hook_names))}"
                )
    for plugin_name, info in loaded.plugins.items():
        if info.builtin:
            continue
        plugin = loaded.manager.get_plugin(plugin_name)
        marked = {caller.name for caller in loaded.manager.get_hookcallers(plugin) or []}
        for name in sorted(hook_names - marked):
            if callable(_attribute(plugin, name)):
                problems.append(
                    f"plugin {info.source}: {name} is not marked @hookimpl, so samegame "
                    "never calls it; put @hookimpl (from samegame.plugin) above it"
                )
    return problems


def _attribute(plugin: object, name: str) -> object:
    """An attribute of a plugin object, or None (an object may raise on any look-up)."""
    try:
        return getattr(plugin, name, None)
    except Exception:
        return None


def _command_problems(loaded: "PluginHost") -> list[str]:
    from samegame.cli.app import COMMANDS

    return [
        f"command '{name}' from {command.source} rejected: samegame has a built-in "
        "command of that name"
        for name, command in sorted(loaded.commands().items())
        if name in COMMANDS
    ]


def _preset_problems(loaded: "PluginHost") -> list[str]:
    """A plugin's preset folder that is missing or empty (its files left out of the
    package, say), and each of its presets that does not load or whose name an
    earlier folder already gave."""
    from samegame.presets import list_presets

    folders = {
        directory.path: source
        for directory in loaded.preset_directories()
        if (source := loaded.third_party("preset directory", directory.name)) is not None
    }
    if not folders:
        return []
    problems = []
    for path, source in folders.items():
        if not path.is_dir():
            problems.append(f"plugin {source}: preset folder {path} does not exist")
        elif not any(item.suffix.lower() in (".yaml", ".yml") for item in path.iterdir()):
            problems.append(f"plugin {source}: preset folder {path} holds no .yaml file")
    _, preset_problems = list_presets(loaded)
    problems.extend(
        problem for problem in preset_problems if any(str(path) in problem for path in folders)
    )
    return problems


def plugin_problems(loaded: "PluginHost") -> list[str]:
    """Every problem of the loaded plugins, one line each (none when all is well)."""
    return [
        *loaded.problems,
        *_hook_problems(loaded),
        *_command_problems(loaded),
        *_preset_problems(loaded),
    ]


def plugins_command(
    output: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="text or json.")
    ] = TextOrJson.text,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Exit with code 3 when any plugin has a problem, each on an Error: line.",
        ),
    ] = False,
) -> None:
    """List plugins (built-in and installed) with versions and what each registers."""
    # With --check every problem is an Error: line, so the load warnings are not
    # printed first as well.
    loaded = get_host() if check else host()
    problems = plugin_problems(loaded) if check or output is TextOrJson.json else []
    if output is TextOrJson.json:
        print_json(
            {
                "plugins": [
                    {
                        "name": info.name,
                        "distribution": info.distribution,
                        "version": info.version,
                        "builtin": info.builtin,
                        "registers": info.contributes,
                    }
                    for info in loaded.plugins.values()
                ],
                "problems": problems,
            }
        )
    else:
        for info in loaded.plugins.values():
            what = "; ".join(
                f"{kind}: {', '.join(names)}" for kind, names in info.contributes.items()
            )
            origin = (
                "built in" if info.builtin else f"from {info.distribution} {info.version}".rstrip()
            )
            typer.echo(f"{info.name} ({origin}) registers {what or 'nothing'}.")
    if check and problems:
        for problem in problems:
            typer.echo(f"Error: {problem}", err=True)
        raise typer.Exit(ExitCode.CONFIG)
    if check and output is TextOrJson.text:
        typer.echo(f"Checked {len(loaded.plugins)} plugins: no problems.")
