"""The blueprints whose endpoint names the templates and the page caches know.

A game's own pages join these families (l'Hombre's journal is
``table.journal``, its CSVs ``settlement.journal``), so every ``url_for``
name stays as it was; the generic views and a game's views both import this
plain module, never each other's.
"""

from __future__ import annotations

from flask import Blueprint

games = Blueprint("games", __name__)
"""Home, import, the game's files, the language; l'Hombre's new game and set-up."""
table = Blueprint("table", __name__)
"""Every game's page and change log; l'Hombre's journal and fiche."""
settlement = Blueprint("settlement", __name__)
"""Every game's settlement and its PDF; l'Hombre's CSVs, story and players."""
clubs = Blueprint("clubs", __name__)
"""A club's pages (web/clubs/): its members, its evenings, the room's settlement, the season."""
events = Blueprint("events", __name__)
"""Competitions (web/events/): the director's page, the draw, the wall, the results."""
