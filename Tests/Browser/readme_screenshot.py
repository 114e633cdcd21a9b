"""Retakes the README's playground screenshot (docs/playground.png): `reorder play` (the demo
list under `default`) in headless Chromium at a desktop's 1440 x 900, row 2 long-pressed and
held in the bottom edge zone until the list scrolls and the event log passes 20 lines
(two-digit numbers).

Run from the repository's root after `swift build --product reorder`:
    python3 Tests/Browser/readme_screenshot.py [OUT.png]
Not a test (the unittest discovery only picks test_*.py); the browser tests check the log's
numbers stay inside its box (test_event_numbers_are_not_clipped).
"""
import os
import re
import subprocess
import sys
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions.action_builder import ActionBuilder

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_playground import REORDER, REPO, wait  # noqa: E402  (the browser tests' own helpers)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "docs", "playground.png")
    server = subprocess.Popen([REORDER, "play", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, bufsize=1)
    found = {}

    def read():
        for line in server.stdout:
            m = re.search(r"open (http://\S+)", line)
            if m:
                found["url"] = m.group(1)

    threading.Thread(target=read, daemon=True).start()
    driver = None
    try:
        url = wait(lambda: found.get("url"), timeout=30, what="the server's URL")
        options = Options()
        for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1440,900",
                  "--force-device-scale-factor=1", "--hide-scrollbars"]:
            options.add_argument(a)
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        driver = webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        driver.get(url)
        wait(lambda: driver.execute_script("return !!(window.__play && window.__play.scene)"), timeout=10,
             what="the first scene")
        left, top = driver.execute_script(
            "const v = document.getElementById('viewport'); const r = v.getBoundingClientRect();"
            "return [r.left + v.clientLeft, r.top + v.clientTop]")
        a = ActionBuilder(driver)
        a.pointer_action.move_to_location(int(left + 120), int(top + 94))   # row 2, under the 28 pt header
        a.pointer_action.pointer_down()
        a.perform()
        wait(lambda: (driver.execute_script("return window.__play.scene").get("snapshot") or {}).get("phase") == "lifted",
             timeout=10, what="the lift")
        a = ActionBuilder(driver, duration=20)
        for i in range(1, 21):
            a.pointer_action.move_to_location(int(left + 120), int(top + 94 + (667 - 94 - 60) * i / 20))
        a.perform()
        # Held 60 pt into the 120 pt zone: 1500 x (60/120)^2 = 375 pt/s, about 1.9 s to the end of
        # the list's 709 pt, a row (a log line) every 0.12 s: 20 lines come while it scrolls.
        wait(lambda: driver.execute_script("return document.querySelectorAll('#log li').length >= 22"
                                           " && window.__play.scene.zones[0].scrolled > 0"),
             timeout=20, what="20 lines of the event log while the list scrolls")
        driver.save_screenshot(out)
        a = ActionBuilder(driver)
        a.pointer_action.pointer_up()
        a.perform()
        print(f"wrote {out}")
    finally:
        if driver:
            driver.quit()
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
