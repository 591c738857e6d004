"""A director's correction is filed under the round they choose (the rounds played or closed,
the latest by default), through the real form: a round-1 fix made once round 2 is played read
"Round 2: …" on the results page, the PDF and the log, since the round stored was the one
being played when it was entered. A round not of the event, or not played yet, is refused
beside the field, nothing stored."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from test_event_corrections import _a_round_played
from test_events import hombre_deal, new_event, open_table, post, ranking, seated, tables
from test_settlement import pdf_text

from scorekeeper.web.events import public


class _Form(HTMLParser):
    """The fields a browser sends from the form posted to ``action``, as the page fills
    them (a radio: its checked one; a select: its selected option, else its first; an
    option without a value sends its text), and each select's options (value, label)."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action, self.inside, self.select = action, False, ""
        self.sent: dict[str, str] = {}
        self.options: dict[str, list[tuple[str, str]]] = {}
        self.option: list[str | None] | None = None  # value (None: its text), label, selected
        self.chosen = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("action", "").endswith(self.action)
        if not self.inside:
            return
        if tag == "input" and a.get("name"):
            if a.get("type") != "radio" or "checked" in a:
                self.sent[a["name"]] = a.get("value", "")
        elif tag == "select":
            self.select, self.chosen = a["name"], ""
            self.options[self.select] = []
        elif tag == "option" and self.select:
            self.option = [a.get("value"), "", "selected" if "selected" in a else ""]

    def handle_data(self, data: str) -> None:
        if self.option is not None:
            self.option[1] = (self.option[1] or "") + data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "option" and self.option is not None:
            value, label, selected = self.option
            label = (label or "").strip()
            value = label if value is None else value
            self.options[self.select].append((value, label))
            if selected or not self.chosen:  # the one selected, else the first
                self.chosen = value
            self.option = None
        elif tag == "select" and self.select:
            self.sent[self.select] = self.chosen
            self.select = ""


def correction_form(client) -> _Form:
    form = _Form("/penalty")
    form.feed(client.get("/events/1").text)
    return form


def _offered(client) -> tuple[list[str], str]:
    """The correction form's rounds, as labels, and the one it shows chosen."""
    form = correction_form(client)
    labels = dict(form.options["round"])
    return [label for _value, label in form.options["round"]], labels[form.sent["round"]]


def test_the_director_files_a_round_1_fix_under_round_1_once_round_2_is_played(
    app, tmp_path, monkeypatch
):
    monkeypatch.setattr(public, "FRESH", 0.0)  # the read pages see the latest standing
    client, game = _a_round_played(app)  # round 1 drawn, one deal: rank points
    # round 1 drawn and played: it is offered, chosen
    assert _offered(client) == (["Round 1"], "Round 1")
    hombre_1 = seated(client, game)["players"][0]
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert post(client, app, "draw").status_code == 302
    # round 2 drawn, no deal yet: not played, not offered; round 1 still the latest played
    assert _offered(client) == (["Round 1"], "Round 1")
    game_2 = open_table(client, tables(client)[0])
    hombre_deal(client, game_2, (0, 1, 2))
    hombre_2 = seated(client, game_2)["players"][0]
    # round 2 played: both offered, the latest chosen
    assert _offered(client) == (["Round 1", "Round 2"], "Round 2")
    # A player who defended in both rounds (the hombre beat both defenders each time, rank
    # points 2 to them, ½ to each defender): ½ + ½ = 1 before, 1 + 3 = 4 after a credit of 3.
    short = next(p for p in ("Anne", "Bert", "Carl") if p not in (hombre_1, hombre_2))
    assert dict((p, f) for _place, p, f in ranking(app)[0])[short] == 1
    # the director fixes round 1: the real form as the page fills it, round 1 chosen in it
    form = correction_form(client)
    sent = {**form.sent, "player": short, "direction": "add", "points": "3", "reason": "r"}
    sent["round"] = next(value for value, label in form.options["round"] if label == "Round 1")
    # refused for its points (0), it comes back as typed: round 1 still chosen, not the latest
    refused = client.post("/events/1/penalty", data={**sent, "points": "0"})
    assert refused.status_code == 422 and 'id="points-error"' in refused.text
    back = _Form("/penalty")
    back.feed(refused.text)
    assert back.sent["round"] == "1"
    assert client.post("/events/1/penalty", data=sent).status_code == 302
    lines, standing = ranking(app)
    assert [(p.player, p.points, p.round) for p in standing.penalties] == [(short, -3, 1)]
    assert dict((p, f) for _place, p, f in lines)[short] == 4
    # what the form shows chosen is what is stored: sent untouched, round 2 (the default)
    form = correction_form(client)
    typed = {**form.sent, "points": "1", "reason": "slow"}  # points off, the form's default
    assert client.post("/events/1/penalty", data=typed).status_code == 302
    chosen = ranking(app)[1].penalties[-1]
    assert (chosen.player, chosen.points, chosen.round) == (form.sent["player"], 1, 2)
    # shown under round 1 (and the other under round 2) on the results page, in the PDF and
    # in the log; never "Round 2" for the round-1 fix
    token = standing.event.read_token
    page = client.get(f"/events/{token}/results").text
    items = re.findall(r"<li>(Round \d+: [^<]*)</li>", page)
    assert items == [f"Round 1: {short} +3 (r)", f"Round 2: {chosen.player} −1 (slow)"]
    printed = pdf_text(client.get(f"/events/{token}/results.pdf").data, tmp_path)
    assert f"Round 1: {short} +3 (r)" in printed, printed
    assert f"Round 2: {short} +3" not in printed
    director = client.get("/events/1").text
    assert f"correction · round 1: {short} +3 (r)" in director
    assert f"correction · round 2: {chosen.player} −1 (slow)" in director


def test_a_round_not_of_the_event_or_not_played_is_refused_beside_the_field(app):
    client, _game = _a_round_played(app)  # an event of 2 rounds, round 1 played
    form = correction_form(client)
    said = {
        "2": "Round 2 is not played yet: a correction belongs to a round played or closed",
        "3": "This event has no round 3",
        "0": "This event has no round 0",  # none is offered once a round is played
        "-1": "This event has no round −1",  # a true minus, as the bounds below say theirs
        "x": "Not a valid integer value.",
        "9" * 40: "Number must be between −9,223,372,036,854,775,807"
        " and 9,223,372,036,854,775,807.",
    }
    for typed, words in said.items():
        sent = {**form.sent, "player": "Anne", "points": "2", "reason": "r", "round": typed}
        answer = client.post("/events/1/penalty", data=sent)
        assert answer.status_code == 422, typed
        beside = re.search(r'id="round-error">([^<]*)<', answer.text)
        assert beside is not None and beside.group(1) == words, (typed, beside)
        assert 'id="refused-penalty"' not in answer.text  # beside the field, not above
        # the form comes back with the latest round played chosen, the rest as typed
        back = _Form("/penalty")
        back.feed(answer.text)
        assert back.sent["round"] == "1" and back.sent["reason"] == "r"
    assert ranking(app)[1].penalties == ()


def test_before_any_round_is_played_the_form_offers_none_and_files_under_none(app):
    """Round 1 drawn, no deal yet: no round is played; the form says so and the correction
    is filed under none (round 0, as one entered before the first draw): no round named."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    new_event(client, kind="hombre", seating="3", method="total")
    assert post(client, app, "players", names="Anne\nBert\nCarl").status_code == 302
    assert post(client, app, "draw").status_code == 302
    assert _offered(client) == (["none: no round played yet"], "none: no round played yet")
    form = correction_form(client)
    sent = {**form.sent, "player": "Bert", "points": "2", "reason": "late"}
    assert client.post("/events/1/penalty", data=sent).status_code == 302
    (fine,) = ranking(app)[1].penalties
    assert (fine.player, fine.points, fine.round) == ("Bert", 2, 0)
    assert "correction · Bert −2 (late)" in client.get("/events/1").text


def test_the_form_says_which_round_to_choose(app):
    """play6: the correction's help said when a correction is used (a closed round's table)
    but not what its Round field means; round 2 was shown chosen and a director setting right
    round 1 had no word telling them to choose round 1, nor that the round only files it."""
    client, _game = _a_round_played(app)
    sentence = (
        "Round: choose the round of the table it sets right (the latest played is chosen);"
        " the results and the log name that round, and the figure counts every correction,"
        " whatever its round."
    )
    assert sentence in client.get("/events/1").text
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    french = re.sub("[\u202f\xa0]", " ", client.get("/events/1").text)  # its fine spaces
    assert (
        "Tour : choisissez le tour de la table qu’elle rectifie (le dernier joué est proposé) ;"
        " les résultats et le journal nomment ce tour, et le total compte toutes les"
        " corrections, quel que soit leur tour."
    ) in french


def test_results_json_lists_each_correction_under_its_round(app, monkeypatch):
    """play6: the results page and its PDF list each correction under its round with its
    reason; results.json, the file a federation's site reads, kept only each player's sum
    (``ranking[].penalty``): neither the round a correction is filed under nor why."""
    monkeypatch.setattr(public, "FRESH", 0.0)
    client, game = _a_round_played(app)
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert post(client, app, "draw").status_code == 302
    hombre_deal(client, open_table(client, tables(client)[0]), (0, 1, 2))
    players = seated(client, game)["players"]
    # round 2's credit entered first, then round 1's penalty: listed by round, then as entered
    credit = dict(player=players[1], direction="add", points="3", reason="short-changed")
    assert post(client, app, "penalty", round="2", **credit).status_code == 302
    fine = dict(player=players[2], direction="off", points="1", reason="late")
    assert post(client, app, "penalty", round="1", **fine).status_code == 302
    token = ranking(app)[1].event.read_token
    data = client.get(f"/events/{token}/results.json").json
    # the sign of ranking[].penalty (positive: taken off; a credit of 3 is −3)
    assert data["corrections"] == [
        {"round": 1, "player": players[2], "penalty": 1, "reason": "late"},
        {"round": 2, "player": players[1], "penalty": -3, "reason": "short-changed"},
    ]
    by_player = {line["player"]: line["penalty"] for line in data["ranking"]}
    assert (by_player[players[1]], by_player[players[2]]) == (-3, 1)


def test_a_correction_refused_for_two_fields_says_two_sentences_in_french(app):
    """Points that are no number and no reason: the refusal above the form joined WTForms'
    two sentences with "; " — "Ce n’est pas un nombre entier.; Ce champ est requis.", a
    full stop before a semicolon, and in French no narrow space before it. Two sentences,
    each beside its field (smoke24: above the form, they marked no field)."""
    client, _game = _a_round_played(app)
    form = correction_form(client)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    sent = {**form.sent, "player": "Anne", "points": "x", "reason": ""}
    answer = client.post("/events/1/penalty", data=sent)
    assert answer.status_code == 422
    assert 'id="refused-penalty"' not in answer.text
    points = re.search(r'id="points-error"[^>]*>([^<]*)<', answer.text)
    reason = re.search(r'id="reason-error"[^>]*>([^<]*)<', answer.text)
    assert points is not None and points.group(1) == "Ce n\u2019est pas un nombre entier."
    assert reason is not None and reason.group(1) == "Ce champ est requis."


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "This event has no round 12345"), ("fr", "Ce tournoi n’a pas de tour 12345")],
)
def test_a_rounds_number_in_a_refusal_is_never_grouped(app, language, words):
    """A refusal's round is its number, as the pages say "Round 12345": grouping every
    whole number of a refusal said "no round 12,345" (French "tour 12 345")."""
    client, _game = _a_round_played(app)
    client.get(f"/lang/{language}")
    form = correction_form(client)
    sent = {**form.sent, "player": "Anne", "points": "2", "reason": "r", "round": "12345"}
    answer = client.post("/events/1/penalty", data=sent)
    assert answer.status_code == 422
    beside = re.search(r'id="round-error">([^<]*)<', answer.text)
    assert beside is not None and beside.group(1) == words, beside
