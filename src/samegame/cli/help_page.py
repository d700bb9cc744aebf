"""The layout of a ``--help`` page in any language: click's own layout, with the
fixed words (``Usage``, the section headings) given by the caller, and text that
holds wide characters (Japanese) wrapped by the columns it takes on a terminal.

Click wraps at spaces and counts characters, so a Japanese sentence (no spaces,
two columns a character) would run past the edge of the terminal. Text without a
wide character is laid out by click itself, so an English page is exactly
click's. Japanese breaks between any two characters except before a closing mark
(、。」） and the like) and after an opening one (「（).

>>> print(wrap_wide("盤面番号: 同じ番号なら同じ盤面です。", 20, "  ", "  "))
  盤面番号: 同じ番号
  なら同じ盤面です。
>>> display_width("盤面 A1")
7
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

from typer._click.formatting import HelpFormatter, iter_rows, wrap_text

__all__ = ["HelpPage", "display_width", "is_wide", "wrap_wide"]

NO_LINE_START = frozenset(
    "、。，．」』）］｝〉》・ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々,.:;!?)]}"
)
"""Marks that never begin a line: they stay with the character before them."""
NO_LINE_END = frozenset("「『（［｛〈《([{")
"""Marks that never end a line: they stay with the character after them."""


_UNITS = re.compile(r"\[[^\[\]]*\]|.", re.DOTALL)
"""What ``_pieces`` never parts: a bracketed span, else one character."""


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: two for a wide character."""
    return sum(2 if _wide(char) else 1 for char in text)


def is_wide(text: str) -> bool:
    """Whether ``text`` holds a wide character (and so needs ``wrap_wide``)."""
    return any(_wide(char) for char in text)


def _pieces(text: str) -> list[str]:
    """``text`` cut where a line may break: runs of spaces are pieces of their
    own, and two characters touching part where either is wide, unless the
    second never begins a line or the first never ends one (a space between
    them does not part them either); what stands between square brackets (an
    option's default and range) is never parted.

    >>> _pieces("「help」と入力 A1 です。")
    ['「help」', 'と', '入', '力', ' ', 'A1', ' ', 'で', 'す。']
    >>> _pieces("「 help 」")
    ['「 help 」']
    >>> _pieces("す。 [既定値: 30、1から9]")
    ['す。', ' ', '[既定値: 30、1から9]']
    """
    pieces: list[str] = []
    for unit in _UNITS.findall(text):
        char, last = unit[0], pieces[-1] if pieces else ""
        if last.isspace() and char in NO_LINE_START and len(pieces) > 1:
            spaces = pieces.pop()
            pieces[-1] += spaces + unit
            continue
        if not last or last.isspace():
            joins = bool(last) and char == " "
        elif char == " ":
            joins = last.endswith(" ") or last[-1] in NO_LINE_END
        else:
            joins = (
                last.endswith(" ")
                or not (_wide(last[-1]) or _wide(char))
                or char in NO_LINE_START
                or last[-1] in NO_LINE_END
            )
        if joins:
            pieces[-1] += unit
        else:
            pieces.append(unit)
    return pieces


def wrap_wide(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> str:
    """``text`` in lines of at most ``width`` columns, indents included (a piece
    wider than a line stands alone on its line); spaces at a break are dropped."""
    lines: list[str] = []
    line, used, space = initial_indent, display_width(initial_indent), ""
    started = False
    for piece in _pieces(" ".join(text.split())):
        if piece.isspace():
            space = piece if started else ""
            continue
        needed = display_width(space) + display_width(piece)
        if started and used + needed > width:
            lines.append(line)
            line = subsequent_indent + piece
            used = display_width(line)
        else:
            line += space + piece
            used += needed
        started, space = True, ""
    lines.append(line)
    return "\n".join(lines)


class HelpPage(HelpFormatter):
    """Click's help formatter with the page's fixed words in one language:
    ``usage`` (the word before the usage line) and ``headings`` (click's English
    section names, ``Options``, ``Commands``, ``Arguments``, to the words said),
    and wide text wrapped by its columns."""

    def __init__(
        self,
        *,
        usage: str,
        headings: Mapping[str, str],
        width: int | None = None,
        max_width: int | None = None,
    ) -> None:
        super().__init__(width=width, max_width=max_width)
        self.usage = usage
        self.headings = headings

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = f"{self.usage}: "
        if not is_wide(prefix + args):
            super().write_usage(prog, args, prefix)
            return
        start = f"{prefix:>{self.current_indent}}{prog} "
        indent = " " * display_width(start)
        self.write(wrap_wide(args, self.width - self.current_indent, start, indent))
        self.write("\n")

    def write_heading(self, heading: str) -> None:
        super().write_heading(self.headings.get(heading, heading))

    def write_text(self, text: str) -> None:
        if not is_wide(text):
            super().write_text(text)
            return
        indent = " " * self.current_indent
        paragraphs = [part for part in text.split("\n\n") if part.strip()]
        self.write("\n\n".join(wrap_wide(part, self.width, indent, indent) for part in paragraphs))
        self.write("\n")

    def write_dl(
        self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        """Click's definition list (options, commands), measured in columns."""
        rows = list(rows)
        first_width = max((display_width(first) for first, *_ in rows), default=0)
        first_col = min(first_width, col_max) + col_spacing
        margin = " " * (first_col + self.current_indent)
        for first, second in iter_rows(rows, 2):
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if display_width(first) <= first_col - col_spacing:
                self.write(" " * (first_col - display_width(first)))
            else:
                self.write("\n" + margin)
            text_width = max(self.width - first_col - 2, 10)
            if is_wide(second):
                wrapped = wrap_wide(second, text_width)
            else:
                wrapped = wrap_text(second, text_width, preserve_paragraphs=True)
            lines = wrapped.splitlines() or [""]
            self.write(f"{lines[0]}\n")
            for line in lines[1:]:
                self.write(f"{margin}{line}\n")
