"""Headless Chromium for the browser tests (Debian's chromium and chromium-driver), used
through the ``chromium`` and ``module_chromium`` fixtures of tests/conftest.py.

Without Chromium or its driver a browser test is skipped, except in CI (``CI`` set), where
their absence fails it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path
from typing import Any

import pytest


class Chromium:
    """Opens headless Chromium windows on fresh profiles; closes them all at the end.

    ``open(width, height)`` is a screen of exactly that size (a projector, a laptop);
    ``mobile=True`` a phone; ``downloads=folder`` lets the page download into ``folder``.
    """

    FLAGS = (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
    )

    def __init__(self, profiles: Path) -> None:
        binary = shutil.which("chromium") or shutil.which("chromium-browser")
        driver = shutil.which("chromedriver")
        if not (binary and driver):
            if os.environ.get("CI"):
                pytest.fail("chromium and chromium-driver are required in CI", pytrace=False)
            pytest.skip("chromium or chromium-driver is not installed")
        self.binary, self.driver = binary, driver
        self.profiles = profiles
        self.opened: list[Any] = []

    def open(
        self, width: int, height: int, *, mobile: bool = False, downloads: Path | None = None
    ) -> Any:
        from selenium import webdriver

        options = webdriver.ChromeOptions()
        options.binary_location = self.binary
        profile = self.profiles / f"profile-{len(self.opened)}"
        for flag in (*self.FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
            options.add_argument(flag)
        if mobile:
            options.add_experimental_option(
                "mobileEmulation",
                {
                    "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2},
                    "userAgent": "Mozilla/5.0 (Linux; Android 14) Mobile",
                },
            )
        browser = webdriver.Chrome(options=options, service=webdriver.ChromeService(self.driver))
        self.opened.append(browser)
        browser.set_page_load_timeout(30)
        if not mobile:  # the page itself gets exactly width x height, like a projector
            browser.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
            )
        if downloads is not None:
            browser.execute_cdp_cmd(
                "Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
            )
        return browser

    def close(self) -> None:
        for browser in self.opened:
            # a crashed browser must not hide the test's own failure
            with contextlib.suppress(Exception):
                browser.quit()
        self.opened.clear()
        shutil.rmtree(self.profiles, ignore_errors=True)
