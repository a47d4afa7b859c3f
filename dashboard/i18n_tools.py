"""Upkeep of the translation catalogs (a developer's tool, not a page).

``python -m dashboard.i18n_tools update [DOMAIN…]`` (``make translations``) runs ``pybabel extract``
over each domain's files (:data:`dashboard.i18n.DOMAINS`) and ``pybabel update`` (or
``init`` for a new catalog) for ja and zh_TW; translators then fill in the ``msgstr``.
``python -m dashboard.i18n_tools check`` lists what is missing or wrong; the test suite
runs the same check (``tests/dashboard/test_i18n_catalogs.py``).
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from dashboard.i18n import _CATALOG_DIR, DOMAINS, ENGINE_DOMAIN, LOCALES

DASHBOARD = Path(__file__).parent
ENGINE = DASHBOARD.parent / "engine"
ENGINE_KEYWORDS = {"coded": ((1, "c"), 2), "word": None}
# ``coded``: the dashboard's own coded errors (``StoreError.coded`` in dashboard/store/entries.py)
KEYWORDS = ["_", "N_", "gettext", "ngettext", "pgettext", "coded"]
# Not pages: no player ever sees their text.
NOT_PAGES = {"i18n.py", "i18n_tools.py", "bench_app.py", "__init__.py"}
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)?(?:[:!][^{}]*)?\}")


def _owned(domain: str, rel: str) -> bool:
    return any(rel == p or rel.startswith(p + "/") for p in DOMAINS[domain])


def domain_files(domain: str) -> list[Path]:
    """The page files whose text goes to ``domain``'s catalog."""
    files = []
    for path in sorted(DASHBOARD.rglob("*.py")):
        rel = path.relative_to(DASHBOARD).as_posix()
        if path.name in NOT_PAGES:
            continue
        owner = next((d for d in DOMAINS if d != "common" and _owned(d, rel)), "common")
        if owner == domain:
            files.append(path)
    return files


def extract(domain: str):
    """The Babel catalog of every message in ``domain``'s files (what ``pybabel extract``
    finds); for the engine domain, the coded error templates and the marked words (``word``) of
    ``engine/`` and every ruleset field's doc."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file

    catalog = Catalog(domain=domain, project="Tabletop suite", version="0.1")
    keywords: dict[str, Any]
    if domain == ENGINE_DOMAIN:
        files, keywords, root = sorted(ENGINE.rglob("*.py")), ENGINE_KEYWORDS, ENGINE.parent
    else:
        files, root = domain_files(domain), DASHBOARD.parent
        keywords = {k: DEFAULT_KEYWORDS.get(k, ENGINE_KEYWORDS.get(k)) for k in KEYWORDS}
    for path in files:
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=keywords
        ):
            catalog.add(
                message,
                locations=[(path.relative_to(root).as_posix(), lineno)],
                auto_comments=comments,
                context=context,
            )
    if domain == ENGINE_DOMAIN:
        for location, doc in ruleset_docs():
            catalog.add(doc, locations=[location])
    return catalog


def ruleset_docs() -> list[tuple[tuple[str, int], str]]:
    """Every ruleset field's doc (shown on the pages), with where it is written."""
    import inspect

    from engine.core.registry import game_names, get_game
    from engine.core.ruleset import describe

    out = []
    for name in game_names(include_demo=True):
        cls = get_game(name).ruleset_class
        where = Path(inspect.getsourcefile(cls) or "").relative_to(ENGINE.parent).as_posix()
        out += [((where, 0), f.doc) for f in describe(cls) if f.doc]
    return out


def po_path(lang_dir: str, domain: str) -> Path:
    return LOCALES / lang_dir / "LC_MESSAGES" / f"{domain}.po"


def read(lang_dir: str, domain: str):
    from babel.messages.pofile import read_po

    path = po_path(lang_dir, domain)
    if not path.exists():
        return None
    with open(path, "rb") as f:
        return read_po(f, locale=lang_dir)


def _fields(text: str) -> set[str]:
    return set(_FIELD.findall(text))


def problems() -> list[str]:
    """Every message missing, untranslated, fuzzy, obsolete or with placeholders that do
    not match the English, in every catalog; and one English text translated two ways."""
    out = []
    for lang_dir in _CATALOG_DIR.values():
        seen: dict[tuple, tuple[str, object]] = {}
        for domain in [*DOMAINS, ENGINE_DOMAIN]:
            wanted = extract(domain)
            have = read(lang_dir, domain)
            if have is None:
                if len(wanted):
                    out.append(f"{lang_dir}/{domain}.po is missing ({len(wanted)} messages)")
                continue
            for msg in wanted:
                if not msg.id:
                    continue
                got = have.get(msg.id, context=msg.context)
                name = f"{lang_dir}/{domain}.po: {_short(msg.id)!r}"
                if got is None:
                    out.append(f"{name} is not in the catalog (run make translations)")
                    continue
                if got.fuzzy:
                    out.append(f"{name} is marked fuzzy")
                strings = got.string if isinstance(got.string, tuple) else (got.string,)
                if not all(strings):
                    out.append(f"{name} is not translated")
                    continue
                ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
                if any(_fields(s) != _fields(ids[-1]) for s in strings):
                    out.append(f"{name}: the translation's {{placeholders}} differ")
                key = (msg.id, msg.context)
                if key in seen and seen[key][1] != got.string:
                    out.append(f"{name} is translated differently in {seen[key][0]}.po")
                seen.setdefault(key, (domain, got.string))
            wanted_ids = {(m.id, m.context) for m in wanted if m.id}
            for msg in have:
                if msg.id and (msg.id, msg.context) not in wanted_ids:
                    out.append(
                        f"{lang_dir}/{domain}.po: {_short(msg.id)!r} is no longer used "
                        "(run make translations)"
                    )
    return out


def _short(msgid) -> str:
    text = msgid[0] if isinstance(msgid, tuple) else msgid
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:59] + "…"


def update(domains=None) -> None:
    """``pybabel extract`` then ``pybabel update``/``init`` for each of ``domains`` (default:
    all) and each language."""
    from babel.messages.frontend import CommandLineInterface
    from babel.messages.pofile import write_po

    every = [*DOMAINS, ENGINE_DOMAIN]
    with tempfile.TemporaryDirectory() as tmp:
        for domain in domains or every:
            if domain not in every:
                raise SystemExit(f"{domain!r}: not a domain; give some of {', '.join(every)}")
            pot = str(Path(tmp) / f"{domain}.pot")
            if domain == ENGINE_DOMAIN:  # templates and words from the code, docs from rulesets
                with open(pot, "wb") as f:
                    write_po(f, extract(domain), sort_by_file=True)
            else:
                files = [str(p) for p in domain_files(domain)]
                args = ["pybabel", "-q", "extract", "--no-default-keywords", "--sort-by-file"]
                args += ["--project", "Tabletop suite", "--version", "0.1"]
                args += [a for k in KEYWORDS for a in ("-k", _spec(k))]
                CommandLineInterface().run([*args, "-o", pot, *files])
            for lang_dir in _CATALOG_DIR.values():
                command = "update" if po_path(lang_dir, domain).exists() else "init"
                extra = ["--ignore-obsolete", "--no-fuzzy-matching"] if command == "update" else []
                CommandLineInterface().run(
                    ["pybabel", "-q", command, "-i", pot, "-d", str(LOCALES)]
                    + ["-D", domain, "-l", lang_dir, *extra]
                )


def _spec(keyword: str) -> str:
    specs = {"ngettext": "ngettext:1,2", "pgettext": "pgettext:1c,2", "coded": "coded:1c,2"}
    return specs.get(keyword, keyword)


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        update(argv[1:])
        return 0
    if argv[:1] == ["check"]:
        found = problems()
        print("\n".join(found) if found else "every catalog is complete")
        return 1 if found else 0
    print("usage: python -m dashboard.i18n_tools update [DOMAIN…] | check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
