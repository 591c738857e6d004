"""Shared fixtures; ``notation`` (beside this file) writes games the table's way."""
