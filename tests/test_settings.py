"""Settings persist between runs and survive damaged files."""

from __future__ import annotations

import json
from pathlib import Path

from yukon.core.rules import Rules
from yukon.play.save import SAVE_VERSION, Store
from yukon.play.settings import ANIMATION_SPEEDS, SETTINGS_FILE, Settings, load_settings, save_settings


def test_defaults_on_first_run(tmp_path: Path) -> None:
    settings, problem = load_settings(Store(tmp_path))
    assert problem is None
    assert settings == Settings()
    assert settings.rules() == Rules()
    assert settings.sound and settings.animation == "normal"


def test_every_setting_persists(tmp_path: Path) -> None:
    s = Settings(variant="russian", any_card_in_space=True, foundation_return=False, animation="off",
                 sound=False, auto_finish=True, winnable_only=True, left_handed=True,
                 auto_home_safe=True, hide_verdicts=True, lessons_offered=True,
                 finished_lessons={"2", "1"}, four_colour=True, high_contrast=True, text_size="larger",
                 language="de", speech=True, speech_detail="full", deck="vintage", card_back="midnight",
                 felt="burgundy", theme="dark")
    assert save_settings(Store(tmp_path), s) is None
    back, problem = load_settings(Store(tmp_path))
    assert problem is None and back == s
    assert back.rules() == Rules("russian", True, False)
    assert back.animation_factor == 0.0
    assert back.text_factor == 1.5
    # each field differs from its default, so a field that failed to persist would show
    for name, value in vars(Settings()).items():
        assert getattr(back, name) != value, name


def test_a_look_the_game_does_not_have_falls_back_to_its_default(tmp_path: Path) -> None:
    data = Settings(deck="vintage", theme="dark").to_dict()
    data["deck"] = "tarot"  # a deck from a newer version, or a typo
    data["felt"] = 7
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(data))
    back, problem = load_settings(Store(tmp_path))
    assert back.deck == Settings().deck and back.felt == Settings().felt and back.theme == "dark"
    assert problem is not None and "deck" in problem and "table" in problem


def test_set_rules_round_trip() -> None:
    s = Settings()
    s.set_rules(Rules("russian", True, False))
    assert s.rules() == Rules("russian", True, False)


def test_one_bad_value_falls_back_alone(tmp_path: Path) -> None:
    data = Settings(variant="russian", sound=False).to_dict()
    data["animation"] = "ludicrous"
    data["left_handed"] = 1
    data["finished_lessons"] = [1, 2]
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(data))
    back, problem = load_settings(Store(tmp_path))
    assert back.variant == "russian" and back.sound is False
    assert back.animation == "normal" and back.left_handed is False and back.finished_lessons == set()
    assert problem and "animation" in problem and "left handed" in problem


def test_text_size_takes_only_its_names(tmp_path: Path) -> None:
    """A text size that is not one of the three (a number, a made-up name) falls back to normal alone."""
    for bad in ("huge", 2, None, True):
        data = Settings(four_colour=True, high_contrast=True).to_dict()
        data["text_size"] = bad
        (tmp_path / SETTINGS_FILE).write_text(json.dumps(data))
        back, problem = load_settings(Store(tmp_path))
        assert back.text_size == "normal" and back.text_factor == 1.0
        assert back.four_colour and back.high_contrast
        assert problem and "text size" in problem
    for good, factor in (("large", 1.25), ("larger", 1.5), ("normal", 1.0)):
        data = Settings(text_size=good).to_dict()
        (tmp_path / SETTINGS_FILE).write_text(json.dumps(data))
        back, problem = load_settings(Store(tmp_path))
        assert problem is None and back.text_size == good and back.text_factor == factor


def test_damaged_file_kept_aside(tmp_path: Path) -> None:
    for content in (b"{not json", json.dumps({"version": SAVE_VERSION + 3}).encode(), b"42"):
        (tmp_path / SETTINGS_FILE).write_bytes(content)
        back, problem = load_settings(Store(tmp_path))
        assert back == Settings() and problem
        assert not (tmp_path / SETTINGS_FILE).exists()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(SETTINGS_FILE + ".broken")]
    assert len(kept) == 3


def test_unwritable_settings_folder(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("")
    store = Store(tmp_path / "f" / "yukon")
    assert save_settings(store, Settings()) is not None
    assert save_settings(store, Settings(sound=False)) is None  # said once already
    assert load_settings(store) == (Settings(), None)


def test_animation_speeds_ordered() -> None:
    assert ANIMATION_SPEEDS["off"] == 0
    assert ANIMATION_SPEEDS["fast"] < ANIMATION_SPEEDS["normal"] < ANIMATION_SPEEDS["slow"]


def test_every_boolean_field_is_checked_by_its_type(tmp_path: Path) -> None:
    """Field-driven: each boolean setting (including ones added later) takes only true or false."""
    from dataclasses import fields

    booleans = [f.name for f in fields(Settings) if isinstance(getattr(Settings(), f.name), bool)]
    assert len(booleans) >= 5
    for name in booleans:
        for bad in (1, 0, "yes", None, 10**400, 1e308, [True]):
            data = Settings().to_dict()
            data[name] = bad
            (tmp_path / SETTINGS_FILE).write_text(json.dumps(data))
            back, problem = load_settings(Store(tmp_path))
            assert back == Settings() and problem and name.replace("_", " ") in problem, (name, bad)
        data = Settings().to_dict()
        data[name] = not getattr(Settings(), name)
        (tmp_path / SETTINGS_FILE).write_text(json.dumps(data))
        back, problem = load_settings(Store(tmp_path))
        assert problem is None and getattr(back, name) is data[name]


def test_numbers_and_oversized_lists_in_text_settings_fall_back(tmp_path: Path) -> None:
    for name, bad in (("variant", 10**400), ("animation", 1e308), ("finished_lessons", ["x"] * 1001),
                      ("finished_lessons", ["x" * 201]), ("finished_lessons", 5)):
        data = Settings(variant="russian").to_dict()
        data[name] = bad
        (tmp_path / SETTINGS_FILE).write_text(json.dumps(data))
        back, problem = load_settings(Store(tmp_path))
        assert getattr(back, name) == getattr(Settings(), name) and problem and name.replace("_", " ") in problem
        assert back.variant == ("russian" if name != "variant" else "yukon")
