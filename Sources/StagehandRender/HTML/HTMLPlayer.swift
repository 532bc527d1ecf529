import Foundation
import StagehandTrace

/// The run as one self-contained web page (no network, no files beside it): every frame
/// is a group in one inline SVG, and a few lines of script show one at a time.
///
/// - A play/pause button and a range scrubber that moves frame by frame; its label
///   gives the frame's time and, while a transition runs, its percent (marked
///   "interactive" when a finger drives it).
/// - `#frame=N` in the address selects frame N and pauses, on load and whenever the
///   hash changes, so a headless browser's screenshot can pick the position.
/// - The picture sits at the top left at one CSS pixel per pixel of the PNGs, the
///   controls below it in a bar 48 pixels high: a window of the picture's size shows
///   exactly the picture, and a window 48 pixels taller shows the controls too.
/// - Space plays or pauses; the arrow keys step.
enum HTMLPlayer {
    static let controlsHeight = 48

    static func page(_ trace: Trace, lists: [DisplayList], width: Int, height: Int, title: String) -> String {
        var writer = SVGWriter(capacity: lists.count * 2048 + 4096)
        writer.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
        writer.escaped(title)
        writer.append("</title>\n<style>\n")
        writer.append("""
            html,body{margin:0;background:#1c1c1e;color:#eee;font:13px "DejaVu Sans",sans-serif}
            #stage{display:block}
            #stage>g{display:none}
            #controls{display:flex;align-items:center;gap:8px;height:\(controlsHeight)px;padding:0 8px;box-sizing:border-box;width:\(width)px}
            #controls button{width:64px;font:inherit}
            #scrub{flex:1;min-width:40px}
            #label{min-width:150px;text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}

            """)
        writer.append("</style></head><body>\n")
        if let first = lists.first {
            writer.open(screen: first.screen, width: width, height: height, attributes: " id=\"stage\"")
            writer.background(first)
            writer.append("\n")
            for list in lists {
                writer.append("<g>")
                writer.items(list)
                writer.append("</g>\n")
            }
            writer.append("</svg>\n")
        }
        writer.append("""
            <div id="controls"><button id="play" type="button">Play</button><input id="scrub" type="range" min="0" max="\(max(lists.count - 1, 0))" step="1" value="0" aria-label="frame"><span id="label"></span></div>
            <script>
            (function () {

            """)
        writer.append("var T = [")
        list(trace.frames.map(\.t), decimals: 6, into: &writer)
        writer.append("];\nvar P = [")
        for (i, frame) in trace.frames.enumerated() {
            if i > 0 { writer.append(",") }
            if let p = frame.percent { writer.number(p, decimals: 4) } else { writer.append("null") }
        }
        writer.append("];\nvar I = [")
        writer.append(interactive(trace).map { $0 ? "1" : "0" }.joined(separator: ","))
        writer.append("];\nvar fps = \(max(trace.fps, 1));\n")
        writer.append("""
            var n = T.length, frames = document.querySelectorAll('#stage > g');
            var scrub = document.getElementById('scrub'), button = document.getElementById('play');
            var label = document.getElementById('label');
            var current = -1, playing = false, started = 0, from = 0;
            function show(i) {
              i = Math.max(0, Math.min(n - 1, i | 0));
              if (i === current) return;
              if (current >= 0) frames[current].style.display = 'none';
              frames[i].style.display = 'inline';
              current = i;
              scrub.value = i;
              var text = T[i].toFixed(3) + ' s';
              if (P[i] !== null) text += ' \\u00b7 ' + Math.round(P[i] * 100) + ' %' + (I[i] ? ' interactive' : '');
              label.textContent = text;
            }
            function tick(now) {
              if (!playing) return;
              show((from + Math.floor((now - started) * fps / 1000)) % n);
              requestAnimationFrame(tick);
            }
            function play() {
              playing = true; button.textContent = 'Pause';
              from = current >= n - 1 ? 0 : current; started = performance.now();
              requestAnimationFrame(tick);
            }
            function pause() { playing = false; button.textContent = 'Play'; }
            button.addEventListener('click', function () { playing ? pause() : play(); });
            scrub.addEventListener('input', function () { pause(); show(+scrub.value); });
            document.addEventListener('keydown', function (e) {
              if (e.target === scrub) return;
              if (e.key === ' ') { e.preventDefault(); playing ? pause() : play(); }
              else if (e.key === 'ArrowRight') { pause(); show(current + 1); }
              else if (e.key === 'ArrowLeft') { pause(); show(current - 1); }
            });
            function fromHash() {
              var m = /frame=(\\d+)/.exec(location.hash);
              if (!m) return false;
              pause(); show(+m[1]);
              return true;
            }
            window.addEventListener('hashchange', fromHash);
            if (n > 0) { show(0); if (!fromHash()) play(); }
            })();
            </script>
            </body></html>

            """)
        return writer.text
    }

    private static func list(_ values: [Double], decimals: Int, into writer: inout SVGWriter) {
        for (i, v) in values.enumerated() {
            if i > 0 { writer.append(",") }
            writer.number(v, decimals: decimals)
        }
    }

    /// Per frame: whether the transition running then is driven by a finger, from the
    /// trace's events (transitions never overlap: the runtime queues them).
    static func interactive(_ trace: Trace) -> [Bool] {
        let events = trace.events.filter { ["began", "completed", "cancelled"].contains($0.kind) }.sorted { $0.t < $1.t }
        var flags: [Bool] = []
        var j = 0, running = false
        for frame in trace.frames {
            while j < events.count, events[j].t <= frame.t + 1e-9 {
                running = events[j].kind == "began" && events[j].interactive
                j += 1
            }
            flags.append(running && frame.percent != nil)
        }
        return flags
    }
}
