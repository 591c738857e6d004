"""The rules engines: pure Python, no Flask, no database, no I/O.

A game is its rule set plus the ordered coups; ``replay`` derives the money.
"""
