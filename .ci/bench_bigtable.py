"""make bench, big tables: a generated table of 100,000,000 (x, y) rows in SQLite (indexed on
x; about 3.6 GB, generated once into out/bench-data and kept out of git), of 20,000,000 rows
in a private PostgreSQL server when .ci/with-postgres runs the bench (CHARTVIEW_PG_ADMIN_URL),
and of 100,000,000 rows over the two shards of the private ClickHouse cluster when
.ci/with-clickhouse runs it (CHARTVIEW_CLICKHOUSE_SHARDS).

Figures, medians of RUNS runs:
- one pass of the engine itself over the query (SELECT min(x), max(x), min(y), max(y)), and
  chartview's exact fitted view (headless, 1024x768 PNG) as a ratio to it;
- in a window: first pixels (the preview), the exact fitted view, a zoom to 1% and to 0.01% of
  x (33 wheel notches over the x axis each; the time from the last notch to the exact view), a
  pan, and the peak memory of the whole session;
- side by side: chartview --in-memory, and matplotlib reading the table through Python's
  sqlite3 (time and memory, or how it failed, under a 12 GB address-space cap).
"""
import json, os, select, statistics, subprocess, tempfile, time

MPL_SQLITE = r"""
import sqlite3, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
db, table, png = sys.argv[1:4]
connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
rows = connection.execute(f"SELECT x, y FROM {table}").fetchall()
x = [r[0] for r in rows]; y = [r[1] for r in rows]
del rows
fig = plt.figure(figsize=(10.24, 7.68), dpi=100)
plt.plot(x, y, linewidth=1)
fig.savefig(png)
"""

def generate_sqlite(path, rows):
    """x = 0, 1, 2… (REAL), y a slow wave, a fast one and noise; an index on x."""
    if os.path.exists(path):
        return
    partial = path + ".partial"
    if os.path.exists(partial):
        os.remove(partial)
    subprocess.run(["sqlite3", partial, f"""
        PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA cache_size=-2000000;
        CREATE TABLE big(x REAL, y REAL);
        WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < {rows - 1})
        INSERT INTO big SELECT i, sin(i / 2000000.0) * 100 + sin(i / 37000.0) * 20 + (abs(random()) % 10000) / 500.0 FROM c;
        CREATE INDEX big_x ON big(x);"""], check=True, stdout=subprocess.DEVNULL)
    os.rename(partial, path)

def timed(cmd, limit_bytes=None, timeout=900):
    """(wall seconds, peak KB, error or None) of one run of cmd."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        prefix = ["prlimit", f"--as={limit_bytes}"] if limit_bytes else []
        start = time.perf_counter()
        try:
            result = subprocess.run(prefix + ["/usr/bin/time", "-f", "%M", "-o", t.name] + cmd, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, timeout=timeout)
        except subprocess.TimeoutExpired:
            return time.perf_counter() - start, 0, f"did not finish in {timeout} s"
        wall = time.perf_counter() - start
        lines = t.read().strip().splitlines()
        peak = int(lines[-1]) if lines and lines[-1].isdigit() else 0
        if result.returncode != 0:
            tail = result.stderr.decode(errors="replace").strip().splitlines()
            return wall, peak, (tail[-1] if tail else f"exit status {result.returncode}")[:160]
        return wall, peak, None

def median_run(cmd, runs, **options):
    results = [timed(cmd, **options) for _ in range(runs)]
    failed = next((r[2] for r in results if r[2]), None)
    return {"wall_s": statistics.median(r[0] for r in results), "peak_mb": statistics.median(r[1] for r in results) / 1024,
            "error": failed}

def window_session(binary, arguments, runs, rows=100_000_000):
    """Opens the table in a 1024x768 window and browses it: medians over `runs` sessions."""
    sessions = [one_window_session(binary, arguments, rows) for _ in range(runs)]
    return {key: statistics.median(s[key] for s in sessions) for key in sessions[0]}

def one_window_session(binary, arguments, rows):
    begin = time.perf_counter()
    process = subprocess.Popen([binary] + arguments + ["--trace", "--no-animation", "--size", "1024x768"],
                               stdout=subprocess.PIPE)
    pending = bytearray()
    def view_within(seconds):
        """The next view event within `seconds`, if any (other events are passed over)."""
        deadline = time.perf_counter() + seconds
        while True:
            while b"\n" not in pending:
                left = deadline - time.perf_counter()
                ready, _, _ = select.select([process.stdout], [], [], max(0, left))
                if not ready:
                    return None
                chunk = os.read(process.stdout.fileno(), 65536)
                if not chunk:
                    return None
                pending.extend(chunk)
            line, _, rest = bytes(pending).partition(b"\n")
            pending[:] = rest
            event = json.loads(line)
            event["at"] = time.perf_counter()
            if event["event"] == "view":
                return event
    def next_event(matches, timeout=300):
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            while b"\n" not in pending:
                chunk = os.read(process.stdout.fileno(), 65536)
                if not chunk:
                    raise RuntimeError("chartview ended while browsing the big table")
                pending.extend(chunk)
            line, _, rest = bytes(pending).partition(b"\n")
            pending[:] = rest
            event = json.loads(line)
            event["at"] = time.perf_counter()
            if matches(event):
                return event
        raise RuntimeError("chartview timed out while browsing the big table")
    is_layout = lambda e: e["event"] == "layout" and "message" not in e
    settled = lambda e: is_layout(e) and not e.get("refining")
    window = str(next_event(lambda e: e["event"] == "ready")["window"])
    first = next_event(is_layout)
    exact = first if not first.get("refining") else next_event(settled)
    x, y, w, h = exact["plotArea"]
    # Over the x axis (below the plot area) the wheel zooms x alone; y fits what x shows.
    subprocess.run(["xdotool", "mousemove", "--window", window, str(int(x + w / 2)), str(int(y + h + 12))], check=True)
    # From the trace's own clock (it starts with the process), not when the lines are read.
    figures = {"firstPixelsS": first["t"] / 1000, "exactFittedS": exact["t"] / 1000}
    def settle_after(command):
        """Runs command (input to the window); returns (last view event, settled layout): the
        exact view of the last change, no view event following it for half a second."""
        subprocess.run(command, check=True)
        view = next_event(lambda e: e["event"] == "view")
        while True:
            exact = next_event(lambda e: e["event"] == "view" or settled(e))
            if exact["event"] == "view":
                view = exact
                continue
            # Another notch may still be on its way: wait for it, or for half a second of quiet.
            later = view_within(0.5)
            if later is None:
                return view, exact
            view = later
    for name in ["zoom1PercentMs", "zoom001PercentMs"]:
        view, exact = settle_after(["xdotool", "click", "--repeat", "33", "--delay", "8", "4"])
        lo, hi = view["spaces"]["default"]["x"]
        figures[name] = exact["t"] - view["t"]
        figures[name.replace("Ms", "Share")] = (hi - lo) / rows
    # A pan by a tenth of the plot area (Shift+wheel), at the 0.01% view.
    view, exact = settle_after(["xdotool", "keydown", "shift", "click", "5", "keyup", "shift"])
    figures["panMs"] = exact["t"] - view["t"]
    with open(f"/proc/{process.pid}/status") as f:
        figures["peakMB"] = next(int(l.split()[1]) for l in f if l.startswith("VmHWM:")) / 1024
    process.kill()
    process.wait()
    return figures

def sqlite_figures(binary, data, runs):
    db = os.path.join(data, "big100m.db")
    generate_sqlite(db, 100_000_000)
    png = os.path.join(os.path.dirname(data), "bench-big.png")
    report = {"rows": 100_000_000}
    report["onePass"] = median_run(["sqlite3", db, "SELECT min(x), max(x), min(y), max(y) FROM (SELECT x, y FROM big)"], runs)
    report["chartview"] = median_run([binary, db, "--table", "big", "--output", png], runs)
    report["fittedVsOnePass"] = report["chartview"]["wall_s"] / report["onePass"]["wall_s"]
    for share, x_range in [("1%", "50000000:51000000"), ("0.01%", "50000000:50010000")]:
        report[f"headless {share}"] = median_run([binary, db, "--table", "big", "--output", png, "--x-range", x_range], runs)
    if os.environ.get("DISPLAY"):
        report["window"] = window_session(binary, [db, "--table", "big"], runs)
    report["inMemory"] = median_run([binary, db, "--table", "big", "--in-memory", "--output", png], 1, limit_bytes=12 << 30)
    script = os.path.join(tempfile.gettempdir(), "chartview-mpl-sqlite.py")
    with open(script, "w") as f:
        f.write(MPL_SQLITE)
    report["matplotlib"] = median_run(["/usr/bin/python3", script, db, "big", png], 1, limit_bytes=12 << 30)
    return report

def postgres_figures(binary, runs, rows=20_000_000):
    """The same on the private server of .ci/with-postgres (its tables live as long as it does:
    the 20,000,000 rows are generated on each run, about a minute)."""
    admin, reader, password = (os.environ.get(k) for k in ["CHARTVIEW_PG_ADMIN_URL", "CHARTVIEW_PG_URL", "CHARTVIEW_PG_PASSWORD"])
    if not admin:
        return None
    subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", admin, "-c", f"""
        DROP TABLE IF EXISTS big;
        CREATE TABLE big AS SELECT i::float8 AS x,
            sin(i / 400000.0) * 100 + sin(i / 7400.0) * 20 + (i::bigint * 7919 % 10000) / 500.0 AS y
            FROM generate_series(0, {rows - 1}) i;
        CREATE INDEX big_x ON big (x);
        GRANT SELECT ON big TO chartview_reader;""", "-c", "VACUUM ANALYZE big"], check=True, stdout=subprocess.DEVNULL)
    os.environ["PGPASSWORD"] = password
    png = os.path.join(tempfile.gettempdir(), "chartview-bench-pg.png")
    report = {"rows": rows}
    report["onePass"] = median_run(["psql", "-X", "-q", "-At", reader, "-c", "SELECT min(x), max(x), min(y), max(y) FROM (SELECT x, y FROM big) AS q"], runs)
    report["chartview"] = median_run([binary, reader, "--table", "big", "--output", png], runs)
    report["fittedVsOnePass"] = report["chartview"]["wall_s"] / report["onePass"]["wall_s"]
    for share, x_range in [("1%", f"{rows // 2}:{rows // 2 + rows // 100}"), ("0.01%", f"{rows // 2}:{rows // 2 + rows // 10000}")]:
        report[f"headless {share}"] = median_run([binary, reader, "--table", "big", "--output", png, "--x-range", x_range], runs)
    if os.environ.get("DISPLAY"):
        report["window"] = window_session(binary, [reader, "--table", "big"], runs, rows=rows)
    report["inMemory"] = median_run([binary, reader, "--table", "big", "--in-memory", "--output", png], 1, limit_bytes=12 << 30)
    return report

def clickhouse_figures(binary, runs, rows=100_000_000):
    """The same on the private two-shard cluster of .ci/with-clickhouse (CHARTVIEW_CLICKHOUSE_SHARDS):
    half of the rows on each shard (a MergeTree ordered by x), a Distributed table `big` over
    both, generated on each run (about 15 s). chartview reads it through the first server, which
    asks both; each view is grouped in the servers."""
    shards = os.environ.get("CHARTVIEW_CLICKHOUSE_SHARDS", "").split()
    if len(shards) != 2:
        return None
    def post(server, sql):
        subprocess.run(["curl", "-sS", "--fail", "--data-binary", sql, server + "/"], check=True, stdout=subprocess.DEVNULL)
    half = rows // 2
    for shard, server in enumerate(shards):
        post(server, "DROP TABLE IF EXISTS big_local")
        post(server, "CREATE TABLE big_local (x Float64, y Float64) ENGINE = MergeTree ORDER BY x")
    loads = [subprocess.Popen(["curl", "-sS", "--fail", "--data-binary",
                               f"INSERT INTO big_local SELECT number * 2 + {shard} AS x, sin(x / 2000000) * 100 + sin(x / 37000) * 20"
                               f" + (cityHash64(x) % 10000) / 500 FROM system.numbers LIMIT {half}", server + "/"], stdout=subprocess.DEVNULL)
             for shard, server in enumerate(shards)]
    for load in loads:
        if load.wait() != 0:
            raise RuntimeError("loading the ClickHouse cluster failed")
    post(shards[0], "DROP TABLE IF EXISTS big")
    post(shards[0], f"CREATE TABLE big AS big_local ENGINE = Distributed({os.environ['CHARTVIEW_CLICKHOUSE_CLUSTER']}, default, big_local, rand())")
    url = "clickhouse://" + shards[0].replace("http://", "") + "/default"
    png = os.path.join(tempfile.gettempdir(), "chartview-bench-ch.png")
    report = {"rows": rows}
    report["onePass"] = median_run(["curl", "-sS", "--fail", "--data-binary", "SELECT min(x), max(x), min(y), max(y) FROM big", shards[0] + "/"], runs)
    report["chartview"] = median_run([binary, url, "--table", "big", "--output", png], runs)
    report["fittedVsOnePass"] = report["chartview"]["wall_s"] / report["onePass"]["wall_s"]
    for share, x_range in [("1%", f"{rows // 2}:{rows // 2 + rows // 100}"), ("0.01%", f"{rows // 2}:{rows // 2 + rows // 10000}")]:
        report[f"headless {share}"] = median_run([binary, url, "--table", "big", "--output", png, "--x-range", x_range], runs)
    if os.environ.get("DISPLAY"):
        report["window"] = window_session(binary, [url, "--table", "big"], runs, rows=rows)
    return report

def describe(name, r):
    return f"{r['wall_s']:7.2f} s {r['peak_mb']:6.0f} MB" + (f" (failed: {r['error']})" if r.get("error") else "")

def print_engine(title, s, engine):
    print(f"\nbig table, {title}, {s['rows']:,} rows (x indexed):")
    print(f"  one pass in {engine} (min/max of x and y){' ' * (14 - len(engine))}{describe('pass', s['onePass'])}")
    print(f"  chartview, exact fitted view (headless)   {describe('cv', s['chartview'])}   {s['fittedVsOnePass']:.2f}x the pass")
    for share in ["1%", "0.01%"]:
        print(f"  chartview --x-range {share:<6} (headless)      {describe('cv', s[f'headless {share}'])}")
    if "window" in s:
        w = s["window"]
        print(f"  window: first pixels {w['firstPixelsS']:.2f} s, exact fitted view {w['exactFittedS']:.1f} s "
              f"({w['exactFittedS'] / s['onePass']['wall_s']:.2f}x the pass), zoom to {100 * w['zoom1PercentShare']:.2f}% "
              f"{w['zoom1PercentMs']:.0f} ms, to {100 * w['zoom001PercentShare']:.4f}% {w['zoom001PercentMs']:.0f} ms, "
              f"pan {w['panMs']:.0f} ms, peak {w['peakMB']:.0f} MB")
    if "inMemory" in s:
        print(f"  chartview --in-memory                     {describe('mem', s['inMemory'])}")
    if "matplotlib" in s:
        print(f"  matplotlib via Python's sqlite3           {describe('mpl', s['matplotlib'])}")

