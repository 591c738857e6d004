"""The plain cash box's fee form lets the treasurer say which evening of its date the fee is
for, and the row stores what was chosen (cash22); a fee naming no evening on a day of two
evenings is listed apart on each evening's view and counted in neither's "still owe".

Found by a treasurer's smoke test (cash22): a fee charged from the plain cash box named no
evening and, on a day of two evenings, was listed under both and counted in both evenings'
"still owe" lines: a treasurer reading the two evenings summed it twice (owed21 had only
said so on the form). Each form is read from the page and sent as drawn, with the amount,
the members and the evening chosen changed as a treasurer would.

A treasurer's smoke test of that (fix22a): the form ticked the last evening's players and
chose no evening, so a fee sent as drawn named none; a forged choice drew the form again with
no option checked; an evening's own view stored a fee of another date naming no evening, with
no word. The form's default is now the evening ticked when held on its date, a refused choice
is drawn again checked, and the evening's view refuses another date beside the field.

Two evenings today (the plain form's date is the server's day, ``clock.today``): Tuesday
(Anne, Bruno, Chloé) and Thursday (Dora, Émile, Fanny), each playing the seed at 0.05 € a
chip (its first player −72 chips = −3.60). Both stay open: an open evening is settled by
money only, so what is left of each fee is the whole of it.
"""

from __future__ import annotations

import html
import re
import sqlite3
from datetime import date
from html import unescape
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


def fee_form(client, url: str, page: str | None = None, lang: str = "en") -> FormReader:
    """The fee form of the page at ``url`` (or of ``page``, one already answered)."""
    reader = FormReader()
    headers = {"Accept-Language": lang}
    reader.feed(page if page is not None else client.get(url, headers=headers).text)
    reader.help = " ".join(reader.help.replace("\xa0", " ").split())
    return reader


ERROR = re.compile(r'<p class="error" role="alert" id="fee-(\w+)-error">([^<]+)</p>')


def refusals(page: str) -> dict[str, str]:
    """The fee form's refusals, each beside its field: the field's name → the words."""
    return {name: unescape(text) for name, text in ERROR.findall(page)}


def checked(form: FormReader) -> list[str]:
    """The evenings the form's "For the evening" checks (one, or none: "" is *None*)."""
    return [value for name, value in form.fields if name == "evening"]


def sent(client, form: FormReader, amount: str, **changed: list[str]) -> int:
    """The form as drawn, its amount typed and the fields ``changed`` chosen otherwise."""
    return answered(client, form, amount, **changed).status_code


def answered(client, form: FormReader, amount: str, lang: str = "en", **changed: list[str]):
    """``sent``, the whole answer (a refusal's page)."""
    data: dict[str, list[str]] = {}
    for name, value in form.fields:
        if name not in changed:
            data.setdefault(name, []).append(amount if name == "amount" else value)
    return client.post(form.action, data=data | changed, headers={"Accept-Language": lang})


def stored(app, amount: int, kind: str = "fee_evening") -> dict[str, int | None]:
    """Each fee of ``kind`` of ``amount`` cents: its member → the evening its row names."""
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        found = conn.execute(
            "select m.name, l.evening_id from ledger l join members m on m.id = l.member_id"
            " where l.kind = ? and l.amount = ?",
            [kind, -amount],
        ).fetchall()
    return dict(found)


def rows(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return int(conn.execute("select count(*) from ledger").fetchone()[0])


def evening(client, app, club: int, title: str, on: str = "") -> int:
    data = {"date": on or today(), "title": title, "version": version(app, club)}
    answer = client.post(f"/clubs/{club}/evenings", data=data)
    assert answer.status_code == 302
    return int(answer.headers["Location"].rsplit("/", 1)[1])


def two_evenings_played(client, app) -> tuple[int, int, int]:
    """A new club's two evenings today, each with a table playing the seed: Tuesday (Anne,
    Bruno, Chloé) and Thursday (Dora, Émile, Fanny); the club, Tuesday, Thursday."""
    club = new_club(client)
    tuesday = evening(client, app, club, "Tuesday")
    seed_table(client, tuesday, "Anne", "Bruno", "Chloé")
    thursday = evening(client, app, club, "Thursday")
    seed_table(client, thursday, "Dora", "Émile", "Fanny")
    return club, tuesday, thursday


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
    club, tuesday, thursday = two_evenings_played(client, app)
    member = ids(app)

    plain = fee_form(client, f"/clubs/{club}/cash")
    assert "Thursday." in plain.help  # the last evening's players checked, as before
    # the evenings of its date to choose from; Thursday, whose players are checked, by
    # default (fix22a): test_the_default_is_the_evening_whose_players_are_checked
    assert [label.rsplit(" — ", 1)[-1] for label in plain.evenings.values()] == [
        "None: a fee of the day",
        "Tuesday",
        "Thursday",
    ]
    assert list(plain.evenings) == ["", str(tuesday), str(thursday)]
    assert checked(plain) == [str(thursday)]
    # each choice sent, each read back from its row: none (1.50 to Dora), Tuesday (2.00 to
    # Anne), Thursday (3.00 to Dora)
    assert sent(client, plain, "1,50", member=[str(member["Dora"])], evening=[""]) == 302
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
    # an evening not listed: redrawn with the form's default checked, as the form now sends
    # it — Tuesday, whose players it ticks, held on the fee's date (fix22a)
    drawn.feed(refused)
    assert ("evening", str(tuesday)) in drawn.fields and list(drawn.evenings) == ["", str(tuesday)]
    assert [name for name, _ in drawn.fields].count("evening") == 1  # one option checked

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
    club, tuesday, thursday = two_evenings_played(client, app)
    own = fee_form(client, f"/clubs/{club}/cash?evening={tuesday}")
    assert not own.evenings
    # a choice posted to it anyway: the view's evening is the fee's
    answer = sent(client, own, "2,50", evening=[str(thursday)])
    assert answer == 302, own.fields
    assert stored(app, 250) == dict.fromkeys(["Anne", "Bruno", "Chloé"], tuesday)


def test_the_default_is_the_evening_whose_players_are_checked(client, app):
    """The plain form checks the players of the club's last evening; when that evening is
    held on the form's date, "For the evening" chooses it by default, and the form sent as
    drawn charges those players a fee naming it (fix22a: it chose none, and on a day of two
    evenings their fees were counted by no evening). In English and in French."""
    club, _tuesday, thursday = two_evenings_played(client, app)
    dues = {
        "en": "Season dues are the season's: they name no evening.",
        "fr": "La cotisation vaut pour toute la saison\u202f: elle ne nomme aucune soirée.",
    }
    for lang, amount, cents in (("en", "2,00", 200), ("fr", "2,50", 250)):
        page = client.get(f"/clubs/{club}/cash", headers={"Accept-Language": lang}).text
        # the form says at the fee that dues name none (an evening chosen for them is refused)
        assert f'id="fee-kind-help">{dues[lang]}</small>' in unescape(page), lang
        plain = fee_form(client, "", page)
        assert checked(plain) == [str(thursday)], lang
        assert plain.evenings[str(thursday)].endswith("— Thursday"), lang
        assert answered(client, plain, amount, lang).status_code == 302, lang
        assert stored(app, cents) == dict.fromkeys(["Dora", "Émile", "Fanny"], thursday), lang
    french = fee_form(client, f"/clubs/{club}/cash", lang="fr")
    assert french.evenings[""] == "Aucune\u202f: des frais du jour"  # drawn, not chosen


def test_the_default_is_none_when_the_evening_checked_is_of_another_day(client, app):
    """The last evening (whose players are checked) is held on another day than the form's
    date: "For the evening" checks *None*, and the form sent as drawn stores none, though
    the form's date has an evening of its own (today's)."""
    club = new_club(client)
    today_s = evening(client, app, club, "Today")
    seed_table(client, today_s, "Anne", "Bruno", "Chloé")
    later = evening(client, app, club, "Later", on="2099-12-31")  # the club's last: newest
    seed_table(client, later, "Dora", "Émile", "Fanny")
    for lang, amount, cents in (("en", "1,00", 100), ("fr", "1,20", 120)):
        plain = fee_form(client, f"/clubs/{club}/cash", lang=lang)
        assert list(plain.evenings) == ["", str(today_s)], lang
        assert checked(plain) == [""], lang
        assert answered(client, plain, amount, lang).status_code == 302, lang
        assert stored(app, cents) == dict.fromkeys(["Dora", "Émile", "Fanny"]), lang


def test_a_refused_evening_is_drawn_again_checked(client, app):
    """A choice refused beside the field (forged, of another date than the one typed, for
    season dues): the form drawn again checks one option — the default for what was typed —
    and keeps the refusal beside the field; sent again as drawn, it stores what it shows
    (fix22a: a forged value drew no option checked, not even *None*)."""
    club, tuesday, thursday = two_evenings_played(client, app)
    words = {
        "en": (
            "Choose an evening held on the fee's date, or none.",
            "Season dues are the season's: they name no evening.",
        ),
        "fr": (
            "Choisissez une soirée tenue à la date des frais, ou aucune.",
            "La cotisation vaut pour toute la saison\u202f: elle ne nomme aucune soirée.",
        ),
    }
    for lang, (other, season) in words.items():
        before = rows(app)
        plain = fee_form(client, f"/clubs/{club}/cash", lang=lang)
        # forged: drawn again with Thursday's default (held today, its players checked)
        page = answered(client, plain, "3,00", lang, evening=["999"])
        assert page.status_code == 422, lang
        again = fee_form(client, "", page.text)
        assert checked(again) == [str(thursday)], lang
        assert refusals(page.text) == {"evening": other}, lang
        assert 'href="#f-evening"' in page.text
        # Tuesday chosen, the date retyped to another day: that day has no evening, the
        # field is drawn with its refusal and *None* checked; sent again, none is stored
        page = answered(client, plain, "3,00", lang, evening=[str(tuesday)], on=["2026-01-02"])
        assert page.status_code == 422, lang
        again = fee_form(client, "", page.text)
        assert (checked(again), list(again.evenings)) == ([""], [""]), lang
        assert refusals(page.text) == {"evening": other}, lang
        assert rows(app) == before, lang  # nothing written by a refusal
        cents = {"en": 300, "fr": 310}[lang]
        amount = f"{cents // 100},{cents % 100:02d}"
        assert sent(client, again, amount) == 302, lang
        assert stored(app, cents) == dict.fromkeys(["Dora", "Émile", "Fanny"]), lang
        # season dues with Thursday: drawn again with none, the dues' default; sent as drawn
        plain = fee_form(client, f"/clubs/{club}/cash", lang=lang)
        page = answered(client, plain, "20,00", lang, kind=["fee_season"])
        assert page.status_code == 422, lang
        again = fee_form(client, "", page.text)
        assert checked(again) == [""], lang
        assert refusals(page.text) == {"evening": season}, lang
        assert sent(client, again, "20,00") == 302, lang
    # the dues of both rounds, naming none: 3 members × 2 languages, one row each
    assert stored(app, 2000, "fee_season") == dict.fromkeys(["Dora", "Émile", "Fanny"])
    assert rows(app) == 3 * 4  # 3.00, 3.10 and the dues twice: 12 rows


def test_an_evenings_view_refuses_a_fee_of_another_day(client, app):
    """An evening's own view charges its evening's fees on its day: one dated another day is
    refused beside the date field, in the treasurer's words, nothing written (fix22a: it was
    stored naming no evening, with no word, where the plain page refuses). Season dues are
    the season's: typed there on another day they are stored naming none, and the form
    says so where it is drawn."""
    club = new_club(client)
    tuesday = evening(client, app, club, "Tuesday")
    seed_table(client, tuesday, "Anne", "Bruno", "Chloé")
    held = date.fromisoformat(today())
    months = "janvier février mars avril mai juin juillet août septembre octobre novembre"
    months += " décembre"
    french_day = "1er" if held.day == 1 else str(held.day)
    said = {  # the evening's day in each language's long form, hand-written
        "en": (
            f"An evening's fee is dated its day ({held:%B} {held.day}, {held.year}); for "
            "another day, charge it from the cash box.",
            "Season dues are the season's: they name no evening.",
        ),
        "fr": (
            f"Les frais d’une soirée sont datés de son jour ({french_day} "
            f"{months.split()[held.month - 1]} {held.year})\u202f; pour un autre jour, "
            "débitez-les depuis la caisse.",
            "La cotisation vaut pour toute la saison\u202f: elle ne nomme aucune soirée.",
        ),
    }
    url = f"/clubs/{club}/cash?evening={tuesday}"
    for lang, (refused, season) in said.items():
        before = rows(app)
        page = client.get(url, headers={"Accept-Language": lang}).text
        assert f'<small class="help" id="fee-kind-help">{season}</small>' in unescape(page), lang
        own = fee_form(client, "", page)
        answer = answered(client, own, "2,50", lang, on=["2026-01-02"])
        assert answer.status_code == 422, lang
        assert refusals(answer.text) == {"on": refused}, lang
        assert rows(app) == before, lang  # nothing written
        # season dues of another day: the season's, naming none, as documented
        cents = {"en": 1500, "fr": 1600}[lang]
        amount = f"{cents // 100},00"
        sent_dues = answered(client, own, amount, lang, on=["2026-01-02"], kind=["fee_season"])
        assert sent_dues.status_code == 302, lang
        assert stored(app, cents, "fee_season") == dict.fromkeys(["Anne", "Bruno", "Chloé"])
        with sqlite3.connect(app.config["DATABASE"]) as conn:
            assert conn.execute(
                "select distinct on_date from ledger where amount = ?", [-cents]
            ).fetchall() == [("2026-01-02",)]
        conn.close()
    # on its day the view's fee names it (as before)
    assert sent(client, fee_form(client, url), "2,50") == 302
    assert stored(app, 250) == dict.fromkeys(["Anne", "Bruno", "Chloé"], tuesday)


def test_a_date_refused_keeps_the_evening_chosen(client, app):
    """A date mistyped on the plain page (no day: no evening to list) drew the form without
    its "For the evening" field, and sent again with the date put right the fee named none
    though Thursday was checked when it was sent (review23). The evening sent is kept: the
    date put right, the fee names it."""
    club, _tuesday, thursday = two_evenings_played(client, app)
    plain = fee_form(client, f"/clubs/{club}/cash")
    assert ("evening", str(thursday)) in plain.fields  # the default: its players ticked
    refused = answered(client, plain, "1,75", on=["2026-13-45"])
    assert refused.status_code == 422
    drawn = FormReader()
    drawn.feed(refused.text)
    assert ("evening", str(thursday)) in drawn.fields  # kept as it was sent
    assert sent(client, drawn, "1,75", on=[today()]) == 302
    assert stored(app, 175) == dict.fromkeys(["Dora", "Émile", "Fanny"], thursday)
