import os
import tempfile

os.environ.setdefault("TABLETOP_DEBUG", "1")
# Live games and score sheets go to a throw-away store, never the user's data folder.
os.environ["TABLETOP_DATA_DIR"] = tempfile.mkdtemp(prefix="tabletop-test-store-")
