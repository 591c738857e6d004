"""The cash box's fee form says the evening its fee is stored for, and the fee stores it.

Found by a treasurer's play-through (owed21): the plain cash box (no ``?evening=``) said in
its fee form "Cochés : ceux qui ont joué à une table le soir du 30 novembre 2026 — Jeudi",
and the fee charged from there stored no evening (docs/cashbox.md, "A fee names its
evening"): with Mardi on the same day, Jeudi's fee was listed as Mardi's too. The plain
page now says its fee names no evening and links to that evening's own cash box page,
whose form stores the evening it names. Both forms are read from the page and sent as
drawn (only the amount typed), as a phone would.

Two evenings on 30 November 2026: Tuesday (Anne, Bruno, Chloé) and Thursday (Dora, Émile,
Fanny), each playing the seed; Thursday is the club's last, whose players the plain page
checks.
"""

from __future__ import annotations

import sqlite3
from html.parser import HTMLParser

from test_clubs import club_version, new_club, seed_table
from test_one_purse_web import ids

DAY = "2026-11-30"


class FormReader(HTMLParser):
    """The fields of the form ``id="fee"`` as a browser would send it, its action, the text
    of its help (``#fee-checked``) and the link in it."""

    def __init__(self) -> None:
        super().__init__()
        self.inside, self.helping = False, False
        self.action, self.link, self.help = "", "", ""
        self.fields: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        got = {k: v or "" for k, v in attrs}
        if tag == "form" and got.get("id") == "fee":
            self.inside, self.action = True, got["action"]
        if not self.inside:
            return
        if got.get("id") == "fee-checked":
            self.helping = True
        if tag == "a" and self.helping:
            self.link = got["href"]
        if tag == "input" and "name" in got:
            kind = got.get("type", "text")
            if kind not in ("checkbox", "radio") or "checked" in got:
                self.fields.append((got["name"], got.get("value", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        if tag == "small":
            self.helping = False

    def handle_data(self, data: str) -> None:
        if self.helping:
            self.help += data


def fee_form(client, url: str) -> FormReader:
    reader = FormReader()
    reader.feed(client.get(url).text)
    reader.help = " ".join(reader.help.replace("\xa0", " ").split())
    return reader


def sent(client, form: FormReader, amount: str) -> None:
    data: dict[str, list[str]] = {}
    for name, value in form.fields:
        data.setdefault(name, []).append(amount if name == "amount" else value)
    assert client.post(form.action, data=data).status_code == 302


def stored(app, amount: int) -> dict[str, int | None]:
    """Each fee of ``amount`` cents: its member → the evening its row names."""
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute(
            "select m.name, l.evening_id from ledger l join members m on m.id = l.member_id"
            " where l.kind = 'fee_evening' and l.amount = ?",
            [-amount],
        ).fetchall()
    return dict(found)


def evening(client, app, club: int, title: str) -> int:
    data = {"date": DAY, "title": title, "version": club_version(app)}
    answer = client.post(f"/clubs/{club}/evenings", data=data)
    assert answer.status_code == 302
    return int(answer.headers["Location"].rsplit("/", 1)[1])


def test_the_plain_cash_box_says_its_fee_names_no_evening_and_the_evenings_page_stores_it(
    client, app
):
    club = new_club(client)
    tuesday = evening(client, app, club, "Tuesday")
    seed_table(client, tuesday, "Anne", "Bruno", "Chloé")
    thursday = evening(client, app, club, "Thursday")
    seed_table(client, thursday, "Dora", "Émile", "Fanny")
    checked = {"Dora", "Émile", "Fanny"}
    member = ids(app)

    plain = fee_form(client, f"/clubs/{club}/cash")
    assert "the evening of November 30, 2026 — Thursday." in plain.help
    assert "A fee charged here names no evening" in plain.help  # and it names none:
    assert {member[n] for n in checked} == {int(v) for k, v in plain.fields if k == "member"}
    sent(client, plain, "1,50")
    assert stored(app, 150) == dict.fromkeys(checked)  # no evening, as the form said

    assert plain.link == f"/clubs/{club}/cash?evening={thursday}#fee"
    own = fee_form(client, plain.link)
    said = "Checked: who played at a table on the evening of November 30, 2026 — Thursday."
    assert own.help == said  # and no word of naming none
    assert ("on", DAY) in own.fields  # dated the evening's day: the fee is stored as its
    sent(client, own, "3,00")
    assert stored(app, 300) == dict.fromkeys(checked, thursday)  # the evening the form named

    # in French, as the play-through read it
    french = client.get(f"/clubs/{club}/cash", headers={"Accept-Language": "fr"}).text
    assert "Des frais débités ici ne nomment aucune soirée" in french
