"""Words and formats every page shares, in the reader's language; nothing of one game.

- ``words``: refusals, signed numbers, money, the change log's actions (and
  the templates' filters).
- ``numbers``: whole numbers typed into a form, read without floats and
  within their range.
- ``dates``: dates and times through Babel.
- ``collation``: lists of people in the reader's alphabetical order.
- ``charts``: the small SVG charts the server draws.

A game's own words live with its web half (``hombre/present.py``).
"""
