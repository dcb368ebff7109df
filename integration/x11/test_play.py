"""`glfun play` for real: libmpv plays a clip ffmpeg makes at test time into a window under a
private Xvfb, driven by xdotool. The clip shows its frame number in its colors (frame n: red
(n % 16) * 16 + 8, green (n // 16) * 32 + 16, blue 255 in its top half), so a screenshot says
which frame is on screen. Playing changes the picture over time, pausing stops it, keys, the
slider and the wheel seek, and `glfun replay` of the recording draws the window's last frame exactly.
A file that cannot be played is one error line and no window.

Run: python3 -m unittest discover -s integration/x11 -v   (scripts/test does)."""
import os
import shutil
import subprocess
import tempfile
import time
import unittest

from xharness import GLFUN, Glfun, XvfbTestCase
from xhelpers import replay_diff

W, H = 320, 240
FPS, SECONDS = 25, 4


def frame_number(img, x=40, y=100):
    r, g, _ = img[x, y]
    return round((g - 16) / 32) * 16 + round((r - 8) / 16)


class PlayWindowTests(XvfbTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.media = tempfile.mkdtemp(prefix="glfun-play-")
        cls.clip = os.path.join(cls.media, "counter.mp4")
        subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                        "color=c=black:s=%dx%d:r=%d:d=%d,format=rgb24,"
                        "geq=r='mod(N\\,16)*16+8':g='floor(N/16)*32+16':b='if(lt(Y\\,%d)\\,255\\,0)'"
                        % (W, H, FPS, SECONDS, H // 2),
                        "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p",
                        "-g", str(FPS), cls.clip], check=True, timeout=120)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.media, ignore_errors=True)
        super().tearDownClass()

    def start(self, *args):
        app = Glfun(self.x, "play", self.clip, "--size", "%dx%d" % (W, H), "--no-sound", *args,
                    title="^counter.mp4$")
        self.addCleanup(app.cleanup)
        self.addCleanup(lambda: subprocess.run(["xdotool", "mouseup", "1"], env=self.x.env, capture_output=True))
        return app

    def key(self, app, k):
        # Keys go to the window under the pointer (no window manager): its middle, as the
        # harness's key() points at 320, 240, just outside a 320x240 window.
        app.xdotool("mousemove", "--window", app.window, W // 2, H // 3)
        app.xdotool("key", k)
        app.settle()

    def quit(self, app):
        self.key(app, "ctrl+q")
        self.assertEqual(app.wait(), 0, getattr(app, "stderr", ""))

    def test_with_sound_and_no_sound_card_alsa_says_nothing(self):
        # Where the kernel lists no sound card, ALSA is not tried: alsa-lib wrote eight
        # "ALSA lib …" lines on stderr before libmpv fell back to no sound.
        app = Glfun(self.x, "play", self.clip, "--size", "%dx%d" % (W, H), "--quit-at-end", title="^counter.mp4$")
        self.addCleanup(app.cleanup)
        self.assertEqual(app.wait(timeout=30), 0, app.stderr)
        self.assertNotIn("ALSA lib", app.stderr)

    def test_it_plays_pauses_and_the_replay_shows_the_same_frame(self):
        app = self.start()
        first = frame_number(app.screenshot())
        time.sleep(0.8)
        later = frame_number(app.screenshot())
        self.assertGreater(later, first, "the picture moves while it plays")
        self.key(app, "space")
        paused = app.screenshot()
        n = frame_number(paused)
        time.sleep(0.6)
        still = app.screenshot()
        self.assertEqual(frame_number(still), n, "paused: the picture stays")
        self.assertGreater(still[W // 2, 20][2], 200, "the top half is blue: the right way up")
        self.quit(app)
        self.assertEqual(replay_diff(app, still), 0, "the replay draws the window's last frame")

    def test_keys_and_the_slider_seek_and_the_replay_agrees(self):
        app = self.start("--paused")
        self.assertEqual(frame_number(app.screenshot()), 0, "--paused: the first frame")
        self.key(app, "Right")
        self.assertEqual(frame_number(app.screenshot()), FPS * SECONDS - 1, "+5 s of a 4 s clip: the last frame")
        self.key(app, "Left")
        self.assertEqual(frame_number(app.screenshot()), FPS * (SECONDS - 5) if SECONDS > 5 else 0)
        # The slider: from after the time label to before the Mute button; its middle is half the clip.
        track_x0, track_x1 = 8 + 64 + 6 + 104 + 12, W - 8 - 72 - 14
        app.click((track_x0 + track_x1) // 2, H - 22)
        n = frame_number(app.screenshot())
        self.assertAlmostEqual(n, FPS * SECONDS // 2, delta=2)
        # The wheel, as mpv's: a step down (button 5) -10 s, up (button 4) +10 s.
        app.xdotool("mousemove", "--window", app.window, W // 2, H // 3, "click", 5)
        app.settle()
        self.assertEqual(frame_number(app.screenshot()), 0, "wheel down: -10 s, the start")
        app.xdotool("click", 4)
        app.settle()
        shot = app.screenshot()
        self.assertEqual(frame_number(shot), FPS * SECONDS - 1, "wheel up: +10 s, the last frame")
        self.quit(app)
        self.assertEqual(replay_diff(app, shot), 0)

    def test_the_bar_hides_while_it_plays_and_the_replay_hides_it_too(self):
        app = self.start()
        bar = app.screenshot()[W // 2, H - 4]
        time.sleep(SECONDS + 0.6)  # hidden 3 s in; the clip ends at 4 s on its last frame
        end = app.screenshot()
        self.assertEqual(frame_number(end), FPS * SECONDS - 1, "the last frame")
        self.assertEqual(end[W // 2, H - 4], end[W // 2, H * 3 // 4], "the bar's rows show the movie")
        self.assertNotEqual(bar, end[W // 2, H - 4], "it showed at first")
        self.quit(app)  # Ctrl+Q: not one of the player's keys, the bar stays hidden
        self.assertEqual(replay_diff(app, end), 0, "the replay hides it at the same event")
        kept = self.start("--keep-bar")
        time.sleep(3.5)
        self.assertNotEqual(kept.screenshot()[W // 2, H - 4], end[W // 2, H * 3 // 4], "--keep-bar: still there")
        self.quit(kept)

    def stats_line(self, *args):
        stats = os.path.join(self.media, "stats.txt")
        r = subprocess.run([GLFUN, "play", self.clip, "--size", "%dx%d" % (W, H), "--no-sound", "--quit-at-end",
                            "--stats", stats, *args], env=self.x.env, capture_output=True, text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stderr)
        line = [l for l in r.stdout.splitlines() if l.startswith("movie: ")]
        self.assertEqual(len(line), 1, r.stdout)
        return {k: float(v) for k, v in (f.split("=") for f in line[0].split()[1:])}

    def test_stats_count_every_clip_frame_as_shown_or_dropped_even_on_a_slow_host(self):
        # A host that sleeps 0.1 s after each frame presents at most 10 of the clip's 25 a
        # second: the others were never on screen and must count as dropped, although libmpv
        # dropped none of them itself.
        slow = self.stats_line("--debug-draw-delay", "0.1")
        self.assertEqual(slow["clip_frames"], FPS * SECONDS)
        self.assertEqual(slow["frames_shown"] + slow["dropped"], FPS * SECONDS, slow)
        self.assertLessEqual(slow["frames_shown"], SECONDS * 10 + 2, slow)
        self.assertGreaterEqual(slow["dropped"], FPS * SECONDS - (SECONDS * 10 + 2), slow)
        # At full speed the sum holds the same way.
        quick = self.stats_line()
        self.assertEqual(quick["frames_shown"] + quick["dropped"], FPS * SECONDS, quick)
        self.assertGreater(quick["frames_shown"], slow["frames_shown"], (quick, slow))

    def test_a_file_that_cannot_be_played_is_one_error_line_and_no_window(self):
        bad = os.path.join(self.media, "notes.mp4")
        with open(bad, "w") as f:
            f.write("not a movie\n")
        r = subprocess.run([GLFUN, "play", bad], env=self.x.env, capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 1, r.stderr)
        lines = r.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, r.stderr)
        self.assertTrue(lines[0].startswith("glfun: error: " + bad + ": "), lines[0])
        found = subprocess.run(["xdotool", "search", "--name", "notes.mp4"], env=self.x.env, capture_output=True)
        self.assertEqual(found.stdout.strip(), b"", "no window left behind")


if __name__ == "__main__":
    unittest.main()
