from .ttLib import TTFont

class Options:
    retain_gids: bool
    hinting: bool
    layout_features: list[str]
    name_IDs: list[int]
    notdef_outline: bool
    drop_tables: list[str]

class Subsetter:
    def __init__(self, options: Options | None = None) -> None: ...
    def populate(self, unicodes: list[int]) -> None: ...
    def subset(self, font: TTFont) -> None: ...
