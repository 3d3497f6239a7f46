"""Made-up system browsers for the tests: ``webbrowser``'s own controller classes whose ``open`` only
records, so a test sees which browser the game asked and nothing real ever opens."""

from __future__ import annotations

import webbrowser
from collections.abc import Callable

import pytest


class SystemBrowsers:
    """What ``webbrowser.get`` finds, by name, and its first choice; every ``open`` is recorded.

    ``webbrowser.open`` (whatever program is set to handle the address) is recorded too, as
    ``"webbrowser.open"``: the game must not use it.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch, found: dict[str, webbrowser.BaseBrowser],
                 first: str | None = None) -> None:
        self.opened: list[tuple[str, str]] = []
        self.found = found
        self.first = first if first is not None else next(iter(found), None)
        for name, controller in found.items():
            monkeypatch.setattr(controller, "open", self._recorder(name), raising=False)
        monkeypatch.setattr(webbrowser, "get", self.get)
        monkeypatch.setattr(webbrowser, "open", self._recorder("webbrowser.open"))

    def _recorder(self, name: str) -> Callable[..., bool]:
        """A stand-in for a controller's ``open`` that records the address it is given."""

        def open_(url: str, new: int = 0, autoraise: bool = True) -> bool:
            self.opened.append((name, url))
            return True

        return open_

    def get(self, using: str | None = None) -> webbrowser.BaseBrowser:
        name = self.first if using is None else using
        if name is None or name not in self.found:
            raise webbrowser.Error("could not locate runnable browser")
        return self.found[name]


def text_mode_and_by_file_type() -> dict[str, webbrowser.BaseBrowser]:
    """What a Linux machine without a graphical browser offers: openers that go by the file's
    type, text-mode browsers, and $BROWSER naming an editor."""
    return {"xdg-open": webbrowser.BackgroundBrowser("xdg-open"),
            "gio": webbrowser.BackgroundBrowser(["gio", "open", "--", "%s"]),
            "www-browser": webbrowser.GenericBrowser("www-browser"),
            "links": webbrowser.GenericBrowser("links"),
            "elinks": webbrowser.Elinks("elinks"),
            "lynx": webbrowser.GenericBrowser("lynx"),
            "w3m": webbrowser.GenericBrowser("w3m"),
            "vim": webbrowser.GenericBrowser("vim")}
