"""Number options that refuse ``nan`` and ``inf`` (click's own types accept them)."""

from __future__ import annotations

import math
from typing import Any

import click


class FiniteFloatRange(click.FloatRange):
    """A :class:`click.FloatRange` for real measures: ``nan`` and ``inf`` are usage errors.

    ``nan`` passes every range check (it compares false with everything), so a
    plain ``FloatRange(0, 10)`` lets it through.
    """

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)
