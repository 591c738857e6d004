"""The pages, one blueprint per concern; each game's own pages come from its web half.

``registry.WEBS`` lists the games' web halves (``hookspecs.py`` declares what
each provides); the generic blueprints here ask them.
"""

from __future__ import annotations

from flask import Flask
from flask_babel import get_locale
from jinja2 import ChoiceLoader

from ..i18n import NAMES
from ..rights.access import can_manage
from . import clubs, events, forms, games, kept, registry
from .formats import dates, placing_words, words
from .ops import errors, health, offline, trust
from .sheet import new as sheet_new
from .starting import creating
from .table import coups, explain, handover, links, offers, page, seats, settlement, stops


def register(app: Flask) -> None:
    app.register_blueprint(settlement.bp)
    app.register_blueprint(clubs.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(links.bp)
    app.register_blueprint(handover.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(page.bp)
    app.register_blueprint(sheet_new.bp)
    app.register_blueprint(coups.bp)
    app.register_blueprint(stops.bp)
    app.register_blueprint(errors.bp)
    app.register_blueprint(health.bp)
    app.register_blueprint(offline.bp)
    trust.init_app(app)
    seats.init_app(app)
    kept.init_app(app)
    words.init_app(app)
    dates.init_app(app)
    shipped = app.jinja_env.loader
    assert shipped is not None  # Flask's loader of templates/
    app.jinja_env.loader = ChoiceLoader([registry.GameTemplates(), shipped])
    for web in registry.WEBS:
        web.pages.init_app(app)
    app.context_processor(clubs.context)
    app.jinja_env.globals.update(
        here=kept.conditional.here,
        get_locale=get_locale,
        LANGUAGE_NAMES=NAMES,
        rules_text=registry.rules_text,
        round_end_text=registry.round_end_text,
        new_games=registry.new_games,
        fresh_manager_link=links.fresh_manager_link,
        fresh_handover_code=handover.fresh_handover_code,
        may_manage=can_manage,
        redoable=offers.redoable,
        qr_svg=links.qr_svg,
        table_link=links.table_link,
        member_names=creating.member_names,
        new_table_evening=creating.evening_arg,
        marked=forms.marked,
        change_notice=explain.notice,
        table_state=page.table_state,
        can_stop=offers.can_stop,
        stopped_text=offers.stopped_text,
        takes_deals=offers.takes_deals,
        kept_fragment=kept.fragments.kept_fragment,
        fragment_hole=kept.fragments.fragment_hole,
        games_said=placing_words.games_said,  # an event's tables, the room's and the season's
    )
    app.jinja_env.filters["fill_hole"] = kept.fragments.fill_hole
