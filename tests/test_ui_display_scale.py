"""High-DPI desktops (issue 29, item 4), as far as a headless machine can check them: SDL's hints
are in place before the display starts (the player's own values win), the window's first size is
a share of the desktop whose limits grow with its scale, the density comes from ``YUKON_DPI``
when set (nonsense ignored), and with a fake pixel ratio the layout works in the window's pixels
while the mouse, in window coordinates, still hits the card under it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from yukon.core.state import ON_FOUNDATION
from yukon.ui import display_scale
from yukon.ui.build import open_window
from yukon.ui.display_scale import HINTS, DisplayScale, dpi_from_env, measure, set_hints
from yukon.ui.window import fitting_size, wants_high_dpi


def test_the_hints_are_set_before_the_display_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in HINTS:
        monkeypatch.delenv(name, raising=False)
    seen: list[dict[str, str | None]] = []
    real_init = pygame.display.init

    def init() -> None:
        seen.append({name: os.environ.get(name) for name in HINTS})
        real_init()

    monkeypatch.setattr(pygame.display, "init", init)
    app = open_window(seed=1, size=(800, 600))
    assert seen and seen[0] == {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2", "SDL_WINDOWS_DPI_SCALING": "0"}
    assert app.size == (800, 600)


def test_the_players_own_hint_wins() -> None:
    env = {"SDL_WINDOWS_DPI_AWARENESS": "unaware"}
    set_hints(env)
    assert env == {"SDL_WINDOWS_DPI_AWARENESS": "unaware", "SDL_WINDOWS_DPI_SCALING": "0"}


@pytest.mark.parametrize(("desktop", "scale", "size"), [
    ((1920, 1080), 1.0, (1728, 950)),
    ((1366, 768), 1.0, (1229, 675)),
    ((3840, 2160), 1.0, (3456, 1900)),  # the same share of a 4K desktop: the cards grow with it
    ((3840, 2160), 2.0, (3456, 1900)),  # at 200 %: the same pixels (never a tiny window)
    ((2560, 1600), 1.5, (2304, 1408)),
    ((200, 150), 2.0, (200, 150)),  # a desktop smaller than the smallest window: the desktop
])
def test_the_first_window_is_a_share_of_the_desktop_at_any_scale(
        desktop: tuple[int, int], scale: float, size: tuple[int, int]) -> None:
    assert fitting_size(desktop, scale) == size


def test_with_no_desktop_to_measure_the_guess_grows_with_the_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    def no_desktop() -> list[tuple[int, int]]:
        raise pygame.error("no desktop")

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", no_desktop)
    assert fitting_size(None, 1.0) == (1152, 704)
    assert fitting_size(None, 2.0) == (2304, 1408)


def test_the_density_from_the_environment() -> None:
    assert dpi_from_env({"YUKON_DPI": "192"}) == 192.0
    assert dpi_from_env({"YUKON_DPI": "lots"}) is None
    assert dpi_from_env({"YUKON_DPI": "5"}) is None  # no display is that coarse
    assert dpi_from_env({}) is None
    assert measure({"YUKON_DPI": "144"}).dpi == 144.0
    assert DisplayScale(192).factor == 2.0 and DisplayScale(72).factor == 1.0


def test_sdl_says_nothing_on_the_dummy_driver_and_the_default_stands() -> None:
    pygame.display.init()
    assert display_scale.sdl_display_dpi() is None  # the dummy display has no size in inches
    assert measure({}).dpi == 96.0


def test_with_a_fake_pixel_ratio_the_layout_is_in_pixels_and_the_mouse_hits_the_card() -> None:
    """A window drawn at twice its coordinates (a Retina-like desktop): the layout gets the drawn
    pixels, and a click in window coordinates lands on the card drawn under it."""
    app = open_window(seed=4, size=(1280, 800), display=DisplayScale(192, ratio=2.0))
    app.frame()
    t = app.table
    assert t is not None and t.layout is not None
    surface = pygame.display.get_surface()
    assert surface is not None
    assert (t.layout.width, t.layout.height) == surface.get_size() == app.size
    pos = t.session.position
    card = next(c for c in range(52) if pos.loc[c] < ON_FOUNDATION)
    r = t.layout.strip_rect(card)
    x, y = r.centerx, r.y + min(r.h // 2, 6)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x // 2, y // 2), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x // 2, y // 2), button=1))
    app.frame()
    assert t.session.selection == card


@pytest.mark.parametrize(("driver", "platform", "env", "wanted"), [
    ("cocoa", "darwin", {}, True),  # macOS stretches a window that does not ask for full density
    ("wayland", "linux", {}, True),
    ("x11", "linux", {}, False),  # X11 does not scale windows: the display module's window is sharp
    ("windows", "win32", {}, False),  # Windows: sharp through the DPI-awareness hint
    ("x11", "linux", {"YUKON_HIGH_DPI": "1"}, True),
    ("cocoa", "darwin", {"YUKON_HIGH_DPI": "0"}, False),
])
def test_which_desktops_get_the_full_density_window(driver: str, platform: str, env: dict[str, str],
                                                     wanted: bool) -> None:
    assert wants_high_dpi(driver, platform, env) is wanted


def test_the_full_density_window_draws_takes_fingers_resizes_and_goes_full_screen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The pygame.Window path (macOS and Wayland), driven headless: what the table draws reaches the
    window's own surface, a tap selects, a resize is followed, full screen comes and goes."""
    monkeypatch.setenv("YUKON_HIGH_DPI", "1")
    pygame.display.quit()  # no display-module window left by an earlier test
    app = open_window(seed=3, size=(900, 700))
    try:
        assert app.window.high_dpi and pygame.display.get_surface() is None  # not the display module's
        app.frame()
        surface = app.surface()
        assert surface is not None and surface.get_size() == app.size == (900, 700)
        t = app.table
        assert t is not None and t.layout is not None
        pos = t.session.position
        card = next(c for c in range(52) if pos.loc[c] < ON_FOUNDATION)
        r = t.layout.card_rect(card)
        assert surface.get_at(r.center)[:3] != surface.get_at((2, r.centery))[:3]  # a card, not the cloth
        app.translate.use_fingers(True)
        s = t.layout.strip_rect(card)
        x, y = s.centerx, s.y + min(s.h // 2, 6)
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=0, x=(x + 0.5) / 900, y=(y + 0.5) / 700))
        app.frame()
        assert t.session.selection == card
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=760, size=(1000, 760)))
        app.frame()
        assert app.size == (1000, 760) and t.layout.width == 1000
        app.toggle_fullscreen()
        assert app.fullscreen
        app.toggle_fullscreen()
        assert not app.fullscreen and app.size == (1000, 760)
    finally:
        pygame.display.quit()  # closes the pygame.Window too; the next test's window starts afresh
