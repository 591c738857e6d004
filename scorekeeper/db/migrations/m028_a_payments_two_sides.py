"""The two rows of one payment between members say they are one.

A payment recorded from a suggestion between two members
(``clubs.accounts.pay``) is a row on each side: + on the payer's account,
− on the payee's. ``ledger.other_side``, on the payee's row, is the id of
the payer's row (and on the reversal of the payee's row, the id of the
reversal of the payer's): so a reversal undoes the payment, both rows in one
change. Without it, reversing the payer's row alone left the payee's: the
club had "paid Denis 0,98 €" out of the box. NULL on every other row and on
the rows before (their two sides are reversed one by one, as they were): the
hash chain covers a row's non-NULL columns, so the rows before verify as
they did.
"""

from __future__ import annotations

import sqlite_utils


def migrate(db: sqlite_utils.Database) -> None:
    db.execute("alter table ledger add column other_side integer")
