#!/usr/bin/env python3
"""make soak: a long scripted session in a real window under Xvfb.

EVENTS (default 10,000) mixed events — resizes, clicks, series toggles, legend and grid and
theme keys, selection keys, chart switches, periods — sent with xdotool (real XTest input) in
batches, while another connection inserts rows into the chart's database (live reloads). After
each batch a sentinel key must be answered, so every batch was handled. Reports resident memory
after the first 1,000 events and at the end; fails if it grew by 5% or more, if chartview died,
or if it did not exit cleanly on q.
"""
import json, os, random, sqlite3, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, ".build/release/chartview")
EVENTS = int(os.environ.get("EVENTS", "10000"))
BATCH = 50

def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0

def main():
    work = tempfile.mkdtemp(prefix="chartview-soak-")
    db = os.path.join(work, "soak.sqlite")
    con = sqlite3.connect(db)
    con.executescript("""
        CREATE TABLE sales (region TEXT, q1 REAL, q2 REAL, q3 REAL);
        INSERT INTO sales VALUES ('North', 10, 12, 9), ('South', 7, 8, 11), ('East', 13, 9, 10), ('West', 5, 6, 7);
        CREATE TABLE days (day TEXT, value REAL);
    """)
    con.executemany("INSERT INTO days VALUES (?, ?)", [(f"2026-{m:02d}-{d:02d}", (d * 7 + m) % 23) for m in (9, 10, 11) for d in range(1, 29)])
    con.commit()
    spec = os.path.join(work, "soak.json")
    with open(spec, "w") as f:
        json.dump({"database": "soak.sqlite", "charts": [
            {"name": "sales", "kind": "bar", "data": {"table": "sales"}},
            {"name": "days", "kind": "line", "data": {"query": "SELECT day, value FROM days WHERE strftime('%Y-%m', day) = :period"},
             "period": {"query": "SELECT DISTINCT strftime('%Y-%m', day) FROM days ORDER BY 1"}},
            {"name": "pie", "kind": "pie", "data": {"query": "SELECT region, q1 FROM sales"}},
        ]}, f)
    process = subprocess.Popen([BIN, spec, "--trace", "--no-animation", "--size", "900x600"], stdout=subprocess.PIPE, text=True, cwd=work)
    def next_event(name):
        for line in process.stdout:
            event = json.loads(line)
            if event["event"] == name:
                return event
        raise RuntimeError(f"chartview ended while waiting for {name}")
    window = str(next_event("ready")["window"])
    rng = random.Random(42)
    keys = ["1", "2", "3", "0", "l", "g", "d", "Right", "Left", "Down", "Up", "Escape", "h", "Escape", "Tab", "bracketleft", "bracketright"]
    sent, memory_at_1000, batches = 0, None, 0
    start = time.time()
    while sent < EVENTS:
        args = []
        for _ in range(BATCH):
            r = rng.random()
            if r < 0.25:
                args += ["windowsize", window, str(rng.randint(300, 1200)), str(rng.randint(240, 900))]
            elif r < 0.55:
                args += ["mousemove", "--window", window, str(rng.randint(0, 880)), str(rng.randint(0, 580)), "click", "--delay", "0", "1"]
            else:
                args += ["mousemove", "--window", window, "3", "3", "key", "--delay", "0", rng.choice(keys)]
            sent += 1
        # The sentinel: a known size, answered by a layout at that size.
        args += ["windowsize", window, "901", str(601 + batches % 2)]
        subprocess.run(["xdotool"] + args, check=True)
        for line in process.stdout:
            event = json.loads(line)
            if event["event"] == "layout" and event["size"] == [901, 601 + batches % 2]:
                break
        else:
            raise RuntimeError("chartview ended during the soak")
        batches += 1
        if batches % 20 == 0:
            con.execute("INSERT INTO sales VALUES (?, ?, ?, ?)", (f"R{batches}", rng.random() * 10, 3, 4))
            con.commit()
        if memory_at_1000 is None and sent >= 1000:
            memory_at_1000 = rss_kb(process.pid)
    memory_at_end = rss_kb(process.pid)
    subprocess.run(["xdotool", "mousemove", "--window", window, "3", "3", "key", "q"], check=True)
    status = process.wait(timeout=10)
    growth = (memory_at_end - memory_at_1000) / memory_at_1000 * 100
    print(f"soak: {sent} events in {time.time() - start:.0f} s, {batches} batches answered; "
          f"resident memory {memory_at_1000 / 1024:.1f} MB after 1,000 events, {memory_at_end / 1024:.1f} MB after {sent} "
          f"({growth:+.1f}%); exit status {status}")
    return 0 if status == 0 and growth < 5 else 1

if __name__ == "__main__":
    sys.exit(main())
