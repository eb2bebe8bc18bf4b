# nim_browser.py -- headless Chromium for the pages of nim --explore
# SPDX-License-Identifier: GPL-3.0-or-later
#
# What tests/test-explore.py and doc/make-images.py open the pages in:
# Debian's chromium, driven by chromium-driver through python3-selenium.

import os
import shutil

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def chromium(profile):
    """A headless Chromium with a fresh profile in the directory
    @profile, a window of 1280 x 860 and the console's messages kept for
    get_log("browser")."""
    options = webdriver.ChromeOptions()
    # As root Chromium needs --no-sandbox; the machine may have no
    # network, and nothing may be fetched: a fresh profile, no
    # background traffic.
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
              "--disable-background-networking", "--disable-component-update",
              "--disable-sync", "--disable-dev-shm-usage",
              "--user-data-dir=" + profile, "--window-size=1280,860"):
        options.add_argument(a)
    for path in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(path):
            options.binary_location = path
            break
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(driver), options=options)
