/// The page's script: the WebSocket conversation (see Documentation/Playground.md), the
/// canvas drawing, pointer input and the controls, with the editor pane's part
/// (`PlaygroundEditorScript`) in the middle: one function scope, so both parts share
/// `state`, `send` and `message`, and the frames handler reads the editor's state.
///
/// `window.stagehand` exposes what a test or a benchmark reads: the frame shown (`frame`),
/// input-to-frame latencies in milliseconds (`latencies`: from a pointer event sent to
/// the frame acknowledging it drawn), frames drawn (`drawn`), the last export, the
/// messages shown, and the editor pane's state (`editor`: its problem, its status line,
/// and `latencies` from a keystroke to the first frame of the stage replaying the edit).
enum PlaygroundScript {
    static let source = head + PlaygroundEditorScript.source + tail

    /// The script up to the editor pane's part.
    private static let head = #"""
        (function () {
          'use strict';
          var W = 390, H = 844;
          var canvas = document.getElementById('stage');
          var ctx = canvas.getContext('2d');
          var dpr = Math.max(1, window.devicePixelRatio || 1);
          canvas.width = Math.round(W * dpr); canvas.height = Math.round(H * dpr);
          var $ = function (id) { return document.getElementById(id); };
          var state = {
            frame: null, drawn: 0, latencies: [], exported: null, messages: [], catalog: null,
            selected: null, generation: -1, connected: false, sessionFrames: 0
          };
          window.stagehand = state;
          var frames = [];           // this stage's frames, for the timeline
          // This stage's frames received: time, percent and the alpha of each item drawn.
          state.history = function () {
            return frames.map(function (f) {
              return {index: f.index, t: f.t, percent: f.percent === undefined ? null : f.percent,
                      alphas: f.drawing.items.map(function (it) { return it.a === undefined ? 1 : it.a; })};
            });
          };
          var live = true;           // drawing live frames (false while scrubbing)
          var current = null;        // {effect, parameters} last selected
          var seq = 0, sent = {};    // pointer sequence numbers -> performance.now()
          var pointerId = null;

          // A shape's outline as the current path: a polygon in screen points, or a
          // rounded rectangle placed by its matrix (the clip or fill keeps it in device
          // space, so the transform may change after).
          function outline(s) {
            ctx.beginPath();
            if (s.p) {
              ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
              if (s.p.length < 2) return;
              ctx.moveTo(s.p[0], s.p[1]);
              for (var k = 2; k < s.p.length; k += 2) ctx.lineTo(s.p[k], s.p[k + 1]);
              ctx.closePath();
            } else {
              var m = s.m, r = s.r;
              ctx.setTransform(dpr * m[0], dpr * m[1], dpr * m[2], dpr * m[3], dpr * m[4], dpr * m[5]);
              if (r[4] > 0) ctx.roundRect(r[0], r[1], r[2], r[3], r[4]); else ctx.rect(r[0], r[1], r[2], r[3]);
            }
          }

          // A group's items are drawn on a layer (a canvas of the stage's size, kept for
          // the next frame), then put on what lay below with the group's opacity, added
          // ('lighter': a plus-lighter view) or over.
          var mainCtx = ctx, layers = [], spare = [];
          function beginGroup(it) {
            var layer = spare.pop() || document.createElement('canvas');
            layer.width = canvas.width; layer.height = canvas.height;  // also clears it
            layers.push({ctx: ctx, canvas: layer, a: it.a, o: it.o});
            ctx = layer.getContext('2d');
          }
          function endGroup() {
            var group = layers.pop();
            ctx = group.ctx;
            ctx.setTransform(1, 0, 0, 1, 0, 0);
            ctx.globalAlpha = group.a;
            ctx.globalCompositeOperation = group.o === 'lighter' ? 'lighter' : 'source-over';
            ctx.drawImage(group.canvas, 0, 0);
            ctx.globalCompositeOperation = 'source-over';
            ctx.globalAlpha = 1;
            spare.push(group.canvas);
          }

          function draw(d) {
            ctx = mainCtx; layers = [];
            ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
            ctx.globalAlpha = 1;
            ctx.globalCompositeOperation = 'source-over';
            ctx.fillStyle = d.bg;
            ctx.fillRect(0, 0, W, H);
            var clipped = false;
            for (var i = 0; i < d.items.length; i++) {
              var it = d.items[i];
              if (it.g) {
                // A group starts and ends with no clip in force.
                if (clipped) { ctx.restore(); clipped = false; }
                if (it.g === 'begin') beginGroup(it); else if (layers.length) endGroup();
                continue;
              }
              if (it.k) {
                // The clip for the items after it: the intersection of its shapes.
                if (clipped) ctx.restore();
                clipped = it.k.length > 0;
                if (clipped) {
                  ctx.save();
                  for (var j = 0; j < it.k.length; j++) { outline(it.k[j]); ctx.clip(); }
                }
                continue;
              }
              ctx.globalAlpha = it.a === undefined ? 1 : it.a;
              ctx.fillStyle = it.c;
              if (it.t !== undefined) {
                var m = it.m;
                ctx.setTransform(dpr * m[0], dpr * m[1], dpr * m[2], dpr * m[3], dpr * m[4], dpr * m[5]);
                ctx.font = 'bold ' + it.s + 'px "DejaVu Sans"';
                ctx.textAlign = 'center';
                ctx.textBaseline = 'alphabetic';
                ctx.fillText(it.t, it.x, it.y);
              } else {
                outline(it);
                ctx.fill();
              }
            }
            if (clipped) ctx.restore();
            while (layers.length) endGroup();
            ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
            ctx.globalAlpha = 1;
          }

          function show(f) {
            draw(f.drawing);
            state.frame = {index: f.index, t: f.t, percent: f.percent === undefined ? null : f.percent};
            state.drawn++;
            $('time').textContent = f.t.toFixed(3) + ' s';
            $('percent').textContent = f.percent === undefined ? '' :
              Math.round(f.percent * 100) + ' %' + (f.interactive ? ' · following the finger' : '');
          }

          function message(text, kind) {
            state.messages.push({text: text, kind: kind});
            var li = document.createElement('li');
            li.textContent = text;
            li.className = kind;
            var list = $('messages');
            list.insertBefore(li, list.firstChild);
            while (list.children.length > 20) list.removeChild(list.lastChild);
          }

          var ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/socket');
          function send(obj) { if (ws.readyState === 1) ws.send(JSON.stringify(obj)); }
          state.send = send;
          ws.onopen = function () { state.connected = true; $('connection').textContent = 'live'; };
          ws.onclose = function (event) {
            state.connected = false;
            $('connection').textContent = 'disconnected: reload the page';
            message(event.reason ? 'the server closed the connection: ' + event.reason : 'the connection to the server closed', 'error');
          };
          ws.onmessage = function (event) {
            var m;
            try { m = JSON.parse(event.data); } catch (e) { message('unreadable message from the server', 'error'); return; }
            switch (m.type) {
              case 'frame': onFrame(m); break;
              case 'catalog': onCatalog(m); break;
              case 'selected': onSelected(m); break;
              case 'exported': onExported(m); break;
              case 'edited': onEdited(m); break;
              case 'saved': setStatus('saved to ' + m.path, false); message('saved ' + m.path, 'notice'); break;
              case 'error':
                message(m.message, 'error');
                // A refused edit message (it never reached the editor): stop waiting for its answer.
                if (editor.inFlight !== null && /^(edit|not valid JSON)/.test(m.message)) { editor.inFlight = null; editor.held = null; }
                break;
              case 'notice': message(m.message, 'notice'); break;
            }
          };

          function onFrame(m) {
            if (frames.length && m.index <= frames[frames.length - 1].index) frames = [];
            frames.push(m);
            if (frames.length > 36000) frames.shift();
            state.sessionFrames = frames.length;
            var timeline = $('timeline');
            timeline.max = String(frames.length - 1);
            if (!live) return;
            timeline.value = timeline.max;
            show(m);
            if (editor.waitingFrame !== null) {
              var typed = editor.typed[editor.waitingFrame];
              if (typed !== undefined) editor.latencies.push(performance.now() - typed);
              editor.typed = {};
              editor.waitingFrame = null;
            }
            if (m.ack !== undefined && sent[m.ack] !== undefined) {
              state.latencies.push(performance.now() - sent[m.ack]);
              for (var key in sent) if (+key <= m.ack) delete sent[key];
            }
          }

          function onCatalog(m) {
            state.catalog = m;
            var problems = $('problems');
            problems.textContent = '';
            m.problems.forEach(function (p) {
              var div = document.createElement('div'); div.textContent = p; problems.appendChild(div);
            });
            var list = $('effects');
            list.textContent = '';
            m.effects.forEach(function (e) {
              var li = document.createElement('li');
              li.dataset.effect = e.name;
              var name = document.createElement('div'); name.className = 'name'; name.textContent = e.name;
              var tags = document.createElement('div'); tags.className = 'tags';
              [e.kind, e.family, e.pack ? 'pack ' + e.pack : null].concat(e.interactive ? ['interactive'] : []).forEach(function (t) {
                if (!t) return;
                var span = document.createElement('span');
                span.className = 'tag' + (t === 'interactive' ? ' interactive' : '');
                span.textContent = t; tags.appendChild(span);
              });
              var d = document.createElement('div'); d.className = 'description'; d.textContent = e.description; d.title = e.description;
              li.appendChild(name); li.appendChild(tags); li.appendChild(d);
              li.addEventListener('click', function () { select(e.name, {}); });
              list.appendChild(li);
            });
            var reloaded = state.generation >= 0 && m.generation !== state.generation;
            state.generation = m.generation;
            if (reloaded) {
              message('effects reloaded' + (m.problems.length ? ' (' + m.problems.length + ' problem(s), listed on the left)' : ''), 'notice');
              if (current && current.effect) {
                if (m.effects.some(function (e) { return e.name === current.effect; })) select(current.effect, current.parameters);
                else { message(current.effect + ' is gone after the reload', 'error'); select(null, {}); }
              }
            }
            markCurrent();
          }

          function markCurrent() {
            Array.prototype.forEach.call($('effects').children, function (li) {
              li.classList.toggle('current', !!current && li.dataset.effect === current.effect);
            });
          }

          function select(effect, parameters) {
            current = {effect: effect, parameters: parameters};
            send({type: 'select', effect: effect, parameters: parameters});
            markCurrent();
          }
          state.select = select;

          function onSelected(m) {
            state.selected = m;
            current = {effect: m.effect, parameters: {}};
            m.parameters.forEach(function (p) { current.parameters[p.name] = p.value; });
            markCurrent();
            frames = []; live = true; $('live').disabled = true;
            $('effect-name').textContent = m.effect || 'System animations';
            // The stage has one finger: an effect set to follow a pinch cannot be driven here.
            var pinch = m.parameters.some(function (p) { return p.name === 'gesture' && p.value === 'pinch'; });
            var how = pinch ? ', interactive by a pinch, which the stage\'s one finger cannot make: set gesture to ' +
              'horizontal or vertical to drag it' : ', interactive: drag on the stage';
            $('effect-kind').textContent = m.effect ? (m.kind + ' effect' + (m.interactive ? how : '')) :
              "No effect chosen: push and pop use UIKit's own animations.";
            var ops = $('operations');
            ops.textContent = '';
            var labels = {push: 'Push', pop: 'Pop', present: 'Present', dismiss: 'Dismiss', switchChild: 'Switch child'};
            m.operations.forEach(function (op) {
              var b = document.createElement('button');
              b.type = 'button'; b.textContent = labels[op] || op; b.dataset.operation = op;
              b.addEventListener('click', function () { goLive(); send({type: 'operation', name: op}); });
              ops.appendChild(b);
            });
            var form = $('parameters');
            form.textContent = '';
            m.parameters.forEach(function (p) { form.appendChild(parameterControl(p)); });
            if (m.edit !== undefined) {
              editor.waitingFrame = m.edit;
            } else if (m.source) {
              openEditor(m.source);
            } else {
              $('editor').hidden = true;
              editor.held = null; editor.inFlight = null; editor.dirty = false; editor.problem = null;
            }
          }


        """#

    /// The script after the editor pane's part.
    private static let tail = #"""
          function parameterControl(p) {
            var row = document.createElement('div'); row.className = 'control';
            var label = document.createElement('label'); label.textContent = p.name; label.htmlFor = 'param-' + p.name;
            if (p.description) label.title = p.description;
            // A string with declared choices is a menu of them; any other string, a text box.
            var input = document.createElement(p.choices ? 'select' : 'input'); input.id = 'param-' + p.name; input.name = p.name;
            var out = document.createElement('output');
            var numeric = ['double', 'float', 'int32', 'int64', 'uint32'].indexOf(p.type) >= 0;
            if (p.choices) {
              p.choices.forEach(function (choice) {
                var option = document.createElement('option'); option.value = choice; option.textContent = choice;
                input.appendChild(option);
              });
              input.value = p.value;
            } else if (p.type === 'bool') {
              input.type = 'checkbox'; input.checked = p.value === 'true';
            } else if (numeric && p.minimum !== undefined && p.maximum !== undefined) {
              input.type = 'range'; input.min = p.minimum; input.max = p.maximum;
              input.step = p.type.indexOf('int') >= 0 ? '1' : String((+p.maximum - +p.minimum) / 200);
              input.value = p.value; out.textContent = p.value;
            } else if (numeric) {
              input.type = 'number'; input.value = p.value; input.step = 'any';
              if (p.minimum !== undefined) input.min = p.minimum;
              if (p.maximum !== undefined) input.max = p.maximum;
            } else {
              input.type = 'text'; input.value = p.value;
            }
            if (numeric && (p.minimum !== undefined || p.maximum !== undefined)) {
              input.title = (p.minimum !== undefined ? p.minimum : '−∞') + ' … ' + (p.maximum !== undefined ? p.maximum : '∞');
            }
            input.addEventListener('input', function () { if (input.type === 'range') out.textContent = input.value; });
            input.addEventListener('change', function () {
              var value = input.type === 'checkbox' ? (input.checked ? 'true' : 'false') : input.value;
              var parameters = Object.assign({}, current.parameters);
              parameters[p.name] = value;
              goLive();
              select(current.effect, parameters);
            });
            row.appendChild(label); row.appendChild(input); row.appendChild(out);
            return row;
          }

          function onExported(m) {
            state.exported = m;
            var box = $('downloads');
            box.textContent = '';
            [['recording.json', m.scenario, 'Scenario'], ['recording.gif', m.gif, 'GIF'], ['trace.json', m.trace, 'Trace']].forEach(function (l) {
              var a = document.createElement('a'); a.href = l[1]; a.download = l[0]; a.textContent = l[2]; box.appendChild(a);
            });
            var code = document.createElement('code'); code.textContent = m.command; box.appendChild(code);
            message('recording exported: ' + m.frames + ' frames', 'notice');
          }

          function goLive() {
            if (live) return;
            live = true; $('live').disabled = true;
            if (frames.length) show(frames[frames.length - 1]);
          }

          function stagePoint(e) {
            var rect = canvas.getBoundingClientRect();
            return {x: (e.clientX - rect.left) * W / rect.width, y: (e.clientY - rect.top) * H / rect.height};
          }
          function pointer(phase, e) {
            var p = stagePoint(e);
            seq++;
            sent[seq] = performance.now();
            send({type: 'pointer', phase: phase, x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100, seq: seq});
          }
          canvas.addEventListener('pointerdown', function (e) {
            if (pointerId !== null) return;
            goLive();
            pointerId = e.pointerId;
            canvas.setPointerCapture(e.pointerId);
            canvas.classList.add('dragging');
            pointer('down', e);
            e.preventDefault();
          });
          canvas.addEventListener('pointermove', function (e) {
            if (e.pointerId !== pointerId) return;
            pointer('move', e);
          });
          function end(phase) {
            return function (e) {
              if (e.pointerId !== pointerId) return;
              if (phase === 'up') pointer('move', e);
              pointer(phase, e);
              pointerId = null;
              canvas.classList.remove('dragging');
            };
          }
          canvas.addEventListener('pointerup', end('up'));
          canvas.addEventListener('pointercancel', end('cancel'));

          $('speed').addEventListener('input', function () {
            var v = +$('speed').value;
            $('speed-label').textContent = v.toFixed(1).replace(/\.0$/, '') + '×';
            send({type: 'speed', value: v});
          });
          $('timeline').addEventListener('input', function () {
            var i = +$('timeline').value;
            if (!frames[i]) return;
            live = false; $('live').disabled = false;
            show(frames[i]);
          });
          $('live').addEventListener('click', goLive);
          $('export').addEventListener('click', function () { send({type: 'export'}); });
          $('restart').addEventListener('click', function () {
            goLive();
            select(current ? current.effect : null, current ? current.parameters : {});
          });
        })();
        """#
}
