/// The one page `stagehand serve` serves: the catalog on the left, a phone-sized stage
/// in the middle (a canvas of 390×844 CSS pixels, drawn from each frame's display list,
/// see `Renderer.canvasDrawing`), and on the right the chosen effect's parameters (with
/// the manifest's bounds), the buttons its kind allows, the timeline, slow motion and
/// the export, and for a declarative effect its JSON in an editor (a textarea over a
/// backdrop that marks a problem's line and column, since a textarea cannot colour its
/// own text). Self-contained: no file or network access beyond its own server.
enum PlaygroundPage {
    static let html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Stagehand playground</title>
        <style>
        \(style)
        </style></head>
        <body>
        <aside id="catalog" aria-label="Effects">
          <h1>Stagehand</h1>
          <p class="hint">Pick an effect, push, then drag on the stage.</p>
          <div id="problems" role="alert"></div>
          <ul id="effects"></ul>
        </aside>
        <main>
          <canvas id="stage" width="390" height="844" aria-label="Stage: press and drag to drive the transition"></canvas>
          <div id="clock"><span id="time">0.000 s</span><span id="percent"></span><span id="connection">connecting…</span></div>
        </main>
        <section id="panel" aria-label="Controls">
          <h2 id="effect-name">System animations</h2>
          <p id="effect-kind" class="hint">No effect chosen: push and pop use UIKit's own animations.</p>
          <div id="operations"></div>
          <form id="parameters" autocomplete="off"></form>
          <div class="control"><label for="speed">Speed</label><input id="speed" type="range" min="0.1" max="1" step="0.1" value="1"><output id="speed-label">1×</output></div>
          <div class="control"><label for="timeline">Timeline</label><input id="timeline" type="range" min="0" max="0" step="1" value="0"><button id="live" type="button" disabled>Live</button></div>
          <div class="buttons"><button id="export" type="button">Export recording</button><button id="restart" type="button">Restart</button></div>
          <div id="downloads"></div>
          <section id="editor" aria-label="Effect source" hidden>
            <div class="editor-head"><span id="editor-file"></span><button id="download" type="button">Download</button><button id="save" type="button" hidden>Save</button></div>
            <div id="editor-box"><pre id="editor-gutter" aria-hidden="true"></pre><div id="editor-area"><pre id="editor-backdrop" aria-hidden="true"></pre><textarea id="source" wrap="off" spellcheck="false" autocomplete="off" aria-label="The effect's JSON"></textarea></div></div>
            <div id="editor-status" role="status"></div>
          </section>
          <ol id="messages" aria-live="polite"></ol>
        </section>
        <script>
        \(PlaygroundScript.source)
        </script>
        </body></html>

        """

    static let style = """
        :root{color-scheme:dark;--bg:#18181b;--panel:#232327;--line:#3a3a40;--text:#ececf1;--dim:#9a9aa5;--accent:#4f8cff;--bad:#ff6b6b}
        *{box-sizing:border-box}
        html,body{margin:0;height:100%;background:var(--bg);color:var(--text);font:14px/1.4 "DejaVu Sans",system-ui,sans-serif}
        body{display:grid;grid-template-columns:300px 430px minmax(280px,1fr);gap:0;min-height:100vh}
        aside,#panel{background:var(--panel);padding:16px;overflow:auto;max-height:100vh}
        aside{border-right:1px solid var(--line)}
        #panel{border-left:1px solid var(--line)}
        h1{font-size:20px;margin:0 0 4px}
        h2{font-size:17px;margin:0 0 4px}
        .hint{color:var(--dim);margin:0 0 12px;font-size:12px}
        #effects{list-style:none;margin:0;padding:0}
        #effects li{padding:8px 10px;border-radius:8px;cursor:pointer;border:1px solid transparent;margin-bottom:4px}
        #effects li:hover{background:#2d2d33}
        #effects li.current{border-color:var(--accent);background:#263248}
        #effects .name{font-weight:bold}
        #effects .tags{display:flex;gap:4px;flex-wrap:wrap;margin:2px 0}
        .tag{font-size:11px;padding:0 6px;border-radius:9px;background:#34343b;color:var(--dim)}
        .tag.interactive{background:#1f3d2b;color:#7ee2a0}
        #effects .description{color:var(--dim);font-size:12px;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
        main{display:flex;flex-direction:column;align-items:center;padding:16px 20px;gap:8px}
        #stage{width:390px;height:844px;border-radius:6px;touch-action:none;cursor:grab;background:#000;display:block}
        #stage.dragging{cursor:grabbing}
        #clock{display:flex;gap:12px;color:var(--dim);font-variant-numeric:tabular-nums;font-size:12px}
        #operations,.buttons{display:flex;gap:8px;flex-wrap:wrap;margin:12px 0}
        button{font:inherit;color:var(--text);background:#34343b;border:1px solid var(--line);border-radius:6px;padding:6px 12px;cursor:pointer}
        button:hover:not(:disabled){border-color:var(--accent)}
        button:disabled{opacity:.5;cursor:default}
        #operations button{background:var(--accent);border-color:var(--accent);color:#fff;min-width:80px}
        .control{display:grid;grid-template-columns:90px 1fr auto;align-items:center;gap:8px;margin:8px 0}
        .control input[type=range]{width:100%}
        .control input[type=number],.control input[type=text]{width:100%;font:inherit;background:#18181b;color:var(--text);border:1px solid var(--line);border-radius:4px;padding:2px 4px}
        .control output,.control .bounds{color:var(--dim);font-size:12px;min-width:48px;font-variant-numeric:tabular-nums}
        #parameters{border-top:1px solid var(--line);border-bottom:1px solid var(--line);padding:4px 0;margin:8px 0}
        #parameters:empty{display:none}
        #problems div,#messages li.error{color:var(--bad)}
        #problems div{font-size:12px;margin:0 0 8px;white-space:pre-wrap;word-break:break-word}
        #downloads a{color:var(--accent);margin-right:12px}
        #downloads code{display:block;margin-top:6px;color:var(--dim);font-size:12px;word-break:break-all}
        #editor{border-top:1px solid var(--line);margin-top:12px;padding-top:8px}
        .editor-head{display:flex;gap:8px;align-items:center;margin-bottom:6px}
        #editor-file{flex:1;color:var(--dim);font-size:12px;word-break:break-all}
        #editor-box{display:flex;height:420px;border:1px solid var(--line);border-radius:4px;background:#111114;overflow:hidden}
        #editor-gutter,#editor-backdrop,#source{font:12px/16px "DejaVu Sans Mono",monospace;margin:0;padding:6px;tab-size:4}
        #editor-gutter{color:var(--dim);text-align:right;min-width:40px;overflow:hidden;border-right:1px solid var(--line);user-select:none}
        #editor-gutter span{display:block}
        #editor-gutter span.bad{color:#fff;background:var(--bad)}
        #editor-area{position:relative;flex:1;overflow:hidden}
        #editor-backdrop{position:absolute;inset:0;color:transparent;white-space:pre;overflow:hidden;pointer-events:none}
        #editor-backdrop mark.line{background:#4a1f24;color:transparent}
        #editor-backdrop mark.at{background:var(--bad);color:transparent;border-radius:2px}
        #source{position:absolute;inset:0;width:100%;height:100%;resize:none;border:0;outline:none;background:transparent;color:var(--text);white-space:pre;overflow:auto}
        #editor-status{font-size:12px;margin-top:6px;color:var(--dim);white-space:pre-wrap;word-break:break-word}
        #editor-status.bad{color:var(--bad)}
        #messages{list-style:none;margin:12px 0 0;padding:0;font-size:12px}
        #messages li{margin-bottom:4px;word-break:break-word}
        """
}
