"""The translation catalogs as a whole: ``pybabel extract`` over the app finds no message
the ja and zh-TW catalogs lack, and none is empty, fuzzy, obsolete, translated two ways,
or has {placeholders} other than the English."""

from __future__ import annotations

import subprocess
import sys

import pytest
from babel.messages.pofile import read_po

from dashboard.i18n import DOMAINS
from dashboard.i18n_tools import KEYWORDS, _spec, domain_files, extract, problems


def test_every_catalog_is_complete():
    found = problems()
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("domain", DOMAINS)
def test_pybabel_extract_finds_the_messages_the_check_uses(domain, tmp_path):
    """The check's extraction (Babel's API) and the ``pybabel extract`` command agree."""
    pot = tmp_path / f"{domain}.pot"
    args = [sys.executable, "-m", "babel.messages.frontend", "-q", "extract"]
    args += ["--no-default-keywords", *[a for k in KEYWORDS for a in ("-k", _spec(k))]]
    args += ["-o", str(pot), *[str(p) for p in domain_files(domain)]]
    subprocess.run(args, check=True, capture_output=True)
    with open(pot, "rb") as f:
        from_cli = {(m.id, m.context) for m in read_po(f) if m.id}
    assert from_cli == {(m.id, m.context) for m in extract(domain) if m.id}
