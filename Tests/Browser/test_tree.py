"""Trees in `reorder play` (`--layout tree`, the outline demo, under `dndkit_tree`): the rows
drawn in by their depth with disclosure triangles, a node nested by dragging it sideways with
the mouse, collapsing and expanding by a click, Enter and the arrow keys, and Right during a
keyboard drag. Screenshots at 1440 x 900 and 390 x 844 go to $ARTIFACTS (tree-*.png). Run with
the other browser tests (`make browser-test`)."""
import os
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_look import LookTest
from test_playground import ARTIFACTS, ROW, wait, write_policy

# The outline demo (DemoList.outline), its rows in order with their depths; Later is collapsed.
OUTLINE = [("Work", 0), ("Review PR 42", 1), ("Read the diff", 2), ("Run the tests", 2), ("Write spec", 1),
           ("Plan sprint", 1), ("Home", 0), ("Pay rent", 1), ("Water plants", 1), ("Groceries", 1),
           ("Later", 0), ("Inbox zero", 0)]
INDENT = 50  # dndkit_tree's tree.indent (dnd-kit's indentationWidth, SortableTree.tsx)
PLAN_SPRINT = 5  # its row, 0-based


class Tree(LookTest):
    @classmethod
    def server_args(cls):
        return ["dndkit_tree", "--layout", "tree", "--port", "0"]

    def setUp(self):
        super().setUp()
        # Each case starts on the outline as the demo gives it.
        if self.rows() != OUTLINE:
            self.driver.find_element(By.ID, "reset").click()
            wait(lambda: self.rows() == OUTLINE, what="the reset outline")

    def rows(self):
        """(title, depth) of each row the page drew, top to bottom."""
        return [tuple(r) for r in self.js(
            "return [...document.querySelectorAll('#content .cell')]"
            ".map(e => [e.textContent, Number(e.dataset.depth)])")]

    def label_left(self, title):
        """Where the row's title starts, from the viewport's left edge (CSS px)."""
        return self.js("const c = [...document.querySelectorAll('#content .cell')].find(e => e.textContent === arguments[0]);"
                       "const v = document.getElementById('viewport').getBoundingClientRect();"
                       "return c.querySelector('.label').getBoundingClientRect().left - v.left", title)

    def twisty(self, title):
        return self.js("return [...document.querySelectorAll('#content .cell')].find(e => e.textContent === arguments[0])"
                       ".querySelector('.twisty')", title)

    def test_rows_are_drawn_in_by_depth_with_triangles(self):
        """Each level 50 pt further in (dndkit_tree's indent): Work's title at 16 + 24 + 4 - 6
        (the padding, the triangle and its margins), Review PR 42's 50 further, Read the diff's
        100; the triangles say expanded (Work, Review PR 42, Home) and collapsed (Later)."""
        self.assertEqual(self.rows(), OUTLINE)
        self.assertEqual(self.scene()["outline"], {"indent": INDENT})
        work = self.label_left("Work")
        self.assertEqual(work, 16 + 24 + 4 - 6)
        self.assertEqual(self.label_left("Review PR 42") - work, INDENT)
        self.assertEqual(self.label_left("Read the diff") - work, 2 * INDENT)
        self.assertEqual(self.label_left("Inbox zero"), work)
        marks = self.js("return [...document.querySelectorAll('#content .cell')]"
                        ".map(e => e.querySelector('.twisty').className.replace('twisty ', ''))")
        self.assertEqual(marks, ["expanded", "expanded", "leaf", "leaf", "leaf", "leaf", "expanded", "leaf", "leaf",
                                 "leaf", "collapsed", "leaf"])
        self.assertEqual(self.twisty("Later").get_attribute("aria-expanded"), "false")
        self.assertEqual(self.twisty("Later").get_attribute("aria-label"), "Expand Later")
        for width, height, mobile, name in [(1440, 900, False, "desktop"), (390, 844, True, "phone")]:
            self.size(width, height, mobile)
            self.shot(f"tree-{name}-rest.png")

    def test_a_sideways_drag_nests_a_node(self):
        """Plan sprint (depth 1, under Work after Write spec) lifted with the mouse and moved 65 px
        right on its own row: 1 + round(65 / 50) = 2, within Write spec's bound (1 + 1): the page
        draws its row, and the snapshot, one level further in, and the drop nests it under Write
        spec (dnd-kit's getProjection, utilities.ts)."""
        for width, height, mobile, name in [(1440, 900, False, "desktop"), (390, 844, True, "phone")]:
            self.size(width, height, mobile)
            if self.rows() != OUTLINE:
                self.driver.find_element(By.ID, "reset").click()
                wait(lambda: self.rows() == OUTLINE, what="the reset outline")
            y = PLAN_SPRINT * ROW + 22
            self.press(120, y)
            self.lifted()
            self.glide(120, y, 185, y, steps=6)
            projection = wait(lambda: (self.scene().get("outline") or {}).get("projection", {}).get("depth") == 2
                              and self.scene()["outline"]["projection"], what="the projection at depth 2")
            self.assertEqual(projection, {"depth": 2, "parent": "Write spec"})
            snapshot_label = self.js("const s = document.getElementById('snapshot').querySelector('.label');"
                                     "return s.getBoundingClientRect().left")
            work = self.label_left("Work")
            viewport_left = self.js("return document.getElementById('viewport').getBoundingClientRect().left")
            # The snapshot, scaled 1.05 about its centre, keeps its title where the row's is.
            self.assertAlmostEqual(snapshot_label - viewport_left, work + 2 * INDENT, delta=0.5)
            time.sleep(0.2)
            self.shot(f"tree-{name}-nest.png")
            self.release()
            rows = self.rows()
            self.assertEqual(rows[PLAN_SPRINT], ("Plan sprint", 2))
            self.assertEqual(rows[:PLAN_SPRINT] + rows[PLAN_SPRINT + 1:], OUTLINE[:PLAN_SPRINT] + OUTLINE[PLAN_SPRINT + 1:])
            # Write spec has a child now, expanded.
            self.assertEqual(self.twisty("Write spec").get_attribute("aria-expanded"), "true")
            self.assertEqual(self.host_state()["order"][0], [t for t, _ in OUTLINE])

    def test_a_lifted_node_carries_its_subtree_and_shows_the_count(self):
        """Review PR 42 lifted carries Read the diff and Run the tests (they leave the rows): the
        snapshot's badge says 3, as dnd-kit's story shows childCount + 1 on the dragged clone."""
        y = 1 * ROW + 22
        self.press(120, y)
        self.lifted()
        wait(lambda: self.js("return document.getElementById('snapshot').dataset.badge") == "3", what="the badge")
        titles = [t for t, _ in self.rows()]
        self.assertNotIn("Read the diff", titles)
        self.shot("tree-desktop-carry.png")
        self.release()
        self.assertEqual(self.rows(), OUTLINE)

    def test_a_click_enter_and_the_arrows_collapse_and_expand(self):
        """Home's triangle clicked: its three children leave the rows, and the host's tree has it
        collapsed; Enter on the triangle expands it again. Left on the focused row collapses
        it, Right expands it (the WAI-ARIA tree view pattern)."""
        home = [t for t, _ in OUTLINE].index("Home")
        collapsed = OUTLINE[:home + 1] + OUTLINE[home + 4:]
        self.twisty("Home").click()
        wait(lambda: self.rows() == collapsed, what="Home collapsed")
        self.assertEqual(self.twisty("Home").get_attribute("aria-expanded"), "false")
        self.assertEqual(self.twisty("Home").get_attribute("aria-label"), "Expand Home")
        self.assertTrue(self.js("return document.querySelector('#content .cell[data-id=\"Home\"]').dataset.collapsed === 'true'"))
        self.shot("tree-desktop-collapsed.png")
        # Enter on the triangle (focused as Tab reaches it: the stop after its row).
        cell = self.driver.find_element(By.CSS_SELECTOR, '#content .cell[data-id="Home"]')
        self.js("arguments[0].focus()", cell)
        wait(lambda: self.js("return document.activeElement.dataset.id") == "Home", what="Home focused")
        cell.send_keys(Keys.TAB)
        wait(lambda: self.js("return document.activeElement.classList.contains('twisty')"), what="the triangle focused")
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        wait(lambda: self.rows() == OUTLINE, what="Home expanded by Enter")
        # Left and Right on the focused row.
        cell = self.driver.find_element(By.CSS_SELECTOR, '#content .cell[data-id="Home"]')
        self.js("arguments[0].focus()", cell)
        cell.send_keys(Keys.ARROW_LEFT)
        wait(lambda: self.rows() == collapsed, what="Home collapsed by Left")
        cell.send_keys(Keys.ARROW_RIGHT)
        wait(lambda: self.rows() == OUTLINE, what="Home expanded by Right")

    def test_right_during_a_keyboard_drag_nests(self):
        """Plan sprint lifted with Space; Right moves the projection one level in (dnd-kit's
        sortableTreeKeyboardCoordinates, keyboardCoordinates.ts): nested under Write spec, said as
        the story says it; Space drops it there."""
        cell = self.driver.find_element(By.CSS_SELECTOR, '#content .cell[data-id="Plan sprint"]')
        self.js("arguments[0].focus()", cell)
        wait(lambda: (self.js("return window.__play.keyboard") or {}).get("focus") == [1, PLAN_SPRINT + 1],
             what="the focus")
        cell.send_keys(Keys.SPACE)
        wait(lambda: (self.js("return window.__play.keyboard") or {}).get("lifted"), what="the keyboard lift")
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        wait(lambda: (self.scene().get("outline") or {}).get("projection") == {"depth": 2, "parent": "Write spec"},
             what="the projection under Write spec")
        wait(lambda: any("nested under Write spec" in a for a in self.js("return window.__play.announced")),
             what="the announcement")
        self.shot("tree-desktop-keyboard.png")
        self.driver.switch_to.active_element.send_keys(Keys.SPACE)
        wait(lambda: self.scene()["state"] == "idle" and self.rows()[PLAN_SPRINT] == ("Plan sprint", 2),
             what="the drop under Write spec")


class TreeFromTheList(LookTest):
    """A table playground: the List picker switches to the outline, keeping the policy."""

    @classmethod
    def server_args(cls):
        return ["dndkit_tree", "--port", "0", "--rows", "30"]

    def test_the_list_picker_switches_to_the_outline(self):
        from selenium.webdriver.support.ui import Select
        self.assertEqual(self.js("return document.getElementById('bezel').dataset.demo"), "table")
        Select(self.driver.find_element(By.ID, "demo")).select_by_value("tree")
        wait(lambda: self.js("return document.getElementById('bezel').dataset.demo") == "tree", what="the outline")
        rows = wait(lambda: [tuple(r) for r in self.js(
            "return [...document.querySelectorAll('#content .cell')].map(e => [e.textContent, Number(e.dataset.depth)])")]
            == OUTLINE, what="the outline's rows")
        self.assertTrue(rows)
        self.assertEqual(self.driver.title, "reorder play: dndkit_tree")
        self.assertFalse(self.js("return document.getElementById('tree-hint').hidden"))
        for width, height, mobile, name in [(1440, 900, False, "desktop"), (390, 844, True, "phone")]:
            self.size(width, height, mobile)
            self.shot(f"tree-{name}-picker.png")
        Select(self.driver.find_element(By.ID, "demo")).select_by_value("table")
        wait(lambda: self.js("return document.getElementById('bezel').dataset.demo") == "table", what="the table")


# pragmatic_tree's make-child zone: the middle half of a row (attach-instruction.ts lines 15-35,
# via Policies/pragmatic_tree.lua), rows 44 pt: 11 <= y < 33 within the row.
INBOX_ZERO = [t for t, _ in OUTLINE].index("Inbox zero")  # its row, 0-based
WIDTH = 375.0  # the playground's viewport width, a row's (the scene's `viewport`)


class PragmaticTree(LookTest):
    """The outline under `pragmatic_tree`: the tree-item hitbox, rows that do not slide, and the
    drop indicator the page draws."""

    @classmethod
    def server_args(cls):
        return ["pragmatic_tree", "--layout", "tree", "--port", "0"]

    rows = Tree.rows
    twisty = Tree.twisty

    def drag_onto_plan_sprint(self):
        """At 1440 x 900, Inbox zero lifted with the mouse and held on the middle of Plan
        sprint's row; returns the scene's indicator once it is the outline of that row."""
        self.size(1440, 900)
        self.assertEqual(self.rows(), OUTLINE)
        y0, y1 = INBOX_ZERO * ROW + 22, PLAN_SPRINT * ROW + 22
        self.press(120, y0)
        self.lifted()
        self.glide(120, y0, 120, y1, steps=10)
        indicator = wait(lambda: (self.scene().get("indicator") or {}).get("kind") == "outline"
                         and self.scene()["indicator"], what="the make-child outline")
        self.assertEqual(indicator["at"], [1, PLAN_SPRINT + 1])
        return indicator

    def indicator_box(self):
        """The drawn indicator's class list and [left, top, width, height] in the content's px."""
        return self.js("const e = document.querySelector('#marks .drop-indicator');"
                       "if (!e) return null; const r = e.getBoundingClientRect();"
                       "const c = document.getElementById('content').getBoundingClientRect();"
                       "return [[...e.classList].sort(), [r.left - c.left, r.top - c.top, r.width, r.height]]")

    def test_the_middle_of_a_row_makes_the_node_its_first_child(self):
        """Inbox zero (row 12, a root leaf) lifted and moved onto the middle of Plan sprint's row
        (y 5 x 44 + 22, inside 5 x 44 + 11 ... + 33): the indicator is Plan sprint's row
        outlined, not blocked, and no row moved; the drop makes Inbox zero Plan sprint's first
        child (depth 2) with Plan sprint open (tree-legacy.ts's make-child, lines 136-145)."""
        indicator = self.drag_onto_plan_sprint()
        self.assertNotIn("blocked", indicator)
        self.assertEqual(indicator["frame"], [0.0, float(PLAN_SPRINT * ROW), WIDTH, float(ROW)])
        classes, box = self.indicator_box()
        self.assertEqual(classes, ["drop-indicator", "outline"])
        self.assertEqual(box, [0, PLAN_SPRINT * ROW, WIDTH, ROW])
        # Rows do not slide under the indicator: the rows above the lifted one keep their places.
        self.assertEqual(self.rows()[:INBOX_ZERO], OUTLINE[:INBOX_ZERO])
        time.sleep(0.2)
        self.shot("tree-desktop-pragmatic-make-child.png")
        self.release()
        wait(lambda: self.scene()["state"] == "idle", what="the drop")
        expected = OUTLINE[:PLAN_SPRINT + 1] + [("Inbox zero", 2)] + OUTLINE[PLAN_SPRINT + 1:INBOX_ZERO]
        wait(lambda: self.rows() == expected, what="Inbox zero under Plan sprint")
        self.assertEqual(self.twisty("Plan sprint").get_attribute("aria-expanded"), "true")
        self.assertEqual(self.host_state()["order"][0], [t for t, _ in expected])


class PragmaticTreeBlocked(LookTest):
    """pragmatic_tree with `can_nest` refusing every parent: make-child is drawn blocked."""
    rows = Tree.rows
    # A policy file on pragmatic_tree that lets no node go under another: make-child asks
    # `can_nest` about the target as the parent, so it is refused and shown blocked (docs/TREES.md).
    policy_text = ('return { name = "flat", extends = "pragmatic_tree", api = 1,\n'
                   '  can_nest = function(ctx, item, parent) return false end }\n')

    @classmethod
    def server_args(cls):
        return [write_policy(cls.dir, "flat.lua", cls.policy_text), "--layout", "tree", "--port", "0"]

    drag_onto_plan_sprint = PragmaticTree.drag_onto_plan_sprint
    indicator_box = PragmaticTree.indicator_box

    def test_a_refused_make_child_is_drawn_blocked_and_the_drop_rolls_back(self):
        """Inbox zero onto the middle of Plan sprint's row as above, but `can_nest` refuses:
        the scene's indicator is the outline with `blocked: true`, the page draws it with the
        `blocked` class (red, dashed), and the drop changes nothing."""
        indicator = self.drag_onto_plan_sprint()
        self.assertIs(indicator.get("blocked"), True)
        classes, box = wait(lambda: self.indicator_box(), what="the drawn indicator")
        self.assertEqual(classes, ["blocked", "drop-indicator", "outline"])
        self.assertEqual(box, [0, PLAN_SPRINT * ROW, WIDTH, ROW])
        self.assertEqual(self.js("return getComputedStyle(document.querySelector('#marks .drop-indicator'))"
                                 ".borderTopStyle"), "dashed")
        time.sleep(0.2)
        self.shot("tree-desktop-pragmatic-blocked.png")
        self.release()
        wait(lambda: self.scene()["state"] == "idle", what="the drop")
        self.assertEqual(self.rows(), OUTLINE)
        self.assertEqual(self.host_state()["order"][0], [t for t, _ in OUTLINE])
