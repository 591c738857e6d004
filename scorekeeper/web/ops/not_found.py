"""A 404 raised for what its address asked otherwise than by its route's arguments (the cash
box's ``?evening=``): its words (errors.py ``nothing_here``) name that, not the club its
route names (a stale ``?evening=`` said "this club does not exist")."""

from __future__ import annotations

from typing import NoReturn

from flask import abort

from ...here import request_globals

NOT_FOUND = "_not_found"
"""g's key of the argument a 404 was raised for by ``not_found``."""


def not_found(argument: str) -> NoReturn:
    """404 for what ``argument`` names (a route's argument's name: ``evening_id``)."""
    request_globals()[NOT_FOUND] = argument
    abort(404)
