"""The C searches of the double-dummy library as extension modules (the rest of the
package is declared in pyproject.toml).

Each search ``engine/doubledummy/<name>.c`` (plain C99) is built with ``module.c`` into the
module ``engine.doubledummy._<name>``, stamped with the search's SHA-256 (a build older
than its source is never used). A search
that does not compile (no C compiler, no Python headers) leaves the install whole: it says
why and the library's Python search is used (:mod:`engine.doubledummy.build`).
"""

import hashlib
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
LIBRARY = "engine/doubledummy"
SEARCHES = ("four_hands", "two_hands")


def _extension(name: str) -> Extension:
    source = f"{LIBRARY}/{name}.c"
    digest = hashlib.sha256((HERE / source).read_bytes()).hexdigest()
    return Extension(
        f"engine.doubledummy._{name}",
        [source, f"{LIBRARY}/module.c"],
        define_macros=[("TABLETOP_MODULE", f"_{name}"), ("TABLETOP_SOURCE_SHA256", f'"{digest}"')],
        extra_compile_args=["-O3", "-std=c99"],
        optional=True,
    )


class BuildSearches(build_ext):
    """``build_ext`` that never fails the install: a C search it cannot build is left
    out with a clear message, and the Python search runs instead."""

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:  # a compiler missing or failing: the install goes on
            print(
                f"{ext.name}: the C search is not built ({exc}); the Python search is used "
                "(install a C compiler and the Python headers, then make install)"
            )


setup(ext_modules=[_extension(n) for n in SEARCHES], cmdclass={"build_ext": BuildSearches})
