# Load figures for the web pages (docs/web.md, "Figures"): 1,000 live viewers of 100 games,
# a move in every game each second, page times measured meanwhile, against `arcana local
# --web` on a fresh data folder. Usage: python3 docs/web-load.py target/release/arcana
# Viewers come from many loopback addresses (127.0.x.y) so the per-address limit holds.
import asyncio, re, subprocess, sys, tempfile, time, random

ARCANA = sys.argv[1]
PORT = 18080
GAMES = 100
VIEWERS = 1000
SECONDS = 10

proc = subprocess.Popen([ARCANA, "local", "--web", f"127.0.0.1:{PORT}", "--data", tempfile.mkdtemp() + "/data",
                         "--out", tempfile.mkdtemp(), "--no-images", "--seed", "1"],
                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)

def send(line):
    proc.stdin.write(line + "\n"); proc.stdin.flush()

out_lines = []
async def reader():
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, proc.stdout.readline)
        if not line: return
        out_lines.append(line)

def rss_kb():
    for l in open(f"/proc/{proc.pid}/status"):
        if l.startswith("VmRSS"): return int(l.split()[1])

async def get(path, src):
    r, w = await asyncio.open_connection("127.0.0.1", PORT, local_addr=(src, 0))
    w.write(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()); await w.drain()
    data = await r.read()
    w.close()
    return data

async def viewer(path, src, counts, i):
    r, w = await asyncio.open_connection("127.0.0.1", PORT, local_addr=(src, 0))
    w.write(f"GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode()); await w.drain()
    while True:
        line = await r.readline()
        if not line: return
        if line.startswith(b"event: version"): counts[i] += 1

async def main():
    asyncio.create_task(reader())
    for g in range(GAMES):
        send(f"#ch{g} alice: /challenge @bob standard color:white")
        send(f"#ch{g} bob: /accept")
        send(f"#ch{g} carol: /web")
    for _ in range(300):
        await asyncio.sleep(0.1)
        urls = [m for l in out_lines for m in re.findall(r"http://\S+/g/\S+", l)]
        if len(set(urls)) >= GAMES: break
    urls = list(dict.fromkeys(urls))
    paths = [u.split(f":{PORT}", 1)[1] for u in urls]
    print("games with pages:", len(paths))
    srcs = [f"127.0.{a}.{b}" for a in range(1, 5) for b in range(1, 251)]
    base_rss = rss_kb()
    counts = [0] * VIEWERS
    tasks = [asyncio.create_task(viewer(paths[i % GAMES] + "/events", srcs[i], counts, i)) for i in range(VIEWERS)]
    await asyncio.sleep(3)
    open_rss = rss_kb()
    print(f"RSS before viewers {base_rss} KB, with {VIEWERS} viewers {open_rss} KB: "
          f"{(open_rss - base_rss) * 1024 / VIEWERS / 1024:.1f} KB per viewer")
    # Page weight.
    html = await get(paths[0], "127.0.9.1")
    body = html.split(b"\r\n\r\n", 1)[1]
    css = (await get("/static/page.css", "127.0.9.2")).split(b"\r\n\r\n", 1)[1]
    js = (await get("/static/page.js", "127.0.9.3")).split(b"\r\n\r\n", 1)[1]
    png = (await get(paths[0] + "/board.png", "127.0.9.4")).split(b"\r\n\r\n", 1)[1]
    print(f"page weight: html {len(body)} B, css {len(css)} B, js {len(js)} B, board png {len(png)} B; "
          f"total {(len(body)+len(css)+len(js)+len(png))/1024:.1f} KB")
    cycle = ["Ng1-f3", "Ng8-f6", "Nf3-g1", "Nf6-g8"]
    times = []
    src_i = 0
    start = time.time()
    for sec in range(SECONDS):
        t0 = time.time()
        who = ["alice", "bob"][sec % 2]
        for g in range(GAMES):
            send(f"#ch{g} {who}: {cycle[sec % 4]}")
        # Pages while the moves land: 50 a second, from many addresses.
        while time.time() - t0 < 1.0:
            p = random.choice(paths)
            src = f"127.0.{10 + src_i // 250}.{1 + src_i % 250}"; src_i += 1
            a = time.perf_counter()
            await get(p, src)
            times.append((time.perf_counter() - a) * 1000)
            await asyncio.sleep(0.02)
    await asyncio.sleep(2)
    times.sort()
    q = lambda f: times[min(len(times) - 1, int(f * len(times)))]
    print(f"{len(times)} pages during {SECONDS} s of {GAMES} moves a second: p50 {q(0.5):.1f} ms, "
          f"p99 {q(0.99):.1f} ms, max {times[-1]:.1f} ms")
    got = sum(counts)
    print(f"events received: {got} by {VIEWERS} viewers (expected about {VIEWERS * SECONDS} + {VIEWERS} on opening); "
          f"viewers with none after the first: {sum(1 for c in counts if c <= 1)}")
    print("RSS at the end", rss_kb(), "KB")
    proc.kill()

asyncio.run(main())
