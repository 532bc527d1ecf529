#!/usr/bin/env python3
"""The playground server's figures under hostile clients, over loopback, with plain
sockets (no browser):

  serve_head_refusal_ms_<what>   a request with one oversized line: time from the first
                                 byte sent to the answer's first byte, and its status
  serve_fps_under_attack         frames per second a dragging tab receives while two
                                 clients send 1 MiB header lines and four send 100 MiB
                                 WebSocket frames; serve_max_frame_gap_ms likewise
  serve_tabs_200_*               200 tabs opened at once (the served ones run explode and
                                 read nothing): how many are served and refused, the
                                 server's resident memory before, at the peak (VmHWM) and
                                 after every tab closed, and the frame rate of a tab that
                                 reads meanwhile

    Tests/Playground/hostile_bench.py [--stagehand PATH]   (Scripts/bench-playground)
"""
import argparse
import base64
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

FILLER = b"x" * (1 << 20)
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def start_server(stagehand):
    log = tempfile.TemporaryFile()
    process = subprocess.Popen([stagehand, "serve", "--port", "0", "--catalog", os.path.join(ROOT, "Catalog.json")],
                               stdout=subprocess.PIPE, stderr=log, text=True, cwd=ROOT)
    line = process.stdout.readline()
    if "http://" not in line:
        process.kill()
        raise SystemExit("stagehand serve printed no address: " + line)
    return process, int(line.strip().rsplit(":", 1)[1].strip("/"))


def memory(pid):
    values = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) // 1024
    return values["VmRSS"], values["VmHWM"]


class Tab:
    """A WebSocket client as the page is (RFC 6455, masked frames)."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET /socket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % key).encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(head[:80])

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def receive(self):
        """The next message: a dict, or ("close", code, reason)."""
        first, second = self._read(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", self._read(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", self._read(8))[0]
        payload = self._read(length)
        if first & 0x0F == 8:
            code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else 1005
            return ("close", code, payload[2:].decode())
        return json.loads(payload)

    def send(self, obj):
        self.send_raw(0x81, json.dumps(obj).encode())

    def send_raw(self, first, payload, declared=None):
        length = len(payload) if declared is None else declared
        if length < 126:
            head = bytes([first, 0x80 | length])
        elif length <= 0xFFFF:
            head = bytes([first, 0x80 | 126]) + struct.pack(">H", length)
        else:
            head = bytes([first, 0x80 | 127]) + struct.pack(">Q", length)
        mask = os.urandom(4)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def head_refusal(port, request):
    """Seconds from the first byte sent to the answer's first byte, and the status."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=300)

    def send():
        try:
            sock.sendall(request)
        except OSError:
            pass
    start = time.monotonic()
    sender = threading.Thread(target=send)
    sender.start()
    first = sock.recv(65536)
    elapsed = time.monotonic() - start
    sock.close()
    sender.join()
    status = int(first.split(b" ")[1]) if first else 0
    return elapsed, status


def dragging_tab(port):
    tab = Tab(port)
    tab.send({"type": "select", "effect": "parallax-pop"})
    tab.send({"type": "operation", "name": "push"})
    time.sleep(1)
    tab.send({"type": "pointer", "phase": "down", "x": 195, "y": 400})
    return tab


def measure_frames(tab, seconds):
    """Frames per second received while moving the finger every 16 ms, and the longest gap."""
    stop = time.monotonic() + seconds
    state = {"x": 195.0, "running": True}

    def mover():
        i = 0
        while state["running"]:
            i += 1
            tab.send({"type": "pointer", "phase": "move", "x": 195 + (i % 100), "y": 400})
            time.sleep(0.016)
    thread = threading.Thread(target=mover)
    thread.start()
    frames, last, gap = 0, time.monotonic(), 0.0
    start = last
    while time.monotonic() < stop:
        message = tab.receive()
        if isinstance(message, dict) and message.get("type") == "frame":
            now = time.monotonic()
            frames += 1
            gap = max(gap, now - last)
            last = now
    state["running"] = False
    thread.join()
    return frames / (time.monotonic() - start), gap


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stagehand", default=os.path.join(ROOT, ".build", "release", "stagehand"))
    args = parser.parse_args()
    server, port = start_server(args.stagehand)
    figures = []
    try:
        for what, request in [
            ("header_4k", b"GET / HTTP/1.1\r\nX-A: " + b"a" * 4096 + b"\r\nConnection: close\r\n\r\n"),
            ("header_16k", b"GET / HTTP/1.1\r\nX-A: " + b"a" * 16384 + b"\r\n\r\n"),
            ("header_64k", b"GET / HTTP/1.1\r\nX-A: " + b"a" * 65536 + b"\r\n\r\n"),
            ("header_1m", b"GET / HTTP/1.1\r\nX-A: " + b"a" * (1 << 20) + b"\r\n\r\n"),
            ("request_line_32k", b"GET /" + b"a" * 32768 + b" HTTP/1.1\r\n\r\n"),
            ("request_line_1m", b"GET /" + b"a" * (1 << 20) + b" HTTP/1.1\r\n\r\n"),
        ]:
            elapsed, status = head_refusal(port, request)
            figures.append(("serve_head_refusal_ms_" + what, "%.2f (status %d)" % (elapsed * 1000, status)))

        # A dragging tab's frame rate alone, then under attack.
        tab = dragging_tab(port)
        fps, gap = measure_frames(tab, 3)
        figures.append(("serve_fps_alone", "%.1f (longest gap %.0f ms)" % (fps, gap * 1000)))
        attacking = {"on": True}

        def long_headers():
            while attacking["on"]:
                head_refusal(port, b"GET / HTTP/1.1\r\nX-A: " + b"a" * (1 << 20) + b"\r\n\r\n")

        def big_frames():
            while attacking["on"]:
                try:
                    attacker = Tab(port)
                    # 100 MiB declared; a megabyte of it sent before the refusal is read
                    # (not masked: the server never reads it).
                    attacker.sock.sendall(bytes([0x82, 0xFF]) + struct.pack(">Q", 100 << 20) + b"mask" + FILLER)
                    attacker.close()
                except (OSError, ConnectionError):
                    pass
        attackers = [threading.Thread(target=long_headers) for _ in range(2)] + [threading.Thread(target=big_frames) for _ in range(4)]
        for thread in attackers:
            thread.start()
        time.sleep(0.5)
        fps, gap = measure_frames(tab, 5)
        attacking["on"] = False
        for thread in attackers:
            thread.join()
        figures.append(("serve_fps_under_attack", "%.1f (longest gap %.0f ms)" % (fps, gap * 1000)))
        resident, peak = memory(server.pid)
        figures.append(("serve_memory_after_attack_mib", "%d (peak %d)" % (resident, peak)))

        # 200 tabs at once, none of which reads; the dragging tab goes on reading.
        before, _ = memory(server.pid)
        outcomes, tabs = [], []
        lock = threading.Lock()

        def open_tab():
            try:
                t = Tab(port)
                first = t.receive()
                if not isinstance(first, tuple):
                    # Each served tab runs explode (frames of up to ~143 KB) and reads nothing.
                    t.send({"type": "select", "effect": "explode"})
                    t.send({"type": "operation", "name": "push"})
                with lock:
                    tabs.append(t)
                    outcomes.append("refused" if isinstance(first, tuple) else "served")
            except (OSError, ConnectionError) as error:
                with lock:
                    outcomes.append("failed: %s" % error)
        openers = [threading.Thread(target=open_tab) for _ in range(200)]
        for thread in openers:
            thread.start()
        for thread in openers:
            thread.join()
        fps, gap = measure_frames(tab, 5)
        resident, peak = memory(server.pid)
        figures.append(("serve_tabs_200_served", outcomes.count("served")))
        figures.append(("serve_tabs_200_refused", outcomes.count("refused")))
        figures.append(("serve_tabs_200_failed", len([o for o in outcomes if o.startswith("failed")])))
        figures.append(("serve_tabs_200_fps_of_a_reading_tab", "%.1f (longest gap %.0f ms)" % (fps, gap * 1000)))
        for t in tabs:
            t.close()
        time.sleep(2)
        after, _ = memory(server.pid)
        figures.append(("serve_tabs_200_memory_mib", "%d before, %d while open (peak of the run %d), %d after they closed"
                        % (before, resident, peak, after)))
        tab.close()
    finally:
        server.terminate()
        server.wait()
    for name, value in figures:
        print("%-40s %s" % (name, value))


if __name__ == "__main__":
    main()
