import os

os.environ.setdefault("TABLETOP_DEBUG", "1")
