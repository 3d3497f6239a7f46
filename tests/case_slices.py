"""A test's small fixed slice of cases, or all of them in the long checks.

The suite must stay within a few minutes on a 2-core machine, so a test that proves a
property over many deals runs a fixed slice of them (chosen to keep the cases that once
failed); ``benchmarks/long_checks.py`` runs the same tests over every case by setting
``YUKON_LONG_CHECKS=1``. The asserts are the same in both runs: only the cases differ.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

LONG = os.environ.get("YUKON_LONG_CHECKS") == "1"  # set by benchmarks/long_checks.py


def cases(every: Sequence[T], slice_: Sequence[T]) -> list[T]:
    """``every`` case in the long run, else the fixed ``slice_`` of them (each one of ``every``)."""
    missing = [c for c in slice_ if c not in every]
    assert not missing, f"the slice holds cases the long run lacks: {missing}"
    return list(every if LONG else slice_)


def how_many(every: int, slice_: int) -> int:
    """``every`` in the long run, else the smaller ``slice_``."""
    assert 0 < slice_ <= every
    return every if LONG else slice_
