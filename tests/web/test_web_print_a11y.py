"""axe-core finds no WCAG 2.2 A or AA violation on the "Print a deck" page, in French,
English and German, on a phone and a laptop, blank and with a refused value."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parents[1] / "referee"))
from a11y_helpers import describe, run_axe
from chromium_browsers import Chromium
from referee_helpers import Server, start_server
from selenium.webdriver.support.ui import WebDriverWait

OUTPUT = Path(__file__).parent / "output"


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with tempfile.TemporaryDirectory() as folder:
        running = start_server(Path(folder) / "referee.sqlite3")
        try:
            yield running
        finally:
            running.stop()


@pytest.mark.parametrize("mobile", [True, False], ids=["phone", "laptop"])
def test_the_print_page_has_no_a_or_aa_violation(
    server: Server, chromium: Chromium, mobile: bool
) -> None:
    size = (390, 844) if mobile else (1280, 900)
    driver = chromium.open(*size, mobile=mobile)
    for language in ("fr", "en", "de"):
        for name, path in (
            ("blank", f"print/?lang={language}"),
            ("refused", f"print/download?lang={language}&theme=hanabi-classic&offset_x=99"),
        ):
            driver.get(server.url + path)
            WebDriverWait(driver, 10).until(
                lambda d: d.execute_script("return document.readyState") == "complete"
            )
            OUTPUT.mkdir(exist_ok=True)
            shot = f"a11y-print-{name}-{language}-{'phone' if mobile else 'laptop'}.png"
            driver.save_screenshot(str(OUTPUT / shot))
            violations = run_axe(driver)
            assert not violations, f"{path}\n{describe(violations)}"
