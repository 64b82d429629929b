"""README names only what exists: every image and every relative link target is in the repository."""
from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_every_image_and_relative_link_in_the_readme_exists():
    text = (ROOT / "README.md").read_text()
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    local = [t.split("#", 1)[0] for t in targets if not t.startswith(("http://", "https://", "#", "mailto:"))]
    assert local, "README links to no file at all: the pattern above no longer matches its links"
    missing = sorted({t for t in local if not (ROOT / t).exists()})
    assert missing == [], f"README names files that are not in the repository: {missing}"


def test_every_anchor_link_in_the_readme_names_a_heading():
    text = (ROOT / "README.md").read_text()
    headings = {
        re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
        for h in re.findall(r"^#+\s+(.*)$", text, flags=re.M)
    }
    anchors = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert anchors <= headings, f"README links to sections it does not have: {sorted(anchors - headings)}"
