"""What goes on paper: a settlement, an evening's or an event's sheet as PDF.

- ``pdf``: HTML to PDF through WeasyPrint, the stylesheets parsed once per process.
- ``chain_heads``: the change log's chain heads a printed sheet carries, so that
  whoever saw it can later check that no line before them was rewritten.

The pages that print (a game's settlement, a club's evening, an event's slips)
draw their own HTML and hand it here.
"""
