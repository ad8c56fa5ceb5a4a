"""Every relative link and picture in the Markdown files leads somewhere: a file that
exists and, for ``#anchor``, a heading in it. Pages move (docs/modding/, the notation
pages beside their variants); this catches the link left behind."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_doclinks():
    spec = importlib.util.spec_from_file_location("doclinks", ROOT / "tools" / "doclinks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


doclinks = load_doclinks()


def test_every_relative_link_resolves():
    files = doclinks.markdown_files()
    assert ROOT / "README.md" in files and ROOT / "docs" / "modding" / "README.md" in files
    problems = [p for path in files for p in doclinks.broken_links(path)]
    assert not problems, "\n".join(problems)


def test_anchors_follow_github():
    text = ("# Modding\n## One import: `game.modkit`\n## Hook order, and reskinning\n"
            "```\n## not a heading\n```\n## Hook order, and reskinning\n"
            "### `register_views(register: Callable[[str], None]) -> None`\n")
    assert doclinks.anchors(text) == [
        "modding", "one-import-gamemodkit", "hook-order-and-reskinning",
        "hook-order-and-reskinning-1", "register_viewsregister-callablestr-none---none"]


def test_a_broken_link_is_reported_with_its_line(tmp_path):
    (tmp_path / "a.md").write_text("# A\n\nsee [b](b.md#nowhere), [c](c.md) and\n"
                                   "[here](#a), `[code](x.md)`, [web](https://example.org)\n",
                                   encoding="utf-8")
    (tmp_path / "b.md").write_text("# B\n", encoding="utf-8")
    assert doclinks.broken_links(tmp_path / "a.md", tmp_path) == [
        "a.md:3: b.md#nowhere: no heading #nowhere in b.md", "a.md:3: c.md: no such file"]


def test_a_link_split_over_two_lines_is_reported(tmp_path):
    (tmp_path / "a.md").write_text("# A\n\nsee [the\nmanual](nowhere.md) and [b](#a)\n"
                                   "[fine](#a), x[0] and\n[y](#a)\n", encoding="utf-8")
    assert doclinks.broken_links(tmp_path / "a.md", tmp_path) == [
        "a.md:3: a link's text runs onto the next line; keep a link on one line, so that it "
        "is checked"]


def test_the_modding_index_links_every_section_of_every_page():
    index_page = ROOT / "docs" / "modding" / "README.md"
    index = index_page.read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs" / "modding").glob("*.md")):
        if page == index_page:
            continue
        link = page.name
        assert f"]({link})" in index, f"the modding index does not link {link}"
        assert "](README.md)" in page.read_text(encoding="utf-8"), (
            f"{link} does not link back to the index")
        text = page.read_text(encoding="utf-8")
        for _number, line in doclinks.prose_lines(text):
            if line.startswith("## "):
                anchor = doclinks.slug(line[3:])
                assert f"]({link}#{anchor})" in index, (
                    f"the modding index does not link the section '{line[3:]}' of {link}")


# ---------------------------------------------------------------------------------------
# the front page: one screen, and a link to every page of docs/
# ---------------------------------------------------------------------------------------
README = ROOT / "README.md"


def test_the_readme_fits_on_one_screen():
    lines = README.read_text(encoding="utf-8").splitlines()
    # the project, its two commands, a screenshot, the house and the way to docs/
    assert len(lines) <= 72, f"README.md has {len(lines)} lines; move the detail to docs/"


def test_the_readme_says_how_to_play_install_and_test():
    text = README.read_text(encoding="utf-8")
    for command in ("python3 tasks.py play", "pip install .", "aztec-arcade",
                    "python3 tasks.py test"):
        assert command in text, command
    pictures = [target for _n, target in doclinks.links(text) if target.endswith(
        (".png", ".jpg"))]
    assert pictures and all((ROOT / target).is_file() for target in pictures)


def test_every_page_of_docs_is_linked_from_the_readme():
    linked = {(ROOT / target.partition("#")[0]).resolve()
              for _n, target in doclinks.links(README.read_text(encoding="utf-8"))
              if not doclinks.is_external(target)}
    pages = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "docs" / "modding" / "README.md"]
    missing = [str(page.relative_to(ROOT)) for page in pages if page.resolve() not in linked]
    assert not missing, f"README.md does not link {missing}"
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "README.md)" in "\n".join(text.splitlines()[:5]) or "](development.md)" in \
            "\n".join(text.splitlines()[:5]), f"{page.name} does not say where it belongs"
