"""``python -m engine.doubledummy [build|status]``: compile the C searches (``make
install`` does it; never fails), or say which search each kind of position uses."""

import sys

from engine.doubledummy.build import main

sys.exit(main())
