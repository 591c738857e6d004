"""The clubs' blueprint, apart so that each page module adds its routes to the one ``bp``."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("clubs", __name__)
