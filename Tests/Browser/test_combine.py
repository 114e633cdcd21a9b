"""Dropping onto an item in `reorder play` (docs/POLICIES.md, "Dropping onto an item"): the page
draws the host's combine target and drop indicator, and a drop onto a row reports `combine`
with every row back in its place. Run with `make browser-run` (see test_playground.py)."""
import os
import time

from test_playground import ARTIFACTS, ROW, PageTest, wait, write_policy

HITBOX_POLICY = ('return { name = "mine", extends = "default", api = 1,\n'
                 '  combine_rule = "hitbox", drop_preview = "indicator" }\n')


class Combine(PageTest):
    """30 rows of 44 pt; a policy file combining with pragmatic's hitbox and the indicator."""

    @classmethod
    def server_args(cls):
        return [write_policy(cls.dir, "mine.lua", HITBOX_POLICY), "--port", "0", "--rows", "30"]

    def log_lines(self):
        return self.js("return [...document.querySelectorAll('#log li')].map(e => e.textContent)")

    def test_rbd_combine_highlights_the_row_and_drops_onto_it(self):
        """rbd_combine: row 1 lifted (centre y 22), the finger at y 44 puts the snapshot's
        bottom edge at 66, inside row 2's band (44 + 11, 88 - 11): row 2 is highlighted and
        nothing moves; the drop reports `combine 1.1 onto 1.2` and the order is unchanged."""
        self.choose("rbd_combine")
        self.press(120, 22)
        self.lifted()
        self.glide(120, 22, 120, 44, steps=4)
        wait(lambda: self.scene().get("combine_target") == [1, 2], what="the combine target")
        highlighted = wait(lambda: self.js(
            "return [...document.querySelectorAll('#content .cell.combine-target')].map(e => e.dataset.id)"),
            what="the highlighted row")
        self.assertEqual(highlighted, ["2"])
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "combine-band.png"))
        self.release()
        self.assertEqual(self.host_state()["order"][0][:4], ["1", "2", "3", "4"])
        wait(lambda: any("combine 1.1 onto 1.2 at" in line for line in self.log_lines()),
             what="the combine event in the log")

    def test_the_indicator_line_shows_where_the_row_will_land(self):
        """The policy file (pragmatic's hitbox, indicator): row 1 lifted, the finger in the last
        quarter of row 3 (88...132, 121 <= y): a 2 px line on row 3's bottom edge (y 132) and
        no row moved; the drop puts row 1 after row 3."""
        self.choose("file", "mine")
        self.press(120, 22)
        self.lifted()
        self.glide(120, 22, 120, 2 * ROW + 40, steps=6)
        indicator = wait(lambda: self.scene().get("indicator"), what="the indicator")
        self.assertEqual(indicator["kind"], "line")
        self.assertEqual(indicator["at"], [1, 3])
        self.assertEqual(indicator["frame"][1], 3 * ROW)
        box = self.js("const e = document.querySelector('#marks .drop-indicator.line');"
                      "if (!e) return null; const r = e.getBoundingClientRect();"
                      "const c = document.getElementById('content').getBoundingClientRect();"
                      "return [r.top - c.top, r.height]")
        self.assertEqual(box, [3 * ROW - 1, 2])
        # Nothing moves until the drop.
        self.assertEqual(self.host_state()["order"][0][:4], ["1", "2", "3", "4"])
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "combine-indicator.png"))
        time.sleep(0.1)
        self.release()
        self.assertEqual(self.host_state()["order"][0][:4], ["2", "3", "1", "4"])
