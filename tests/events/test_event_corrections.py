"""A director corrects a closed round (a play-through): a round-1 table's mistake found once
round 2 is drawn. The table refuses the change (423) and the round cannot be reopened; the
refusal says what the director can do, and their correction takes points off (a penalty) or
adds them (a credit), shown signed, −1 / +3, alike on every page and file of the ranking."""

from __future__ import annotations

import re

from test_events import hombre_deal, new_event, open_table, post, ranking, seated, tables
from test_settlement import pdf_text

from scorekeeper.web.events import public


def _row(page: str, player: str) -> list[str]:
    """A player's cells in the ranking table of a page (tags dropped)."""
    row = next(r for r in re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S) if f">{player}" in r)
    return [
        re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)
    ]


def _a_round_played(app):
    """Anne, Bert and Carl's rank-points event, round 1 drawn and its one deal played (the
    hombre beats both defenders), read in English: the director's client and the table."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    new_event(client, kind="hombre", seating="3", method="rank_points")
    assert post(client, app, "players", names="Anne\nBert\nCarl").status_code == 302
    assert post(client, app, "draw").status_code == 302
    game = open_table(client, tables(client)[0])
    hombre_deal(client, game, (0, 1, 2))
    return client, game


def test_a_credit_sets_right_a_closed_round_and_every_seam_shows_it(app, tmp_path, monkeypatch):
    monkeypatch.setattr(public, "FRESH", 0.0)  # the read pages see the latest standing
    client, game = _a_round_played(app)
    hombre, short, other = seated(client, game)["players"]
    assert post(client, app, "close", confirmed="1").status_code == 302
    assert post(client, app, "draw").status_code == 302
    # Round 1's table takes no change now, and round 1 cannot be reopened: the refusal
    # says what is left to the director.
    deal = {"hombre": "0", "contract": "demande", "save": "1", "t0": "2", "t1": "5", "t2": "2"}
    refused = client.post(game + "/coups", data=deal)
    assert refused.status_code == 423
    assert "can reopen the round on the event's page while the next round is not drawn" in (
        refused.text.replace("&#39;", "'")
    )
    assert "correction (points off or added)" in refused.text
    assert "does not change the wins that break ties" in refused.text
    assert post(client, app, "reopen").status_code == 422
    # Round 1 in rank points: the hombre beat both (2), the two defenders tie (½ each).
    # Round 2 has no deal yet: no figure. A credit of 3 to a defender: ½ + 3 = 3½, ahead of
    # the hombre's 2; a penalty (an old-style row, points off) of 1 to the other: ½ − 1 = −½.
    credit = post(client, app, "penalty", player=short, direction="add", points="3", reason="r")
    assert credit.status_code == 302
    fine = post(client, app, "penalty", player=other, points="1", reason="slow")  # no direction
    assert fine.status_code == 302
    lines, standing = ranking(app)
    assert lines == [(1, short, 3.5), (2, hombre, 2), (3, other, -0.5)]
    # stored as ever: positive points are taken off, a credit is negative
    assert [(p.player, p.points) for p in standing.penalties] == [(short, -3), (other, 1)]
    token = standing.event.read_token
    # the results page, the public page and the wall: the same line, signed
    for path in (f"/events/{token}/results", f"/events/{token}", f"/events/{token}/wall"):
        page = client.get(path).text
        assert "<th>Correction</th>" in page, path
        assert _row(page, short)[0] == "1" and _row(page, short)[-2:] == ["+3", "3.5"], path
        assert _row(page, other)[-2:] == ["−1", "−0.5"], path
        assert _row(page, hombre)[-2:] == ["", "2"], path
    assert f"{short} +3 (r)" in client.get(f"/events/{token}/results").text
    # the comma file keeps its key's meaning, the points taken off: −3 for the credit
    tools = client.get(f"/events/{token}/results.csv").text.splitlines()
    assert tools[0] == "place,player,round 1,round 2,penalty,figure"
    assert tools[1:] == [f"1,{short},0.5,,-3,3.5", f"2,{hombre},2,,0,2", f"3,{other},0.5,,1,-0.5"]
    # the spreadsheet's file shows it as the page does, its row adding up: 0.5 + 3 = 3.5
    people = client.get(f"/events/{token}/results.csv?sep=semicolon").text.lstrip("\ufeff")
    assert people.splitlines()[1] == f"1;{short};0.5;;3;3.5"
    # the PDF's ranking, as text: the same signed figures
    printed = pdf_text(client.get(f"/events/{token}/results.pdf").data, tmp_path)
    assert re.search(rf"1\s+{short}\s+0\.5\s+–\s+\+3\s+3\.5", printed), printed
    assert re.search(rf"3\s+{other}\s+0\.5\s+–\s+−1\s+−0\.5", printed), printed
    # the event's log says both, signed
    director = client.get("/events/1").text
    # both filed under round 1, the latest round played (round 2 has no deal yet)
    assert f"correction · round 1: {short} +3 (r)" in director
    assert f"correction · round 1: {other} −1 (slow)" in director


def test_a_correction_out_of_bounds_or_junk_is_refused_where_typed(app):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    new_event(client, kind="hombre", seating="3", method="total")
    assert post(client, app, "players", names="Anne\nBert\nCarl").status_code == 302
    for direction, points in (("add", "0"), ("add", "1000001"), ("add", "x"), ("up", "2")):
        answer = post(
            client, app, "penalty", player="Anne", direction=direction, points=points, reason="r"
        )
        assert answer.status_code == 422, (direction, points)
        # beside the field refused: the points, or the direction ("up" is none of its two)
        assert re.search(r'id="(points|direction)-error"', answer.text), (direction, points)
    assert (
        post(
            client, app, "penalty", player="Anne", direction="add", points="1000000", reason="r"
        ).status_code
        == 302
    )  # the bound itself (MAX_PENALTY), added
    _lines, standing = ranking(app)
    assert [(p.player, p.points) for p in standing.penalties] == [("Anne", -1_000_000)]


def test_no_correction_no_empty_correction_column_on_the_page_or_in_the_pdf(app, tmp_path):
    """Nobody corrected: the PDF's ranking drops the Correction column, as the page does
    (an empty column in the play-through's PDF)."""
    client, game = _a_round_played(app)
    hombre = seated(client, game)["players"][0]
    assert post(client, app, "close", confirmed="1").status_code == 302
    token = ranking(app)[1].event.read_token
    assert "Correction" not in client.get(f"/events/{token}/results").text
    printed = pdf_text(client.get(f"/events/{token}/results.pdf").data, tmp_path)
    header = next(line for line in printed.splitlines() if "Player" in line)
    assert "Correction" not in printed, printed
    assert header.split() == ["#", "Player", "R1", "Total"], header
    # the hombre beat both defenders: 2 rank points, nothing else on their line
    assert re.search(rf"1\s+{hombre}\s+2\s+2\s*$", printed, re.M), printed


def test_a_refused_correction_says_what_was_wrong_not_that_the_field_is_empty(app):
    """A director who typed 0, −5, 3,5 or a word was told "This field is required." (fr
    "Ce champ est requis.") though the field was filled: DataRequired took the typed 0 for
    nothing and wiped the reading's own message. Now the refusal says the bounds (1 to
    MAX_PENALTY, 1,000,000) or that it is no whole number; only an empty field is
    "required"."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    new_event(client, kind="hombre", seating="3", method="total")
    assert post(client, app, "players", names="Anne\nBert\nCarl").status_code == 302
    bounds = "Number must be between 1 and 1,000,000."
    said = {
        "0": bounds,
        "-5": bounds,  # a minus sign: the direction is the radio's, the points 1 to 10⁶
        "9" * 60: bounds,
        "3,5": "Not a valid integer value.",
        "abc": "Not a valid integer value.",
        "": "This field is required.",
    }
    for points, words in said.items():
        answer = post(
            client, app, "penalty", player="Anne", direction="off", points=points, reason="r"
        )
        assert answer.status_code == 422, points
        refusal = re.search(r'id="points-error">([^<]*)<', answer.text)
        assert refusal is not None and refusal.group(1) == words, (points, refusal)
    _lines, standing = ranking(app)
    assert standing.penalties == ()


def test_the_results_list_of_corrections_reads_in_french_and_names_no_round_0(
    app, tmp_path, monkeypatch
):
    """The results page's (and PDF's) list of corrections wrote "Tour 2: Anne +3 (r)", an
    English colon in French (style.md: a narrow no-break space before it, "Tour 2 : "), and
    a correction entered before the first draw was "Tour 0: …", a round nobody played."""
    monkeypatch.setattr(public, "FRESH", 0.0)
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    new_event(client, kind="hombre", seating="3", method="total")
    assert post(client, app, "players", names="Anne\nBert\nCarl").status_code == 302
    early = post(client, app, "penalty", player="Bert", points="2", reason="retard")
    assert early.status_code == 302  # before any draw: stored with round 0
    assert post(client, app, "draw").status_code == 302
    hombre_deal(client, open_table(client, tables(client)[0]), (0, 1, 2))  # round 1 played
    credit = post(client, app, "penalty", player="Anne", direction="add", points="3", reason="r")
    assert credit.status_code == 302
    _lines, standing = ranking(app)
    assert [(p.player, p.round) for p in standing.penalties] == [("Bert", 0), ("Anne", 1)]
    token = standing.event.read_token
    page = client.get(f"/events/{token}/results").text
    said = re.search(r"<h2>Corrections</h2>\s*<ul>(.*?)</ul>", page, re.S)
    assert said is not None
    items = [re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li>(.*?)</li>", said.group(1))]
    assert items == ["Bert −2 (retard)", "Tour 1\u202f: Anne +3 (r)"], items
    printed = pdf_text(client.get(f"/events/{token}/results.pdf").data, tmp_path)
    # pdftotext gives the narrow no-break space back as a plain one
    assert "Tour 0" not in printed and re.search(r"Tour 1\s: Anne \+3 \(r\)", printed), printed


def test_the_page_and_the_pdf_show_the_correction_column_in_the_same_states(
    app, tmp_path, monkeypatch
):
    """The seam (``corrected``, one home): corrections that cancel out (Anne −3 then +3: 0 on
    balance) leave no column on either; one that stands (Bert −2) puts it on both."""
    monkeypatch.setattr(public, "FRESH", 0.0)  # the read pages see the latest standing
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    new_event(client, kind="hombre", seating="3", method="rank_points")
    assert post(client, app, "players", names="Anne\nBert\nCarl").status_code == 302
    token = ranking(app)[1].event.read_token

    def shown() -> tuple[bool, bool]:
        page = client.get(f"/events/{token}/results").text
        printed = pdf_text(client.get(f"/events/{token}/results.pdf").data, tmp_path)
        header = next(line for line in printed.splitlines() if "Player" in line)
        return "<th>Correction</th>" in page, "Correction" in header.split()

    for direction in ("off", "add"):
        fine = {"player": "Anne", "direction": direction, "points": "3", "reason": "r"}
        assert post(client, app, "penalty", **fine).status_code == 302
    assert shown() == (False, False)
    fine = {"player": "Bert", "direction": "off", "points": "2", "reason": "r"}
    assert post(client, app, "penalty", **fine).status_code == 302
    assert shown() == (True, True)
