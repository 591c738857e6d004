"""A table's pages, for every game: what a manager and the players' phones use.

- ``page``: the game page and its change log (``/games/<id>``), drawn by the
  game's web half; ``coups``: the one coup flow (add, check, correct, delete,
  undo, redo); ``explain``: each change in words, and the notice phones show.
- ``seats`` and ``seat_words``: someone else takes a seat; ``stops``: a casual
  table stops here; ``handover``: the code that hands the table to another phone;
  ``links``: the manager and table links, their QR codes, the follow poll.
- ``settlement``: who pays whom, and its PDF; ``changelog``: the change log as
  a table that settles a dispute; ``gamefiles``: the game file as downloaded.

A game's own pieces (its forms, its words, its extra pages) are its web half's
(``hombre/``, ``brou/``, ``sheet/``), asked through ``registry``.
"""
