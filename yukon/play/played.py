"""The deal numbers that have been on this machine's table, so that New deal by level never
hands one out again.

A deal counts once it is dealt onto the main table (the player has seen it), whatever the
game and rules; a lesson's or a loaded position has no number and does not count. Pure:
no pygame. Stored in the data folder beside the saved game (``save.Store``): a file that
cannot be read is moved aside and the player told, as with the other files, and numbers
that are not deal numbers are left out. The newest ``MAX_KEPT`` numbers are kept: deals
are drawn from a billion, so an older one coming round again is as unlikely as any.
"""

from __future__ import annotations

from typing import Any

from ..core.cards import MAX_SEED
from ..text.i18n import _
from .save import SAVE_VERSION, Store, file_fault, number_in

PLAYED_FILE = "played.json"
MAX_KEPT = 20_000


class PlayedDeals:
    """Deal numbers, oldest first, with a set for look-ups."""

    order: list[int]
    _seen: set[int]

    def __init__(self, deals: list[int] | None = None) -> None:
        self.order = []
        self._seen = set()
        for seed in deals or []:
            self.add(seed)

    def __contains__(self, seed: object) -> bool:
        return seed in self._seen

    def __len__(self) -> int:
        return len(self.order)

    def add(self, seed: int) -> bool:
        """Note deal ``seed``; True when it is new (the record then needs saving)."""
        if seed in self._seen:
            return False
        self.order.append(seed)
        self._seen.add(seed)
        if len(self.order) > MAX_KEPT:
            self._seen.discard(self.order.pop(0))
        return True

    def to_dict(self) -> dict[str, Any]:
        """What is written to ``PLAYED_FILE``."""
        return {"version": SAVE_VERSION, "deals": list(self.order)}


def load_played(store: Store) -> tuple[PlayedDeals, str | None]:
    """The deals played on this machine (none on a first run) and a problem to tell the player, if any."""
    found = store.read(PLAYED_FILE)
    if found.data is None:
        return PlayedDeals(), found.problem
    deals = found.data.get("deals")
    if not isinstance(deals, list):
        # TRANSLATORS: why a file is damaged, shown in brackets after "is damaged".
        result = store.reject(PLAYED_FILE, file_fault(PLAYED_FILE, "damaged", why=_("no list of deals")))
        return PlayedDeals(), result.problem
    return PlayedDeals([d for d in deals if number_in(d, 0, MAX_SEED, whole=True)]), None


def save_played(store: Store, played: PlayedDeals, later: bool = False) -> str | None:
    """Write the record (``later``: on the store's writer thread); a message on the first failure only."""
    if later:
        return store.write_later(PLAYED_FILE, played.to_dict())
    return store.write(PLAYED_FILE, played.to_dict())
