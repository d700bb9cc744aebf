"""``samegame plugin new NAME``: a starter plugin package to build on.

The folder ``samegame-NAME`` gets a pyproject.toml (the ``samegame`` entry point,
a ``test`` extra), the module ``samegame_NAME`` with one contribution of each
kind (scoring formula, penalty, board generator, renderer, command, bot) and a
preset folder, tests that use samegame's testing kit (``samegame.testing``), a
README, ``ci.sh`` (a fresh virtual environment, samegame and the plugin installed,
``samegame plugins --check``, a gate on the bot, the tests; its exit code says
what failed) and ``.github/workflows/ci.yml``, which runs it. The files come
from ``starter_template/`` beside this module, with
``{{name}}``, ``{{dist}}``, ``{{module}}``, ``{{title}}``,
``{{samegame_version}}`` and ``{{samegame_requirement}}`` filled in.

A name that a contribution record could not have (``NAME_PATTERN``), that the
package could not be built under (``PACKAGE_NAME_PATTERN``: a trailing hyphen,
two hyphens together) or that is taken (``_taken``: a command, a contribution or
preset of a built-in or a loaded plugin that the starter's would clash with, an
installed distribution ``samegame-NAME`` or entry point ``NAME``, samegame's own
example plugins) is refused (exit 2), and so is a folder that exists already;
nothing is written then.
"""

import os
import re
from pathlib import Path
from typing import Annotated

import typer

from samegame import __version__
from samegame.cli.exit_codes import ExitCode, fail, show_help_without_command
from samegame.core.quoting import shown
from samegame.plugin.containment import NAME_PATTERN

TEMPLATE = Path(__file__).resolve().parent / "starter_template"

# Where each template file goes in the new folder ({module} is the package).
LAYOUT = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "gitignore.tmpl": ".gitignore",
    "ci.sh.tmpl": "ci.sh",
    "github/ci.yml.tmpl": ".github/workflows/ci.yml",
    "package/__init__.py.tmpl": "{module}/__init__.py",
    "package/presets/preset.yaml.tmpl": "{module}/presets/{name}.yaml",
    "tests/test_plugin.py.tmpl": "tests/test_{module}.py",
}

plugin_app = typer.Typer(
    help="Start a plugin package.", rich_markup_mode=None, invoke_without_command=True
)


@plugin_app.callback()
def _group(ctx: typer.Context) -> None:
    show_help_without_command(ctx)


EXAMPLE_PLUGINS = ("cornerbot", "cubes")
"""The names of samegame's own example plugins (the repository's ``plugins/``
folder: the distributions ``samegame-NAME``, entry points ``NAME``), taken
whether or not they are installed here."""

STARTER_KINDS = (
    "scoring formula",
    "penalty",
    "board generator",
    "renderer",
    "bot",
    "command",
)
"""The kinds of contribution the starter names NAME (and its preset NAME)."""


def _taken(name: str) -> str | None:
    """What already has ``name`` (a plugin of that name would clash), or None: a
    command of samegame's, a contribution or preset of a built-in or of a plugin
    samegame loads here, an installed distribution ``samegame-NAME`` or entry
    point ``NAME`` in the ``samegame`` group (loaded or not), or one of samegame's
    example plugins."""
    from importlib import metadata

    from samegame.cli.app import COMMANDS
    from samegame.plugin import host as plugins

    if name in COMMANDS or name == "plugin":
        return f"the command samegame {name}"
    if name in EXAMPLE_PLUGINS:
        return f"samegame's example plugin samegame-{name}"
    dist = f"samegame-{name}"
    try:
        version = metadata.version(dist)
    except metadata.PackageNotFoundError:
        pass
    else:
        return f"the installed distribution {dist} {shown(str(version))}"
    for entry_point in metadata.entry_points(group=plugins.ENTRY_POINT_GROUP):
        if entry_point.name == name:
            owner = entry_point.dist.name if entry_point.dist is not None else "a distribution"
            return f"the entry point {name} of {shown(str(owner))}"
    host = plugins.get_host()
    for kind in STARTER_KINDS:
        if name in host.records(kind):
            return _owned(f"{kind} {name}", host.third_party(kind, name))
    for directory in host.preset_directories():
        if (directory.path / f"{name}.yaml").is_file():
            return _owned(f"preset {name}", host.third_party("preset directory", directory.name))
    return None


def _owned(what: str, source: str | None) -> str:
    return f"the built-in {what}" if source is None else f"the {what} of plugin {source}"


PACKAGE_NAME_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""A name whose package ``samegame-NAME`` a build takes as it is: a project name
ends with a letter or digit (PEP 508; hatchling refuses ``samegame-end-``), and
one without two hyphens together is already in its normalised form (PEP 503:
``samegame-a--b`` would be the project ``samegame-a-b``). The module
``samegame_NAME`` is then a Python identifier."""


def check_name(name: str) -> None:
    """A usage error (exit 2) for a name a plugin's records cannot have, that its
    package could not be built under (``PACKAGE_NAME_PATTERN``), or that is
    taken (``_taken``)."""
    if not (NAME_PATTERN.fullmatch(name) and PACKAGE_NAME_PATTERN.fullmatch(name)):
        raise fail(
            f"'{shown(name, 60)}' cannot name a plugin; use lower-case letters, digits and "
            "single hyphens (at most 40, starting and ending with a letter or digit), "
            "such as my-rules",
            ExitCode.USAGE,
        )
    taken = _taken(name)
    if taken is not None:
        raise fail(
            f"'{name}' is taken by {taken}; choose another name for the plugin",
            ExitCode.USAGE,
        )


SAMEGAME_BELOW = "0.3"
"""The samegame release a starter does not accept: 0.3.0 removes the import paths
that 0.2.0 deprecated (docs/api.md, "Moved modules"; ``samegame._moved``), and
while the major version is 0 a minor release may remove what the one before it
deprecated (CHANGELOG.md)."""


def samegame_requirement() -> str:
    """What a starter requires of samegame: this version or later, below
    ``SAMEGAME_BELOW``.

    >>> samegame_requirement() == f"samegame>={__version__},<0.3"
    True
    """
    return f"samegame>={__version__},<{SAMEGAME_BELOW}"


def starter_files(name: str) -> dict[str, str]:
    """Every file of the starter package ``samegame-NAME``: its path inside the new
    folder and its text.

    >>> files = starter_files("tiles")
    >>> sorted(files)  # doctest: +NORMALIZE_WHITESPACE
    ['.github/workflows/ci.yml', '.gitignore', 'README.md', 'ci.sh', 'pyproject.toml',
     'samegame_tiles/__init__.py', 'samegame_tiles/presets/tiles.yaml',
     'tests/test_samegame_tiles.py']
    >>> 'tiles = "samegame_tiles"' in files["pyproject.toml"]
    True
    """
    module = "samegame_" + name.replace("-", "_")
    values = {
        "name": name,
        "dist": f"samegame-{name}",
        "module": module,
        "title": name.replace("-", " ").capitalize(),
        "samegame_version": __version__,
        "samegame_requirement": samegame_requirement(),
    }
    files = {}
    for source, target in LAYOUT.items():
        text = (TEMPLATE / source).read_text(encoding="utf-8")
        for key, value in values.items():
            text = text.replace("{{" + key + "}}", value)
        files[target.format(module=module, name=name)] = text
    return files


@plugin_app.command("new")
def new_command(
    name: Annotated[
        str, typer.Argument(help="The plugin's name, such as my-rules: lower-case, digits, -.")
    ],
    directory: Annotated[
        Path, typer.Option("--directory", "-d", help="Where to make the folder samegame-NAME.")
    ] = Path(),
) -> None:
    """Make the folder samegame-NAME: a plugin package with one contribution of each
    kind, a preset, tests that use samegame's testing kit, and ci.sh."""
    check_name(name)
    folder = directory / f"samegame-{name}"
    if os.path.lexists(folder):
        raise fail(
            f"{shown(str(folder), 200)} exists already; choose another name or another --directory",
            ExitCode.USAGE,
        )
    files = starter_files(name)
    try:
        for relative, text in files.items():
            path = folder / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        (folder / "ci.sh").chmod(0o755)
    except OSError as error:
        raise fail(
            f"cannot write {shown(str(folder), 200)} ({error.strerror or error}); "
            "choose a --directory you can write to",
            ExitCode.INPUT,
        ) from None
    typer.echo(
        f"Made {shown(str(folder), 200)}: the scoring formula, penalty, board type, renderer, command and "
        f"bot {name}, the preset {name}, tests and ci.sh."
    )
    typer.echo(f"Next: cd {shown(str(folder), 200)} && sh ci.sh")
