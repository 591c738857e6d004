"""Draw the home-screen icons (static/icons/): a white card with a green diamond on green.

Run once after changing the drawing: ``python tools/make_icons.py`` (Pillow, which
WeasyPrint already brings). ``maskable`` keeps the card inside the central 80 %
the phone may crop to a circle or a squircle.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

GREEN, WHITE = (11, 93, 59), (255, 255, 255)
OUT = Path(__file__).resolve().parent.parent / "static" / "icons"


def icon(size: int, card: float) -> Image.Image:
    """``card``: the card's height as a share of the icon."""
    image = Image.new("RGB", (size, size), GREEN)
    draw = ImageDraw.Draw(image)
    h = size * card
    w = h * 0.7
    x0, y0 = (size - w) / 2, (size - h) / 2
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=h * 0.08, fill=WHITE)
    cx, cy, r = size / 2, size / 2, w * 0.32
    draw.polygon([(cx, cy - r * 1.3), (cx + r, cy), (cx, cy + r * 1.3), (cx - r, cy)], fill=GREEN)
    return image


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        icon(size, 0.78).save(OUT / f"icon-{size}.png", optimize=True)
        icon(size, 0.56).save(OUT / f"maskable-{size}.png", optimize=True)
    icon(180, 0.78).save(OUT / "apple-touch-icon.png", optimize=True)


if __name__ == "__main__":
    main()
