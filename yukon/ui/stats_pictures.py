"""The statistics in pictures, drawn with pygame: wins and losses over the last games, the time of
each won game, and the win rate over time.

Each picture is drawn into a rectangle at the sheet's text size, in the sheet's colours, with its
title and its few words in the player's language; with no games there is a line saying so. The
figures come from the history of finished games (``yukon.play.history``), oldest first.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..play.history import HistoryEntry, Outcome
from ..play.stats import format_share, format_time
from ..text.i18n import N_, _
from . import art
from .sheet import GOLD, TEXT, TEXT_DIM
from .widgets import wrap

LAST_GAMES = 50  # games in the wins-and-losses and the times pictures
CLEAN = (214, 178, 60)
ASSISTED = (168, 176, 186)
LOST = (190, 72, 64)
ABANDONED = (120, 92, 88)
GRID = (44, 84, 58)
LINE = (120, 200, 255)

TITLES = (N_("Wins and losses, last games"), N_("Time of each won game"), N_("Win rate over time"))
COLOURS: dict[Outcome, tuple[int, int, int]] = {Outcome.CLEAN: CLEAN, Outcome.ASSISTED: ASSISTED,
                                               Outcome.LOST: LOST, Outcome.ABANDONED: ABANDONED}


def _small(size: int) -> int:
    return max(10, size - 3)


def plot_height(size: int) -> int:
    """The height of a picture's plot at text size ``size``."""
    return max(60, size * 6)


def picture_height(size: int, width: int = 10**6, foot: str = "") -> int:
    """The height of one picture at text size ``size``: its title, its plot and its foot (wrapped to ``width``)."""
    feet = len(wrap(foot, _small(size), width)) if foot else 0
    return art.font(size, True).get_linesize() + plot_height(size) + feet * art.font(_small(size)).get_linesize() + 8


def _feet(entries: Sequence[HistoryEntry]) -> list[str]:
    """The words under each picture."""
    last = list(entries)[-LAST_GAMES:]
    wins = [e for e in entries if e.outcome.won][-LAST_GAMES:]
    points = rate_points(entries)
    return [
        _("Up: won (gold clean, silver assisted). Down: lost or left. {won} of {n} won.").format(
            won=sum(e.outcome.won for e in last), n=len(last)),
        _("Longest: {time}.").format(time=format_time(max(e.seconds for e in wins))) if wins else "",
        _("Now: {share} of {n} games.").format(share=format_share(points[-1]), n=len(points)) if points else "",
    ]


def pictures_height(size: int, width: int, entries: Sequence[HistoryEntry]) -> int:
    """The height of the three pictures, one under the other, at ``width``."""
    return sum(picture_height(size, width, foot) + size // 2 for foot in _feet(entries))


def draw_pictures(surface: pygame.Surface, rect: pygame.Rect, entries: Sequence[HistoryEntry], size: int) -> int:
    """The three pictures from ``rect.y`` down, ``entries`` oldest first; returns the y below them."""
    y = rect.y
    for draw, foot in zip((_results, _times, _rate), _feet(entries)):
        area = pygame.Rect(rect.x, y, rect.w, picture_height(size, rect.w, foot))
        draw(surface, area, entries, size, foot)
        y = area.bottom + size // 2
    return y


def _frame(surface: pygame.Surface, area: pygame.Rect, title: str, size: int, foot: str) -> pygame.Rect:
    """The title above, the foot lines below, a framed plot between; returns the plot's rectangle."""
    for line in wrap(title, size, area.w, True)[:1]:
        surface.blit(art.text(line, size, GOLD, True), (area.x, area.y))
    top = area.y + art.font(size, True).get_linesize()
    plot = pygame.Rect(area.x, top, area.w, plot_height(size))
    pygame.draw.rect(surface, (14, 40, 24), plot)
    pygame.draw.rect(surface, GRID, plot, width=1)
    y = plot.bottom + 2
    for line in wrap(foot, _small(size), area.w) if foot else []:
        surface.blit(art.text(line, _small(size), TEXT_DIM), (area.x, y))
        y += art.font(_small(size)).get_linesize()
    return plot


def _nothing(surface: pygame.Surface, plot: pygame.Rect, size: int) -> None:
    img = art.text(_("No games yet."), size, TEXT_DIM)
    surface.blit(img, img.get_rect(center=plot.center))


def _results(surface: pygame.Surface, area: pygame.Rect, entries: Sequence[HistoryEntry], size: int,
             foot: str) -> None:
    last = list(entries)[-LAST_GAMES:]
    plot = _frame(surface, area, _(TITLES[0]), size, foot)
    if not last:
        _nothing(surface, plot, size)
        return
    mid = plot.centery
    pygame.draw.line(surface, GRID, (plot.x, mid), (plot.right - 1, mid))
    step = plot.w / LAST_GAMES
    for i, e in enumerate(last):
        x = plot.x + int(i * step) + 1
        w = max(1, int(step) - 2)
        h = (plot.h // 2 - 3) if e.outcome.won else (plot.h // 2 - 3) * 2 // 3
        bar = pygame.Rect(x, mid - h, w, h) if e.outcome.won else pygame.Rect(x, mid + 1, w, h)
        pygame.draw.rect(surface, COLOURS[e.outcome], bar)


def _times(surface: pygame.Surface, area: pygame.Rect, entries: Sequence[HistoryEntry], size: int,
           foot: str) -> None:
    wins = [e for e in entries if e.outcome.won][-LAST_GAMES:]
    longest = max((e.seconds for e in wins), default=0.0)
    plot = _frame(surface, area, _(TITLES[1]), size, foot)
    if not wins:
        _nothing(surface, plot, size)
        return
    step = plot.w / LAST_GAMES
    for i, e in enumerate(wins):
        h = max(2, round((plot.h - 4) * e.seconds / max(longest, 1.0)))
        pygame.draw.rect(surface, COLOURS[e.outcome], pygame.Rect(plot.x + int(i * step) + 1, plot.bottom - 1 - h,
                                                                 max(1, int(step) - 2), h))


def rate_points(entries: Sequence[HistoryEntry]) -> list[float]:
    """The share of games won so far after each game, oldest first."""
    out: list[float] = []
    won = 0
    for n, e in enumerate(entries, start=1):
        won += e.outcome.won
        out.append(won / n)
    return out


def _rate(surface: pygame.Surface, area: pygame.Rect, entries: Sequence[HistoryEntry], size: int,
          foot: str) -> None:
    points = rate_points(entries)
    plot = _frame(surface, area, _(TITLES[2]), size, foot)
    if not points:
        _nothing(surface, plot, size)
        return
    half = plot.y + plot.h // 2
    pygame.draw.line(surface, GRID, (plot.x, half), (plot.right - 1, half))  # 50 %
    small = max(10, size - 4)
    surface.blit(art.text("50%", small, TEXT_DIM), (plot.x + 2, half - art.font(small).get_linesize()))
    inner = plot.inflate(-4, -4)
    xy = [(inner.x + (inner.w - 1) * (i / max(1, len(points) - 1)), inner.bottom - 1 - (inner.h - 1) * p)
          for i, p in enumerate(points)]
    if len(xy) == 1:
        pygame.draw.circle(surface, LINE, (round(xy[0][0]), round(xy[0][1])), 3)
    else:
        pygame.draw.lines(surface, LINE, False, xy, 2)
    pygame.draw.circle(surface, TEXT, (round(xy[-1][0]), round(xy[-1][1])), 3)
