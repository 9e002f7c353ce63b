"""The optional compiled build; everything else about the package is in pyproject.toml.

``DECKFORGE_COMPILE=1 pip install .`` compiles the modules that
build_support/deckforge_build.py lists with mypyc (the compiler that comes with mypy):
the same source turned into C extensions, so that ``deckforge simulate`` and the
studio's simulations run about twice as fast (docs/benchmarks.md). It needs a C
compiler. Without the variable deckforge installs as pure Python, as the README's
commands do. Both play the same games (.ci/run runs the rules, designer and referee
tests against the compiled build).
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "build_support"))

from deckforge_build import COMPILED, compiling


def ext_modules() -> list[Any]:
    if not compiling():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit(
            "DECKFORGE_COMPILE=1 needs mypy (pip install mypy), which a build through pip "
            "installs by itself; unset DECKFORGE_COMPILE for the pure Python install"
        ) from None
    return mypycify(COMPILED, opt_level="3", group_name="deckforge_compiled")


setup(ext_modules=ext_modules())
