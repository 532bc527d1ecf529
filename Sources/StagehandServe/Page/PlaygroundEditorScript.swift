/// The editor pane's part of the page's script: a declarative effect's JSON in a text
/// area, each change sent to the server as the part of the text that changed, the
/// problem the server finds marked in the gutter and on its line, download and save.
///
/// It runs inside `PlaygroundScript`'s function scope, between the effect selection and
/// the parameter controls: it uses that scope's `state`, `send`, `message` and `$`, and
/// declares `editor` (`window.stagehand.editor`), `openEditor` and `onEdited`, which the
/// rest of the script calls.
enum PlaygroundEditorScript {
    static let source = #"""
          // The editor pane: a declarative effect's JSON. Each change is sent as the part
          // of the text that changed (see Documentation/Playground.md), one edit at a time:
          // keystrokes made while one is answered are sent together after it.
          var editor = {
            file: null, name: null, held: null, inFlight: null, dirty: false, limit: 0, problem: null,
            latencies: [], typed: {}, lastTyped: 0, waitingFrame: null, seq: 0, status: '', lines: -1
          };
          state.editor = editor;
          var source = $('source');
          var PART = 2000;  // code units per message part: at most 12 KB of JSON, under the 16 KiB limit

          function openEditor(src) {
            $('editor').hidden = false;
            editor.file = src.file; editor.name = src.name; editor.limit = src.maximumBytes;
            $('editor-file').textContent = src.file;
            $('save').hidden = !src.savable;
            if (editor.inFlight === null && !editor.dirty && source.value !== src.text) source.value = src.text;
            if (editor.inFlight === null && !editor.dirty) editor.held = src.text;
            editor.problem = src.problem || null;
            if (editor.problem) setStatus(problemText(editor.problem), true); else setStatus('', false);
            editor.lines = -1;
            renderEditor();
          }

          function isHigh(c) { return c >= 0xD800 && c <= 0xDBFF; }
          function isLow(c) { return c >= 0xDC00 && c <= 0xDFFF; }

          function pushEdit() {
            if (editor.held === null) return;
            if (editor.inFlight !== null) { editor.dirty = true; return; }
            var text = source.value, old = editor.held;
            if (text === old) return;
            var bytes = new TextEncoder().encode(text).length;
            if (bytes > editor.limit) {
              editor.problem = null;
              setStatus('the text is ' + bytes + ' bytes: a declarative effect may have at most ' + editor.limit + ' (not sent)', true);
              return;
            }
            var max = Math.min(old.length, text.length), start = 0, end = 0;
            while (start < max && old.charCodeAt(start) === text.charCodeAt(start)) start++;
            while (end < max - start && old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
            // Never cut a character made of two code units in half.
            if (start > 0 && isHigh(text.charCodeAt(start - 1))) start--;
            if (end > 0 && isLow(text.charCodeAt(text.length - end))) end--;
            sendEdit(start, old.length - start - end, text.slice(start, text.length - end), old.length);
            editor.held = text;
          }

          function sendEdit(at, remove, insert, before) {
            var seq = ++editor.seq, length = before - remove, rest = insert;
            editor.inFlight = seq;
            editor.typed[seq] = editor.lastTyped || performance.now();
            do {
              var n = Math.min(PART, rest.length);
              if (n < rest.length && isHigh(rest.charCodeAt(n - 1))) n--;
              var part = rest.slice(0, n);
              rest = rest.slice(n);
              length += part.length;
              var m = {type: 'edit', at: at, remove: remove, insert: part, length: length, seq: seq};
              if (rest.length) m.more = true;
              send(m);
              at += part.length; remove = 0;
            } while (rest.length);
          }

          function onEdited(m) {
            editor.inFlight = null;
            if (m.resync) {
              editor.held = null;
              sendEdit(0, m.resync.length, source.value, m.resync.length);
              editor.held = source.value;
              return;
            }
            if (m.ok) { editor.problem = null; setStatus('read: the stage plays it', false); }
            else if (m.problem) { editor.problem = m.problem; setStatus(problemText(m.problem), true); }
            else { editor.problem = null; setStatus(m.message || 'edit refused', true); }
            renderEditor();
            if (editor.dirty) { editor.dirty = false; pushEdit(); }
          }

          function problemText(p) {
            return 'line ' + p.line + ', column ' + p.column + (p.pointer ? ': ' + p.pointer : '') + ': ' + p.message;
          }

          function setStatus(text, bad) {
            editor.status = text;
            var box = $('editor-status');
            box.textContent = text;
            box.classList.toggle('bad', !!bad);
          }

          // The gutter's line numbers (the problem's marked) and the backdrop's marks: the
          // problem's line, and its column's character.
          function renderEditor() {
            var text = source.value, lines = text.split('\n'), p = editor.problem;
            var bad = p ? Math.min(Math.max(p.line, 1), lines.length) : 0;
            var key = lines.length + ':' + bad;
            if (editor.lines !== key) {
              editor.lines = key;
              var gutter = $('editor-gutter');
              gutter.textContent = '';
              for (var i = 1; i <= lines.length; i++) {
                var span = document.createElement('span');
                span.textContent = String(i);
                if (i === bad) span.className = 'bad';
                gutter.appendChild(span);
              }
            }
            var back = $('editor-backdrop');
            back.textContent = '';
            if (p) {
              back.appendChild(document.createTextNode(lines.slice(0, bad - 1).map(function (l) { return l + '\n'; }).join('')));
              var line = lines[bad - 1], chars = Array.from(line), col = Math.min(Math.max(p.column, 1), chars.length + 1);
              var mark = document.createElement('mark'); mark.className = 'line';
              mark.appendChild(document.createTextNode(chars.slice(0, col - 1).join('')));
              var at = document.createElement('mark'); at.className = 'at';
              at.textContent = col <= chars.length ? chars[col - 1] : ' ';
              mark.appendChild(at);
              mark.appendChild(document.createTextNode(chars.slice(col).join('')));
              back.appendChild(mark);
              back.appendChild(document.createTextNode('\n'));
            }
            syncScroll();
          }

          function syncScroll() {
            $('editor-backdrop').scrollTop = source.scrollTop;
            $('editor-backdrop').scrollLeft = source.scrollLeft;
            $('editor-gutter').scrollTop = source.scrollTop;
          }

          source.addEventListener('input', function () {
            editor.lastTyped = performance.now();
            pushEdit();
            renderEditor();
          });
          source.addEventListener('scroll', syncScroll);
          $('download').addEventListener('click', function () {
            var a = document.createElement('a');
            a.href = URL.createObjectURL(new Blob([source.value], {type: 'application/json'}));
            a.download = editor.name || 'effect.effect.json';
            document.body.appendChild(a); a.click(); document.body.removeChild(a);
            setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
          });
          $('save').addEventListener('click', function () { send({type: 'save'}); });


        """#
}
