# The few names of pydyf (WeasyPrint's PDF writer) that web/line_pages.py uses, typed.
from typing import Any

class Object:
    number: int | None
    @property
    def reference(self) -> bytes: ...

class Dictionary(Object, dict[str, Any]):
    def __init__(self, values: dict[str, Any] | None = None) -> None: ...

class Array(Object, list[Any]):
    def __init__(self, array: list[Any] | None = None) -> None: ...

class String(Object):
    def __init__(self, string: str = "") -> None: ...

class Stream(Object):
    stream: list[bytes]
    extra: dict[str, Any]
    def __init__(
        self,
        stream: list[bytes] | None = None,
        extra: dict[str, Any] | None = None,
        compress: bool = False,
    ) -> None: ...

class PDF:
    pages: Dictionary
    def add_page(self, page: Dictionary) -> None: ...
    def add_object(self, object_: Object) -> None: ...
