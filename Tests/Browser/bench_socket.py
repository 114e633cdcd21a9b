"""Benchmark (not a test): `reorder play` through its WebSocket.

  python3 Tests/Browser/bench_socket.py [--rows N] [--frames N] [--reorder PATH]

Drives a scripted drag (press, lift, the finger swinging between y 100 and 500, release every
600 frames) for --frames frames (one `frame` message each, carrying the frame's inputs, as the
page sends them), one message at a time (each waits for its scene), and prints the round trip p50/p99 and the server's resident set
size (VmRSS) after 10 % of the frames and at the end."""
import argparse, json, math, re, time
import websocket
from benchlib import DEFAULT_REORDER, start_play

p = argparse.ArgumentParser()
p.add_argument("--rows", type=int, default=1000)
p.add_argument("--frames", type=int, default=100000)
p.add_argument("--reorder", default=DEFAULT_REORDER)
a = p.parse_args()

server, url = start_play(a.reorder, a.rows)
port = re.search(r"http://127.0.0.1:(\d+)/", url).group(1)

def rss():
    with open(f"/proc/{server.pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))

ws = websocket.create_connection(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}")
seq = 0
rtts = []
def ask(message):
    global seq
    seq += 1
    message["v"] = 4
    message["seq"] = seq
    start = time.perf_counter()
    ws.send(json.dumps(message))
    while True:
        reply = json.loads(ws.recv())
        if reply.get("seq") == seq and reply["type"] in ("scene", "error"):
            break
    rtts.append(time.perf_counter() - start)

ask({"type": "hello"})
def frame(t, *inputs):
    ask({"type": "frame", "time": t, "inputs": list(inputs)})
t = 1.0
samples = {}
for n in range(a.frames):
    if n % 600 == 0:
        t += 1 / 60
        frame(t, {"type": "down", "time": t, "x": 100, "y": 140})
        for _ in range(45):
            t += 1 / 60
            frame(t)
    t += 1 / 60
    y = 300 + 200 * math.sin(2 * math.pi * (n % 120) / 120)
    move = {"type": "move", "time": t, "x": 100, "y": y}
    if n % 600 == 599:
        frame(t, move, {"type": "up", "time": t})
        for _ in range(30):
            t += 1 / 60
            frame(t)
    else:
        frame(t, move)
    for pct in (10, 25, 50, 75):
        if n + 1 == a.frames * pct // 100:
            samples[f"{pct}%"] = rss()
samples["end"] = rss()
ws.close()
server.terminate()
r = sorted(rtts)
print(f"rows {a.rows}, {a.frames} frames, {len(r)} messages: round trip p50 {r[len(r)//2]*1e3:.3f} ms, "
      f"p99 {r[int(len(r)*0.99)]*1e3:.3f} ms; server RSS (kB) " + ", ".join(f"{k} {v}" for k, v in samples.items())
      + f" ({(samples['end'] / samples['10%'] - 1) * 100:+.1f} % from 10 % to the end)")
