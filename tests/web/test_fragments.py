"""Issue 36: the game page's pieces kept per what they read draw the same bytes as drawn afresh.

The recent coups' articles and the outbox's words are kept by
``web/kept/fragments.py``; a page drawn with them kept must be the page drawn
with nothing kept, for the manager and a follower, in two languages, after
an undo puts another coup under the same number, and after a seat is taken
(the form names who sits now). The map is bounded by count and by bytes.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from markupsafe import Markup

from scorekeeper.web.kept import fragments

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from evening import COUPS, NEW_GAME, TABLE_LINK
from web import forget_kept

VERSION = re.compile(r'name="version" type="hidden" value="(\d+)"')
FLASHES = re.compile(r"<!--flashes-->.*?<!--/flashes-->", re.S)


def unflashed(page: str) -> str:
    """The page without its one-time messages ("Coup 3 saved" is shown once, not again)."""
    return FLASHES.sub("<!--flashes--><!--/flashes-->", page)


@pytest.mark.parametrize("fourth", ["", "Dora"])
def test_pages_drawn_with_kept_pieces_are_the_pages_drawn_afresh(app, client, fourth):
    """With a fourth player the dealer sits out: the coup form offers other seats each coup."""
    made = client.post("/games/new", data={**NEW_GAME, "player3": fourth})
    game = made.headers["Location"]
    table = TABLE_LINK.findall(client.get(game + "/links").text)[0]
    follower, french = app.test_client(), app.test_client()
    follower.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    french.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    follower.get(table)
    french.get(table)

    def both() -> tuple[str, str, str]:
        return unflashed(client.get(game).text), follower.get(game).text, french.get(game).text

    def enter(form: dict[str, str]) -> None:
        version = VERSION.search(client.get(game).text).group(1)
        assert client.post(game + "/coups", data={**form, "version": version}).status_code == 302

    for n in range(11):  # more than the eight recent coups the page shows
        enter(COUPS[n % len(COUPS)] if not fourth else {"passed": "1"})
        warm = both()
        forget_kept(app)
        assert both() == warm, n
    assert 'class="coup"' in warm[0] and "Correct</a>" in warm[0]  # the manager's links
    assert 'class="coup"' in warm[1] and "Correct</a>" not in warm[1]
    if fourth:
        assert warm[0].count('class="sits-out"') == 1
    assert "Bruno deals" in warm[1] and "Bruno deals" not in warm[2]  # en, fr
    # undo coup 11, then enter another coup 11: same number, another result, other words
    version = VERSION.search(client.get(game).text).group(1)
    assert client.post(game + "/undo", data={"version": version}).status_code == 302
    enter({"passed": "1"})
    warm = both()
    assert warm[0].count("Tous passent") > 1  # a pass is shown
    forget_kept(app)
    assert both() == warm


def test_the_pieces_are_bounded_by_count_and_bytes():
    kept = fragments.Fragments(count=3, size=64 * 100)
    for n in range(10):
        kept.put(n, Markup("x" * 10))
    assert len(kept) == 3 and kept.get(0) is None and kept.get(9) == "x" * 10
    kept = fragments.Fragments(count=1000, size=64 * 100)  # 6,400 bytes; a piece ≤ 100
    kept.put("big", Markup("x" * 101))
    assert kept.get("big") is None
    for n in range(100):
        kept.put(n, Markup("y" * 100))
    assert len(kept) == 64  # 64 × 100 bytes fill the bound


def test_the_kept_coup_form_names_who_sits_now(app, client):
    """A seat taken changes the names the coup form shows, not the game's players."""
    game = client.post("/games/new", data=NEW_GAME).headers["Location"]
    for form in COUPS[:2]:
        version = VERSION.search(client.get(game).text).group(1)
        assert client.post(game + "/coups", data={**form, "version": version}).status_code == 302
    assert '<legend class="who">Bruno' in client.get(game).text  # the fields kept with Bruno
    version = VERSION.search(client.get(game).text).group(1)
    taken = {"seat": "1", "player": "Denis", "way": "plays_for", "version": version}
    assert client.post(game + "/seat", data=taken).status_code == 302
    warm = unflashed(client.get(game).text)
    assert '<legend class="who">Denis' in warm and '<legend class="who">Bruno' not in warm
    forget_kept(app)
    assert unflashed(client.get(game).text) == warm


def test_a_hole_is_filled_and_no_typed_text_makes_one():
    """The manager's Correct and Delete fill the shared article's hole; a name spelled as a
    hole is escaped text, never a place that takes markup."""
    piece = Markup("<p>") + fragments.fragment_hole("row-actions") + Markup("</p>")
    assert fragments.fill_hole(piece, "row-actions", Markup("<b>x</b>")) == "<p><b>x</b></p>"
    assert fragments.fill_hole(piece, "row-actions", "") == "<p></p>"
    assert fragments.fill_hole(piece, "row-actions", "<i>") == "<p>&lt;i&gt;</p>"
    typed = Markup("<p>%s</p>") % "<!--hole:row-actions-->"
    assert fragments.fill_hole(typed, "row-actions", Markup("<b>x</b>")) == typed


def test_a_deep_value_hashed_once_keys_its_piece_as_the_value_itself(app):
    """``fragments.same``: a coup's result in an article's key is hashed once per object;
    an equal result made apart finds the piece kept under the first (and draws nothing),
    another result draws its own, and an unhashable key draws every time, keeping nothing,
    as before."""
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Result:
        n: int
        tricks: tuple[int, ...]

    drawn: list[object] = []

    def draw(value: object) -> str:
        drawn.append(value)
        return f"<p>{len(drawn)}</p>"

    first, twin, other = Result(1, (5, 2, 2)), Result(1, (5, 2, 2)), Result(2, (4, 4, 1))
    assert fragments.same(first) is fragments.same(first)  # once per object
    assert fragments.same(first) == fragments.same(twin) and first is not twin
    assert hash(fragments.same(twin)) == hash(twin)
    with app.test_request_context("/"):
        one = fragments.kept_fragment(draw, ("test-same", fragments.same(first)), first)
        assert fragments.kept_fragment(draw, ("test-same", fragments.same(twin)), twin) == one
        assert fragments.kept_fragment(draw, ("test-same", fragments.same(other)), other) != one
        assert drawn == [first, other]
        listed = [1, 2]
        assert fragments.same(listed) is listed  # unhashable: given back, the key fails
        fragments.kept_fragment(draw, ("test-same", fragments.same(listed)), listed)
        fragments.kept_fragment(draw, ("test-same", fragments.same(listed)), listed)
        assert drawn == [first, other, listed, listed]


def test_a_templates_context_has_jinjas_globals_in_jinjas_order(app):
    """app.FlatGlobalsTemplate makes each context's globals from the ChainMap's maps:
    the same dict as Jinja's own (names, values, order), the template's own globals before
    the environment's, a global added after the template was loaded seen too."""
    from jinja2 import Template

    from scorekeeper.app import FlatGlobalsTemplate

    env = app.jinja_env
    ours = env.get_template("_flashes.html")
    assert isinstance(ours, FlatGlobalsTemplate)
    env.globals["added_after_loading"] = "late"
    own = env.from_string("{{ only_here }}", globals={"csrf_token": "own", "only_here": 1})
    for template in (ours, own):
        with app.test_request_context("/"):
            made = template.new_context({"x": 1}).get_all()
            jinjas = Template.new_context(template, {"x": 1}).get_all()
            assert made == jinjas and list(made) == list(jinjas)
            assert made["added_after_loading"] == "late"
            assert template.new_context({"x": 1}, shared=True).get_all() == {"x": 1}
    assert own.new_context().get_all()["csrf_token"] == "own" and own.render() == "1"
    del env.globals["added_after_loading"]
