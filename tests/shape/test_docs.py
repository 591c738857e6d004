"""The README stays short and every link between the documents leads somewhere.

The README says what Scorekeeper is, the two commands and which way to run it,
then sends each reader to a guide in docs/ (issue 34: it had grown to 803
lines, an organiser reaching clubs at line 445). A guide moved or a heading
renamed must not leave a link pointing at nothing: each relative link is
followed to its file, and its #anchor to a heading there, slugged as GitHub does.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
GUIDES = ("players", "organisers", "competitions", "operators", "developers")
DOCUMENTS = [README, *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def outside_code(text: str) -> list[str]:
    """The lines of a Markdown text that are not inside a fenced code block."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def anchors(document: Path) -> set[str]:
    headings = (re.match(r"#+\s+(.*)", line) for line in outside_code(document.read_text()))
    return {slug(found.group(1)) for found in headings if found}


def test_slug_is_githubs():
    # anchors GitHub gives these headings of ours
    assert slug("A club's own rules") == "a-clubs-own-rules"
    assert slug("At home: phones on your Wi-Fi") == "at-home-phones-on-your-wi-fi"
    assert slug("The `scorekeeper` command") == "the-scorekeeper-command"
    assert (
        slug("Competition results (`/events/<token>/results.json`)")
        == "competition-results-eventstokenresultsjson"
    )


def test_readme_is_short_and_sends_each_reader_to_a_guide():
    text = README.read_text()
    assert len(text.splitlines()) <= 300
    assert "make run" in text and "make test" in text
    assert "## Which way to run it" in text
    picture = re.search(r"!\[[^]]*\]\((docs/[^)]+\.png)\)", text)
    assert picture and (ROOT / picture.group(1)).is_file()
    for guide in GUIDES:
        assert f"](docs/guide-{guide}.md)" in text, guide
        assert (ROOT / "docs" / f"guide-{guide}.md").is_file()


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda d: d.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_somewhere(document: Path):
    broken = []
    for line in outside_code(document.read_text()):
        for target in LINK.findall(line):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:: not ours to check offline
            path, _, anchor = target.partition("#")
            destination = (document.parent / path).resolve() if path else document
            if not destination.exists():
                broken.append(f"{target}: no such file")
            elif anchor and destination.suffix == ".md" and anchor not in anchors(destination):
                broken.append(f"{target}: no heading #{anchor}")
    assert broken == []
