"""The message catalogues: complete, consistent, used keys present, readable aloud.

English is the source of truth: its catalogue (``samegame.i18n.en``) and the
help texts of the commands and options, which are the code's own
(``samegame.cli.help_language.help_texts``). Every other language has exactly its
keys and, per key, exactly its placeholders (the union over the English plural
forms). Every key the line interface asks for, literally or through a
dynamic family such as ``help.<command>``, exists in every language. Messages use
plain words only (docs/accessibility.md, A13): nothing a screen reader reads as
"vertical bar", "greater than", "right arrow" or an emoji name.

Each failure lists every offending key, so one run says everything to fix.
"""

from __future__ import annotations

import ast
import re
import string
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest
import typer

from locations import ROOT
from playkit import espeak_words
from samegame.cli.app import COMMANDS, build_app
from samegame.cli.help_language import help_texts
from samegame.core.game import ASSISTANCE_KINDS, Rejection
from samegame.core.palette import PALETTE
from samegame.core.rules import SelectionMode, UndoPolicy
from samegame.i18n import LANGUAGES, Template, Translator, en, ja, translator
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.repl.commands import ALL_WORDS, WORDS
from samegame.review.labels import MoveLabel
from system_programs import needs

Catalogue = Mapping[str, Template]

SRC = ROOT / "src" / "samegame"
SCANNED = sorted([*(SRC / "repl").glob("*.py"), *(SRC / "cli").glob("*.py")])
PLURAL_FORMS = frozenset({"one", "other"})
ENGLISH: Catalogue = {
    **en.MESSAGES,
    **help_texts(typer.main.get_command(build_app(list(COMMANDS)))),
}
"""Every English text: the catalogue, and the help of the built-in commands and
options as the code writes it (what a player types as a parameter), which the
other languages translate under the same keys."""
# The shipped presets (at the top of the repository, packaged as preset_files).
BUILTIN_PRESETS = {path.stem for path in (SRC.parents[1] / "presets").glob("*.yaml")}

# -- reading templates ---------------------------------------------------------------


def forms(template: Template) -> list[str]:
    """The texts of a message: the string itself, or every plural form."""
    return [template] if isinstance(template, str) else list(template.values())


def placeholders(text: str) -> set[str]:
    """The names of the ``{placeholders}`` of one text."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def message_placeholders(template: Template) -> set[str]:
    """The placeholders of a message: the union over its plural forms."""
    return set().union(*(placeholders(text) for text in forms(template)))


def template_problems(key: str, template: Template) -> list[str]:
    """Shape problems of one message: bad plural forms, bad placeholders."""
    problems = []
    if not isinstance(template, str):
        if not isinstance(template, Mapping) or not template:
            return [f"{key}: neither a string nor a mapping of plural forms"]
        extra = set(template) - PLURAL_FORMS
        if extra:
            problems.append(f"{key}: unknown plural forms {sorted(extra)}; use one and other")
        if "other" not in template:
            problems.append(f"{key}: plural forms without 'other'")
    for text in forms(template):
        if not isinstance(text, str):
            problems.append(f"{key}: a form is not a string: {text!r}")
            continue
        try:
            parsed = list(string.Formatter().parse(text))
        except ValueError as error:
            problems.append(f"{key}: broken braces ({error}) in {text!r}")
            continue
        for _, field, spec, conversion in parsed:
            if field is None:
                continue
            if not field.isidentifier():
                problems.append(
                    f"{key}: placeholder {{{field}}} must be a plain name "
                    "(no positional {}, {0}, attribute or index)"
                )
            if spec or conversion:
                problems.append(f"{key}: placeholder {{{field}}} has a format spec or conversion")
    return problems


def catalogue_problems(reference: Catalogue, other: Catalogue) -> list[str]:
    """Keys missing or extra in ``other`` and keys whose placeholders differ."""
    problems = [f"missing key {key}" for key in reference if key not in other]
    problems += [
        f"key {key} is not in the English catalogue" for key in other if key not in reference
    ]
    for key in reference:
        if key not in other:
            continue
        want, got = message_placeholders(reference[key]), message_placeholders(other[key])
        if want != got:
            problems.append(
                f"{key}: placeholders {sorted(got)} but English uses {sorted(want)} "
                f"(missing {sorted(want - got)}, extra {sorted(got - want)})"
            )
    return problems


# -- characters read aloud (A13) -----------------------------------------------------

# A30 adds the characters of formulas and units: "percent", never "%"; "n minus 2,
# squared", never "(n-2)^2" or "n(n+1)/2".
FORBIDDEN_CHARACTERS = frozenset("|<>~^*#@%/")
# Symbols (So emoji, Sk modifiers such as ^ and `, Sm maths such as + = < >), and
# invisible or combining characters (emoji joiners and variation selectors).
FORBIDDEN_CATEGORIES = frozenset(
    {"So", "Sk", "Sm", "Cc", "Cf", "Cn", "Co", "Cs", "Mn", "Me", "Zl", "Zp"}
)
FORBIDDEN_RANGES = (
    (0x2190, 0x21FF, "arrows"),
    (0x2460, 0x24FF, "enclosed alphanumerics"),
    (0x2500, 0x257F, "box drawing"),
    (0x2580, 0x259F, "block elements"),
    (0x25A0, 0x25FF, "geometric shapes"),
    (0x2600, 0x27BF, "symbols and dingbats"),
    (0x27F0, 0x27FF, "supplemental arrows"),
    (0x2900, 0x297F, "supplemental arrows"),
    (0x2B00, 0x2BFF, "symbols and arrows"),
    (0x3200, 0x32FF, "enclosed CJK"),
    (0xFE00, 0xFE0F, "variation selectors"),
    (0x1F000, 0x1FAFF, "emoji"),
)
# The only non-letters a Japanese message may use besides ASCII.
JAPANESE_PUNCTUATION = frozenset("、。「」（）")
JAPANESE_LETTER_PREFIXES = ("HIRAGANA LETTER", "KATAKANA LETTER", "CJK UNIFIED IDEOGRAPH")
JAPANESE_MARKS = frozenset("ー々")  # prolonged sound mark, iteration mark
# Japanese messages that are pure data and so contain no Japanese word.
JAPANESE_DATA_ONLY = frozenset({"setting", "groups.filter.colour"})


def character_problems(text: str) -> list[str]:
    """Why characters of one text would be read badly; empty when it is fine."""
    problems = []
    for char in sorted(set(text)):
        code = ord(char)
        name = unicodedata.name(char, f"U+{code:04X}")
        category = unicodedata.category(char)
        if char in FORBIDDEN_CHARACTERS:
            problems.append(f"{char!r} ({name}) is read as a symbol name")
        elif category in FORBIDDEN_CATEGORIES:
            problems.append(f"{char!r} ({name}) is in category {category}")
        elif char.isspace() and char != " ":
            problems.append(f"{char!r} ({name}) is whitespace other than a space")
        else:
            problems.extend(
                f"{char!r} ({name}) is in the {label} block"
                for low, high, label in FORBIDDEN_RANGES
                if low <= code <= high
            )
    return problems


def is_japanese(char: str) -> bool:
    if char in JAPANESE_PUNCTUATION or char in JAPANESE_MARKS:
        return True
    return unicodedata.name(char, "").startswith(JAPANESE_LETTER_PREFIXES)


def is_printable_ascii(char: str) -> bool:
    return " " <= char <= "~"


def lint(catalogue: Catalogue, allowed: Callable[[str], bool]) -> list[str]:
    """Character problems of every text of a catalogue; ``allowed(char)`` says which
    characters the language may use at all."""
    problems = []
    for key, template in catalogue.items():
        for text in forms(template):
            problems += [f"{key}: {problem}" for problem in character_problems(text)]
            strange = sorted({char for char in text if not allowed(char)})
            if strange:
                names = ", ".join(f"{c!r} {unicodedata.name(c, '?')}" for c in strange)
                problems.append(f"{key}: characters not allowed in this language: {names}")
    return problems


def english_allowed(char: str) -> bool:
    return is_printable_ascii(char)


def japanese_allowed(char: str) -> bool:
    return is_printable_ascii(char) or is_japanese(char)


# -- which keys the code uses -----------------------------------------------------------

TRANSLATE_NAMES = frozenset({"tr"})
REPL_COMMAND_ERROR = (
    "UnknownCommandError"  # samegame.repl.commands.UnknownCommandError(key, **params)
)
KEY_PATTERN = re.compile(r"^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$")
# Arguments of tr() that are not strings in place; the keys they carry are found
# elsewhere: UnknownCommandError keys by the UnknownCommandError scan, tutorial steps by the
# sweep of key-like strings (see used_keys).
KNOWN_INDIRECT = frozenset(
    # loss_key, preferred_key and the practice's judgement give review sentences,
    # each checked in every catalogue with the others of CLAIMS
    # (tests/unit/review/test_review_claims.py)
    {
        "error.key",
        "step.key",
        "step.explain",
        "loss_key(move)",
        "preferred_key(move)",
        "judged",
    }
)


def _practice_reasons() -> set[str]:
    """Every reason ``Game._mark_practice`` is called with, and replayed boards."""
    reasons = {"undo", "hint", "restart", "replay"}
    for node in ast.walk(ast.parse((SRC / "core" / "game.py").read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "_mark_practice"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            reasons.add(node.args[0].value)
    return reasons


def dynamic_families() -> dict[str, set[str]]:
    """Key families built at run time (``f"help.{kind.value}"``): prefix to suffixes."""
    special = {Rejection.OUTSIDE, Rejection.EMPTY_CELL, Rejection.TOO_SMALL}
    return {
        "help.": {kind.value for kind in WORDS},
        "rejected.": {reason.value for reason in Rejection if reason not in special},
        "practice.": _practice_reasons(),
        "reason.": _practice_reasons(),
        "colour.": {entry.name for entry in PALETTE},
        "shape.": {entry.shape for entry in PALETTE},
        "rules.undo.": {policy.value for policy in UndoPolicy},
        "rules.selection.": {mode.value for mode in SelectionMode},
        "assistance.": set(ASSISTANCE_KINDS),
        "preset.title.": BUILTIN_PRESETS,
        "preset.description.": BUILTIN_PRESETS,
        "board_type.": set(get_host().records("board generator")),
        "formula.": set(get_host().records("scoring formula")),
        "penalty.": set(get_host().records("penalty")),
        # What presets show says of them (Translator.description_of, name_of).
        "describe.board_type.": set(get_host().records("board generator")),
        "describe.formula.": set(get_host().records("scoring formula")),
        "describe.penalty.": set(get_host().records("penalty")),
        "describe.preset.selection.": {mode.value for mode in SelectionMode},
        "describe.preset.undo.": {policy.value for policy in UndoPolicy},
        "selection_mode.": {mode.value for mode in SelectionMode},
        "size.": _builtin_sizes(),
        "review.count.": {label.value for label in MoveLabel},
        "review.label.": {label.value for label in MoveLabel},
    }


def _builtin_sizes() -> set[str]:
    """The size names of the shipped presets."""
    return {size.name for name in BUILTIN_PRESETS for size in find_preset(name, get_host()).sizes}


def test_the_shipped_presets_are_found() -> None:
    """The families above are only as good as this list (it once came out empty)."""
    assert {"basic", "lesson", "challenge", "tatham"} <= BUILTIN_PRESETS


# Rejections the announcer words itself, with the keys it uses for them.
SPECIAL_REJECTION_KEYS = {
    Rejection.OUTSIDE: {"rejected.outside"},
    Rejection.EMPTY_CELL: {"rejected.empty"},
    Rejection.TOO_SMALL: {"rejected.single", "rejected.small"},
}


class KeyScan:
    """Keys found in source files: literal keys, dynamic family prefixes, and
    arguments that could not be read as keys."""

    def __init__(self) -> None:
        self.keys: dict[str, str] = {}  # key -> where it was found
        self.families: dict[str, str] = {}  # prefix -> where
        self.unresolved: dict[str, str] = {}  # source text -> where

    def scan(self, path: Path) -> None:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        repl_errors = path.parent.name == "repl" or any(
            isinstance(node, ast.ImportFrom)
            and node.module == "samegame.repl.commands"
            and any(alias.name == REPL_COMMAND_ERROR for alias in node.names)
            for node in ast.walk(tree)
        )
        scopes: list[ast.AST] = [tree]
        scopes += [node for node in ast.walk(tree) if isinstance(node, SCOPES)]
        for scope in scopes:
            for call, loops in _own_calls(scope):
                name = _called_name(call.func)
                wanted = name in TRANSLATE_NAMES or (repl_errors and name == REPL_COMMAND_ERROR)
                if wanted and call.args:
                    site = Site(scope, loops, _where(path, call.lineno))
                    self._resolve(call.args[0], site, set())

    def _resolve(self, node: ast.expr, site: Site, seen: set[int]) -> None:
        if id(node) in seen:
            return
        seen.add(id(node))
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            self.keys.setdefault(node.value, site.where)
        elif isinstance(node, ast.IfExp):
            self._resolve(node.body, site, seen)
            self._resolve(node.orelse, site, seen)
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            for element in node.elts:
                self._resolve(element, site, seen)
        elif isinstance(node, ast.Name) and site.values(node.id):
            for value in site.values(node.id):
                self._resolve(value, site, seen)
        elif isinstance(node, ast.JoinedStr):
            self._resolve_fstring(node, site)
        else:
            self.unresolved.setdefault(ast.unparse(node), site.where)

    def _resolve_fstring(self, node: ast.JoinedStr, site: Site) -> None:
        """``f"a11y.var.{name}"`` looping over literal names gives those keys; any
        other ``f"prefix.{expression}"`` is a dynamic family."""
        parts = node.values
        head = parts[0] if parts else None
        prefix = (
            head.value if isinstance(head, ast.Constant) and isinstance(head.value, str) else ""
        )
        rest = parts[1:] if prefix else parts
        if (
            len(rest) == 1
            and isinstance(rest[0], ast.FormattedValue)
            and isinstance(rest[0].value, ast.Name)
        ):
            values: list[ast.expr] = []
            for value in site.values(rest[0].value.id):
                if isinstance(value, ast.Tuple | ast.List | ast.Set):
                    values.extend(value.elts)
                else:
                    values.append(value)
            words = [
                v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)
            ]
            if values and len(words) == len(values):
                for word in words:
                    self.keys.setdefault(f"{prefix}{word}", site.where)
                return
        self.families.setdefault(prefix, site.where)

    def sweep(self, path: Path, namespaces: set[str]) -> None:
        """Key-like strings anywhere in a file (such as tutorial steps stored in
        tables and passed to ``tr`` later) in a namespace the code translates."""
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and KEY_PATTERN.match(node.value)
                and node.value.split(".")[0] in namespaces
            ):
                self.keys.setdefault(node.value, _where(path, node.lineno))


SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
Loop = ast.For | ast.AsyncFor | ast.comprehension


class Site:
    """Where a ``tr`` call is: its function, the loops around it, file and line."""

    def __init__(self, scope: ast.AST, loops: tuple[Loop, ...], where: str) -> None:
        self.scope = scope
        self.loops = loops
        self.where = where

    def values(self, name: str) -> list[ast.expr]:
        """What a local name can hold here: what the innermost loop binding it loops
        over, else every value assigned to it in the function."""
        for loop in reversed(self.loops):
            if isinstance(loop.target, ast.Name) and loop.target.id == name:
                return [loop.iter]
        values: list[ast.expr] = []
        for node in ast.walk(self.scope):
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
            else:
                continue
            if any(isinstance(target, ast.Name) and target.id == name for target in targets):
                values.append(value)
        return values


def _where(path: Path, line: int) -> str:
    name = path.relative_to(SRC.parent) if path.is_relative_to(SRC.parent) else path.name
    return f"{name}:{line}"


def _called_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _own_calls(scope: ast.AST) -> Iterator[tuple[ast.Call, tuple[Loop, ...]]]:
    """Calls in a scope with the loops around each, not looking inside nested
    functions (those are scopes of their own)."""
    stack: list[tuple[ast.AST, tuple[Loop, ...]]] = [
        (child, ()) for child in ast.iter_child_nodes(scope)
    ]
    while stack:
        node, loops = stack.pop()
        if isinstance(node, SCOPES):
            continue
        if isinstance(node, ast.Call):
            yield node, loops
        if isinstance(node, ast.For | ast.AsyncFor):
            loops = (*loops, node)
        elif isinstance(node, COMPREHENSIONS):
            loops = (*loops, *node.generators)
        stack.extend((child, loops) for child in ast.iter_child_nodes(node))


def used_keys(paths: list[Path]) -> KeyScan:
    scan = KeyScan()
    for path in paths:
        scan.scan(path)
    namespaces = {key.split(".")[0] for key in scan.keys if "." in key}
    namespaces |= {prefix.split(".")[0] for prefix in scan.families if prefix}
    for path in paths:
        scan.sweep(path, namespaces)
    return scan


@pytest.fixture(scope="module")
def scan() -> KeyScan:
    return used_keys(SCANNED)


# -- the catalogues -------------------------------------------------------------------


def test_languages_are_english_and_japanese() -> None:
    assert set(LANGUAGES) == {"en", "ja"}
    assert LANGUAGES["en"] is en.MESSAGES
    assert LANGUAGES["ja"] is ja.MESSAGES


def test_a_language_is_one_catalogue_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import samegame.i18n as package

    (tmp_path / "eo.py").write_text(
        "from samegame.i18n.en import MESSAGES as _EN\nMESSAGES = {**_EN, 'points': 'poentoj'}\n",
        encoding="utf-8",
    )
    (tmp_path / "helpers.py").write_text("MESSAGES = {}\n", encoding="utf-8")
    monkeypatch.setattr(package, "__path__", [*package.__path__, str(tmp_path)])
    monkeypatch.syspath_prepend(str(tmp_path))
    found = package._catalogues()
    assert list(found) == ["en", "eo", "ja"]
    assert found["eo"]["points"] == "poentoj"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_messages_are_well_formed(language: str) -> None:
    problems = [
        problem
        for key, template in LANGUAGES[language].items()
        for problem in template_problems(key, template)
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_same_keys_and_placeholders_as_english(language: str) -> None:
    problems = catalogue_problems(ENGLISH, LANGUAGES[language])
    assert not problems, f"{language} catalogue:\n" + "\n".join(problems)


def test_japanese_has_no_plural_forms() -> None:
    plural = [key for key, template in ja.MESSAGES.items() if not isinstance(template, str)]
    assert not plural, f"Japanese has no grammatical plural; use one string for {plural}"


def test_japanese_messages_are_translated() -> None:
    untranslated = [
        key
        for key, template in ja.MESSAGES.items()
        if key not in JAPANESE_DATA_ONLY
        and not any(is_japanese(char) for text in forms(template) for char in text)
    ]
    assert not untranslated, f"no Japanese word in: {untranslated}"


@pytest.mark.parametrize("count", [1, 2])
@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_message_formats(language: str, count: int) -> None:
    tr = translator(language)
    problems = []
    for key, template in LANGUAGES[language].items():
        params: dict[str, object] = {name: f"<{name}>" for name in message_placeholders(template)}
        params["count"] = count
        try:
            text = tr(key, **params)
        except (KeyError, IndexError, ValueError) as error:
            problems.append(f"{key}: {type(error).__name__} {error}")
            continue
        if not text.strip(" "):
            problems.append(f"{key}: formats to nothing")
        if "{" in text or "}" in text:
            problems.append(f"{key}: a brace is left after formatting: {text!r}")
    assert not problems, "\n".join(problems)


# -- characters (A13) -------------------------------------------------------------------


def test_english_is_plain_ascii_words() -> None:
    problems = lint(ENGLISH, english_allowed)
    assert not problems, "\n".join(problems)


def test_japanese_uses_only_words_and_plain_punctuation() -> None:
    problems = lint(ja.MESSAGES, japanese_allowed)
    assert not problems, "\n".join(problems)


# -- the keys the code uses ---------------------------------------------------------------


@pytest.mark.slow
def test_scan_finds_the_keys_of_the_line_interface(scan: KeyScan) -> None:
    # A broken scan would make the next tests pass with nothing checked.
    assert len(scan.keys) > 50
    assert {"removed", "groups.status", "error.unknown", "bye.saved"} <= set(scan.keys)
    assert {"help.", "rejected.", "colour.", "shape."} <= set(scan.families)


def test_every_key_argument_is_understood(scan: KeyScan) -> None:
    unknown = {text: where for text, where in scan.unresolved.items() if text not in KNOWN_INDIRECT}
    assert not unknown, (
        "tr() is called with keys this test cannot read; pass a literal key, or add the "
        f"expression to KNOWN_INDIRECT once its keys are checked: {unknown}"
    )


def test_every_dynamic_family_is_known(scan: KeyScan) -> None:
    families = dynamic_families()
    unknown = {prefix: where for prefix, where in scan.families.items() if prefix not in families}
    assert not unknown, (
        f"keys built at run time from unknown families {unknown}; "
        "add each to dynamic_families() with every value it can take"
    )


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_used_key_exists(scan: KeyScan, language: str) -> None:
    catalogue = LANGUAGES[language]
    missing = {key: where for key, where in scan.keys.items() if key not in catalogue}
    assert not missing, f"{language}: keys used by the code but missing: {missing}"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_dynamic_key_exists(language: str) -> None:
    catalogue = LANGUAGES[language]
    wanted = {
        f"{prefix}{suffix}" for prefix, values in dynamic_families().items() for suffix in values
    }
    wanted |= {key for keys in SPECIAL_REJECTION_KEYS.values() for key in keys}
    missing = sorted(key for key in wanted if key not in catalogue)
    assert not missing, f"{language}: missing {missing}"


def test_special_rejections_cover_the_rest() -> None:
    assert set(SPECIAL_REJECTION_KEYS) | {
        r for r in Rejection if r.value in dynamic_families()["rejected."]
    } == set(Rejection)


# -- the translator ---------------------------------------------------------------------


def test_english_plural_forms() -> None:
    tr = translator("en")
    assert tr("points", count=1) == "1 point"
    assert tr("points", count=2) == "2 points"
    assert tr("points", count=0) == "0 points"
    assert tr("shape.circle", count=1) == "circle"
    assert tr("shape.cross", count=3) == "crosses"
    assert "1 move played" in tr("resumed", count=1, score=40)
    assert "12 moves played" in tr("resumed", count=12, score=40)


def test_japanese_translator() -> None:
    tr = translator("ja")
    assert tr("points", count=1) == "1点"
    assert tr("points", count=25) == "25点"
    assert tr("shape.circle", count=1) == tr("shape.circle", count=5) == "丸"
    assert tr("resumed", count=1, score=40) == "中断したゲームを再開します。1手済み、スコア40。"
    assert tr("rejected.single", cell="C5") == "C5は1個だけです。何も消していません。"
    assert (
        tr("error.unknown", text="foo")
        == "「foo」はコマンドでもマスでもありません。一覧は help です。"
    )


def test_japanese_words_compose() -> None:
    from samegame.repl.announcer import Announcer

    english, japanese = Announcer(translator("en")), Announcer(translator("ja"))
    assert english.tiles(0, 5) == "5 red circles"
    assert japanese.tiles(0, 5) == "赤の丸5個"
    assert japanese.tiles(1, 1) == "青の三角1個"
    assert japanese.points(25) == "25点"
    assert english.columns([0, 2, 3, 4, 7]) == "A, C to E and H"
    assert japanese.columns([0, 2, 3, 4, 7]) == "A、CからEとH"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="choose en, ja"):
        translator("fr")
    assert Translator("ja").has("welcome")
    assert not Translator("ja").has("no.such.key")


# -- the checks themselves catch mistakes -----------------------------------------------


def test_checks_catch_a_missing_key_and_a_wrong_placeholder() -> None:
    english: Catalogue = {"a": "{x} and {y}", "b": {"one": "1 b", "other": "{count} bs"}, "c": "c"}
    other: Catalogue = {"a": "{x}", "b": "{count}", "d": "d"}
    problems = catalogue_problems(english, other)
    assert "missing key c" in problems
    assert "key d is not in the English catalogue" in problems
    assert any(p.startswith("a: placeholders ['x']") for p in problems)
    assert not any(p.startswith("b:") for p in problems)


@pytest.mark.parametrize(
    ("template", "fragment"),
    [
        ("{} left", "plain name"),
        ("{0} left", "plain name"),
        ("{score:>5}", "format spec"),
        ("{score!r}", "format spec"),
        ("{a.b}", "plain name"),
        ("{open", "broken braces"),
        ({"one": "x", "few": "y"}, "without 'other'"),
        ({"one": "x", "few": "y"}, "unknown plural forms"),
    ],
)
def test_checks_catch_bad_templates(template: Template, fragment: str) -> None:
    assert any(fragment in problem for problem in template_problems("k", template))


@pytest.mark.parametrize(
    "text",
    [
        "Score > 5",
        "a | b",
        "next \u2192",
        "\u2500\u2500",
        "well done \U0001f389",
        "\u2605 star",
        "1 + 1",
        "\u2460",
    ],
)
def test_lint_catches_symbols(text: str) -> None:
    assert character_problems(text)


def test_lint_accepts_plain_text() -> None:
    assert not lint({"k": "Removed 7 red circles at C5, 25 points, score 340."}, english_allowed)
    assert not lint({"k": "C5の赤の丸7個を消しました。「help」（A1）"}, japanese_allowed)


@pytest.mark.parametrize(
    ("text", "allowed"),
    [
        ("caf\u00e9", english_allowed),
        ("\u201cquoted\u201d", english_allowed),
        ("\uff15\u500b", japanese_allowed),  # a full-width digit: not what the player types
        ("\uff21\uff11", japanese_allowed),  # a full-width cell
        ("\u30fb\u2026", japanese_allowed),  # middle dot and ellipsis
        ("\u3000", japanese_allowed),  # ideographic space
    ],
)
def test_lint_catches_characters_foreign_to_the_language(
    text: str, allowed: Callable[[str], bool]
) -> None:
    assert lint({"k": text}, allowed)


def test_scan_reads_keys_in_every_form(tmp_path: Path) -> None:
    source = tmp_path / "module.py"
    source.write_text(
        "STEPS = ('lesson.one', 'lesson.two')\n"
        "def f(self, flag, kind, step):\n"
        "    key = 'a.b' if flag else 'a.c'\n"
        "    self.tr(key)\n"
        "    self.tr('lesson.start')\n"
        "    tr(f'family.{kind.value}')\n"
        "    for name in ('x', 'y'):\n"
        "        tr(f'loop.{name}')\n"
        "    for name in ('z',):\n"
        "        tr(f'other.{name}')\n"
        "    lines = [tr(f'comp.{word}') for word in ['w']]\n"
        "    self.tr(step.key)\n",
        encoding="utf-8",
    )
    scan = used_keys([source])
    assert set(scan.keys) == {
        *("a.b", "a.c", "loop.x", "loop.y", "other.z", "comp.w"),
        *("lesson.start", "lesson.one", "lesson.two"),
    }
    assert set(scan.families) == {"family."}
    assert set(scan.unresolved) == {"step.key"}


# -- A30: words a speech synthesizer reads right ------------------------------------------

# Spellings that speech synthesizers misread: formulas in symbols, percent signs,
# "5 s" for seconds. Checked over every message of both catalogues and the English
# help texts.
MISREAD = {
    "a formula in symbols": re.compile(r"\(n\s*[-+]|\)\s*\^|n\(n"),
    "a percent sign": re.compile(r"%"),
    "seconds abbreviated": re.compile(r"\d\s?s\b|\bsecs?\b"),
}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_no_message_is_misread_aloud(language: str) -> None:
    problems = [
        f"{key}: {label} in {text!r}"
        for key, template in (ENGLISH if language == "en" else LANGUAGES[language]).items()
        for text in forms(template)
        for label, pattern in MISREAD.items()
        if pattern.search(text)
    ]
    assert not problems, "\n".join(problems)


def test_misread_spellings_are_caught() -> None:
    for text in ("(n-2)^2 points", "82.5% of", "in 5 s", "n(n+1) halved"):
        assert any(pattern.search(text) for pattern in MISREAD.values()), text
    assert not any(pattern.search("n minus 2, squared; 5 seconds") for pattern in MISREAD.values())


@needs("espeak-ng")
def test_espeak_ng_says_the_formulas_in_words() -> None:
    """A30 by ear: the formulas as the catalogue says them are heard with their
    operations; the symbols of the issue ((n-2)^2) are heard as "n two two"."""
    minus, squared, plus = (espeak_words(word)[0] for word in ("minus", "squared", "plus"))
    basic = espeak_words(en.MESSAGES["describe.formula.basic"])  # type: ignore[arg-type]
    assert minus in basic
    assert squared in basic
    assert plus in espeak_words(en.MESSAGES["describe.formula.sum"])  # type: ignore[arg-type]
    heard = espeak_words("(n-2)^2")
    assert minus not in heard
    assert squared not in heard


def test_names_are_translated_in_japanese() -> None:
    """Preset titles and descriptions, board types, formulas and penalties: every
    built-in one has a Japanese name that keeps no English word of it (A30)."""
    english_words = re.compile(r"[A-Za-z]{3,}")
    kept = {"SameGame", "KDE", "KSame", "GNOME", "Swell", "Foop", "Simon", "Tatham", "Same", "Game"}
    problems = []
    prefixes = (
        *("preset.title.", "preset.description.", "board_type.", "formula.", "penalty."),
        *("describe.board_type.", "describe.formula.", "describe.penalty.", "size."),
        "selection_mode.",
    )
    for prefix in prefixes:
        for name in sorted(dynamic_families()[prefix]):
            key = f"{prefix}{name}"
            text = ja.MESSAGES.get(key)
            if text is None:
                problems.append(f"{key}: missing")
                continue
            assert isinstance(text, str)
            foreign = set(english_words.findall(text)) - kept - {"games", "js"} - set(ALL_WORDS)
            if foreign or not any(is_japanese(char) for char in text):
                problems.append(f"{key}: not translated: {text!r}")
    assert not problems, "\n".join(problems)
    assert "Lesson" not in ja.MESSAGES["preset.title.lesson"]
