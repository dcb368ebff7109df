"""Crisp at any scale: a headless weston whose output has scale 2 (weston 10 offers no
wp_fractional_scale_v1, so the fractional path is checked with a fixed `--scale 1.5` drawn
through wp_viewporter). The window's buffer follows the output's scale, the app gets it in
its resize, and the output shows the replay's pixels one for one. One weston for the suite.

Run: python3 -m unittest discover -s integration/wayland -p 'test_weston_scale.py' -v   (scripts/test does)."""
import unittest

from wharness import WestonTestCase, differing_pixels


class WestonScaleTests(WestonTestCase):
    WESTON = dict(backend="headless", width=400, height=300, scale=2)

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.desktop = cls.weston.stable_desktop()

    def test_weston_10_offers_viewporter_but_no_fractional_scale(self):
        offered = self.weston.globals()
        self.assertIn("wp_viewporter", offered)
        self.assertNotIn("wp_fractional_scale_manager_v1", offered)

    def test_buffer_scale_follows_the_output(self):
        app = self.start("happiness", "--fullscreen")
        self.assertEqual(app.resizes(), [(400, 300, 2)], "points, and the output's scale")
        shot = self.weston.screenshot()
        replay = app.replay()
        self.assertEqual((shot.width, shot.height), (800, 600))
        self.assertEqual((replay.width, replay.height), (800, 600))
        self.assertEqual(differing_pixels(shot, replay), 0, "pixel for pixel: nothing scaled by the compositor")
        app.terminate()

    def test_a_window_at_scale_2_covers_its_points(self):
        app, shot, (x, y, w, h) = self.start_in_view(self.desktop, "happiness", "--size", "150x100", panel=64, bar=48)
        self.assertEqual(app.resizes(), [(150, 100, 2)])
        self.assertEqual((w, h), (300, 48 + 200), "the content and the 24-point title bar, 2 pixels a point")
        # The bar is drawn at scale 2, not a scale-1 bar doubled: its title is 13 points (26
        # pixels) tall type whose antialiased edges fall inside 2 x 2 blocks too.
        ink = [(px, py) for py in range(y, y + 48) for px in range(x, x + w - 3 * 48) if shot[px, py][0] >= 0x90]
        self.assertGreater(max(py for _, py in ink) - min(py for _, py in ink), 16, "the title, 2 pixels a point")
        blocks = {(px & ~1, py & ~1) for px, py in ink}
        self.assertTrue(any(len({shot[bx + i, by + j] for i in (0, 1) for j in (0, 1)}) > 1 for bx, by in blocks),
                        "pixels finer than a point")
        self.assertEqual(differing_pixels(shot, app.replay(), x, y + 48), 0)
        app.terminate()

    def test_fractional_scale_through_the_viewport(self):
        # 150 x 100 points drawn at 1.5 (225 x 150 pixels), shown by weston on 150 x 100
        # points of its scale-2 output (300 x 200 pixels).
        app, shot, (x, y, w, h) = self.start_in_view(self.desktop, "happiness", "--size", "150x100", "--scale", "1.5",
                                                     panel=64, bar=48, env={"WAYLAND_DEBUG": "1"})
        self.assertEqual(app.resizes(), [(150, 100, 1.5)])
        self.assertEqual((w, h), (300, 48 + 200))
        app.terminate()
        self.assertIn("set_destination(150, 100)", app.stderr)
        self.assertIn("create_buffer(new id wl_buffer@", app.stderr)
        self.assertRegex(app.stderr, r"create_buffer\(new id wl_buffer@\d+, \d+, 225, 150, ")


if __name__ == "__main__":
    unittest.main()
