"""Draw the README's chart of winnable shares, with their 95% intervals, from the survey files.

    python benchmarks/survey_chart.py            # writes benchmarks/survey/winnable.png

Each survey results file under benchmarks/survey/ (``<tag>-A-B.tsv``) becomes one bar: the
share of deals the solver won, a lighter band up to the share if every unknown deal were
won, and a whisker for the 95% interval (Wilson; unknowns counted as losses for the low
end and as wins for the high end, as the survey prints it). Drawn with pygame, headless,
in the project's own font, so the chart needs nothing the game does not.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame

from yukon.core.resources import asset_path
from yukon.solve.solver import Verdict
from yukon.survey import read_results, share_interval

SURVEY = ROOT / "benchmarks" / "survey"
NAMES = {
    "yukon": "Yukon",
    "yukon+no-foundation-return": "Yukon, no foundation return",
    "yukon+any-card-in-space": "Yukon, any card in a space",
    "russian": "Russian Solitaire",
}


@dataclass(frozen=True)
class Row:
    """One survey: its name, deal count and counts by verdict."""

    label: str
    deals: int
    winnable: int
    unknown: int

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the winnable share."""
        return share_interval(self.winnable, self.unknown, self.deals)


def rows() -> list[Row]:
    """One row per results file, in the order of NAMES."""
    found: list[tuple[int, Row]] = []
    for path in sorted(SURVEY.glob("*.tsv")):
        m = re.fullmatch(r"(.+)-(\d+)-(\d+)", path.stem)
        if not m or m.group(1) not in NAMES:
            continue
        tag = m.group(1)
        done = read_results(str(path), tag)
        lo, hi = int(m.group(2)), int(m.group(3))
        records = [done[s] for s in range(lo, hi + 1) if s in done]
        won = sum(r.status == Verdict.WINNABLE for r in records)
        unknown = sum(r.status == Verdict.UNKNOWN for r in records)
        label = f"{NAMES[tag]} (deals {lo}-{hi})" if len(records) == hi - lo + 1 else \
            f"{NAMES[tag]} ({len(records)} of deals {lo}-{hi} so far)"
        found.append((list(NAMES).index(tag), Row(label, len(records), won, unknown)))
    return [row for _order, row in sorted(found, key=lambda x: x[0])]


def draw(data: list[Row], path: Path, width: int = 900) -> None:
    """Write the chart of ``data`` to ``path`` as a PNG."""
    pygame.font.init()
    font = pygame.font.Font(str(asset_path("fonts", "DejaVuSans.ttf")), 15)
    bold = pygame.font.Font(str(asset_path("fonts", "DejaVuSans-Bold.ttf")), 18)
    bar_h, gap, left, top = 26, 34, 20, 70
    height = top + len(data) * (bar_h + gap + 18) + 50
    surf = pygame.Surface((width, height))
    surf.fill((250, 250, 247))
    surf.blit(bold.render("Share of deals a player who sees every card can win (95% interval)",
                          True, (20, 20, 20)), (left, 18))
    x0, x1 = left, width - 30

    def x_at(share: float) -> int:
        return round(x0 + (x1 - x0) * share)

    for tick in range(0, 101, 10):  # the scale first, so the bars lie over it
        x = x_at(tick / 100)
        pygame.draw.line(surf, (222, 222, 215), (x, top - 8), (x, height - 40))
        label = font.render(f"{tick}%", True, (90, 90, 90))
        surf.blit(label, (x - label.get_width() // 2, height - 34))
    y = top
    for row in data:
        low, high = row.interval
        share = row.winnable / row.deals if row.deals else 0.0
        caption = (f"{row.label}: {100 * share:.1f}% won, {row.unknown} unknown, "
                   f"interval {100 * low:.1f}%-{100 * high:.1f}%")
        surf.blit(font.render(caption, True, (30, 30, 30)), (left, y))
        y += 20
        bar = pygame.Rect(x0, y, x_at(share) - x0, bar_h)
        pygame.draw.rect(surf, (46, 112, 70), bar)
        if row.unknown:
            maybe = pygame.Rect(bar.right, y, x_at((row.winnable + row.unknown) / row.deals) - bar.right, bar_h)
            pygame.draw.rect(surf, (160, 200, 170), maybe)
        mid = y + bar_h // 2
        pygame.draw.line(surf, (20, 20, 20), (x_at(low), mid), (x_at(high), mid), 2)
        for end in (low, high):
            pygame.draw.line(surf, (20, 20, 20), (x_at(end), mid - 8), (x_at(end), mid + 8), 2)
        y += bar_h + gap
    pygame.image.save(surf, str(path))


def main() -> int:
    """Draw the chart of every survey file; print its rows."""
    data = rows()
    if not data:
        print("no survey results under benchmarks/survey/")
        return 1
    out = SURVEY / "winnable.png"
    draw(data, out)
    for row in data:
        low, high = row.interval
        print(f"{row.label}: {row.deals} deals, {row.winnable} won, {row.unknown} unknown, "
              f"interval {100 * low:.2f}%..{100 * high:.2f}% (width {100 * (high - low):.2f} points)")
    print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
