#!/usr/bin/env python3
"""The playground's figures, measured over loopback with headless Chromium (Playwright):

  serve_input_to_frame_p95_ms  a pointer move sent by the page to the frame reflecting it
                               drawn on the page (95th percentile over a 3 s mouse drag)
  serve_fps                    frames drawn by the page per second during that drag
  serve_tabs_8_cpu             CPU time of the server process with 8 tabs dragging at once,
                               in % of one core
  serve_edit_to_frame_p95_ms   a keystroke in the editor pane of a declarative effect to the
                               first frame of the stage replaying the edited effect drawn
                               (95th percentile over 30 keystrokes, each an edit that reads)

    Tests/Playground/playground_bench.py [--stagehand PATH]   (Scripts/bench-playground)
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from playground_test import CHROMIUM, PROBE, ROOT, settle, start_server, stop_server, wait  # noqa: E402


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_stage(browser, url):
    page = browser.new_page(viewport={"width": 1180, "height": 900}, device_scale_factor=1)
    page.goto(url)
    wait(page, "stagehand.catalog && stagehand.selected && stagehand.frame")
    page.click('#effects li[data-effect="parallax-pop"]')
    wait(page, "stagehand.selected.effect === 'parallax-pop'")
    page.click('#operations button[data-operation="push"]')
    settle(page, 0.6)
    return page, page.locator("#stage").bounding_box()


def edit_latencies(browser, stagehand):
    """Types 30 digits over the last digit of edit-probe's duration, one at a time (each
    an edit that reads), and returns the keystroke-to-replayed-frame times in ms."""
    plugins = tempfile.mkdtemp(prefix="stagehand-bench-editor-")
    with open(os.path.join(plugins, "edit-probe.effect.json"), "w") as f:
        f.write(PROBE)
    server, url = start_server(stagehand, ["--plugins", plugins])
    try:
        page = browser.new_page(viewport={"width": 1180, "height": 900}, device_scale_factor=1)
        page.goto(url)
        wait(page, "stagehand.catalog && stagehand.selected && stagehand.frame")
        page.click('#effects li[data-effect="edit-probe"]')
        wait(page, "!document.getElementById('editor').hidden")
        at = page.evaluate("() => document.getElementById('source').value.indexOf('0.3') + 2")
        for i in range(30):
            page.evaluate("(a) => { const s = document.getElementById('source'); s.focus(); s.setSelectionRange(a, a + 1); }", at)
            page.keyboard.type(str(4 + i % 6))
            wait(page, "stagehand.editor.latencies.length === %d" % (i + 1))
            page.wait_for_timeout(100)
        latencies = sorted(page.evaluate("() => stagehand.editor.latencies"))
        page.close()
        return latencies
    finally:
        stop_server(server)
        shutil.rmtree(plugins, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stagehand", default=os.path.join(ROOT, ".build", "release", "stagehand"))
    args = parser.parse_args()
    server, url = start_server(args.stagehand)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                        args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                              "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                                              "--disable-backgrounding-occluded-windows"])
            # One tab: latency and frame rate during a 3 s drag back and forth.
            page, box = open_stage(browser, url)
            x0, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.mouse.move(x0, y)
            page.mouse.down()
            page.evaluate("() => { stagehand.latencies = []; }")
            drawn0, start = page.evaluate("() => stagehand.drawn"), time.monotonic()
            i = 0
            while time.monotonic() - start < 3:
                i += 1
                page.mouse.move(x0 + 60 * ((i % 40) / 20 if i % 40 < 20 else (40 - i % 40) / 20), y)
                page.wait_for_timeout(8)
            elapsed = time.monotonic() - start
            drawn = page.evaluate("() => stagehand.drawn") - drawn0
            latencies = sorted(page.evaluate("() => stagehand.latencies"))
            page.mouse.up()
            p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
            fps = drawn / elapsed
            page.close()
            # Eight tabs dragging at once.
            pages = [open_stage(browser, url) for _ in range(8)]
            for page, box in pages:
                page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                page.mouse.down()
            cpu0, start = cpu_seconds(server.pid), time.monotonic()
            i = 0
            while time.monotonic() - start < 4:
                i += 1
                for page, box in pages:
                    page.mouse.move(box["x"] + box["width"] / 2 + 50 * ((i % 30) / 30), box["y"] + box["height"] / 2)
            cpu = (cpu_seconds(server.pid) - cpu0) / (time.monotonic() - start) * 100
            for page, _ in pages:
                page.mouse.up()
            edits = edit_latencies(browser, args.stagehand)
            browser.close()
    finally:
        server.terminate()
        server.wait(5)
    print("serve_input_to_frame_p95_ms  %6.1f   (%d moves; median %.1f ms; goal <= 16)"
          % (p95, len(latencies), latencies[len(latencies) // 2] if latencies else float("nan")))
    print("serve_fps                    %6.1f   (frames drawn per second during a drag; goal >= 58)" % fps)
    print("serve_tabs_8_cpu             %6.1f   (%% of one core, server process, 8 tabs dragging)" % cpu)
    print("serve_edit_to_frame_p95_ms   %6.1f   (%d edits; median %.1f ms; goal <= 100)"
          % (edits[int(0.95 * (len(edits) - 1))], len(edits), edits[len(edits) // 2]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
