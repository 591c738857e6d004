"""An event form's refusals beside their fields, once, in the page's language (smoke24).

The correction form sent with no points and no reason said "Dit veld is vereist. Dit veld is
vereist." above the form, no field marked; the registration's refusals were not tied to its
textarea. Each is now drawn as the shared macros draw a field's (``macros.errors``,
``forms.marked``): the message beside its field, the field ``aria-invalid`` and
``aria-describedby`` naming it.
"""

from __future__ import annotations

import re

from test_events import new_event, post

REQUIRED_NL = "Dit veld is vereist."


def beside(page: str, field: str) -> list[str]:
    """The messages drawn beside ``field`` (``macros.errors``: the first has its id)."""
    found = re.findall(rf'<p class="error" role="alert" id="{field}-error">([^<]*)</p>', page)
    return found


def marked(page: str, name: str) -> bool:
    """Whether the field named ``name`` is marked refused, pointing at its message."""
    tag = re.search(rf'<(?:input|select|textarea)[^>]*name="{name}"[^>]*>', page)
    assert tag is not None, name
    return 'aria-invalid="true"' in tag[0] and f'aria-describedby="{name}-error"' in tag[0]


def nl(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    return client


def test_a_correction_with_no_points_and_no_reason_says_each_beside_its_field(app):
    client = nl(app.test_client())
    new_event(client, kind="manillen", seating="pairs", method="rank_points")
    assert post(client, app, "players", names="Anne\nBert\nCarl\nDora").status_code == 302
    answer = post(client, app, "penalty", player="Anne", direction="off", points="", reason="")
    assert answer.status_code == 422
    page = answer.text
    assert 'id="refused-penalty"' not in page  # nothing above the form
    assert beside(page, "points") == [REQUIRED_NL]
    assert beside(page, "reason") == [REQUIRED_NL]
    assert page.count(REQUIRED_NL) == 2  # once each, the two fields
    assert marked(page, "points") and marked(page, "reason")
    assert not marked(page, "player")  # Anne is registered: nothing to say of her
    # the store's refusal of a field is beside it too: a player not registered
    answer = post(client, app, "penalty", player="Zoë", direction="off", points="2", reason="r")
    assert answer.status_code == 422
    assert beside(answer.text, "player") == ["Zoë is niet ingeschreven"]
    assert marked(answer.text, "player")


def test_a_registration_refused_says_it_beside_the_names(app):
    client = nl(app.test_client())
    new_event(client, kind="manillen", seating="pairs", method="rank_points")
    assert post(client, app, "players", names="Anne").status_code == 302
    answer = post(client, app, "players", names="Bert\nAnne")
    assert answer.status_code == 422
    page = answer.text
    assert 'id="refused-register"' not in page
    said = beside(page, "names")
    assert len(said) == 1 and "Anne" in said[0] and "al ingeschreven" in said[0]
    assert marked(page, "names")
    # the form's own check too: a line of more than three parts is refused beside the box
    answer = post(client, app, "players", names="Els;Gent;x;y")
    assert answer.status_code == 422 and len(beside(answer.text, "names")) == 1
    assert marked(answer.text, "names")


def test_a_withdrawal_refused_says_it_beside_the_player(app):
    client = nl(app.test_client())
    new_event(client, kind="manillen", seating="pairs", method="rank_points")
    assert post(client, app, "players", names="Anne\nBert\nCarl\nDora").status_code == 302
    answer = post(client, app, "withdraw", name="Zoë")
    assert answer.status_code == 422
    assert 'id="refused-withdraw"' not in answer.text
    assert len(beside(answer.text, "name")) == 1 and marked(answer.text, "name")


def test_the_very_name_again_is_said_once(app):
    """``names.said_once``, the rule of every such refusal: "Anne is al ingeschreven als
    Anne" named her twice; another spelling of her is still said with hers."""
    client = nl(app.test_client())
    new_event(client, kind="manillen", seating="pairs", method="rank_points")
    assert post(client, app, "players", names="Anne").status_code == 302
    said = {
        "Anne": "Anne is al ingeschreven",
        "ANNE": "ANNE is al ingeschreven als Anne",
        "Bert\nBert": "Bert staat twee keer in de lijst",
        "Bert\nBERT": "BERT en Bert zijn twee keer dezelfde naam in de lijst",
    }
    for names, words in said.items():
        answer = post(client, app, "players", names=names)
        assert answer.status_code == 422, names
        assert beside(answer.text, "names") == [words], names
