"""README.md's exit-code table is the one source: samegame.cli.exit_codes says it
word for word, and it lists exactly the codes ``ExitCode`` defines."""

from __future__ import annotations

import re
from pathlib import Path

import samegame.cli.exit_codes as exit_codes
from samegame.cli.exit_codes import ExitCode

README = Path(__file__).resolve().parents[3] / "README.md"
ROW = re.compile(r"\| (\d+) \| (.+) \|")


def table(text: str) -> list[tuple[int, str]]:
    """The rows of the first ``| code | meaning |`` table in ``text``."""
    lines = text.splitlines()
    start = lines.index("| code | meaning |")
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        found = ROW.fullmatch(line)
        assert found is not None, f"not a row of code and meaning: {line!r}"
        rows.append((int(found[1]), found[2]))
    return rows


def readme_table() -> list[tuple[int, str]]:
    text = README.read_text(encoding="utf-8")
    return table(text[text.index("## Exit codes") :])


def test_the_readme_table_lists_exactly_the_defined_codes_in_order() -> None:
    assert [code for code, _ in readme_table()] == sorted(int(code) for code in ExitCode)


def test_the_module_docstring_is_the_readme_table_word_for_word() -> None:
    assert exit_codes.__doc__ is not None
    assert table(exit_codes.__doc__) == readme_table()


def test_a_plugin_fault_and_a_failed_check_have_their_own_codes() -> None:
    meanings = dict(readme_table())
    assert "plugin" in meanings[ExitCode.CONFIG]
    assert "every command" in meanings[ExitCode.CONFIG]
    assert "gate" in meanings[ExitCode.REJECTED]
    assert "does not verify" in meanings[ExitCode.REJECTED]
    assert "plugin" not in meanings[ExitCode.REJECTED]


def test_the_table_reader_sees_a_changed_row() -> None:
    text = "| code | meaning |\n|---:|---|\n| 0 | success |\n| 7 | new |\n\nafter\n"
    assert table(text) == [(0, "success"), (7, "new")]
