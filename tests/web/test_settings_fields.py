"""L'Hombre's new-game fields drawn from its money systems' ``Setting`` rows (issue 44,
point 2): each system's page shows a field per row, named by its key, in the rows' order,
with the row's label and help (its ``note``), and no field of another system."""

from __future__ import annotations

import html
import re

import pytest
from web import NEW_GAME

from scorekeeper.rules.hombre import danois, jetons, ruleset

SYSTEMS = {"recommended": ruleset.SETTINGS, "jetons": jetons.SETTINGS, "danois": danois.SETTINGS}


def page_of(client, preset: str) -> str:
    data = {**NEW_GAME, "preset": preset, "apply_preset": "1", "create": ""}
    return html.unescape(client.post("/games/new", data=data).data.decode())


def rules_section(page: str) -> str:
    """The rules fields of the page: after the money system's hidden field, to the card's end."""
    return page.rsplit('name="accounting"', 1)[1].split("</section>", 1)[0]


def drawn_fields(page: str) -> list[str]:
    """The names of the rules fields the page draws, in its order, each once."""
    return list(dict.fromkeys(re.findall(r'name="([a-z_]+)"', rules_section(page))))


@pytest.mark.parametrize("preset", SYSTEMS)
def test_a_systems_page_draws_a_field_per_row_in_the_rows_order(client, preset):
    assert drawn_fields(page_of(client, preset)) == [row.key for row in SYSTEMS[preset]]


@pytest.mark.parametrize("preset", SYSTEMS)
def test_each_field_says_its_rows_label_and_help(client, preset):
    rules = rules_section(page_of(client, preset))
    for row in SYSTEMS[preset]:
        assert row.label in rules, row.key
    notes = [f'<small class="help">{row.note}</small>' for row in SYSTEMS[preset] if row.note]
    assert re.findall(r'<small class="help">.*?</small>', rules) == notes  # and no other


def test_the_poule_system_suggests_its_usual_systems(client):
    # hombre.md §2: 3-2 (1709), 3-1 (recommended), 2-1 (ancien)
    page = page_of(client, "recommended")
    assert (
        '<datalist id="systems"><option value="3-2"><option value="3-1"><option value="2-1">'
        in page
    )
    assert re.search(r'<input[^>]*list="systems"[^>]*maxlength="3"[^>]*name="poule_system"', page)


def test_the_takst_field_takes_at_most_300_characters(client):
    # the field refuses a longer club's rates beside it, and nothing is created
    data = {**NEW_GAME, "preset": "danois", "accounting": "danois", "ante": "5", "rates": "texte"}
    response = client.post("/games/new", data={**data, "takst": "solo 3 3 4, " * 30})
    assert response.status_code == 422
    field = response.data.decode().split('name="takst"', 1)[1].split("</div>", 1)[0]
    assert 'class="error"' in field
