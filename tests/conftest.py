"""Shared test set-up: the table's double-click timer runs on a clock of its own in every test.

Two clicks are a double-click when they come less than 0.45 s apart. Tests post their two
clicks one after the other, and on a busy machine the frames between them could take
longer than that; so the pointer here reads a clock that moves on a hundredth of a second
at each look, whatever the machine's speed.
"""

from __future__ import annotations

import gc
import itertools
from collections.abc import Iterator

import pytest

from yukon.solve.solver_service import SolverService


def pytest_collection_finish(session: pytest.Session) -> None:
    """Everything made so far (pytest, the imported modules, the collected tests) is frozen out of
    the collector's sight: the window runs a full collection whenever a screen closes, and each one
    would otherwise walk the whole suite's heap again (over five window files, 91 collections took
    2.6 s, and 0.2 s frozen); what the tests make from here on is collected as before."""
    del session  # the hook's argument: nothing of it is needed
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def steady_double_click_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each look at the pointer's clock is 0.01 s after the last."""
    from yukon.ui.table import pointer

    ticks = itertools.count()
    monkeypatch.setattr(pointer, "wall", lambda: next(ticks) * 0.01)
    yield


@pytest.fixture(autouse=True)
def english_whatever_the_machine(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English, on any machine: the settings' default follows the system's
    language, so the system's language is English here (LANGUAGE comes before the system's list
    of preferred languages, and no list is asked for until a test hands one in, as the window's
    start does); whatever a test chose is undone after it."""
    from yukon.text import i18n

    monkeypatch.setenv("LANGUAGE", "en")
    i18n.use_preferred_locales(list)
    i18n.set_language(i18n.ENGLISH)
    yield
    i18n.use_preferred_locales(list)
    i18n.set_language(i18n.ENGLISH)


@pytest.fixture(scope="module")
def service() -> Iterator[SolverService]:
    """One solver child for a test module's windows (each assist uses it with fresh request ids)."""
    s = SolverService(nice=0)
    yield s
    s.close()
