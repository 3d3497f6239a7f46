"""The window's theme: the colours of the bar, the dialogs, the sheets and their text.

Two themes: "light", today's green baize look (green panels and buttons over a lit felt),
and "dark", for a dim room: neutral charcoal panels, softer text and a table cloth darkened
to about half its light (``dim_felt``). The theme in use is one for the whole window, as
the language is (``use`` sets it; the settings part does, from the player's settings), and
every screen reads its colours from ``palette()`` when it draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..text.i18n import NC_, pgettext

Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours of one theme."""

    text: Colour  # text on panels and dialogs
    text_dim: Colour  # help lines, second lines
    panel: Colour  # a sheet's panel, a mode's side panel
    dialog: Colour  # a question's box
    button: Colour
    button_hover: Colour
    button_edge: Colour
    bar: Colour  # the toolbar across the top
    bar_edge: Colour  # the line under it, between its groups and round an icon under the pointer
    bar_hover: Colour  # an icon under the pointer
    icon_off: Colour  # an icon that cannot be used now
    tip: Colour  # a tooltip's box
    tip_text: Colour  # a tooltip's name
    tip_key: Colour  # a tooltip's key
    row: Colour  # a settings row
    row_lit: Colour  # a settings row under the pointer or the focus
    pill: Colour  # the value of a settings row; a scroll bar's track
    page: Colour  # a screen of its own (the Rules)
    note: Colour  # a box for a note on a page or a sheet
    felt_light: float  # the table cloth's light (1: as woven)


THEMES: dict[str, tuple[str, Palette]] = {
    "light": (NC_("theme", "Light"), Palette(
        text=(240, 244, 236), text_dim=(150, 160, 150), panel=(14, 40, 24), dialog=(16, 44, 28),
        button=(18, 52, 32), button_hover=(34, 86, 54), button_edge=(120, 170, 130),
        bar=(12, 38, 22), bar_edge=(60, 110, 74), bar_hover=(40, 92, 60), icon_off=(96, 118, 100),
        tip=(250, 248, 232), tip_text=(20, 24, 20), tip_key=(90, 96, 90), row=(20, 52, 32), row_lit=(30, 74, 46), pill=(12, 34, 20),
        page=(12, 48, 28), note=(8, 34, 20), felt_light=1.0)),
    "dark": (NC_("theme", "Dark"), Palette(
        text=(226, 228, 232), text_dim=(146, 150, 158), panel=(26, 28, 32), dialog=(30, 32, 37),
        button=(40, 43, 49), button_hover=(62, 66, 76), button_edge=(104, 110, 122),
        bar=(18, 19, 22), bar_edge=(58, 62, 70), bar_hover=(50, 54, 62), icon_off=(88, 92, 100),
        tip=(44, 47, 54), tip_text=(230, 232, 236), tip_key=(160, 164, 172), row=(36, 38, 44), row_lit=(52, 55, 64), pill=(22, 24, 28),
        page=(24, 26, 30), note=(16, 17, 20), felt_light=0.5)),
}
DEFAULT_THEME = "light"
_in_use = DEFAULT_THEME


def use(name: str) -> None:
    """Draw every screen in the theme ``name`` from now on (an unknown name: the light theme)."""
    global _in_use
    _in_use = name if name in THEMES else DEFAULT_THEME


def current() -> str:
    """The theme in use."""
    return _in_use


def palette() -> Palette:
    """The colours of the theme in use."""
    return THEMES[_in_use][1]


def theme_title(name: str) -> str:
    """A theme's name in the player's language."""
    return pgettext("theme", THEMES.get(name, THEMES[DEFAULT_THEME])[0])


def dim_felt(surf: pygame.Surface, light: float) -> None:
    """Darken a table cloth in place to ``light`` of its brightness (1: leave it)."""
    if light < 1.0:
        k = max(0, min(255, round(255 * light)))
        surf.fill((k, k, k), special_flags=pygame.BLEND_MULT)
