"""The club's cash box in plain Python: typed entries, balances, chips to cents, settling up.

No Flask, no database: ``entries.py`` the entry types and the balances
derived from them (never stored), ``rounding.py`` an evening's chips in
whole cents by the largest remainder (the zero sum kept), ``settle.py``
the suggested transfers (between members, or everyone with the
treasurer), stable when one of them is paid. docs/cashbox.md says the rules.
"""
