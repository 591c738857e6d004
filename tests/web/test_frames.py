"""The manager's game page kept across versions as a frame (web/kept/frames.py).

After a coup the manager's page is the frame kept from an earlier version with
this version's pieces (deal, standing, fiche, recent coups) and values (version,
coups, the undo's coup, what "Tous passent" carries) put in. It must be, byte for
byte (their CSRF token blanked, their one-time message aside), the page drawn with
nothing kept, through every state the frame's key names: coups and a pass, four
at the table (the dealer sits out: the form's fields change), an undo and its
redo, a correction's notice, a seat taken. And a frame whose key misses something
it reads is caught where the tests run (``CHECK_FRAMES``), not served.
"""

from __future__ import annotations

import difflib

import pytest
from markupsafe import Markup
from test_kept_readers import his
from web import SEED_COUPS, coup_data, enter, forget_kept, new_game, report, version_of

from scorekeeper.web.hombre import pages
from scorekeeper.web.kept import frames, readers
from scorekeeper.web.kept.memory import Drawn


@pytest.fixture(autouse=True)
def _no_frame_left():
    """The frames this module's tests kept (some under a forgetful key) go with them."""
    yield
    frames.FRAMES.clear()


@pytest.fixture
def hits(monkeypatch):
    """How many pages were filled from a kept frame."""
    found = {"hits": 0}
    real = frames.FRAMES.get

    def counted(tag):
        kept = real(tag)
        found["hits"] += kept is not None
        return kept

    monkeypatch.setattr(frames.FRAMES, "get", counted)
    return found


def same_afresh(app, client, game: str) -> str:
    """The manager's page now (from a kept frame if its key allows), checked against the
    page drawn with nothing kept (the frames kept so far put aside meanwhile); returns it."""
    kept = client.get(game)
    assert kept.status_code == 200
    held = frames.FRAMES
    frames.FRAMES = Drawn(pages=256)
    try:
        forget_kept(app)
        afresh = client.get(game)
    finally:
        frames.FRAMES = held
    if his(kept.text) != his(afresh.text):  # pragma: no cover - the lines that differ
        lines = difflib.unified_diff(his(afresh.text).splitlines(), his(kept.text).splitlines())
        pytest.fail("\n".join(list(lines)[:40]))
    return kept.text


def test_the_page_from_a_kept_frame_is_the_page_drawn_afresh(app, client, hits):
    game = new_game(client).rstrip("/")
    client.get(game)  # the links shown once, at the game's creation
    coups = [*SEED_COUPS, "A demande A5 B2 C2", "pass", "C demande A2 B2 C5"]
    for coup in coups:  # passes among them: nobody pays, the poule grows
        assert enter(client, game, coup).status_code == 302
        page = same_afresh(app, client, game)
        assert "Undo the last coup" in page and "Tous passent" in page
    # each coup's page came from the frame the page before it left (its first two coups
    # change the frame: the first coup, then the stop offered)
    assert hits["hits"] >= len(coups) - 2
    steps = [
        ("/undo", {}),  # the redo shows: the page is drawn, not framed
        ("/redo", {}),  # the notice "Coup … redone" shows: a frame of its own
        ("/coups/2/edit", coup_data("B demande A2 B5 C2", save="1")),
        ("/seat", {"seat": "1", "player": "Denis", "way": "plays_for"}),
    ]
    for path, data in steps:
        data = {**data, "version": version_of(client, game)}
        assert client.post(game + path, data=data).status_code == 302, path
        same_afresh(app, client, game)
        assert enter(client, game, "C demande A2 B2 C5").status_code == 302
        same_afresh(app, client, game)
    page = same_afresh(app, client, game)
    assert "Denis" in page and "Coup 2 corrected" not in page  # a coup since: no notice


def test_four_at_the_table_a_frame_per_dealer_who_sits_out(app, client, hits):
    four = {"player3": "Denis", "preset": "recommended", "poule_system": "3-1", "end": "continue"}
    game = new_game(client, **four).rstrip("/")
    client.get(game)  # the links shown once, at the game's creation
    sitting_out = []
    for _ in range(9):  # the dealer goes round twice: each frame is kept, then taken again
        assert enter(client, game, "pass").status_code == 302
        page = same_afresh(app, client, game)
        assert page.count('class="sits-out"') == 1
        sitting_out.append(page.split('class="sits-out">', 1)[1].split(" deals", 1)[0])
    # coup k is dealt by seat k - 1 (first dealer Anne), who sits out: from coup 2, Bruno
    assert sitting_out[:4] == ["Bruno", "Chloé", "Denis", "Anne"]
    assert sitting_out[4:8] == sitting_out[:4]
    assert hits["hits"] >= 4


def forgetful(monkeypatch) -> None:
    """frame_key made to forget all it names: one key for every page it would frame."""
    real = pages.frame_key
    monkeypatch.setattr(
        pages, "frame_key", lambda *args: None if real(*args) is None else ("every page alike",)
    )


def test_a_key_that_misses_what_the_frame_reads_is_caught(app, client, monkeypatch):
    # a key that forgets the seats: the frame kept before Denis sat names Bruno still
    forgetful(monkeypatch)
    game = new_game(client).rstrip("/")
    client.get(game)  # the links shown once, at the game's creation
    enter(client, game, "B demande A4 B4 C1")
    assert "<h1>Anne · Bruno · Chloé</h1>" in client.get(game).text  # framed
    data = {"seat": "1", "player": "Denis", "way": "plays_for", "version": version_of(client, game)}
    assert client.post(game + "/seat", data=data).status_code == 302
    with pytest.raises(frames.FrameDiffers):
        client.get(game)


def test_without_the_check_such_a_key_would_show_a_stale_page(make_app, monkeypatch):
    app = make_app(CHECK_FRAMES=False)
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    forgetful(monkeypatch)
    game = new_game(client).rstrip("/")
    client.get(game)  # the links shown once, at the game's creation
    enter(client, game, "B demande A4 B4 C1", version=version_of(client, game))
    assert "<h1>Anne · Bruno · Chloé</h1>" in client.get(game).text  # framed
    data = {"seat": "1", "player": "Denis", "way": "plays_for", "version": version_of(client, game)}
    assert client.post(game + "/seat", data=data).status_code == 302
    stale = client.get(game).text
    assert "<h1>Anne · Bruno · Chloé</h1>" in stale  # what CHECK_FRAMES is there to catch
    forget_kept(app)
    assert "<h1>Anne · Denis · Chloé</h1>" in client.get(game).text


def test_a_note_that_spells_a_hole_is_kept_as_text_without_its_control_characters(app, client):
    game = new_game(client).rstrip("/")
    client.get(game)  # the links shown once, at the game's creation
    typed = "a\x00version\x00b \x1b[31m\x00csrf\x00 c"
    assert enter(client, game, "B demande A4 B4 C1", note=typed).status_code == 302
    assert enter(client, game, "pass").status_code == 302
    # a correction's notice names the note: it is in the frame, not in a piece
    data = coup_data("B demande A4 B4 C1", save="1", note=typed + "!")
    data["version"] = version_of(client, game)
    assert client.post(game + "/coups/1/edit", data=data).status_code == 302
    for _ in range(2):  # drawn, then from its frame
        page = same_afresh(app, client, game)
        assert "\x00" not in page and "\x1b" not in page
        assert "aversionb [31mcsrf c" in page
        assert enter(client, game, "pass").status_code == 302
    notes = [c.get("note") for c in report(client, game)["coups"]]
    assert notes[0] == "aversionb [31mcsrf c!"


def test_the_comparison_blanks_every_spelling_of_the_token():
    """A page drawn a second later signs its tokens with another second: both spellings
    of the hidden field (WTForms' and _redo.html's own) must be blanked, or the
    comparison above fails when a second passes between the two drawings."""
    wtforms = '<input id="csrf_token" name="csrf_token" type="hidden" value="{}">'
    own = '<input type="hidden" name="csrf_token" value="{}">'
    for field in (wtforms, own):
        assert his(field.format("abc.awtnOw.x")) == his(field.format("abc.awtnPA.y"))


@pytest.mark.parametrize(
    ("theirs", "recent"),
    [
        (None, "<!--reader:0-->HIS<!--/reader:0-->"),  # a frame made with no followers' page
        (
            b"<p>\x00recent\x00</p><!--flashes--><!--/flashes-->",
            "<!--reader:9-->HIS<!--/reader:9-->",
        ),
    ],
)
def test_a_frame_that_cannot_give_the_followers_page_gives_none(app, theirs, recent):
    """When the followers' page cannot be made with the manager's (the frame has none, or a
    piece's mark names no part drawn for them), the request keeps no followers' page: the
    manager's page, its marks taken out, is never split as if it were theirs (without its CSRF token
    in it, nothing else would tell them apart)."""
    mine = b"<p>\x00recent\x00</p><!--flashes--><!--/flashes-->"
    with app.test_request_context("/games/1"):
        readers.draw_for_followers(readers.Followers("tag", 1, 1))
        parts = readers.drawing_for_followers()
        assert parts is not None
        parts["0"] = b"THEIRS"
        page = frames._filled(frames.Frame(mine, theirs), {"recent": recent})
        assert page == "<p>HIS</p><!--flashes--><!--/flashes-->"
        assert readers.split(page.encode()) == (page.encode(), None)


def test_a_piece_drawn_for_both_readers_gives_each_theirs_without_marks(app):
    """The recent coups are drawn for the manager and the followers at once
    (``readers.ForReaders``): a frame's hole takes the manager's for the manager and theirs for
    the followers' page it hands out; a page drawn whole marks the manager's part as
    ``reader_part`` does, and ``split`` swaps theirs in. Either way the manager's page has no
    mark and theirs none of the manager's."""
    piece = readers.ForReaders.of("<b>HIS</b>", "<i>THEIRS</i>")
    frame = b"<p>\x00recent\x00</p><!--flashes--><!--/flashes-->"
    mine = "<p><b>HIS</b></p><!--flashes--><!--/flashes-->"
    theirs = b"<p><i>THEIRS</i></p><!--flashes--><!--/flashes-->"
    with app.test_request_context("/games/1"):
        readers.draw_for_followers(readers.Followers("tag", 1, 1))
        page = frames._filled(frames.Frame(frame, frame), {"recent": piece})
        assert page == mine
        assert readers.split(page.encode()) == (mine.encode(), theirs)
    with app.test_request_context("/games/1"):
        readers.draw_for_followers(readers.Followers("tag", 1, 1))
        drawn = f"<p>{readers.parted(piece)}</p><!--flashes--><!--/flashes-->"
        assert "<!--reader:" in drawn
        assert readers.split(drawn.encode()) == (mine.encode(), theirs)
    # not drawn for the followers: the manager's, unmarked
    with app.test_request_context("/games/1"):
        assert readers.parted(piece) == "<b>HIS</b>"
        assert readers.parted(Markup("<b>x</b>")) == "<b>x</b>"
