"""The names vulture (``tests/test_dead_code.py``) cannot see used: each is read by a
framework or by text vulture does not parse. Not imported by anything; vulture reads it
as a whitelist, so each line "uses" a name."""

# ruff: noqa: B018, F821

# pytest: module marks, fixtures asked for by argument name, collection hooks
pytestmark
server_full
many_games
nothing_graded_yet
no_job_left_counted
nothing_running
sqlite_store
pytest_collection_modifyitems
_.handle_starttag  # html.parser.HTMLParser's callbacks
_.handle_endtag
_.handle_data
# OpenSpiel's Python game API (pyspiel calls these by name)
_.make_py_observer
_._legal_actions
_._apply_action
_._action_to_string
_.tensor
_.set_from
_.string_from
# a module's attribute hook (PEP 562): the old names of moved functions
__getattr__
# plotly figure layout, Streamlit session state and protocol messages set by attribute
_.shapes
_.oc_n
_.oc_fund
_.oc_pos
_.page_name
_._shown_default_value_warning
# multiprocessing's context protocol; a finalizer kept alive with its object
_.Process
_._free
# a cached function's argument that only keys its cache (the file's modification time)
mtime
# enum members and unpacked constants named for the reader
EXTRA
BOMB
DECIDE
STEAL
STEAL_PLACE
GIVE
OP_STOCK_UP
# the lessons (lessons/*.md, run by tests/test_lessons.py) call these
final_frame
turns_frame
# a test's handlers looked up by name (getattr(self, f"card_{who}"))
_.card_own
_.card_draw3
_.card_bomb
# autouse fixtures (they run for every test of their module)
_words_in
_report
