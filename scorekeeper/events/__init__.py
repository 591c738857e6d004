"""Competitions: an event around the tables (pure domain: no Flask, no database).

- ``settings``: the event's game, format, rounds and ranking method;
- ``ranking``: the ranking from the tables' results, byes and penalties;
- ``results``: a table's result read from its game's report, the results file.

Their storage is ``scorekeeper/events/records.py`` (one transaction per change); the
pages are ``web/events/``.
"""
