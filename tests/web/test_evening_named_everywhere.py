"""Two evenings of one day, "Tuesday" and "Thursday", are named by their one label wherever
a page names an evening (label21; ``formats.dates.evening_label``: its day, then its title,
"November 27, 2026 — Tuesday"). The smoke of words20 found back links, a question and the
new table's page naming the day alone, the room's sheet writing "· Tuesday" where the others
write "— Tuesday", the room PDF's running head naming no evening, two evening fees of one day
reading alike, and the cash box's evening view losing its evening on its links.

Each evening plays the seed (docs/rules/hombre.md §10) at 0.05 € a chip at its tables: its
first player −72 chips = −3.60, its second −9 = −0.45, its third +81 = +4.05. Tuesday's fee
is 2.50, Thursday's 1.50, each charged from its evening's view.
"""

from __future__ import annotations

import csv
import html
import io
import re

from test_clubs import club_version, new_club, seed_table
from test_one_purse_web import ids
from test_settlement import pdf_text
from test_two_evenings_named import plain, titled_evening

DAY = "2026-11-27"  # the day of both evenings (test_two_evenings_named.titled_evening)
TUESDAY = "November 27, 2026 — Tuesday"
THURSDAY = "November 27, 2026 — Thursday"


def fees_from_the_view(client, app, club: int, evening: int, members: list[int], amount: str):
    data = {"kind": "fee_evening", "member": [str(m) for m in members], "amount": amount}
    data |= {"on": DAY, "version": club_version(app)}
    answer = client.post(f"/clubs/{club}/cash/fees?evening={evening}", data=data)
    assert answer.status_code == 302, answer.data.decode()[-800:]


def two_evenings(client, app) -> tuple[int, int, int]:
    club = new_club(client)
    tuesday = titled_evening(client, app, club, "Tuesday")
    thursday = titled_evening(client, app, club, "Thursday")
    return club, tuesday, thursday


def test_back_links_questions_and_a_new_table_name_the_evening(client, app):
    _, tuesday, thursday = two_evenings(client, app)
    for evening, label in ((tuesday, TUESDAY), (thursday, THURSDAY)):
        imported = plain(client.get(f"/games/import?evening={evening}").data.decode())
        assert f"← Evening of {label}" in imported
        room = plain(client.get(f"/evenings/{evening}/settlement").data.decode())
        assert f"← Evening of {label} · PDF" in room
        close = plain(client.get(f"/evenings/{evening}/close").data.decode())
        assert f"← Evening of {label}" in close
        assert f"Close the evening of {label}?" in close
        new = client.get(f"/games/new?evening={evening}").data.decode()
        assert f"A new table of the evening of {label}." in plain(new)
        # the other games of the family open their new table for the same evening
        assert f'href="/games/new/manille?evening={evening}"' in new
        manille = client.get(f"/games/new/manille?evening={evening}").data.decode()
        assert f"A new table of the evening of {label}." in plain(manille)
        assert f'href="/games/new?evening={evening}">← New game' in manille
    # no evening: the pages say none
    assert "A new table of the evening" not in client.get("/games/new").data.decode()
    assert "A new table of the evening" not in client.get("/games/new/manille").data.decode()
    # in French, the label's separator and the question's typography
    french = {"Accept-Language": "fr"}
    close = html.unescape(client.get(f"/evenings/{thursday}/close", headers=french).text)
    assert "<h1>Clore la soirée du 27 novembre 2026 — Thursday\u202f?</h1>" in close


def test_the_room_sheet_and_its_pdf_name_the_evening_on_every_page(client, app, tmp_path):
    club, tuesday, _ = two_evenings(client, app)
    seed_table(client, tuesday, "Anne", "Bruno", "Chloé")
    seed_table(client, tuesday, "Dora", "Émile", "Fanny")
    member = ids(app)
    fees_from_the_view(client, app, club, tuesday, sorted(member.values()), "2,50")
    room = plain(client.get(f"/evenings/{tuesday}/settlement").data.decode())
    assert f"Evening of {TUESDAY} · 2 tables played" in room
    assert " · Tuesday" not in room  # one separator, the label's
    printed = pdf_text(client.get(f"/evenings/{tuesday}/settlement.pdf").data, tmp_path)
    pages = printed.split("\f")
    assert pages[0].lstrip().startswith("Settlement of the room — Le Cercle")
    assert f"Evening of {TUESDAY} · 2 tables played" in " ".join(pages[0].split())
    later = [p for p in pages[1:] if p.strip()]
    assert later, "six members and six fees fill more than one page"
    for number, page in enumerate(later, 2):
        head = " ".join(page.strip().splitlines()[0].split())
        # the running head: the sheet, its evening, (the state), its page of how many
        assert head.startswith(f"Settlement of the room — Le Cercle — Evening of {TUESDAY} — ")
        assert head.endswith(f"— {number} / {len(later) + 1}")


def test_fees_of_two_evenings_of_one_day_name_their_evening(client, app, tmp_path):
    club, tuesday, thursday = two_evenings(client, app)
    seed_table(client, tuesday, "Anne", "Bruno", "Chloé")
    seed_table(client, thursday, "Bruno", "Chloé", "Anne")
    member = ids(app)
    anne = member["Anne"]
    fees_from_the_view(client, app, club, tuesday, [anne], "2,50")
    fees_from_the_view(client, app, club, thursday, [anne], "1,50")
    cash = plain(client.get(f"/clubs/{club}/cash").data.decode())
    assert "Anne Evening fee · Tuesday −€2.50" in cash
    assert "Anne Evening fee · Thursday −€1.50" in cash
    statement = f"/clubs/{club}/members/{anne}/statement"
    page = plain(client.get(statement).data.decode())
    assert "Evening fee · Tuesday" in page and "Evening fee · Thursday" in page
    printed = " ".join(pdf_text(client.get(statement + ".pdf").data, tmp_path).split())
    assert "Evening fee · Tuesday −€2.50" in printed
    assert "Evening fee · Thursday −€1.50" in printed
    text = client.get(statement + ".csv").data.decode("utf-8-sig")
    words = sorted(row[1] for row in csv.reader(io.StringIO(text)) if "fee" in row[1])
    assert words == ["Evening fee · Thursday", "Evening fee · Tuesday"]


def test_the_evening_view_of_the_cash_box_keeps_its_evening(client, app):
    club, _, thursday = two_evenings(client, app)
    seed_table(client, thursday, "Anne", "Bruno", "Chloé")
    member = ids(app)
    fees_from_the_view(client, app, club, thursday, [member["Anne"]], "1,50")
    page = client.get(f"/clubs/{club}/cash?evening={thursday}").data.decode()
    view = html.unescape(page)
    # the way of settling up, either link, stays on the evening
    assert f"/clubs/{club}/cash?mode=treasurer&evening={thursday}#suggestions" in view
    members = html.unescape(
        client.get(f"/clubs/{club}/cash?evening={thursday}&mode=treasurer").data.decode()
    )
    assert f"/clubs/{club}/cash?mode=members&evening={thursday}#suggestions" in members
    # the "as of" form asks the same view as of a day
    asof = re.search(r'<form method="get"[^>]*id="as-of">(.*?)</form>', page, re.S)
    assert asof is not None
    assert f'<input type="hidden" name="evening" value="{thursday}">' in asof[1]
    # "Every account" leaves the view: on purpose
    assert f'href="/clubs/{club}/cash#suggestions">Every account' in view
    # the Reverse link of an entry, its back link and where the reversal returns
    fee = re.search(rf'href="(/clubs/{club}/cash/entries/(\d+)/reverse[^"]*)">Reverse', view)
    assert fee is not None
    assert fee[1].endswith(f"?evening={thursday}")
    confirm = client.get(fee[1]).data.decode()
    assert f'href="/clubs/{club}/cash?evening={thursday}#entries">← Cash box' in confirm
    data = {"on": DAY, "note": "", "version": club_version(app)}
    answer = client.post(fee[1], data=data)
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith(f"/clubs/{club}/cash?evening={thursday}#entries")
    # another club's evening: not found, nothing reversed
    other = new_club(client)
    assert client.get(f"/clubs/{other}/cash/entries/{fee[2]}/reverse").status_code == 404


def test_the_whole_cash_box_links_without_an_evening(client, app):
    """The control: the whole cash box's links name no evening."""
    club, _, _ = two_evenings(client, app)
    page = html.unescape(client.get(f"/clubs/{club}/cash").data.decode())
    assert f"/clubs/{club}/cash?mode=treasurer#suggestions" in page
    assert 'name="evening"' not in page.split('id="as-of"')[1].split("</form>")[0]
