"""A45: a review is heard in a useful order: the summary and the accuracy first,
then each key moment with the move, what was better and why, then how to ask for
the rest; its graph has a text form, one line per move, for a screen reader and a
braille display. In English and in Japanese, with ``--accessible``.

Each line heard is read back to its catalogue sentence (the template of the
language as a pattern), so the order is checked sentence by sentence, and the
whole transcript is pinned by a golden file (``tests/golden/review/a45_*.txt``;
to write it again after an intended change of wording: ``UPDATE_GOLDEN=1
.venv/bin/pytest tests/unit/cli/test_review_a45.py``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

import pytest
from test_review_cmd import BOARDS, GOLDEN, UPDATE, engine_report, save_finished

from playkit import Outcome, run_cli
from samegame.i18n import LANGUAGES
from templates import template_pattern

pytestmark = pytest.mark.usefixtures("isolated_folder")

COMMANDS = (("--accessible",), ("--graph", "--accessible"))
"""The review heard, then its graph heard."""


FRAGMENTS = (
    "review.of.",
    "review.label.",
    "review.count.",
    "review.word.",
    "review.move.number",
    "review.move.in_record",
    "review.move.head",
)
"""Catalogue entries that are parts of a sentence, never a line of their own."""


@pytest.fixture
def cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Outcome]:
    def invoke(*args: str) -> Outcome:
        return run_cli(capsys, monkeypatch, args)

    return invoke


def sentences(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """Every review sentence of a language, the longest template first."""
    found = []
    for key, text in LANGUAGES[language].items():
        if key.startswith("review.") and not key.startswith(FRAGMENTS):
            forms = text.values() if isinstance(text, Mapping) else [text]
            found += [(key, template_pattern(form)) for form in forms]
    return sorted(found, key=lambda item: -len(item[1].pattern))


def heard(lines: list[str], language: str) -> list[tuple[str, dict[str, str]]]:
    """The catalogue sentence of each line heard (a blank line is ``""``)."""
    known = sentences(language)
    keys = []
    for line in lines:
        if not line:
            keys.append(("", {}))
            continue
        found = [(key, match) for key, pattern in known if (match := pattern.match(line))]
        assert found, f"a line of no sentence: {line!r}"
        keys.append((found[0][0], found[0][1].groupdict()))
    return keys


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_review_is_heard_summary_and_accuracy_first_then_key_moments_then_the_rest(
    cli: Callable[..., Outcome], language: str
) -> None:
    game_id = save_finished(BOARDS[0])
    report = engine_report(BOARDS[0])
    outcome = cli("review", "--game", str(game_id), "--lang", language, "--accessible")
    assert outcome.code == 0, outcome.err
    keys = [key for key, _ in heard(outcome.lines, language)]
    # The summary: what is reviewed, the score, the accuracy, the labels, the costliest.
    assert keys[:5] == [
        "review.head",
        "review.summary.finished",
        "review.accuracy",
        "review.counts",
        "review.costliest",
    ]
    # Then each key moment, in the order played: the move and its loss, what was
    # played, what was better, and why (where the boards can say).
    assert keys[5] == "", "a blank line before each key moment"
    blocks: list[list[str]] = []
    for key in keys[6:]:
        if not key:
            blocks.append([])
        elif blocks:
            blocks[-1].append(key)
        else:
            blocks.append([key])
    moments, rest = blocks[:-1], blocks[-1]
    key_moves = [
        move
        for move in report["moves"]
        if move["label"] in ("inaccuracy", "mistake", "blunder")
        or move["move"] in report["costliest"][:3]
    ]
    assert len(moments) == len(key_moves)
    for said, move in zip(moments, key_moves, strict=True):
        assert said[0] in ("review.move", "review.move.at_least", "review.move.found")
        assert said[1] == "review.played"
        assert said[2].startswith("review.preferred")
        assert all(key.startswith(("review.reason", "review.hint")) for key in said[3:])
        assert (len(said) > 3) == (move["reason"]["kind"] != "none" or move["hinted"])
    # Then the rest, on request.
    assert rest == ["review.rest"]
    told = heard(outcome.lines, language)
    numbers = [int(values["count"]) for key, values in told if key == "review.rest"]
    assert numbers == [len(report["moves"]) - len(key_moves)]
    if language == "en":
        assert outcome.out.isascii(), "plain words for a speech synthesizer (A13)"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_graph_is_heard_as_one_line_per_move(
    cli: Callable[..., Outcome], language: str
) -> None:
    game_id = save_finished(BOARDS[0])
    report = engine_report(BOARDS[0])
    outcome = cli("review", "--game", str(game_id), "--graph", "--lang", language, "--accessible")
    assert outcome.code == 0, outcome.err
    told = heard(outcome.lines, language)
    keys = [key for key, _ in told]
    assert keys == [
        "review.graph.head",
        "review.graph.start",
        *["review.graph.move"] * len(report["moves"]),
    ]
    assert [int(values["number"]) for _, values in told[2:]] == [
        move["move"] for move in report["moves"]
    ]
    assert [int(values["total"]) for _, values in told[2:]] == [
        point["total"] for point in report["series"][1:]
    ]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_golden_transcript_heard(cli: Callable[..., Outcome], language: str) -> None:
    game_id = save_finished(BOARDS[0])
    transcript = []
    for args in COMMANDS:
        outcome = cli("review", "--game", str(game_id), "--lang", language, *args)
        assert outcome.code == 0, outcome.err
        transcript.append(f"$ samegame review {' '.join(args)}\n{outcome.out}")
    text = "\n".join(transcript)
    path = GOLDEN / f"a45_{language}.txt"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
