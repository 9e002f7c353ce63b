"""reportlab runs with its C accelerator (rl_accel, a dependency since issue 26)."""

from __future__ import annotations

from types import BuiltinFunctionType

from reportlab.lib import rl_accel


def test_reportlab_formats_numbers_and_escapes_strings_in_c() -> None:
    for name in ("fp_str", "escapePDF", "calcChecksum", "instanceStringWidthTTF"):
        assert isinstance(getattr(rl_accel, name), BuiltinFunctionType), name
