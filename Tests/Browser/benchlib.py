"""What the browser benchmarks share: a `reorder play` server on a free port, and headless Chromium.

    from benchlib import start_play, chromium
    server, url = start_play(reorder, rows)      # waits for the URL the server prints
    driver = chromium(["--some-switch"])         # Debian's chromium and chromedriver
    dispatch(driver, "touch", x, y, "move")      # a CDP mouse or touch event: down, move or up
"""
import os, re, subprocess, threading
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

DEFAULT_REORDER = os.path.join(os.path.dirname(__file__), "..", "..", ".build", "release", "reorder")


def start_play(reorder, rows):
    """Starts `reorder play --port 0 --rows N`; returns the process and the URL it prints."""
    server = subprocess.Popen([reorder, "play", "--port", "0", "--rows", str(rows)], stdout=subprocess.PIPE, text=True)
    url = None
    for line in server.stdout:
        m = re.search(r"open (http://\S+)", line)
        if m:
            url = m.group(1)
            break
    if url is None:
        raise SystemExit(f"{reorder} play printed no URL (exit {server.wait()})")
    # Keep reading so the server never blocks on a full pipe.
    threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
    return server, url


def chromium(flags=()):
    """Headless Chromium at 1200 x 900 through Debian's chromedriver, with any extra switches."""
    o = Options()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,900"] + list(flags):
        o.add_argument(arg)
    o.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(options=o, service=Service("/usr/bin/chromedriver"))


def dispatch(driver, kind, x, y, phase):
    """A mouse (`kind` "mouse") or touch event at page point (x, y) through CDP
    (Input.dispatchMouseEvent / dispatchTouchEvent), as the browser gets it from the system:
    `phase` is "down", "move" (the left button or the finger held) or "up"."""
    if kind == "mouse":
        t = {"down": "mousePressed", "move": "mouseMoved", "up": "mouseReleased"}[phase]
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": t, "x": x, "y": y, "button": "left",
                                                            "buttons": 0 if phase == "up" else 1, "clickCount": 1})
    else:
        t = {"down": "touchStart", "move": "touchMove", "up": "touchEnd"}[phase]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                               {"type": t, "touchPoints": [] if phase == "up" else [{"x": x, "y": y}]})
