"""Scorekeeper: keeps the money of a live l'Hombre table."""
