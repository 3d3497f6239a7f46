"""Names vulture cannot see used, because something other than our code uses them by name.

`python -m vulture` (its paths and options are in pyproject.toml) reads this file with the
code: each name below counts as used. Only what is really used from outside our own calls
belongs here, each with why; dead code is removed, never listed. Never imported.
"""

# ruff: noqa: B018 - a whitelist is names standing alone, which vulture reads as their use

from vulture.whitelist_utils import Whitelist

_ = Whitelist()

# yukon/solve/survey_workers.py: the survey's worker processes start as `python -c "from
# yukon.solve.survey_workers import worker_main; worker_main()"`, so the call is in a string.
_.worker_main

# pygame's Rect and Window act on these attributes when they are set (a rectangle's position,
# the window's smallest size): setting them is their use.
_.midbottom
_.minimum_size

# pytest calls its hooks by name (tests/conftest.py freezes the collected suite's heap).
_.pytest_collection_finish

# pytest calls fixtures by name: autouse ones and those a test names as an argument (the argument
# itself is then unused in the test's body, which is the point: the fixture does the work).
_.steady_double_click_clock
_.english_whatever_the_machine
_.english_after
_.open_folder_fixture
_.pseudo_language
_.pygame_ready
_.light_theme_after

# Stand-ins for a webbrowser controller's open(url, new=0, autoraise=True) keep its signature: the
# webbrowser module may pass autoraise by name.
_.autoraise

# configparser.ConfigParser calls optionxform on each key (tests/test_packaging.py overrides it).
_.optionxform

# packaging/subset_cjk_font.py: fontTools' subsetter reads its Options' attributes, and TTFont.save
# reads recalcTimestamp, when they are set: setting them is their use.
_.name_IDs
_.name_languages
_.notdef_outline
_.layout_features
_.recalcTimestamp
