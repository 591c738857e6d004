"""The plain cash box's fee form lets the treasurer say which evening of its date the fee is
for, and the row stores what was chosen (cash22); a fee naming no evening on a day of two
evenings is listed apart on each evening's view and counted in neither's "still owe".

Found by a treasurer's smoke test (cash22): a fee charged from the plain cash box named no
evening and, on a day of two evenings, was listed under both and counted in both evenings'
"still owe" lines: a treasurer reading the two evenings summed it twice (owed21 had only
said so on the form). Each form is read from the page and sent as drawn, with the amount,
the members and the evening chosen changed as a treasurer would.

Two evenings today (the plain form's date is the server's day, ``clock.today``): Tuesday
(Anne, Bruno, Chloé) and Thursday (Dora, Émile, Fanny), each playing the seed at 0.05 € a
chip (its first player −72 chips = −3.60). Both stay open: an open evening is settled by
money only, so what is left of each fee is the whole of it.
"""

from __future__ import annotations

import html
import re
import sqlite3
from html.parser import HTMLParser

from test_close_keeps_paid import balances, statement_end
from test_clubs import new_club, seed_table
from test_one_purse_web import ids
from test_two_evenings_one_day import version

from scorekeeper.clock import today

FEE_ROW = re.compile(
    r'<tr id="fee-\d+"><th scope="row">(?:<a [^>]+>)?([^<]+)(?:</a>)?</th><td>[^<]+</td>'
    r'<td class="num">[^<]+</td><td class="num left">([^<]+)</td></tr>'
)


class FormReader(HTMLParser):
    """The fields of the form ``id="fee"`` as a browser would send it, its action, the text
    of its help (``#fee-checked``), and the choices of its evening (value → label)."""

    def __init__(self) -> None:
        super().__init__()
        self.inside, self.helping = False, False
        self.choice: str | None = None
        self.action, self.help = "", ""
        self.fields: list[tuple[str, str]] = []
        self.evenings: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        got = {k: v or "" for k, v in attrs}
        if tag == "form" and got.get("id") == "fee":
            self.inside, self.action = True, got["action"]
        if not self.inside:
            return
        if got.get("id") == "fee-checked":
            self.helping = True
        if tag == "input" and got.get("name") == "evening":
            self.choice = got.get("value", "")
            self.evenings[self.choice] = ""
        if tag == "input" and "name" in got:
            kind = got.get("type", "text")
            if kind not in ("checkbox", "radio") or "checked" in got:
                self.fields.append((got["name"], got.get("value", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        if tag == "small":
            self.helping = False
        if tag == "label":
            self.choice = None

    def handle_data(self, data: str) -> None:
        if self.helping:
            self.help += data
        if self.inside and self.choice is not None and data.strip():
            self.evenings[self.choice] += data.strip()


def fee_form(client, url: str) -> FormReader:
    reader = FormReader()
    reader.feed(client.get(url).text)
    reader.help = " ".join(reader.help.replace("\xa0", " ").split())
    return reader


def sent(client, form: FormReader, amount: str, **changed: list[str]) -> int:
    """The form as drawn, its amount typed and the fields ``changed`` chosen otherwise."""
    data: dict[str, list[str]] = {}
    for name, value in form.fields:
        if name not in changed:
            data.setdefault(name, []).append(amount if name == "amount" else value)
    return client.post(form.action, data=data | changed).status_code


def stored(app, amount: int) -> dict[str, int | None]:
    """Each evening fee of ``amount`` cents: its member → the evening its row names."""
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute(
            "select m.name, l.evening_id from ledger l join members m on m.id = l.member_id"
            " where l.kind = 'fee_evening' and l.amount = ?",
            [-amount],
        ).fetchall()
    return dict(found)


def evening(client, app, club: int, title: str) -> int:
    data = {"date": today(), "title": title, "version": version(app, club)}
    answer = client.post(f"/clubs/{club}/evenings", data=data)
    assert answer.status_code == 302
    return int(answer.headers["Location"].rsplit("/", 1)[1])


def fees_listed(page: str) -> tuple[list[tuple[str, str]], str, list[tuple[str, str]]]:
    """An evening's fees as a page lists them: its own (member, still owed), the line that
    sums them, and those of its day naming no evening, listed apart."""
    own, _, apart = page.partition('id="fees-of-the-day"')
    said = re.search(r'<p id="fees-left">([^<]+)</p>', own)
    clean = [(n, left.replace("€", "").strip()) for n, left in FEE_ROW.findall(own)]
    rest = [(n, left.replace("€", "").strip()) for n, left in FEE_ROW.findall(apart)]
    return clean, "" if said is None else said[1], rest


def test_the_plain_fee_form_stores_the_evening_chosen_and_a_fee_of_none_is_counted_once(
    client, app
):
    club = new_club(client)
    tuesday = evening(client, app, club, "Tuesday")
    seed_table(client, tuesday, "Anne", "Bruno", "Chloé")
    thursday = evening(client, app, club, "Thursday")
    seed_table(client, thursday, "Dora", "Émile", "Fanny")
    member = ids(app)

    plain = fee_form(client, f"/clubs/{club}/cash")
    assert "Thursday." in plain.help  # the last evening's players checked, as before
    # the evenings of its date to choose from, none chosen by default
    assert [label.rsplit(" — ", 1)[-1] for label in plain.evenings.values()] == [
        "None: a fee of the day",
        "Tuesday",
        "Thursday",
    ]
    assert list(plain.evenings) == ["", str(tuesday), str(thursday)]
    assert ("evening", "") in plain.fields
    # each choice sent, each read back from its row: none (1.50 to Dora), Tuesday (2.00 to
    # Anne), Thursday (3.00 to Dora)
    assert sent(client, plain, "1,50", member=[str(member["Dora"])]) == 302
    assert stored(app, 150) == {"Dora": None}
    again = fee_form(client, f"/clubs/{club}/cash")
    chose = {"member": [str(member["Anne"])], "evening": [str(tuesday)]}
    assert sent(client, again, "2,00", **chose) == 302
    assert stored(app, 200) == {"Anne": tuesday}
    chose = {"member": [str(member["Dora"])], "evening": [str(thursday)]}
    assert sent(client, fee_form(client, f"/clubs/{club}/cash"), "3,00", **chose) == 302
    assert stored(app, 300) == {"Dora": thursday}

    # each evening counts its own fee; Dora's 1.50 naming none is listed apart on both and
    # counted in neither: Tuesday 2.00 + Thursday 3.00 = 5.00, where it was 3.50 + 4.50 = 8.00
    for shown, own, said in (
        (tuesday, [("Anne", "2.00")], "1 member still owes €2.00 of these fees."),
        (thursday, [("Dora", "3.00")], "1 member still owes €3.00 of these fees."),
    ):
        cash = client.get(f"/clubs/{club}/cash?evening={shown}").text
        room = client.get(f"/evenings/{shown}/settlement").text
        assert fees_listed(cash) == (own, said, [("Dora", "1.50")]), shown
        assert fees_listed(room) == fees_listed(cash), shown
        assert "2 evenings are held this day" in cash and "2 evenings are held this day" in room
    # once on the member's account: Dora −3.60 (Thursday, provisional) − 1.50 − 3.00 = −8.10,
    # Anne −3.60 − 2.00 = −5.60; the box asks the fees, the rooms the open evenings' results
    assert statement_end(client, club, member["Dora"]) == "−8.10"
    assert statement_end(client, club, member["Anne"]) == "−5.60"
    box = balances(client.get(f"/clubs/{club}/cash").text)
    assert (box["Dora"], box["Anne"]) == ("−4.50", "−2.00")  # 1.50 + 3.00; 2.00


def test_the_plain_fee_form_refuses_an_evening_it_cannot_store(client, app):
    """An evening of another date than the fee's, season dues for an evening, an evening of
    another club, nonsense: the field refused (422), nothing stored, so what is stored is
    what was chosen."""
    other = new_club(client)
    elsewhere = evening(client, app, other, "Elsewhere")
    club = new_club(client)
    tuesday = evening(client, app, club, "Tuesday")
    seed_table(client, tuesday, "Anne", "Bruno", "Chloé")
    form = fee_form(client, f"/clubs/{club}/cash")
    for chose in (
        {"evening": [str(tuesday)], "on": ["2026-01-02"]},
        {"evening": [str(tuesday)], "kind": ["fee_season"]},
        {"evening": [str(elsewhere)]},
        {"evening": ["999"]},
        {"evening": ["abc"]},
        {"evening": ["9" * 20]},
    ):
        assert sent(client, form, "1,00", **chose) == 422, chose
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from ledger").fetchone() == (0,)
    refused = client.post(
        form.action,
        data=dict(form.fields) | {"amount": "1,00", "evening": "999", "member": ids(app)["Anne"]},
    ).text
    assert 'href="#f-evening"' in refused  # the summary links to the field refused
    drawn = FormReader()
    drawn.feed(refused)  # an evening not listed: "None" checked, as the form now sends it
    assert ("evening", "") in drawn.fields and list(drawn.evenings) == ["", str(tuesday)]

    # Tuesday chosen, then the date typed changed to a day of no evening (the choices are
    # the date's when the page was drawn): refused, and the field drawn all the same with its
    # message and "None" checked (review22: the summary linked to a field not on the page);
    # sent again as drawn, the fee names none, as the form shows
    data = dict(form.fields) | {"amount": "1,25", "evening": str(tuesday), "on": "2026-01-02"}
    refused = client.post(form.action, data=data | {"member": ids(app)["Anne"]}).text
    assert 'href="#f-evening"' in refused and 'id="f-evening"' in refused
    assert "Choose an evening held on the fee's date, or none." in html.unescape(refused)
    drawn = FormReader()
    drawn.feed(refused)
    assert list(drawn.evenings) == [""] and ("evening", "") in drawn.fields
    assert sent(client, drawn, "1,25") == 302
    assert stored(app, 125) == {"Anne": None}
    # in French, as a treasurer reads it
    french = client.get(f"/clubs/{club}/cash", headers={"Accept-Language": "fr"}).text
    assert "Aucune\u202f: des frais du jour" in french


def test_an_evenings_own_view_names_its_evening_and_draws_no_choice(client, app):
    club = new_club(client)
    tuesday = evening(client, app, club, "Tuesday")
    seed_table(client, tuesday, "Anne", "Bruno", "Chloé")
    thursday = evening(client, app, club, "Thursday")
    seed_table(client, thursday, "Dora", "Émile", "Fanny")
    own = fee_form(client, f"/clubs/{club}/cash?evening={tuesday}")
    assert not own.evenings
    # a choice posted to it anyway: the view's evening is the fee's
    answer = sent(client, own, "2,50", evening=[str(thursday)])
    assert answer == 302, own.fields
    assert stored(app, 250) == dict.fromkeys(["Anne", "Bruno", "Chloé"], tuesday)
