"""Headless Chromium for the browser tests (Debian's chromium and chromium-driver).

Importing this module skips the importing test module when Chromium or its
driver is missing, except in CI (``CI`` set), where their absence fails it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

OUTPUT = Path(__file__).parent / "output"  # screenshots (git-ignored)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")

if not (CHROMIUM and DRIVER):
    if os.environ.get("CI"):
        pytest.fail("chromium and chromium-driver are required in CI", pytrace=False)
    pytest.skip("chromium or chromium-driver is not installed", allow_module_level=True)

webdriver = pytest.importorskip("selenium.webdriver")


def open_chromium(width: int, height: int, profile: Path, mobile: bool = False) -> Any:
    """Headless Chromium on a fresh profile: a phone (mobile) or a screen of exactly that size."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
    ):
        options.add_argument(flag)
    if mobile:
        options.add_experimental_option(
            "mobileEmulation",
            {
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2},
                "userAgent": "Mozilla/5.0 (Linux; Android 14) Mobile",
            },
        )
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(DRIVER))
    driver.set_page_load_timeout(30)
    if not mobile:  # the page itself gets exactly width x height, like a projector
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {
                "width": width,
                "height": height,
                "deviceScaleFactor": 1,
                "mobile": False,
            },
        )
    return driver
