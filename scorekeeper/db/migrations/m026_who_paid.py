"""A payment between members names its payer on both sides.

``ledger.paid_by``: who handed the money over (a member's name, or the
treasurer's words for the cash box), written by ``clubs.accounts.pay`` on
both entries of a payment, beside ``received_by``. Before it, both entries
named only who received the money: Chloé's statement read "Payment · cash ·
Chloé" and nobody reading it could say who had paid her. NULL on the rows
before, and on a payment the treasurer types (they name who received it):
the hash chain covers a row's non-NULL columns, so the rows before verify
as they did.
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.execute("alter table ledger add column paid_by text")
