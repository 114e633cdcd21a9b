"""Keyboard reordering in the playground, in a real (headless) Chromium.

The page is driven with the keyboard alone (Tab, Space, the arrows, Escape, Shift+F10 for an
item's actions menu). After each key the live region must say the engine's text; the items'
role, role description, name and description are read from Chromium's accessibility tree
(the Chrome DevTools Protocol's Accessibility.getFullAXTree). Run with `make browser-test`.

The list is the demo list of `reorder play default` (Today: "Inbox zero", "Standup", "Review
PR 42", ...; 15 rows; Later: 15 rows); the texts are the built-in ones (REFERENCE.md,
"Keyboard dragging"), e.g. "Lifted Standup, position 2 of 15 in Today. Use the arrow keys to
move, space to drop, escape to cancel."
"""
import json
import os
import sys
import unittest
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png  # noqa: E402
from test_playground import ARTIFACTS, PageTest, assert_inputs_in_time_order, wait  # noqa: E402

HOW_TO = "Use the arrow keys to move, space to drop, escape to cancel."
INSTRUCTIONS = "Press space or enter to lift. " + HOW_TO
TODAY = ["Inbox zero", "Standup", "Review PR 42", "Write spec", "Lunch with Ana", "Fix flaky test"]


class KeyboardPlayground(PageTest):
    """The page on `default`'s demo list, driven by the keyboard alone (PageTest starts the
    server and Chromium)."""

    @classmethod
    def server_args(cls):
        return ["default", "--port", "0"]

    def order(self):
        with urllib.request.urlopen(self.url + "state") as r:
            return json.load(r)["order"]

    def press(self, key, times=1):
        for _ in range(times):
            ActionChains(self.driver).send_keys(key).perform()

    def skip_link(self):
        """The first Tab from the page's start: the skip link (the next Tab enters the list)."""
        self.press(Keys.TAB)
        wait(lambda: self.js("return document.activeElement.id") == "skip", what="Tab to the skip link")

    def said(self, text, timeout=5.0):
        """Waits until the live region says `text` (its whole content)."""
        region = "return document.getElementById('announcer').textContent"
        try:
            wait(lambda: self.js(region) == text, timeout=timeout, what=f"the live region to say {text!r}")
        except AssertionError as e:
            raise AssertionError(f"{e}; it says {self.js(region)!r}") from None

    def said_last(self, text, timeout=5.0):
        """Waits until the live region ends with `text`: keys pressed within one frame ride on
        that frame's message (protocol 3) and its one scene says what each did, in order."""
        region = "return document.getElementById('announcer').textContent"
        try:
            wait(lambda: self.js(region) == text or self.js(region).endswith(" " + text), timeout=timeout,
                 what=f"the live region to end with {text!r}")
        except AssertionError as e:
            raise AssertionError(f"{e}; it says {self.js(region)!r}") from None

    def focused_id(self):
        return self.js("const e = document.activeElement; return e && e.dataset ? e.dataset.id || null : null")

    def ax_node(self, name):
        """The accessibility tree's node named `name` (role, roledescription, description)."""
        tree = self.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
        for node in tree["nodes"]:
            if node.get("ignored"):
                continue
            if node.get("name", {}).get("value") == name and node.get("role", {}).get("value") == "button":
                props = {p["name"]: p.get("value", {}).get("value") for p in node.get("properties", [])}
                return {"role": node["role"]["value"], "description": node.get("description", {}).get("value"),
                        "roledescription": props.get("roledescription"), "pressed": props.get("pressed")}
        return None

    def test_keyboard_inputs_ride_on_frames(self):
        """Protocol 3 (docs/PLAYGROUND.md, "Versions"): the page sends no keyboard message of
        its own either; Tab's focus, Space, the arrows and a menu action go in frame messages'
        `inputs`, in order, each time at most its frame's and never going back (each goes at
        once from its handler in a frame of its own; docs/PLAYGROUND.md, "Versions";
        bench_keys.py measures the key to the scene drawn). Standup (2nd) lifted, two rows
        down, dropped 4th, then the menu's "Move up" (its first item) puts it 3rd: Inbox zero,
        Review PR 42, Standup, Write spec."""
        d = self.driver
        self.js("const ws = window.__play.ws; const send = ws.send.bind(ws); window.__sent = [];"
                "ws.send = (m) => { window.__sent.push(JSON.parse(m)); send(m); };")
        d.find_element("tag name", "body").click()
        self.skip_link()
        self.press(Keys.TAB)
        wait(lambda: self.focused_id() == "Inbox zero", what="Tab to focus the first item")
        self.press(Keys.TAB)
        wait(lambda: self.focused_id() == "Standup", what="Tab to focus the second item")
        self.press(Keys.SPACE)
        self.said(f"Lifted Standup, position 2 of 15 in Today. {HOW_TO}")
        self.press(Keys.ARROW_DOWN)
        self.said("Standup moved to position 3 of 15.")
        self.press(Keys.ARROW_DOWN)
        self.said("Standup moved to position 4 of 15.")
        self.press(Keys.SPACE)
        self.said("Standup dropped at position 4 of 15 in Today.")
        wait(lambda: self.js("const k = window.__play.keyboard; return !!(k && !k.lifted && k.actions && k.actions.length)"),
             what="the focused item's actions")
        ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.F10).key_up(Keys.SHIFT).perform()
        wait(lambda: self.js("return !document.getElementById('kb-menu').hidden"), what="the actions menu")
        self.press(Keys.ENTER)   # the first item, "Move up"
        self.said("Standup dropped at position 3 of 15 in Today.")
        wait(lambda: self.order()[0][:4] == ["Inbox zero", "Review PR 42", "Standup", "Write spec"],
             what="the host's order")
        sent = self.js("return window.__sent")
        self.assertEqual({m["type"] for m in sent}, {"frame"})
        self.assertTrue(all(m["v"] == 4 for m in sent))   # the version the host serves (docs/PLAYGROUND.md, "Versions")
        inputs = [i for m in sent for i in m.get("inputs", [])]
        # Tab's focus on Standup (section 1, row 2; Inbox zero's may be left out when the host's
        # focus already was there), then the keys and the action, in order.
        self.assertEqual([i["type"] for i in inputs if i["type"] != "focus"], ["key"] * 4 + ["action"])
        self.assertEqual([i["key"] for i in inputs if i["type"] == "key"], ["space", "down", "down", "space"])
        focuses = [(i["section"], i["row"]) for i in inputs if i["type"] == "focus"]
        self.assertEqual(focuses[-1], (1, 2))
        self.assertEqual(inputs.index(next(i for i in inputs if i["type"] == "key")), len(focuses))
        action = inputs[-1]
        self.assertEqual((action["section"], action["row"], action["action"]), (1, 4, "move_up"))
        assert_inputs_in_time_order(self, sent)
        wait(lambda: self.js("return window.__play.scene.state") == "idle", what="the drop to end")
        self.js("document.getElementById('reset').click()")
        wait(lambda: self.order()[0][:2] == ["Inbox zero", "Standup"], what="the reset list")

    def test_reorders_by_keyboard_alone(self):
        d = self.driver
        # Tab from the page's start: the skip link, then the list's items in order.
        d.find_element("tag name", "body").click()
        self.skip_link()
        self.press(Keys.TAB)
        wait(lambda: self.focused_id() == "Inbox zero", what="Tab to focus the first item")
        self.press(Keys.TAB)
        wait(lambda: self.focused_id() == "Standup", what="Tab to focus the second item")
        # The accessibility tree: a button described as a sortable item, named by its title,
        # described by the policy's instructions.
        node = wait(lambda: self.ax_node("Standup"), what="Standup in the accessibility tree")
        self.assertEqual(node["role"], "button")
        self.assertEqual(node["roledescription"], "sortable item")
        self.assertEqual(node["description"], INSTRUCTIONS)

        # Space lifts; each arrow moves one row and is said; Space drops.
        self.press(Keys.SPACE)
        self.said(f"Lifted Standup, position 2 of 15 in Today. {HOW_TO}")
        self.assertEqual(wait(lambda: self.ax_node("Standup"))["pressed"], "true")
        for position in (3, 4, 5):
            self.press(Keys.ARROW_DOWN)
            self.said(f"Standup moved to position {position} of 15.")
            self.assertEqual(self.focused_id(), "Standup")   # the focus follows the item
        d.save_screenshot(os.path.join(ARTIFACTS, "keyboard-lifted.png"))
        self.press(Keys.SPACE)
        self.said("Standup dropped at position 5 of 15 in Today.")
        wait(lambda: self.order()[0][:6] == ["Inbox zero", "Review PR 42", "Write spec", "Lunch with Ana",
                                             "Standup", "Fix flaky test"], what="the host's order")
        self.assertEqual(self.focused_id(), "Standup")       # the focus stays after the drop

        # Escape cancels: the item goes back.
        self.press(Keys.ENTER)
        self.said(f"Lifted Standup, position 5 of 15 in Today. {HOW_TO}")
        self.press(Keys.ARROW_UP, 2)
        # Both keys may ride on one frame: "Standup moved to position 4 of 15. Standup moved to
        # position 3 of 15." in one scene, or the second alone.
        self.said_last("Standup moved to position 3 of 15.")
        self.press(Keys.ESCAPE)
        self.said("Movement cancelled. Standup returned to position 5.")
        wait(lambda: self.order()[0][4] == "Standup", what="the order back after the cancel")
        self.assertEqual(self.focused_id(), "Standup")

        # The item's actions menu (Shift+F10): "Move to the start" in one input.
        wait(lambda: self.js("const k = window.__play.keyboard; return !!(k && k.actions && k.actions.length)"),
             what="the focused item's actions")
        ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.F10).key_up(Keys.SHIFT).perform()
        labels = wait(lambda: self.js(
            "const m = document.getElementById('kb-menu'); return m.hidden ? null : "
            "[...m.querySelectorAll('[role=menuitem]')].map((b) => b.textContent)"), what="the actions menu")
        self.assertEqual(labels, ["Move up", "Move down", "Move to the start", "Move to the end", "Move to Later"])
        d.save_screenshot(os.path.join(ARTIFACTS, "keyboard-menu.png"))
        self.press(Keys.ARROW_DOWN, 2)   # Move up -> Move down -> Move to the start
        self.press(Keys.ENTER)
        self.said("Standup dropped at position 1 of 15 in Today.")
        wait(lambda: self.order()[0][:2] == ["Standup", "Inbox zero"], what="Standup first")
        wait(lambda: self.focused_id() == "Standup", what="the focus back on Standup")
        d.save_screenshot(os.path.join(ARTIFACTS, "keyboard-dropped.png"))
        # Put the demo list back for other tests (once the drop is over).
        wait(lambda: self.js("return window.__play.scene.state") == "idle", what="the drop to end")
        self.js("document.getElementById('reset').click()")
        wait(lambda: self.order()[0][:2] == ["Inbox zero", "Standup"], what="the reset list")

    def test_tab_goes_past_the_rows_drawn(self):
        """Items are focusable in order, past the rows drawn (docs/PLAYGROUND.md, the scene
        message's `sizes`): the page draws only the rows in the viewport (667 pt: the header
        and about 14 rows of 44 pt), so Tab on the last row drawn
        asks the host to focus the next item, which scrolls it into view. Row 20 of the demo
        (in order: Today's 15 rows, then Later's 5th) is not drawn at first; 19 Tabs from the
        first row reach it, named by its title, and the list has scrolled. Shift+Tab comes back
        the same way, and leaves the list only before the first item."""
        d = self.driver
        order = self.order()
        flat = order[0] + order[1]
        self.assertEqual(len(order[0]), 15)
        row20 = flat[19]
        self.assertEqual(row20, order[1][4])
        drawn = "return !!document.querySelector('.cell[data-id=\"' + arguments[0] + '\"]')"
        self.assertFalse(self.js(drawn, row20), "row 20 is drawn before any Tab")
        start = self.order_offset()
        d.find_element("tag name", "body").click()
        self.skip_link()
        self.press(Keys.TAB)
        wait(lambda: self.focused_id() == flat[0], what="Tab to focus the first item")
        for n in range(1, 20):
            self.press(Keys.TAB)
            wait(lambda: self.focused_id() == flat[n], what=f"Tab to focus row {n + 1} ({flat[n]!r})")
        # The accessible name of the focused element and its node in Chromium's tree.
        self.assertEqual(self.js("return document.activeElement.textContent"), row20)
        node = wait(lambda: self.ax_node(row20), what=f"{row20} in the accessibility tree")
        self.assertEqual(node["role"], "button")
        self.assertEqual(node["roledescription"], "sortable item")
        # The list scrolled (the host's offset, and the page drew it) and the row is inside the
        # viewport: its cell's frame (viewport points) lies within 0...667.
        offset = self.order_offset()
        self.assertGreater(offset, start)
        wait(lambda: self.js("return Number(document.getElementById('viewport').dataset.offsetY)") == offset,
             what="the page to draw the scrolled list")
        top, bottom = self.js(
            "const c = window.__play.scene.cells.find((c) => c.id === arguments[0]);"
            "return [c.frame[1], c.frame[1] + c.frame[3]]", row20)
        self.assertGreaterEqual(top, 0)
        self.assertLessEqual(bottom, 667)
        self.assertEqual(self.js("return window.__play.keyboard.focus"), [2, 5])   # 1-based, as every position is written
        # Shift+Tab back to the first row (scrolling back), then out of the list.
        for n in range(18, -1, -1):
            ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
            wait(lambda: self.focused_id() == flat[n], what=f"Shift+Tab to focus row {n + 1} ({flat[n]!r})")
        self.assertLess(self.order_offset(), offset)
        ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        wait(lambda: self.js("return !document.activeElement.closest('.cell')"),
             what="Shift+Tab on the first item to leave the list")
        self.js("document.getElementById('reset').click()")
        wait(lambda: self.order()[0][:2] == ["Inbox zero", "Standup"], what="the reset list")

    def order_offset(self):
        with urllib.request.urlopen(self.url + "state") as r:
            return json.load(r)["offset"][1]

    def test_shift_space_selects_and_a_keyboard_lift_carries_the_group(self):
        """Keyboard group drag under `default` (group.mode collapse, order relative): Shift+Space on
        Standup (2nd) and Write spec (4th) selects them; Space on Write spec lifts both (Standup
        folds in: Write spec is 3rd of 14); two arrows down put it 5th of 14 (after Lunch with
        Ana and Fix flaky test); Space lands the block Standup, Write spec after Fix flaky test,
        Write spec 6th of 15."""
        d = self.driver
        d.find_element("tag name", "body").click()
        self.skip_link()
        self.press(Keys.TAB, 2)
        wait(lambda: self.focused_id() == "Standup", what="Tab to Standup")
        shift_space = lambda: ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.SPACE).key_up(Keys.SHIFT).perform()
        shift_space()
        self.said("Standup selected, 1 item selected.")
        self.press(Keys.TAB, 2)
        wait(lambda: self.focused_id() == "Write spec", what="Tab to Write spec")
        shift_space()
        self.said("Write spec selected, 2 items selected.")
        self.press(Keys.SPACE)
        self.said(f"2 items lifted, Write spec at position 3 of 14 in Today. {HOW_TO}")
        self.press(Keys.ARROW_DOWN)
        self.said("2 items moved to position 4 of 14.")
        self.press(Keys.ARROW_DOWN)
        self.said("2 items moved to position 5 of 14.")
        self.press(Keys.SPACE)
        self.said("2 items dropped at position 6 of 15 in Today.")
        wait(lambda: self.order()[0][:6] == ["Inbox zero", "Review PR 42", "Lunch with Ana", "Fix flaky test",
                                             "Standup", "Write spec"], what="the host's order")
        wait(lambda: self.js("return window.__play.scene.state") == "idle", what="the drop to end")
        self.js("document.getElementById('reset').click()")
        wait(lambda: self.order()[0][:2] == ["Inbox zero", "Standup"], what="the reset list")


    def test_one_live_region_says_the_announcements_only(self):
        """Every live region on the page, by attribute or role: the announcer (the policy's
        announcements) and the policy error's alert, shown only for a broken save. The events
        list is not one: a drag's every `move` line would be read. A keyboard lift is said once,
        in the announcer."""
        live = "[aria-live], [role=status], [role=log], [role=alert], [role=marquee], [role=timer]"
        self.assertEqual(self.js(f"return [...document.querySelectorAll('{live}')].map((e) => e.id)"),
                         ["announcer", "policy-error"])
        self.assertIsNone(self.js(f"return document.getElementById('log').closest('{live}')"))
        self.js("document.querySelector('#content .cell[data-id=\"Standup\"]').focus()")
        wait(lambda: self.focused_id() == "Standup", what="the focus on Standup")
        self.press(Keys.SPACE)
        self.said(f"Lifted Standup, position 2 of 15 in Today. {HOW_TO}")
        self.press(Keys.ESCAPE)
        self.said("Movement cancelled. Standup returned to position 2.")
        wait(lambda: self.js("return window.__play.scene.state") == "idle", what="the cancel to end")

    def test_the_lifted_item_shows_the_focus_ring(self):
        """Lifted by the keyboard, the item is drawn by the snapshot over its cell: the ring
        goes on the snapshot (a 3 px #0a84ff outline, seen in the pixels along its edge), and
        comes off at the drop."""
        self.js("document.querySelector('#content .cell[data-id=\"Standup\"]').focus()")
        wait(lambda: self.focused_id() == "Standup", what="the focus on Standup")
        self.press(Keys.SPACE)
        self.said(f"Lifted Standup, position 2 of 15 in Today. {HOW_TO}")
        wait(lambda: self.js("return window.__play.scene.snapshot && window.__play.scene.snapshot.lift === 1"),
             what="the end of the lift")
        style = self.js("const s = getComputedStyle(document.getElementById('snapshot'));"
                        "return [s.outlineStyle, s.outlineWidth, s.outlineColor]")
        r = self.js("return document.getElementById('snapshot').getBoundingClientRect().toJSON()")
        path = os.path.join(ARTIFACTS, "keyboard-lifted-ring.png")
        self.driver.save_screenshot(path)
        with open(path, "rb") as f:
            _, _, rows = png.read(f.read())
        self.press(Keys.ESCAPE)
        self.said("Movement cancelled. Standup returned to position 2.")
        wait(lambda: self.js("return window.__play.scene.state") == "idle", what="the cancel to end")
        self.assertEqual(style, ["solid", "3px", "rgb(10, 132, 255)"])
        # Along the snapshot's top edge, inside it: the ring's blue, nearly all the way across.
        y = int(r["top"]) + 1
        blue = [x for x in range(int(r["left"]) + 4, int(r["right"]) - 4)
                if abs(rows[y][x][0] - 10) < 40 and abs(rows[y][x][1] - 132) < 40 and rows[y][x][2] > 215]
        self.assertGreater(len(blue), 0.9 * (r["width"] - 8), "no focus ring along the snapshot's top edge")
        # Dropped: the ring is back on the item's own cell, the snapshot's is gone.
        self.assertFalse(self.js("return document.getElementById('snapshot').classList.contains('kb-focus')"))
        self.assertEqual(self.focused_id(), "Standup")

    def test_no_actions_button_once_the_focus_leaves_the_list(self):
        """The focused item's "⋯" actions button goes with the focus: tabbing out of the list
        to the policy picker hides it, and Shift+Tab back lands on an item (the last drawn), not
        on it."""
        self.js("document.querySelector('#content .cell[data-id=\"Standup\"]').focus()")
        wait(lambda: self.focused_id() == "Standup", what="the focus on Standup")
        button = "return !document.getElementById('kb-menu-button').hidden"
        wait(lambda: self.js(button), what="the actions button")
        self.js("document.getElementById('policy').focus()")
        wait(lambda: not self.js(button), what="the actions button to go")
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        self.assertNotEqual(self.js("return document.activeElement.id"), "kb-menu-button")
        self.assertTrue(self.js("return !!document.activeElement.closest('#content .cell')"))


if __name__ == "__main__":
    unittest.main()
