"""Routes whose URL builders are compiled when first used, not when the app is made.

Werkzeug compiles two small functions for every route as it is added (one to
build its URL, one that also appends unknown arguments as a query string):
with the studio's and the print page's routes that is 12 ms of a referee's
start-up (issue 26: the first page), for builders most routes never use
(``url_for`` needs a handful). :class:`LazyBuilderRule` compiles each one on
the first call instead; the URLs are the same (tests/referee/test_referee_first_page.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from werkzeug.routing import Rule

Builder = Callable[..., tuple[str, str]]


class LazyBuilderRule(Rule):
    """A werkzeug rule that compiles each of its URL builders on first use."""

    def _compile_builder(self, append_unknown: bool = True) -> Builder:
        compile_now = super()._compile_builder
        compiled: list[Builder] = []

        def build(rule: Rule, **values: Any) -> tuple[str, str]:
            if not compiled:  # two threads may both compile it once: the same function
                compiled.append(compile_now(append_unknown).__get__(rule, None))
            return compiled[0](**values)

        return build


class LazyRoutesFlask(Flask):
    """Flask with :class:`LazyBuilderRule` for every route (its static route included)."""

    url_rule_class = LazyBuilderRule
