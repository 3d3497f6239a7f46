"""Small pictures of the look a player chooses in Settings: two cards of the deck, a card back, a
swatch of the table cloth, a swatch of the theme. Each is drawn once per choice and height and kept."""

from __future__ import annotations

import pygame

from ..core.cards import parse_card
from ..play.settings import Settings
from . import art, theme
from .card_backs import draw_back
from .deck import Deck, DeckChoice, choose_deck
from .felts import draw_felt

PREVIEW_CARDS = ("KH", "AS")  # a court card and an ace show a deck best
CARD_RATIO = 1.4


class LookPreview:
    """The pictures for the Settings rows of the deck, the card back, the table and the theme."""

    def __init__(self) -> None:
        self._pictures: dict[tuple[object, ...], pygame.Surface] = {}
        self._decks: dict[tuple[str, bool, bool], DeckChoice] = {}

    def choice(self, settings: Settings) -> DeckChoice:
        """The deck the table draws for ``settings`` (kept per choice)."""
        key = (settings.deck, settings.four_colour, settings.high_contrast)
        found = self._decks.get(key)
        if found is None:
            found = self._decks[key] = choose_deck(*key)
        return found

    def deck_note(self, settings: Settings) -> str | None:
        """Why another deck than the one chosen is drawn, or None."""
        return self.choice(settings).note

    def picture(self, name: str, settings: Settings, height: int) -> pygame.Surface | None:
        """The picture for the row ``name`` (deck, card_back, felt or theme), ``height`` pixels high."""
        height = max(16, height)
        width = round(height / CARD_RATIO)
        key: tuple[object, ...]
        if name == "deck":
            deck = self.choice(settings).deck
            key = (name, deck.key, settings.four_colour, settings.high_contrast, height, art.rank_labels())
        elif name == "card_back":
            key = (name, settings.card_back, settings.high_contrast, height)
        elif name == "felt":
            key = (name, settings.felt, height)
        elif name == "theme":
            key = (name, settings.theme, settings.felt, height)
        else:
            return None
        found = self._pictures.get(key)
        if found is None:
            if name == "deck":
                found = _two_cards(self.choice(settings).deck, (width, height))
            elif name == "card_back":
                found = draw_back(settings.card_back, (width, height), settings.high_contrast)
            elif name == "felt":
                found = _rounded(draw_felt(settings.felt, (width * 2, height)))
            else:
                found = _theme_swatch(settings.theme, settings.felt, (width * 2, height))
            self._pictures[key] = found
        return found


def _two_cards(deck: Deck, size: tuple[int, int]) -> pygame.Surface:
    """Two faces of ``deck``, the second overlapping the first by half."""
    w, h = size
    out = pygame.Surface((w + w // 2 + 2, h), pygame.SRCALPHA)
    for i, text in enumerate(PREVIEW_CARDS):
        out.blit(deck.face(parse_card(text), size), (i * (w // 2 + 2), 0))
    return out


def _rounded(surf: pygame.Surface) -> pygame.Surface:
    """``surf`` with rounded corners and a faint edge."""
    w, h = surf.get_size()
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(3, h // 6))
    out.blit(surf, (0, 0))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(out, (200, 200, 200, 120), out.get_rect(), width=1, border_radius=max(3, h // 6))
    return out


def _theme_swatch(name: str, felt: str, size: tuple[int, int]) -> pygame.Surface:
    """A tiny window in the theme ``name``: the cloth ``felt`` in its light, a bar along the bottom, a dialog."""
    w, h = size
    colours = theme.THEMES.get(name, theme.THEMES[theme.DEFAULT_THEME])[1]
    surf = draw_felt(felt, (w, h))
    theme.dim_felt(surf, colours.felt_light)
    bar = pygame.Rect(0, h - max(5, h // 4), w, max(5, h // 4))
    surf.fill(colours.bar, bar)
    box = pygame.Rect(w // 5, h // 5, w * 3 // 5, h // 3)
    pygame.draw.rect(surf, colours.dialog, box, border_radius=2)
    pygame.draw.line(surf, colours.text, (box.x + 3, box.centery), (box.right - 4, box.centery), max(1, h // 20))
    return _rounded(surf)
