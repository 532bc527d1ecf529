#!/usr/bin/env python3
"""The playground in a real browser: headless Chromium (Debian's) driven by Playwright.

Starts `stagehand serve` on a free port, opens the page, picks parallax-pop, pushes,
then drags with the mouse from the middle of the stage to 70 % of its width and
releases (20 % of the width: below parallax-pop's quarter, the pop springs back), drags
to 95 % (the pop finishes), and cancels a drag at 20 % (the system takes the touch away:
a pointercancel). Screenshots of the stage mid-drag and after each release are compared
with what `stagehand play` of the exported scenario renders for the same frame; the
exported scenario must replay to the trace the server recorded, byte for byte.
Then the same for two effects whose drawing is clipped, held mid-drag and released:
explode's pop (tiles that are snapshots of squares of the screen) and circular-reveal's
dismissal (a circular mask); and portal (its doors are snapshots of halves of the
screen), whose default pinch the page names as out of one pointer's reach before a
horizontal swipe is chosen in its parameters. Then magic-move on the page's matched
screens (`matched_views`): row 3 flies into the pushed page, and a pop held mid-drag is
compared with play's PNG over the flying copies. Last, the editor pane of a declarative
effect (`editor_pane`): a parameter and the curve edited in the page, the stage
following each edit, a problem marked at its line and column, download and save.

    Tests/Playground/playground_test.py [--stagehand PATH] [--screenshot PNG] [--only matched]

--screenshot writes a picture of the whole page (the README's); --only matched runs only
the magic-move part (`matched_views`). Exits 0 when every
check passes, 1 with the failures listed otherwise.
"""
import argparse
import base64
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = os.environ.get("STAGEHAND_CHROMIUM", "/usr/bin/chromium")
# Mean difference per channel (0-255) and share of pixels off by more than 48 allowed
# between the page's canvas and cairo's PNG: antialiasing and text hinting differ.
# The page draws text with the canvas's fillText and `stagehand play` with cairo: the
# glyphs' antialiased edges differ (a few percent of the pixels on screens with rows of
# text), while a misplaced page or a wrong frame differs on most of the screen.
MEAN_TOLERANCE = 4.0
PIXEL_TOLERANCE = 0.04

failures = []


def check(condition, message):
    print(("ok    " if condition else "FAIL  ") + message, flush=True)
    if not condition:
        failures.append(message)


def start_server(stagehand, extra=()):
    process = subprocess.Popen([stagehand, "serve", "--port", "0"] + list(extra), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=ROOT)
    line = process.stdout.readline()
    if "http://" not in line:
        process.kill()
        raise SystemExit("stagehand serve printed no address: " + line + process.stderr.read())
    return process, line.strip().split(" ")[-1]


def stop_server(process):
    process.terminate()
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()


def state(page, expression):
    return page.evaluate("() => " + expression)


def wait(page, condition, timeout=10000):
    page.wait_for_function("() => " + condition, timeout=timeout)


def settle(page, seconds):
    """Waits until the page has shown `seconds` of stage time past now."""
    t = state(page, "stagehand.frame.t")
    wait(page, "stagehand.frame && stagehand.frame.t >= %f" % (t + seconds))


def shot(page, what):
    """The stage canvas as PNG, and the frame shown. While a finger is down every frame
    is sent, so the frame shown may change during the screenshot: it must show the same
    (the same percent, the finger still), and the later one is compared."""
    for _ in range(20):
        before = state(page, "stagehand.frame")
        png = page.locator("#stage").screenshot()
        after = state(page, "stagehand.frame")
        if before["percent"] == after["percent"]:
            return {"what": what, "png": png, "t": after["t"], "percent": after["percent"]}
        page.wait_for_timeout(50)
    raise SystemExit("the stage never stood still for a screenshot: " + what)


def compare(page, a, b, region=None):
    """Mean channel difference and share of very different pixels, measured in the page
    (within `region`, [x, y, width, height] in pixels, when given)."""
    return page.evaluate("""async ([a, b, region]) => {
        const load = (data) => new Promise((ok, no) => { const i = new Image(); i.onload = () => ok(i); i.onerror = no; i.src = data; });
        const [x, y] = await Promise.all([load(a), load(b)]);
        if (x.width !== y.width || x.height !== y.height) return {size: [x.width, x.height, y.width, y.height]};
        const pixels = (img) => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
          const g = c.getContext('2d'); g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height).data; };
        const p = pixels(x), q = pixels(y);
        const [rx, ry, rw, rh] = region || [0, 0, x.width, x.height];
        let sum = 0, bad = 0, n = 0;
        for (let row = Math.max(0, ry); row < Math.min(x.height, ry + rh); row++) {
          for (let col = Math.max(0, rx); col < Math.min(x.width, rx + rw); col++) {
            const i = (row * x.width + col) * 4;
            let worst = 0;
            for (let k = 0; k < 3; k++) { const d = Math.abs(p[i + k] - q[i + k]); sum += d; if (d > worst) worst = d; }
            if (worst > 48) bad++;
            n++;
          }
        }
        return {mean: sum / Math.max(1, n * 3), bad: bad / Math.max(1, n), pixels: n};
    }""", ["data:image/png;base64," + base64.b64encode(a).decode(), "data:image/png;base64," + base64.b64encode(b).decode(),
           region])


def drag(page, box, to_fraction, end, picture=None, start=(0.5, 0.5), vertical=False):
    """Mouse down at `start` (fractions of the stage; its middle by default), a move to
    `to_fraction` of its width (of its height when `vertical`) over about 0.4 s, still
    for 0.3 s; a screenshot (and of the whole page into `picture`); then `end` ("up" or
    "cancel")."""
    x0, y0 = box["x"] + box["width"] * start[0], box["y"] + box["height"] * start[1]
    if vertical:
        x1, y1 = x0, box["y"] + box["height"] * to_fraction
    else:
        x1, y1 = box["x"] + box["width"] * to_fraction, y0
    page.mouse.move(x0, y0)
    page.mouse.down()
    for i in range(1, 25):
        page.mouse.move(x0 + (x1 - x0) * i / 24, y0 + (y1 - y0) * i / 24)
        page.wait_for_timeout(16)
    page.wait_for_timeout(300)
    mid = shot(page, "mid-drag to %d %%" % round(to_fraction * 100))
    if picture:
        page.screenshot(path=picture)
    if end == "up":
        page.mouse.up()
    else:
        # The system takes the touch away (an incoming call): the browser's pointercancel.
        page.evaluate("""() => { const c = document.getElementById('stage');
            c.dispatchEvent(new PointerEvent('pointercancel', {pointerId: 1, bubbles: true})); }""")
        page.mouse.up()
    wait(page, "stagehand.frame.percent === null", 10000)
    settle(page, 0.3)
    after = shot(page, "after the %s at %d %%" % ("release" if end == "up" else "cancel", round(to_fraction * 100)))
    return mid, after


def choose(page, effect, operations):
    """Picks `effect` in the catalog; its operation buttons must be `operations`."""
    page.click('#effects li[data-effect="%s"]' % effect)
    wait(page, "stagehand.selected.effect === '%s'" % effect)
    labels = page.locator("#operations button").all_inner_texts()
    check(labels == operations, "%s offers %s: %s" % (effect, " and ".join(operations), labels))


def fetch_gif(url, patience=900):
    """The export's GIF, asking again while the server answers 503 (still being made), as
    the page does: a debug server on a busy machine can take minutes over a long
    recording of many views (explode), and the answer is what is checked, not its time."""
    deadline = time.time() + patience
    while True:
        try:
            return urllib.request.urlopen(url).read()
        except urllib.error.HTTPError as error:
            if error.code != 503 or time.time() > deadline:
                raise
            time.sleep(1)


def replay(page, url, work, stagehand, shots, name):
    """Exports what was played since the effect was chosen, replays the scenario with
    `stagehand play` (the trace must be the live one, byte for byte), and compares each
    screenshot in `shots` with play's PNG of the same time. Returns the trace's events."""
    page.evaluate("() => { stagehand.exported = null; }")
    page.click("#export")
    wait(page, "stagehand.exported !== null")
    exported = state(page, "stagehand.exported")
    base = url.rstrip("/")
    scenario = os.path.join(work, name + ".json")
    with open(scenario, "wb") as f:
        f.write(urllib.request.urlopen(base + exported["scenario"]).read())
    live_trace = urllib.request.urlopen(base + exported["trace"]).read()
    gif = fetch_gif(base + exported["gif"])
    check(gif[:6] == b"GIF89a", "%s: the export's GIF is a GIF (%d bytes)" % (name, len(gif)))
    trace = os.path.join(work, name + "-replay.json")
    run = subprocess.run([stagehand, "play", scenario, "--trace", trace], cwd=ROOT, capture_output=True, text=True)
    check(run.returncode == 0, "%s: stagehand play replays the export" % name + ("" if run.returncode == 0 else ": " + run.stderr[-300:]))
    with open(trace, "rb") as f:
        check(f.read() == live_trace, "%s: the replay's trace is the live trace, byte for byte" % name)
    for s in shots:
        png = os.path.join(work, name + "-play.png")
        run = subprocess.run([stagehand, "play", scenario, "--out", png, "--time", "%.6f" % s["t"]],
                             cwd=ROOT, capture_output=True, text=True)
        if run.returncode != 0:
            check(False, "%s: stagehand play renders t = %.3f: %s" % (name, s["t"], run.stderr[-300:]))
            continue
        with open(png, "rb") as f:
            d = compare(page, s["png"], f.read())
        ok = "mean" in d and d["mean"] <= MEAN_TOLERANCE and d["bad"] <= PIXEL_TOLERANCE
        check(ok, "%s, %s (t = %.3f s): the page shows what stagehand play renders (%s)" % (name, s["what"], s["t"], d))
    return json.loads(live_trace)["events"]


# A declarative effect for the editor pane (the protocol tests edit it too): the
# incoming child fades in over `duration`.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "edit-probe.effect.json")) as probe_file:
    PROBE = probe_file.read()


def type_over(page, old, new):
    """Selects the first `old` in the editor and types `new` over it, key by key."""
    text = state(page, "document.getElementById('source').value")
    start = text.index(old)
    page.evaluate("([a, b]) => { const s = document.getElementById('source'); s.focus(); s.setSelectionRange(a, b); }",
                  [start, start + len(old)])
    page.keyboard.type(new, delay=30)


def replayed(page, before, seconds):
    """Waits until every edit typed is answered, the stage was restarted for a later one
    than `before`, and `seconds` of the new stage were received; returns its frames."""
    wait(page, "stagehand.editor.inFlight === null && !stagehand.editor.dirty && stagehand.selected.edit !== undefined"
               " && stagehand.selected.edit !== %s" % json.dumps(before))
    wait(page, "(h => h.length > 0 && h[h.length - 1].t >= %f)(stagehand.history())" % seconds)
    return state(page, "stagehand.history()")


def ease_in_out(x):
    """CSS ease-in-out, cubic-bezier(0.42, 0, 0.58, 1), at time fraction x."""
    def at(t, a, b):
        return 3 * a * t * (1 - t) ** 2 + 3 * b * t * t * (1 - t) + t ** 3
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if at(mid, 0.42, 0.58) < x else (lo, mid)
    return at((lo + hi) / 2, 0, 1)


def follows(frames, curve):
    """Whether, in every frame, some item drawn has the alpha `curve` gives its percent."""
    return bool(frames) and all(min(abs(a - curve(p)) for a in alphas) < 0.01 for p, alphas in frames)


def fading(history, lo, hi):
    """(percent, alphas) of the frames whose percent lies in [lo, hi]."""
    return [(f["percent"], f["alphas"]) for f in history if f["percent"] is not None and lo <= f["percent"] <= hi]


def matched_views(page, box, url, work, stagehand):
    """magic-move on the playground's matched screens: a push flies row 3 of the list
    into the page's picture; a pop dragged a third of the way and held shows the two
    flying copies mid-flight, cross-fading (the destination's over the source's) with
    the finger's dot. The canvas must show what `stagehand play` renders for that frame,
    over the whole stage and, tighter, over the flying copies' box, where a copy left
    out or composited wrongly would differ on most pixels. Then view-transition's push,
    whose pairs and screens cross-fade plus-lighter, scrubbed to mid-way."""
    choose(page, "magic-move", ["Push", "Pop", "Present", "Dismiss"])
    page.click('#operations button[data-operation="push"]')
    settle(page, 1.0)
    mid, after = drag(page, box, 0.55, "up", start=(0.2, 0.5))
    check(0.15 < (mid["percent"] or 0) < 0.5, "magic-move's pop follows the pan: %s" % mid["percent"])
    events = replay(page, url, work, stagehand, [mid, after], "magic-move")
    outcomes = [e["kind"] for e in events if e["effect"] == "magic-move" and e["interactive"] and e["kind"] != "began"]
    check(outcomes == ["cancelled"], "released before half way, magic-move's pop goes back: %s" % outcomes)
    with open(os.path.join(work, "magic-move-replay.json")) as f:
        trace = json.load(f)
    frame = min(trace["frames"], key=lambda f: abs(f["t"] - mid["t"]))
    copies = [v for v in frame["views"] if v["title"].startswith("snapshot of") and not v["hidden"] and v["opacity"] > 0.01]
    check(len(copies) >= 2, "mid-drag two copies fly: %s" % [(v["title"], v["opacity"]) for v in copies])
    check(bool(frame.get("touches")), "the trace has the finger mid-drag: %s" % frame.get("touches"))
    if not copies:
        return
    xs = [c[0] for v in copies for c in v["corners"]]
    ys = [c[1] for v in copies for c in v["corners"]]
    region = [int(min(xs)), int(min(ys)), int(max(xs) - min(xs)), int(max(ys) - min(ys))]
    check(region[2] > 40 and region[3] > 30, "the flight's box is not empty: %s" % region)
    png = os.path.join(work, "magic-move-mid.png")
    run = subprocess.run([stagehand, "play", os.path.join(work, "magic-move.json"), "--out", png, "--time", "%.6f" % mid["t"]],
                         cwd=ROOT, capture_output=True, text=True)
    check(run.returncode == 0, "stagehand play renders magic-move mid-drag" + ("" if run.returncode == 0 else ": " + run.stderr[-300:]))
    if run.returncode != 0:
        return
    with open(png, "rb") as f:
        played = f.read()
    d = compare(page, mid["png"], played, region)
    check("mean" in d and d["mean"] <= 3.0 and d["bad"] <= 0.02,
          "magic-move mid-drag, the flying copies %s: the page shows what stagehand play renders (%s)" % (region, d))
    # The same box after the release (the copies gone) differs: the comparison can fail.
    d = compare(page, after["png"], played, region)
    check("mean" in d and d["mean"] > 10, "without the copies the box differs from play's mid-drag picture (%s)" % d)

    # view-transition cross-fades each pair's images, and the screens, with plus-lighter:
    # its push scrubbed back to mid-way on the timeline must match play's PNG, where a
    # normal cross-fade would let the black behind the screens show through.
    choose(page, "view-transition", ["Push", "Pop", "Present", "Dismiss"])
    page.click('#operations button[data-operation="push"]')
    settle(page, 1.0)
    history = state(page, "stagehand.history()")
    running = [i for i, f in enumerate(history) if f["percent"] is not None]
    check(len(running) > 4, "view-transition's push ran for %d frames" % len(running))
    if not running:
        return
    middle = min(running, key=lambda i: abs(history[i]["percent"] - 0.5))
    page.evaluate("(i) => { const t = document.getElementById('timeline'); t.value = String(i);"
                  " t.dispatchEvent(new Event('input')); }", middle)
    wait(page, "stagehand.frame.index === %d" % history[middle]["index"])
    scrubbed = shot(page, "push scrubbed to %d %%" % round(history[middle]["percent"] * 100))
    replay(page, url, work, stagehand, [scrubbed], "view-transition")
    with open(os.path.join(work, "view-transition-replay.json")) as f:
        trace = json.load(f)
    frame = min(trace["frames"], key=lambda f: abs(f["t"] - scrubbed["t"]))
    added = [v for v in frame["views"] if v.get("compositing") == "plus-lighter" and 0.05 < v["opacity"] < 0.95]
    check(len(added) >= 2, "mid-way, views cross-fade plus-lighter: %s" % [(v["title"], v["opacity"]) for v in added])


def editor_pane(browser, stagehand, work):
    """A declarative effect edited in the page: a parameter's default and the curve typed
    over key by key, each edit played at once; a misspelt key marked at its line and
    column while the last version that read goes on; the text downloaded, and saved
    (the server runs with --save) to the file it came from."""
    plugins = os.path.join(work, "plugins")
    os.makedirs(plugins)
    path = os.path.join(plugins, "edit-probe.effect.json")
    with open(path, "w") as f:
        f.write(PROBE)
    server, url = start_server(stagehand, ["--plugins", plugins, "--save"])
    try:
        page = browser.new_page(viewport={"width": 1180, "height": 900}, device_scale_factor=1, accept_downloads=True)
        page.goto(url)
        wait(page, "stagehand.catalog && stagehand.selected && stagehand.frame")
        choose(page, "edit-probe", ["Switch child"])
        wait(page, "!document.getElementById('editor').hidden")
        check(state(page, "document.getElementById('source').value") == PROBE, "the editor shows the effect's file")
        check(state(page, "document.getElementById('editor-file').textContent") == path, "the editor names the file: the user's, not a copy")
        check(page.locator("#save").is_visible(), "with --save the page offers Save")

        # A parameter's default: 0.3 s becomes 1.5 s; each keystroke is an edit, and the
        # one that reads last restarts the stage and plays the switch at once.
        type_over(page, "0.3", "1.5")
        history = replayed(page, None, 1.7)
        check(state(page, "stagehand.selected.parameters[0].value") == "1.5", "the parameter's new default is shown")
        running = [f["t"] for f in history if f["percent"] is not None]
        check(running and running[0] < 0.1 and running[-1] > 1.3,
              "the edited 1.5 s switch plays at once, for 1.5 s: from %s to %s s" % (running[:1], running[-1:]))
        # ease-in-out at a quarter of the time: the alpha is 0.13, well below the quarter.
        quarter = fading(history, 0.2, 0.3)
        check(follows(quarter, ease_in_out) and not follows(quarter, lambda p: p),
              "ease-in-out: the incoming child's alpha follows the curve: %s" % quarter[:2])

        # The curve: linear, so alpha follows the time.
        before = state(page, "stagehand.selected.edit")
        type_over(page, "ease-in-out", "linear")
        quarter = fading(replayed(page, before, 1.7), 0.2, 0.3)
        check(follows(quarter, lambda p: p) and not follows(quarter, ease_in_out),
              "linear, once typed: the incoming child's alpha follows the time: %s" % quarter[:2])
        latencies = state(page, "stagehand.editor.latencies")
        latencies.sort()
        print("      keystroke to the first frame of the replayed stage: median %.1f ms, worst %.1f ms over %d edits"
              % (latencies[len(latencies) // 2], latencies[-1], len(latencies)), flush=True)

        # A misspelt key: marked at its line and column; the stage is not restarted.
        restarts = state(page, "stagehand.selected.edit")
        type_over(page, '"alpha"', '"alpah"')
        wait(page, "stagehand.editor.problem !== null && stagehand.editor.inFlight === null")
        problem = state(page, "stagehand.editor.problem")
        lines = state(page, "document.getElementById('source').value").split("\n")
        line = next(i for i, l in enumerate(lines) if "alpah" in l) + 1
        column = lines[line - 1].index('"alpah"') + 1
        check((problem["line"], problem["column"]) == (line, column) and "did you mean alpha?" in problem["message"],
              "the misspelt key is located at line %d, column %d: %s" % (line, column, problem))
        check(page.locator("#editor-gutter span.bad").inner_text() == str(line), "the gutter marks line %d" % line)
        check(page.locator("#editor-backdrop mark.at").inner_text() == '"', "the backdrop marks the column's character")
        status = page.locator("#editor-status").inner_text()
        check("line %d, column %d" % (line, column) in status and "did you mean alpha?" in status, "the status says it: %s" % status)
        check(state(page, "stagehand.selected.edit") == restarts, "a text with a problem does not restart the stage")
        page.click("#save")
        wait(page, "stagehand.messages.some(m => m.text.indexOf('the file is left as it was') >= 0)")
        type_over(page, '"alpah"', '"alpha"')
        wait(page, "stagehand.editor.problem === null && stagehand.editor.inFlight === null && stagehand.editor.status.indexOf('read') === 0")
        check(page.locator("#editor-gutter span.bad").count() == 0, "put right, the mark goes")

        # Download, then save to the file it came from.
        text = state(page, "document.getElementById('source').value")
        with page.expect_download() as download:
            page.click("#download")
        saved = os.path.join(work, "downloaded.effect.json")
        download.value.save_as(saved)
        with open(saved) as f:
            check(f.read() == text and download.value.suggested_filename == "edit-probe.effect.json",
                  "Download gives the edited text as edit-probe.effect.json")
        page.click("#save")
        wait(page, "stagehand.editor.status.indexOf('saved to') === 0")
        with open(path) as f:
            check(f.read() == text, "Save writes the edited text to the effect's own file")
        page.close()
    finally:
        stop_server(server)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stagehand", default=os.path.join(ROOT, ".build", "debug", "stagehand"))
    parser.add_argument("--screenshot", help="write a picture of the whole page here")
    parser.add_argument("--only", choices=["matched"], help="run only this part (matched: magic-move mid-drag)")
    args = parser.parse_args()
    server, url = start_server(args.stagehand)
    work = tempfile.mkdtemp(prefix="stagehand-playground-")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                        args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            page = browser.new_page(viewport={"width": 1180, "height": 900}, device_scale_factor=1)
            page.goto(url)
            wait(page, "stagehand.catalog && stagehand.selected && stagehand.frame")
            names = state(page, "stagehand.catalog.effects.map(e => e.name)")
            check("parallax-pop" in names, "the catalog lists parallax-pop (%d effects)" % len(names))
            if args.only == "matched":
                matched_views(page, page.locator("#stage").bounding_box(), url, work, args.stagehand)
                browser.close()
                return finish()
            choose(page, "parallax-pop", ["Push", "Pop"])
            sliders = page.locator("#parameters input[type=range]").count()
            check(sliders >= 4, "parallax-pop's bounded parameters are sliders (%d)" % sliders)
            page.click('#operations button[data-operation="push"]')
            settle(page, 0.8)
            box = page.locator("#stage").bounding_box()
            shots = []
            mid, after = drag(page, box, 0.70, "up", picture=args.screenshot)
            check(abs((mid["percent"] or 0) - 0.20) < 0.03, "mid-drag the pop follows the finger: %s" % mid["percent"])
            shots += [mid, after]
            page.click('#operations button[data-operation="push"]')
            settle(page, 0.8)
            shots += list(drag(page, box, 0.95, "up"))
            page.click('#operations button[data-operation="push"]')
            settle(page, 0.8)
            mid, after = drag(page, box, 0.70, "cancel")
            shots += [mid, after]
            events = replay(page, url, work, args.stagehand, shots, "parallax-pop")
            outcomes = [e["kind"] for e in events if e["effect"] == "parallax-pop" and e["interactive"] and e["kind"] != "began"]
            check(outcomes == ["cancelled", "completed", "cancelled"],
                  "released at 20 %% it springs back, at 45 %% it pops, cancelled it springs back: %s" % outcomes)

            # Clipped drawing: explode's tiles are snapshots of a part of the screen
            # (each clipped to its square), circular-reveal shows the presented screen
            # through a circular mask. Held mid-drag, the page must show what cairo does.
            choose(page, "explode", ["Push", "Pop", "Present", "Dismiss"])
            page.click('#operations button[data-operation="push"]')
            settle(page, 1.3)
            mid, after = drag(page, box, 0.70, "up")
            check(0.3 < (mid["percent"] or 0) < 0.5, "explode's pop follows a swipe to the right: %s" % mid["percent"])
            events = replay(page, url, work, args.stagehand, [mid, after], "explode")
            outcomes = [e["kind"] for e in events if e["interactive"] and e["kind"] != "began"]
            check(outcomes == ["cancelled"], "released before half way, explode's pop springs back: %s" % outcomes)

            choose(page, "circular-reveal", ["Present", "Dismiss"])
            page.click('#operations button[data-operation="present"]')
            settle(page, 1.0)
            mid, after = drag(page, box, 0.60, "up", start=(0.5, 0.4), vertical=True)
            check(0.0 < (mid["percent"] or 0) < 0.3, "circular-reveal's dismissal follows a pan down: %s" % mid["percent"])
            events = replay(page, url, work, args.stagehand, [mid, after], "circular-reveal")
            outcomes = [e["kind"] for e in events if e["interactive"] and e["kind"] != "began"]
            check(outcomes == ["cancelled"], "released below 30 %%, circular-reveal's dismissal springs back: %s" % outcomes)

            # portal follows a pinch by default, which one pointer cannot make: the page
            # says so, and a horizontal swipe chosen in its parameters drives it.
            choose(page, "portal", ["Push", "Pop", "Present", "Dismiss"])
            kind = page.locator("#effect-kind").inner_text()
            check("pinch" in kind and "horizontal" in kind, "portal's pinch is named with the way to drag it: %s" % kind)
            # The manifest declares the gesture's choices: the page offers them as a menu.
            options = page.eval_on_selector_all("#param-gesture option", "os => os.map(o => o.value)")
            check(options == ["none", "horizontal", "vertical", "pinch"], "portal's gesture is a menu of its choices: %s" % options)
            page.select_option("#param-gesture", "horizontal")
            wait(page, "stagehand.selected.parameters.some(p => p.name === 'gesture' && p.value === 'horizontal')")
            kind = page.locator("#effect-kind").inner_text()
            check("drag on the stage" in kind, "with a horizontal swipe, portal is dragged: %s" % kind)
            page.click('#operations button[data-operation="push"]')
            settle(page, 1.3)
            mid, after = drag(page, box, 0.70, "up")
            check(0.3 < (mid["percent"] or 0) < 0.5, "portal's pop follows the swipe: %s" % mid["percent"])
            replay(page, url, work, args.stagehand, [mid, after], "portal")
            matched_views(page, box, url, work, args.stagehand)
            editor_pane(browser, args.stagehand, work)
            browser.close()
    finally:
        stop_server(server)
    return finish()


def finish():
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
