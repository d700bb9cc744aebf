"""docs/index.md names every page of docs/ once, the user pages before the
developer pages, and README.md points to it."""

from __future__ import annotations

import re

from locations import ROOT

DOCS = ROOT / "docs"


def listed(section: str) -> list[str]:
    return re.findall(r"^- docs/([\w-]+\.md):", section, re.M)


def test_every_page_is_listed_once_users_first() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    users, _, developers = index.partition("## For developers")
    pages = sorted(p.name for p in DOCS.glob("*.md") if p.name != "index.md")
    assert sorted(listed(users) + listed(developers)) == pages
    assert listed(users)
    assert listed(developers)
    assert {"play.md", "accessibility.md"} <= set(listed(users))
    assert {"architecture.md", "api.md"} <= set(listed(developers))


def test_the_readme_points_to_the_index_and_the_changelog() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/index.md" in readme
    assert (ROOT / "CHANGELOG.md").is_file()
    assert "CHANGELOG.md" in readme
