"""The shape of a preset file, as pydantic models: the published JSON Schema.

These models check what a file says on its own (keys, types, ranges, word
choices); ``samegame.presets.reader`` maps each error back to the YAML node's line
and column, then checks what needs the plugins (formula, penalty and generator
names, board limits) and the agreement between keys. ``samegame presets schema``
prints ``preset_schema()``, which an editor's YAML language server uses to check a
file as it is typed (docs/presets.md).

A key left out takes the default the reader computes; a key given with an empty
value is an error (no key accepts null).

>>> PresetDocument.model_validate(
...     {"name": "x", "title": "X", "description": "D.", "formula": "basic",
...      "board_type": "random", "sizes": {"s": {"width": 5, "height": 5, "colours": 3}}}
... ).sizes["s"].width
5
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import PydanticCustomError

from samegame.core.board import MAX_HEIGHT
from samegame.core.coords import MAX_COLUMNS
from samegame.core.limits import MAX_POINTS
from samegame.core.palette import MAX_COLOURS, PALETTE

MAX_GROUP = MAX_COLUMNS * MAX_HEIGHT
"""The most tiles a board holds: the largest sensible ``min_group``."""

SCHEMA_ID = "https://samegame.invalid/schema/preset.json"

Bonus = Annotated[int, Field(ge=0, le=MAX_POINTS)]
# Board limits depend on the generator, so the reader checks them (check_spec);
# the schema states the widest limits for editors.
Width = Annotated[int, Field(json_schema_extra={"minimum": 1, "maximum": MAX_COLUMNS})]
Height = Annotated[int, Field(json_schema_extra={"minimum": 1, "maximum": MAX_HEIGHT})]
Colours = Annotated[int, Field(json_schema_extra={"minimum": 1, "maximum": MAX_COLOURS})]
Choice = Literal["practice", "allowed"]
Selection = Literal["confirm", "one-click"]


class _Strict(BaseModel):
    """No coercion ("5" is not a number), no unknown keys, no nulls."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    @field_validator("*", mode="before")
    @classmethod
    def _not_empty(cls, value: Any) -> Any:
        if value is None:
            raise PydanticCustomError("empty_value", "give a value; it is empty")
        return value


class SizeDocument(_Strict):
    """A named board size: columns, rows and the default colour count."""

    width: Width
    height: Height
    colours: Colours


class StageDocument(_Strict):
    """One board of a challenge; ``board_type`` defaults to the preset's."""

    name: str
    width: Width
    height: Height
    colours: Colours
    board_type: str | SkipJsonSchema[None] = None


class PresetDocument(_Strict):
    """A preset file. Field order is the order the messages list the keys in."""

    model_config = ConfigDict(title="samegame preset", json_schema_extra={"$id": SCHEMA_ID})

    name: str = Field(description="equals the file name's stem")
    title: str = Field(description="shown to the player; not empty")
    description: str = Field(description="one sentence; not empty")
    formula: str = Field(description="a scoring formula's name")
    clear_bonus: Bonus = Field(default=0, description="points for clearing the board")
    penalty: str = Field(default="none", description="an end-of-board penalty's name")
    min_group: Annotated[int, Field(ge=1, le=MAX_GROUP)] = Field(
        default=2, description="the smallest removable group"
    )
    undo: Literal["allowed", "practice", "disabled"] = "allowed"
    hint: Choice = Field(default="practice", description="does a hint mark the game as practice?")
    replay: Choice = Field(
        default="allowed", description="does playing a board again mark it as practice?"
    )
    selection: Selection | SkipJsonSchema[None] = Field(
        default=None, description="[the first of selection_modes]"
    )
    selection_modes: Annotated[list[Selection], Field(min_length=1)] | SkipJsonSchema[None] = None
    board_type: str = Field(description="the default board generator's name")
    board_types: Annotated[list[str], Field(min_length=1)] | SkipJsonSchema[None] = Field(
        default=None, description="[[board_type]] the generators the player may choose"
    )
    colours: list[Colours] = Field(
        default_factory=list, description="colour counts the player may choose; [] is any"
    )
    palette: Annotated[list[str], Field(min_length=1)] | SkipJsonSchema[None] = Field(
        default=None,
        description="the colours a board's first colours are shown in",
        json_schema_extra={"items": {"type": "string", "enum": [c.name for c in PALETTE]}},
    )
    clear_bonus_choices: (
        Annotated[list[Bonus], Field(min_length=1)] | Literal["any"] | SkipJsonSchema[None]
    ) = Field(default=None, description="[[clear_bonus]] bonuses the player may choose, or any")
    formula_choice: bool = False
    sizes: Annotated[dict[str, SizeDocument], Field(min_length=1)]
    default_size: str | SkipJsonSchema[None] = Field(default=None, description="[the first size]")
    stages: list[StageDocument] = Field(default_factory=list, description="challenge stages")


def preset_schema() -> dict[str, Any]:
    """The JSON Schema of a preset file (draft 2020-12)."""
    schema = PresetDocument.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
