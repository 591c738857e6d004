"""What each kind of la Manille gives its web half (``web/manille``): one piece per kind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ...rules.manille.kinds import ManilleClassique, Manillen


class KindPiece(Protocol):
    """A kind's own words and fields; the web half asks the piece of the game's kind."""

    @property
    def kind(self) -> type[ManilleClassique] | type[Manillen]:
        """The kind it serves (its key finds the piece, its settings draw the form's fields)."""

    @property
    def choice(self) -> Any:
        """Its choice on the new-game form (a catalog message)."""

    @property
    def fields(self) -> frozenset[str]:
        """The coup form's fields it reads."""

    @property
    def result_type(self) -> type:
        """The class of its report's lines (a sheet's line finds its piece by it)."""

    def item(self, form: Any) -> dict[str, Any]:
        """Its own keys of the coup the form describes, in the game file's shape."""

    def contres(self, rules: Any) -> dict[str, str]:
        """The contre buttons' labels (a kind without contre: none to choose)."""

    def must_sans_atout(self, report: Any) -> bool:
        """Whether the next chooser must call sans-atout."""

    def line(self, result: Any, columns: tuple[str, ...]) -> tuple[str, str]:
        """What a sheet's line says beside its points, and what it won."""

    def standing(self, report: Any, columns: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
        """Where the game stands, in lines."""

    def next_deal(self, report: Any, columns: tuple[str, ...], names: tuple[str, ...]) -> list[str]:
        """What the next deal asks, in lines (said while the table takes more deals)."""

    def rules_text(self, rules: Any) -> str:
        """The rules in a line of words."""

    def words(self, item: Mapping[str, Any]) -> dict[str, str]:
        """Its own keys of a coup in words."""

    def rules_of(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """The file's rules of the settings the form chose."""
