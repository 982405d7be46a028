"""Every relative link and image in README.md and docs/ reaches a file of the repository, and
every #anchor names a heading of its page (GitHub's slugs). Web links are not fetched."""

import os
import re
from urllib.parse import unquote

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_FENCE = re.compile(r"^\s*(```|~~~)")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")
# [text](target) and ![alt](target), with an optional "title"; the target may be in <...>.
_INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")
# [label]: target (a reference definition) and the src/href of inline HTML.
_REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
_HTML = re.compile(r"<(?:img|a)\b[^>]*?\b(?:src|href)=\"([^\"]+)\"", re.I)
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_SKIP = ("http://", "https://", "mailto:", "ftp://")


def slug(text):
    """GitHub's anchor for a heading: the rendered text lowercased, every character that is
    not a letter, digit, space, '-' or '_' dropped, then each space a '-'."""
    text = _CODE_SPAN.sub(lambda m: m.group(2), text)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link's text stays
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML tags go
    text = text.replace("*", "")
    out = []
    for ch in text.strip().lower():
        if ch.isalnum() or ch in "-_":
            out.append(ch)
        elif ch == " ":
            out.append("-")
    return "".join(out)


def _lines(path):
    """The page's lines outside fenced code blocks, with (line number, text)."""
    fenced = False
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if _FENCE.match(line):
                fenced = not fenced
                continue
            if not fenced:
                yield n, line


def anchors(path):
    """Every anchor the page's headings make, with GitHub's -1, -2 for repeated ones."""
    seen = {}
    out = set()
    for _, line in _lines(path):
        m = _HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        k = seen.get(base, 0)
        seen[base] = k + 1
        out.add(base if k == 0 else "%s-%d" % (base, k))
    return out


def links(path):
    """(line number, target) for each link and image of the page, code left out."""
    for n, line in _lines(path):
        text = _CODE_SPAN.sub("", line)
        for m in _INLINE.finditer(text):
            yield n, m.group(1)
        m = _REFDEF.match(text)
        if m:
            yield n, m.group(1)
        for m in _HTML.finditer(text):
            yield n, m.group(1)


def problems(page, root=ROOT):
    """What is wrong with the page's links, one line each (empty when all resolve)."""
    found = []
    cache = {}
    rel = os.path.relpath(page, root)
    for n, target in links(page):
        target = target.strip("<>")
        if target.lower().startswith(_SKIP):
            continue
        where, _, anchor = target.partition("#")
        where = unquote(where)
        if where:
            full = os.path.normpath(os.path.join(os.path.dirname(page), where))
            if not (full == root or full.startswith(root + os.sep)):
                found.append("%s:%d: %s leaves the repository" % (rel, n, target))
                continue
            if not os.path.exists(full):
                found.append("%s:%d: %s: no such file" % (rel, n, target))
                continue
        else:
            full = page
        if anchor and full.endswith(".md") and os.path.isfile(full):
            if full not in cache:
                cache[full] = anchors(full)
            if unquote(anchor).lower() not in cache[full]:
                found.append("%s:%d: %s: no heading makes #%s" % (rel, n, target, anchor))
    return found


def pages(root=ROOT):
    out = [os.path.join(root, "README.md")]
    for folder, _, files in os.walk(os.path.join(root, "docs")):
        out += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".md")]
    return out


@pytest.mark.parametrize("page", pages(), ids=lambda p: os.path.relpath(p, ROOT))
def test_every_link_and_anchor_resolves(page):
    assert problems(page) == []


def test_slugs_follow_github():
    assert slug("Heap on the Pico: free heap, largest free block, headroom (#13)") == (
        "heap-on-the-pico-free-heap-largest-free-block-headroom-13"
    )
    assert slug("Try it without a board: the web simulator") == (
        "try-it-without-a-board-the-web-simulator"
    )
    assert slug("`make run` and `make test`") == "make-run-and-make-test"
    assert slug("It's a Bomb!") == "its-a-bomb"
    assert slug("CircuitPython: the Adafruit MacroPad RP2040") == (
        "circuitpython-the-adafruit-macropad-rp2040"
    )


def test_a_broken_link_or_anchor_is_found(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "here.md").write_text("# Here\n\n## A part\n")
    page = tmp_path / "README.md"
    page.write_text(
        "# Top\n\n"
        "[fine](docs/here.md#a-part) [fine too](#top) ![pic](docs/here.md) "
        "[web](https://example.org/none)\n"
        "[gone](docs/nothere.md) [bad anchor](docs/here.md#no-part) [self](#nowhere)\n"
        "```\n[in code](docs/nothere.md)\n```\n"
        "`[in a span](docs/nothere.md)`\n"
    )
    found = problems(str(page), str(tmp_path))
    assert found == [
        "README.md:4: docs/nothere.md: no such file",
        "README.md:4: docs/here.md#no-part: no heading makes #no-part",
        "README.md:4: #nowhere: no heading makes #nowhere",
    ]
