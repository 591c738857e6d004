"""Pages of monospace lines drawn straight into a PDF, after WeasyPrint's pages (issue 45).

The settlement PDF of a 3,000-coup game spent 3.4–3.7 s of CPU in WeasyPrint,
nearly all of it on its 73 journal pages: a Pango layout per line, then each
glyph drawn by a loop in Python. Those lines are ready-made monospace text
(``journal_text``) that needs no layout: here each becomes one text operator
of a PDF page, its glyphs looked up in the font's own table, on A4 landscape
pages that WeasyPrint's ``finisher`` adds to its document after the pages it
laid out. They carry the same running head (whose sheet, which page of how
many), a title and a legend on the first, and the font (DejaVu Sans Mono,
subset to the characters used) with a ToUnicode map, so that the text is
copied and searched as before.

A line with a character the font lacks (a name in another script) is not
drawn here: the journal then goes to WeasyPrint as before, which finds
another font for it (``drawable``).
"""

from __future__ import annotations

import glob
import io
import os
import shutil
import subprocess
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pydyf

PT_PER_MM = 72 / 25.4
WIDTH, HEIGHT = 297 * PT_PER_MM, 210 * PT_PER_MM
"""A4 landscape, in points: the journal's page (static/pdf.css, ``@page journal``)."""
MARGIN_X, MARGIN_Y = 12 * PT_PER_MM, 14 * PT_PER_MM
"""The sheets' page margins (static/sheet.css, ``@page``)."""
SIZE, LEADING = 7.0, 8.75
"""The journal's lines: 7 pt, 1.25 apart (static/pdf.css, ``.journal-lines``)."""
HEAD_SIZE, TITLE_SIZE, LEGEND_SIZE = 7.0, 12.0, 8.0
"""The running head, the first page's title and its legend."""
FONT_NAME = "DejaVu Sans Mono"
FONT_FILE = "DejaVuSansMono.ttf"


@dataclass(frozen=True)
class LinePages:
    """What the pages say: their running head, the first page's title and legend, the lines."""

    head: str
    title: str
    legend: str
    lines: Sequence[str]


@dataclass(frozen=True)
class Font:
    """The monospace font: its file, its characters' glyphs, its advance and metrics."""

    data: bytes
    glyphs: dict[int, int]
    codes: dict[int, str]
    """Each character's glyph id as four hex digits, for ``str.translate``."""
    advance: float
    """Every glyph's advance, in ems."""
    ascent: int
    descent: int
    bbox: tuple[int, int, int, int]
    units: int


def font_file() -> str | None:
    """The monospace font's file as fontconfig names it, else where Debian puts it."""
    if shutil.which("fc-match"):
        found = subprocess.run(
            ["fc-match", "-f", "%{file}", FONT_NAME],
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        if found.endswith(FONT_FILE) and os.path.exists(found):
            return found
    files = glob.glob(f"/usr/share/fonts/**/{FONT_FILE}", recursive=True)
    return files[0] if files else None


UNUSED = ("FFTM", "GSUB", "GPOS", "GDEF", "kern", "fpgm", "prep", "cvt ", "hdmx", "LTSH", "VDMX")
"""The font's tables a line of single glyphs, one advance apart, never reads."""


@lru_cache(maxsize=1)
def font() -> Font | None:
    """The font, read once per process (``printing.warm``, before the fork); None if absent."""
    from fontTools.ttLib import TTFont

    path = font_file()
    if path is None:
        return None
    with open(path, "rb") as file:
        data = file.read()
    parsed = TTFont(io.BytesIO(data), lazy=True)
    units = int(parsed["head"].unitsPerEm)
    glyphs = {code: parsed.getGlyphID(name) for code, name in parsed.getBestCmap().items()}
    advance = parsed["hmtx"][parsed.getGlyphName(glyphs[ord("0")])][0] / units
    head = parsed["head"]
    for table in UNUSED:  # read once here rather than by the subsetting of every PDF
        if table in parsed:
            del parsed[table]
    lighter = io.BytesIO()
    parsed.save(lighter)
    return Font(
        lighter.getvalue(),
        glyphs,
        {code: f"{glyph:04x}" for code, glyph in glyphs.items()},
        advance,
        int(parsed["hhea"].ascent),
        int(parsed["hhea"].descent),
        (int(head.xMin), int(head.yMin), int(head.xMax), int(head.yMax)),
        units,
    )


def drawable(texts: Iterable[str]) -> bool:
    """Whether the font has every character of ``texts`` (else WeasyPrint draws them)."""
    found = font()
    if found is None:
        return False
    glyphs = found.glyphs
    return all(ord(c) in glyphs for c in set("".join(texts)) - {"\n"})


def columns_per_line(size: float) -> int:
    """How many characters a line of the page holds at ``size`` points."""
    found = font()
    advance = found.advance if found is not None else 0.6
    return int((WIDTH - 2 * MARGIN_X) / (size * advance))


Laid = list[list[tuple[float, float, str]]]
"""Each page's texts: (size, baseline from the page's top, text)."""


def paginate(pages: LinePages) -> Laid:
    """Each page's texts, as (size, baseline from the page's top, text): the first page's
    title and legend, then as many lines as fit, at the journal's leading."""
    from ..formats.words import wrap

    top, bottom = MARGIN_Y, HEIGHT - MARGIN_Y
    first: list[tuple[float, float, str]] = [(TITLE_SIZE, top + TITLE_SIZE, pages.title)]
    y = top + TITLE_SIZE * 1.6
    for line in wrap(pages.legend, columns_per_line(LEGEND_SIZE), 0):
        y += LEGEND_SIZE * 1.25
        first.append((LEGEND_SIZE, y, line))
    y += 4 + (LEADING - SIZE) / 2
    laid: Laid = [first]
    width = columns_per_line(SIZE)
    for line in (part for whole in pages.lines for part in cut(whole, width)):
        if y + LEADING > bottom:
            laid.append([])
            y = top + (LEADING - SIZE) / 2
        y += LEADING
        laid[-1].append((SIZE, y - (LEADING - SIZE) / 2 - SIZE * 0.24, line))
    return laid


def cut(line: str, width: int) -> list[str]:
    """``line`` in parts of at most ``width`` characters, the continued ones after
    JOURNAL_INDENT spaces: a part of a journal line that ``wrap`` could not break (a
    very long name) would otherwise run off the page (WeasyPrint wrapped it anywhere)."""
    from ..formats.words import JOURNAL_INDENT

    if len(line) <= width:
        return [line]
    rest, step = line[width:], width - JOURNAL_INDENT
    return [
        line[:width],
        *(" " * JOURNAL_INDENT + rest[i : i + step] for i in range(0, len(rest), step)),
    ]


def append(pdf: pydyf.PDF, pages: LinePages, laid: Laid, before: int) -> None:
    """Add the ``laid`` pages to WeasyPrint's ``pdf`` (a ``pydyf.PDF``), after its ``before``
    pages: the font once, subset, then each page's text."""
    import pydyf

    found = font()
    assert found is not None
    total = before + len(laid)
    heads = [f"{pages.head} — {before + n} / {total}" for n in range(1, len(laid) + 1)]
    used = set("".join(text for page in laid for _, _, text in page)) | set("".join(heads))
    used.discard("\n")
    reference = _add_font(pdf, found, used)
    for n, page in enumerate(laid):
        text = [
            "BT",
            "0.2 0.2 0.2 rg",
            *_line(found, HEAD_SIZE, MARGIN_Y / 2 + HEAD_SIZE * 0.35, heads[n]),
            "0 g",
        ]
        for size, baseline, line in page:
            text += _line(found, size, baseline, line)
        text.append("ET")
        stream = _stream("\n".join(text).encode())
        pdf.add_object(stream)
        resources = pydyf.Dictionary({"Font": pydyf.Dictionary({"J": reference})})
        page_object = pydyf.Dictionary(
            {
                "Type": "/Page",
                "Parent": pdf.pages.reference,
                "MediaBox": pydyf.Array([0, 0, round(WIDTH, 3), round(HEIGHT, 3)]),
                "Contents": stream.reference,
                "Resources": resources,
            }
        )
        pdf.add_page(page_object)


def _line(found: Font, size: float, baseline: float, text: str) -> list[str]:
    """One line of text at ``baseline`` points from the page's top, from the left margin:
    its operators (the font and size, where it starts, its glyphs)."""
    codes = text.rstrip().translate(found.codes)
    if not codes:
        return []
    return [f"/J {size:g} Tf 1 0 0 1 {MARGIN_X:.3f} {HEIGHT - baseline:.3f} Tm <{codes}> Tj"]


def _stream(content: bytes, **extra: int | str) -> pydyf.Stream:
    """A PDF stream of ``content``, compressed at zlib's level 6 (pydyf's 9 took three
    times as long for the same size within a few percent)."""
    import pydyf

    return pydyf.Stream([zlib.compress(content, 6)], {"Filter": "/FlateDecode", **extra})


def _add_font(pdf: pydyf.PDF, found: Font, used: set[str]) -> bytes:
    """The font as a composite font (Identity-H: glyph ids as the text's codes), its file
    subset to ``used`` keeping the glyph ids, every glyph one advance wide; its ToUnicode
    map says which character each glyph is."""
    import pydyf
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.retain_gids = True
    options.hinting = False
    options.layout_features = []
    options.name_IDs = []
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in used])
    parsed = TTFont(io.BytesIO(found.data))
    subsetter.subset(parsed)
    out = io.BytesIO()
    parsed.save(out)
    file = _stream(out.getvalue(), Length1=len(out.getvalue()))
    pdf.add_object(file)
    scale = 1000 / found.units
    name = "/SKMONO+DejaVuSansMono"
    descriptor = pydyf.Dictionary(
        {
            "Type": "/FontDescriptor",
            "FontName": name,
            "Flags": 1 | 32,  # fixed pitch, non-symbolic
            "FontBBox": pydyf.Array([round(v * scale) for v in found.bbox]),
            "ItalicAngle": 0,
            "Ascent": round(found.ascent * scale),
            "Descent": round(found.descent * scale),
            "CapHeight": round(found.ascent * scale),
            "StemV": 80,
            "FontFile2": file.reference,
        }
    )
    pdf.add_object(descriptor)
    codes = sorted({(found.glyphs.get(ord(c), 0), c) for c in used})
    mapping = "\n".join(f"<{gid:04x}> <{_utf16(c)}>" for gid, c in codes if gid)
    cmap = _stream(
        b"\n".join(
            [
                b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
                b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
                b"/CMapName /Adobe-Identity-UCS def /CMapType 2 def\n"
                b"1 begincodespacerange <0000> <ffff> endcodespacerange\n",
                *_chunks(mapping.splitlines()),
                b"endcmap CMapName currentdict /CMap defineresource pop end end",
            ]
        )
    )
    pdf.add_object(cmap)
    descendant = pydyf.Dictionary(
        {
            "Type": "/Font",
            "Subtype": "/CIDFontType2",
            "BaseFont": name,
            "CIDSystemInfo": pydyf.Dictionary(
                {"Registry": pydyf.String("Adobe"), "Ordering": pydyf.String("Identity")}
                | {"Supplement": 0}
            ),
            "FontDescriptor": descriptor.reference,
            "DW": round(found.advance * 1000),
            "CIDToGIDMap": "/Identity",
        }
    )
    pdf.add_object(descendant)
    composite = pydyf.Dictionary(
        {
            "Type": "/Font",
            "Subtype": "/Type0",
            "BaseFont": name,
            "Encoding": "/Identity-H",
            "DescendantFonts": pydyf.Array([descendant.reference]),
            "ToUnicode": cmap.reference,
        }
    )
    pdf.add_object(composite)
    return composite.reference


def _utf16(character: str) -> str:
    return character.encode("utf-16-be").hex()


def _chunks(entries: list[str]) -> list[bytes]:
    """``bfchar`` sections of at most 100 entries, as the CMap format allows."""
    return [
        f"{len(part)} beginbfchar\n{chr(10).join(part)}\nendbfchar\n".encode()
        for part in (entries[i : i + 100] for i in range(0, len(entries), 100))
    ]
