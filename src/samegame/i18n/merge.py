"""Assembling a language's catalogue from its area modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

Value = TypeVar("Value")


def merged(*parts: Mapping[str, Value]) -> dict[str, Value]:
    """One catalogue from the catalogues of several areas; a key in two areas is an
    error (the second would silently replace the first).

    >>> merged({"a": "1"}, {"b": "2"})
    {'a': '1', 'b': '2'}
    >>> merged({"a": "1"}, {"a": "2"})
    Traceback (most recent call last):
    ValueError: message key 'a' is defined in two areas
    """
    whole: dict[str, Value] = {}
    for part in parts:
        for key, value in part.items():
            if key in whole:
                raise ValueError(f"message key {key!r} is defined in two areas")
            whole[key] = value
    return whole
