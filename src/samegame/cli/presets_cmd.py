"""``samegame presets list``, ``samegame presets show NAME`` and ``samegame presets schema``."""

from typing import Annotated

import typer

from samegame.cli.exit_codes import show_help_without_command, warn
from samegame.cli.inputs import load_preset
from samegame.cli.options import (
    AccessibleOption,
    LangOption,
    TextOrJson,
    chosen_translator,
    host,
    print_json,
)
from samegame.core.quoting import printable_line
from samegame.presets import list_presets

presets_app = typer.Typer(
    help="List and describe rule sets.", rich_markup_mode=None, invoke_without_command=True
)


@presets_app.callback()
def _group(ctx: typer.Context) -> None:
    show_help_without_command(ctx)


FormatOption = Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")]


@presets_app.command("list")
def list_command(
    output: FormatOption = TextOrJson.text,
    lang: LangOption = None,
    accessible: AccessibleOption = None,
) -> None:
    """List every preset: built-in, from plugins and from your config folder."""
    from samegame.repl.announcer import Announcer

    say = Announcer(chosen_translator(lang, accessible))
    presets, problems = list_presets(host())
    for problem in problems:
        warn(problem)
    if output is TextOrJson.json:
        print_json([preset.to_dict() for preset in presets])
        return
    for preset in presets:
        title = say.preset_text("title", preset.name, preset.title)
        description = say.preset_text("description", preset.name, preset.description)
        line = say.tr("presets.line", name=preset.name, title=title, description=description)
        typer.echo(printable_line(line))


@presets_app.command("show")
def show_command(
    name: Annotated[str, typer.Argument(help="Preset name or path to a YAML file.")],
    output: FormatOption = TextOrJson.text,
    lang: LangOption = None,
    accessible: AccessibleOption = None,
) -> None:
    """Describe one preset: scoring, sizes, colours, board types, undo and hints."""
    from samegame.presets.describe import describe_preset

    tr = chosen_translator(lang, accessible)
    preset = load_preset(name)
    if output is TextOrJson.json:
        print_json(preset.to_dict())
        return
    for line in describe_preset(preset, tr):
        typer.echo(line)


@presets_app.command("schema")
def schema_command() -> None:
    """Print the JSON Schema of a preset file, for an editor's YAML language server."""
    from samegame.presets.document import preset_schema

    print_json(preset_schema())
