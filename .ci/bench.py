#!/usr/bin/env python3
"""make bench: chartview against matplotlib and gnuplot on the same files, in the same run.

Whole-process figures (CSV in, 1024x768 PNG out): wall time and peak memory (max RSS), the
median of RUNS runs each, and chartview's ratio to the faster (or leaner) peer. In-process
figures from `chartview --profile`, and window figures from a real window under Xvfb. The
shared generator writes most workloads; this script adds ties1m and arealog1m (with its spec),
which the peers' scripts have no kind for but a line (ties1m) or none (arealog1m), and hist10m
(10,000,000 values, a histogram; the peers' histogram scripts are written here too).
BENCH=grid runs only the 4-cell --split of 1,000,000-point lines (wheel and drag frames, under a
display). BENCH=floor runs only the floor figures (the smallest chart, line10m against wc -l), BENCH=window
only the window figures (under a display; medians of 20 resizes, clicks and starts).
BENCH=navigation runs only the wheel and drag frames of line10m and scatter1m (NAV=scatter1m for
one; under a display).
BENCH=NAME runs that workload alone (peers and in-process figures, no window or big tables);
CHARTVIEW_BIN names another chartview binary (the default is the release build).
Writes the table to stdout and everything to out/bench.json. Timings are medians of repeated
runs measured side by side: absolute numbers on a shared machine mean little, ratios more.
BENCH=candles1m runs only the candles workload (bench_candles.py: 1,000,000 OHLC candles against
mplfinance and gnuplot's candlesticks).
BENCH=live runs only the live figures (bench_live.py, under a display: rows/s from standard input,
write-to-pixels latency, memory per million rows kept, against feedgnuplot --stream and a gnuplot
replot loop).
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_bigtable
import bench_candles
import bench_live

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("CHARTVIEW_BIN") or os.path.join(ROOT, ".build/release/chartview")
OUT = os.path.join(ROOT, "out")
DATA = os.path.join(OUT, "bench-data")
RUNS = int(os.environ.get("RUNS", "3"))
PY = "/usr/bin/python3"   # Debian's, with the numpy and matplotlib that make bench installs

def find_shared():
    for candidate in [os.environ.get("CHARTVIEW_SHARED", ""), os.path.join(ROOT, "../shared"), os.path.join(ROOT, "../../shared")]:
        if candidate and os.path.exists(os.path.join(candidate, "bench/mpl.py")):
            return os.path.abspath(os.path.join(candidate, "bench"))
    return None

SHARED = find_shared()
# (name, input file, chartview --kind or None for the spec's, the peers' kind or None for none)
WORKLOADS = [("line1m", "line1m.csv", "line", "line"), ("line10m", "line10m.csv", "line", "line"),
             ("scatter1m", "scatter1m.csv", "scatter", "scatter"), ("bars10k", "bars10k.csv", "bar", "bars"),
             ("rates", "rates.csv", "line", None), ("ties1m", "ties1m.csv", "line", "line"),
             ("arealog1m", "arealog1m.json", None, None), ("hist10m", "hist10m.csv", "histogram", "histogram")]

def chartview(workload, *args):
    """The chartview command line for a workload, with more arguments."""
    name, file, kind, _ = workload
    return [BIN, os.path.join(DATA, file)] + (["--kind", kind] if kind else []) + list(args)

def write_own_workloads():
    """The workloads the shared generator has not (fixed seeds, written once, like its own):
    ties1m.csv  x,y  1,000,000 rows over 5,000 distinct x values, x non-decreasing (200 rows
                     at each x, as flights per scheduled hour), y a daily pattern plus noise;
    arealog1m   x,y  1,000,000 rows of a positive random walk (several decades), drawn by the
                     spec arealog1m.json as a line with an area fill on a logarithmic y axis."""
    import numpy as np
    os.makedirs(DATA, exist_ok=True)
    ties = os.path.join(DATA, "ties1m.csv")
    if not os.path.exists(ties):
        rng = np.random.default_rng(1142)
        n, distinct = 1_000_000, 5_000
        x = np.arange(n) // (n // distinct)
        hour = x % 24
        y = 40 + 30 * np.sin((hour - 6) / 24 * 2 * np.pi) + rng.gamma(2.0, 6.0, n)
        np.savetxt(ties, np.column_stack([x, y]), fmt=["%d", "%.3f"], delimiter=",", header="x,y", comments="")
    area = os.path.join(DATA, "arealog1m.csv")
    if not os.path.exists(area):
        rng = np.random.default_rng(1143)
        y = 100 * np.exp(np.cumsum(rng.standard_normal(1_000_000) * 0.004))
        np.savetxt(area, np.column_stack([np.arange(y.size), y]), fmt=["%d", "%.6g"], delimiter=",", header="x,y", comments="")
    with open(os.path.join(DATA, "arealog1m.json"), "w") as f:
        json.dump({"charts": [{"name": "arealog1m", "kind": "line", "data": {"csv": "arealog1m.csv"},
                               "yAxis": {"scale": "log"}, "series": [{"column": "y", "fill": True}]}]}, f)

def write_histogram_workload():
    """hist10m.csv  value  10,000,000 values (fixed seed) of a mixture of two normals and a long
                           exponential tail, 4 decimals; and the peers' histogram scripts (the
                           shared ones have no histogram): matplotlib's plt.hist(bins="auto") of
                           numpy's loadtxt, and gnuplot's `smooth frequency` with a bin() function
                           of a fixed width (gnuplot has no rule of its own)."""
    import numpy as np
    os.makedirs(DATA, exist_ok=True)
    path = os.path.join(DATA, "hist10m.csv")
    if not os.path.exists(path):
        rng = np.random.default_rng(1544)
        n = 10_000_000
        v = np.concatenate([rng.normal(50, 8, n * 6 // 10), rng.normal(80, 5, n * 3 // 10), 40 + rng.exponential(25, n - n * 6 // 10 - n * 3 // 10)])
        rng.shuffle(v)
        with open(path, "w") as f:
            f.write("value\n")
            for chunk in range(0, n, 1_000_000):
                f.write("\n".join(f"{x:.4f}" for x in v[chunk:chunk + 1_000_000].tolist()))
                f.write("\n")
    with open(os.path.join(DATA, "hist_mpl.py"), "w") as f:
        f.write("import sys\nimport numpy as np\nimport matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
                "v = np.loadtxt(sys.argv[1], skiprows=1)\n"
                "fig, ax = plt.subplots(figsize=(10.24, 7.68), dpi=100)\n"
                "ax.hist(v, bins='auto', label='value')\nax.legend()\nfig.savefig(sys.argv[2])\n")
    with open(os.path.join(DATA, "hist.gp"), "w") as f:
        f.write("set terminal pngcairo size 1024,768\nset output ARG2\nset datafile separator ','\n"
                "width = 0.1\nbin(x, w) = w * floor(x / w) + w / 2\nset boxwidth width\nset style fill solid\n"
                "plot ARG1 using (bin($1, width)):(1.0) skip 1 smooth frequency with boxes title 'value'\n")

def peers(name, peer_kind, csv, png):
    """The matplotlib and gnuplot commands of a workload."""
    if peer_kind == "histogram":
        return ([PY, os.path.join(DATA, "hist_mpl.py"), csv, png], ["gnuplot", "-c", os.path.join(DATA, "hist.gp"), csv, png])
    return ([PY, os.path.join(SHARED, "mpl.py"), peer_kind, csv, png], ["gnuplot", "-c", os.path.join(SHARED, "gnuplot.gp"), peer_kind, csv, png])

def timed(cmd):
    """(wall seconds, peak KB) of one run of cmd, from GNU time."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        start = time.perf_counter()
        result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", t.name] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wall = time.perf_counter() - start
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed: {result.stderr.decode()[-300:]}")
        return wall, int(t.read().strip().splitlines()[-1])

def measure(cmd):
    runs = [timed(cmd) for _ in range(RUNS)]
    return {"wall_s": statistics.median(r[0] for r in runs), "peak_mb": statistics.median(r[1] for r in runs) / 1024,
            "runs": [{"wall_s": w, "peak_kb": k} for w, k in runs]}

HEADER = f"{'workload':<10} {'chartview':>16} {'matplotlib':>16} {'gnuplot':>16} {'time ratio':>11} {'memory ratio':>13}"

def main():
    os.makedirs(OUT, exist_ok=True)
    if os.environ.get("BENCH") == "candles1m":
        # Only the candles: its data and peers are its own (bench_candles), not the shared ones.
        report = {"runs": RUNS, "workloads": {}}
        print(HEADER)
        candles(report)
        with open(os.path.join(OUT, "bench.json"), "w") as f:
            json.dump(report, f, indent=2)
        print(f"\nwrote {os.path.join(OUT, 'bench.json')}")
        return 0
    if os.environ.get("BENCH") == "live":
        return bench_live.main()
    if os.environ.get("BENCH") == "grid":
        # The 4-cell split's navigation alone (a display is needed; its data is its own).
        os.makedirs(DATA, exist_ok=True)
        figures = grid_figures()
        print(f"navigation (grid4x1m, 1024x768, 4 cells x linked): wheel zoom {figures['wheelFrameMs']:.1f} ms "
              f"(p95 {figures['wheelFrameP95Ms']:.1f}), drag pan {figures['dragFrameMs']:.1f} ms (p95 {figures['dragFrameP95Ms']:.1f}); target 30 ms")
        return 0
    if not SHARED:
        print("make bench: ../shared/bench (the peers' scripts) not found; set CHARTVIEW_SHARED", file=sys.stderr)
        return 2
    if os.environ.get("BENCH") not in ("hist10m",):
        # (hist10m alone needs none of the shared files.)
        subprocess.run([PY, os.path.join(SHARED, "gen_data.py"), DATA], check=True, stdout=subprocess.DEVNULL)
        write_own_workloads()
    write_histogram_workload()
    png = os.path.join(OUT, "bench.png")
    report = {"runs": RUNS, "workloads": {}, "inProcess": {}, "window": {}}
    if os.environ.get("BENCH") == "bigtables":
        return big_tables(report)
    if os.environ.get("BENCH") == "navigation":
        # Wheel and drag frames alone (a display is needed), of NAV (default: line10m and scatter1m).
        for name in os.environ.get("NAV", "line10m,scatter1m").split(","):
            f = navigation_figures(name)
            print(f"navigation ({name}, 1024x768): wheel zoom {f['wheelFrameMs']:.1f} ms (p95 {f['wheelFrameP95Ms']:.1f}), "
                  f"drag pan {f['dragFrameMs']:.1f} ms (p95 {f['dragFrameP95Ms']:.1f}); memory over 1,000 views "
                  f"{f['memoryBeforeViewsMB']:.0f} -> {f['memoryAfterViewsMB']:.0f} MB")
        return 0
    if os.environ.get("BENCH") == "window":
        # The window figures alone (a display is needed: make bench runs under Xvfb).
        report["window"] = window_figures()
        print_window(report["window"])
        with open(os.path.join(OUT, "bench-window.json"), "w") as f:
            json.dump(report, f, indent=2)
        print(f"\nwrote {os.path.join(OUT, 'bench-window.json')} (BENCH=window: the window figures only)")
        return 0
    print(HEADER)
    only = os.environ.get("BENCH")
    for workload in WORKLOADS:
        name, file, kind, peer_kind = workload
        if only and only != name:
            continue
        csv = os.path.join(DATA, file)
        row = {"chartview": measure(chartview(workload, "--output", png))}
        if peer_kind:
            mpl, gnuplot = peers(name, peer_kind, csv, png)
            row["matplotlib"] = measure(mpl)
            row["gnuplot"] = measure(gnuplot)
            fastest = min(row["matplotlib"]["wall_s"], row["gnuplot"]["wall_s"])
            leanest = min(row["matplotlib"]["peak_mb"], row["gnuplot"]["peak_mb"])
            row["speedup_vs_faster_peer"] = fastest / row["chartview"]["wall_s"]
            row["memory_vs_leaner_peer"] = row["chartview"]["peak_mb"] / leanest
        report["workloads"][name] = row
        def cell(tool):
            r = row.get(tool)
            return f"{r['wall_s']:6.2f}s {r['peak_mb']:6.0f}MB" if r else f"{'n/a':>16}"
        ratio = f"{row['speedup_vs_faster_peer']:9.1f}x" if peer_kind else f"{'n/a':>10}"
        memory = f"{row['memory_vs_leaner_peer']:11.2f}x" if peer_kind else f"{'n/a':>12}"
        print(f"{name:<10} {cell('chartview'):>16} {cell('matplotlib'):>16} {cell('gnuplot'):>16} {ratio:>11} {memory:>13}")

    if not only or only == "floor":
        floor_figures(report)
    if not only:
        candles(report)

    print("\nin process (ms; hit test in µs per click):")
    for workload in WORKLOADS:
        name = workload[0]
        if name not in ["line1m", "line10m", "ties1m", "arealog1m", "hist10m"] or (only and only != name):
            continue
        result = subprocess.run(chartview(workload, "--profile"), capture_output=True, text=True, check=True)
        figures = json.loads(result.stdout)
        report["inProcess"][name] = figures
        print(f"  {name:<9} load {figures['loadMs']:8.1f}  layout {figures['layoutMs']:6.1f}  paint {figures['paintMs']:6.1f}  "
              f"redraw at a new size {figures['redrawAtNewSizeMs']:6.1f}  hit test {figures['hitTestUs']:6.1f} µs")

    if only:
        with open(os.path.join(OUT, f"bench-{only}.json"), "w") as f:
            json.dump(report, f, indent=2)
        print(f"\nwrote {os.path.join(OUT, f'bench-{only}.json')} (BENCH={only}: that workload only)")
        return 0
    if os.environ.get("DISPLAY"):
        report["window"] = window_figures()
        print_window(report["window"])
    report["live"] = bench_live.figures(BIN, DATA, png, RUNS)
    bench_live.print_live(report["live"])
    return big_tables(report)

def print_window(w):
    """The window figures' lines: medians of 20 frames (or starts) each."""
    print(f"\nwindow (medians of 20): redraw at a new size (line10m) {w['resizeFrameMs']:.1f} ms (target 8), click to popup "
          f"{w['clickFrameMs']:.2f} ms (target 1), start to first frame (gallery) {w['firstFrameMs']:.0f} ms (target 30)")
    print("window: redraw at a new size " + ", ".join(f"({name}) {ms:.1f} ms" for name, ms in w["resizeFrameMsByWorkload"].items()))
    for name, n in w["navigation"].items():
        memory = (f"; memory over 1,000 views {n['memoryBeforeViewsMB']:.0f} -> {n['memoryAfterViewsMB']:.0f} MB "
                  f"({n['memoryGrowthPercent']:+.1f}%)") if "memoryBeforeViewsMB" in n else " (4 cells, x linked; target 30 ms)"
        print(f"navigation ({name}, 1024x768): wheel zoom {n['wheelFrameMs']:.1f} ms (p95 {n['wheelFrameP95Ms']:.1f}), "
              f"drag pan {n['dragFrameMs']:.1f} ms (p95 {n['dragFrameP95Ms']:.1f})" + memory)
    n = w["navigation"]["line10m"]
    print(f"navigation (line10m): box zoom to {100 * n['boxZoomShare']:.3f}% of x: {n['boxZoomRecordsInRange']} records in range, "
          f"{n['boxZoomPointsDrawn']} points drawn")

def floor_figures(report):
    """What a process costs before its data, and line10m's load against reading the file:
    the smallest chart (the gallery's rates, to PNG) against issue 17's 20 ms and 20 MB, and
    `wc -l line10m.csv` against chartview on the same file, in the same run (median of RUNS)."""
    png = os.path.join(OUT, "bench-floor.png")
    smallest = measure([BIN, "--chart", "rates", "--output", png])
    csv = os.path.join(DATA, "line10m.csv")
    wc = measure(["wc", "-l", csv])
    line10m = report["workloads"].get("line10m", {}).get("chartview") or measure(chartview(WORKLOADS[1], "--output", png))
    report["floor"] = {"smallestChart": smallest, "wcLine10m": wc, "line10m": line10m,
                       "line10mVsWc": line10m["wall_s"] / wc["wall_s"]}
    print(f"\nfloor: smallest chart (--chart rates --output) {1000 * smallest['wall_s']:.0f} ms, {smallest['peak_mb']:.0f} MB "
          f"(target 20 ms, 20 MB); line10m.csv {line10m['wall_s']:.2f} s against wc -l {wc['wall_s']:.3f} s: "
          f"{report['floor']['line10mVsWc']:.1f}x (target 4x)")

def candles(report):
    """The candles1m row (bench_candles): 1,000,000 candles, chartview against mplfinance (or
    matplotlib's vlines and bars) and gnuplot's candlesticks."""
    row = bench_candles.figures(measure, BIN, DATA, os.path.join(OUT, "bench.png"), PY)
    report["workloads"]["candles1m"] = row
    def cell(tool):
        r = row[tool]
        return f"{r['wall_s']:6.2f}s {r['peak_mb']:6.0f}MB"
    print(f"{'candles1m':<10} {cell('chartview'):>16} {cell('matplotlib'):>16} {cell('gnuplot'):>16} "
          f"{row['speedup_vs_faster_peer']:9.1f}x {row['memory_vs_leaner_peer']:11.2f}x   ({row['matplotlibMode']})")
    sys.stdout.flush()

def big_tables(report):
    """The big-table figures (bench_bigtable), then the report is written."""
    # Each engine's figures are printed as soon as they are measured.
    report["bigTables"] = {}
    for engine, title, measure in [("sqlite", "SQLite", lambda: bench_bigtable.sqlite_figures(BIN, DATA, RUNS)),
                                   ("postgres", "PostgreSQL", lambda: bench_bigtable.postgres_figures(BIN, RUNS)),
                                   ("clickhouse", "ClickHouse, 2 shards", lambda: bench_bigtable.clickhouse_figures(BIN, RUNS))]:
        if os.environ.get("BIG_ENGINES", "sqlite,postgres,clickhouse").find(engine) < 0:
            continue
        figures = measure()
        if figures:
            report["bigTables"][engine] = figures
            bench_bigtable.print_engine(title, figures, {"sqlite": "sqlite3", "postgres": "psql", "clickhouse": "the servers"}[engine])
            sys.stdout.flush()
    with open(os.path.join(OUT, "bench.json"), "w") as f:
        json.dump(report, f, indent=2)
    print(f"\nwrote {os.path.join(OUT, 'bench.json')}")
    return 0

def trace(args):
    process = subprocess.Popen([BIN] + args + ["--trace", "--no-animation"], stdout=subprocess.PIPE, text=True)
    def next_event(name):
        for line in process.stdout:
            event = json.loads(line)
            if event["event"] == name:
                return event
        raise RuntimeError(f"chartview ended before {name}")
    return process, next_event

def resize_frames(window, next_event):
    """The median frame (ms from the event to pixels on screen) of 20 resizes of a window."""
    frames = []
    for i in range(20):
        size = [900 + 20 * (i % 5), 700 - 10 * (i % 5) - i // 5]
        subprocess.run(["xdotool", "windowsize", window, str(size[0]), str(size[1])], check=True)
        # The layout at this size (not the first frame's, which the trace repeats after "ready").
        while next_event("layout")["size"] != size:
            pass
        frames.append(next_event("frame")["ms"])
    return statistics.median(frames)

def window_figures():
    figures = {}
    starts = []
    for _ in range(max(20, RUNS)):
        begin = time.perf_counter()
        process, next_event = trace([])
        next_event("ready")
        starts.append((time.perf_counter() - begin) * 1000)
        process.kill(); process.wait()
    figures["firstFrameMs"] = statistics.median(starts)
    figures["resizeFrameMsByWorkload"] = {}
    for name in ["ties1m", "arealog1m"]:
        process, next_event = trace(chartview(next(w for w in WORKLOADS if w[0] == name))[1:])
        window = str(next_event("ready")["window"])
        figures["resizeFrameMsByWorkload"][name] = resize_frames(window, next_event)
        process.kill(); process.wait()
    process, next_event = trace([os.path.join(DATA, "line10m.csv")])
    window = str(next_event("ready")["window"])
    figures["resizeFrameMs"] = resize_frames(window, next_event)
    figures["resizeFrameMsByWorkload"]["line10m"] = figures["resizeFrameMs"]
    # Clicks on drawn points, taken from the scene at the window's size.
    subprocess.run(["xdotool", "windowsize", window, "1024", "768"], check=True)
    while next_event("layout")["size"] != [1024, 768]:
        pass
    dump = json.loads(subprocess.run([BIN, os.path.join(DATA, "line10m.csv"), "--dump-layout", "-"], capture_output=True, text=True, check=True).stdout)
    points = [item["point"] for item in dump["plots"][0]["items"]]
    clicks = []
    for i in range(20):
        x, y = points[(i + 1) * len(points) // 23]
        subprocess.run(["xdotool", "mousemove", "--window", window, str(int(x)), str(int(y)), "click", "--delay", "0", "1"], check=True)
        next_event("select")
        clicks.append(next_event("frame")["ms"])
    figures["clickFrameMs"] = statistics.median(clicks)
    process.kill(); process.wait()
    figures["navigation"] = {name: navigation_figures(name) for name in ["line10m", "scatter1m"]}
    figures["navigation"]["line10m"].update(box_zoom_figures())
    figures["navigation"]["grid4x1m"] = grid_figures()
    return figures

def grid_figures():
    """Wheel-zoom and drag-pan frames of a 4-cell --split of 1,000,000-point lines (four series
    over one x), 1024x768: each notch or motion over the second cell moves all four cells' x,
    the frame is the whole grid's (ms from the X event to pixels). Target: 30 ms median."""
    import numpy as np
    path = os.path.join(DATA, "grid4x1m-time.csv")
    if not os.path.exists(path):
        rng = np.random.default_rng(1144)
        n = 1_000_000
        walks = np.cumsum(rng.standard_normal((n, 4)), axis=0)
        # x is a time in seconds (from 2023-11-14, one a second), not a row number: the chart of each walk over time.
        np.savetxt(path, np.column_stack([1_700_000_000 + np.arange(n), walks]), fmt=["%d"] + ["%.4f"] * 4, delimiter=",",
                   header="time,a,b,c,d", comments="")
    process, next_event = trace([path, "--split", "--size", "1024x768"])
    window = str(next_event("ready")["window"])
    layout = next_event("layout")
    while "cells" not in layout:
        layout = next_event("layout")
    x, y, w, h = layout["cells"][1]["plotArea"]
    cx, cy = int(x + w / 2), int(y + h / 2)
    subprocess.run(["xdotool", "mousemove", "--window", window, str(cx), str(cy)], check=True)
    frame_after = frame_after_view(next_event)
    wheel = [frame_after(["xdotool", "click", "--window", window, "4" if (i // 5) % 2 == 0 else "5"]) for i in range(max(20, 4 * RUNS))]
    subprocess.run(["xdotool", "mousedown", "--window", window, "1"], check=True)
    drag = [frame_after(["xdotool", "mousemove_relative", "--", str(6 if (i // 10) % 2 == 0 else -6), "0"]) for i in range(max(20, 4 * RUNS))]
    subprocess.run(["xdotool", "mouseup", "--window", window, "1"], check=True)
    process.kill(); process.wait()
    return {"wheelFrameMs": statistics.median(wheel), "wheelFrameP95Ms": percentile(wheel, 0.95),
            "dragFrameMs": statistics.median(drag), "dragFrameP95Ms": percentile(drag, 0.95)}

def frame_after_view(next_event):
    """A function that runs an xdotool command and returns the frame (ms from the X event to
    pixels) of the view it changed, as the trace reports them."""
    def frame_after(command):
        subprocess.run(command, check=True)
        next_event("view")
        return next_event("frame")["ms"]
    return frame_after

def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))

def navigation_figures(name):
    """Wheel-zoom and drag-pan frames in a 1024x768 window (ms from the X event to pixels, as
    the `frame` trace events report them), and the memory before and after 1,000 views."""
    workload = next(w for w in WORKLOADS if w[0] == name)
    process, next_event = trace(chartview(workload, "--size", "1024x768")[1:])
    ready = next_event("ready")
    window = str(ready["window"])
    layout = next_event("layout")
    x, y, w, h = layout["plotArea"]
    cx, cy = int(x + w / 2), int(y + h / 2)
    subprocess.run(["xdotool", "mousemove", "--window", window, str(cx), str(cy)], check=True)
    frame_after = frame_after_view(next_event)
    wheel = []
    for i in range(max(20, 4 * RUNS)):
        button = "4" if (i // 5) % 2 == 0 else "5"   # five notches in, five out
        wheel.append(frame_after(["xdotool", "click", "--window", window, button]))
    subprocess.run(["xdotool", "mousedown", "--window", window, "1"], check=True)
    drag = []
    for i in range(max(20, 4 * RUNS)):
        dx = 6 if (i // 10) % 2 == 0 else -6
        drag.append(frame_after(["xdotool", "mousemove_relative", "--", str(dx), "1" if i % 2 else "-1"]))
    subprocess.run(["xdotool", "mouseup", "--window", window, "1"], check=True)
    # 1,000 views, then the memory again: navigation keeps nothing per view. Measured from
    # after 50 views, by when the heap holds what two scenes in flight take (its high-water
    # mark, which glibc keeps: 80 -> 145 MB for scatter1m, then flat over 2,000 more views).
    for i in range(50):
        subprocess.run(["xdotool", "click", "--window", window, "4" if (i // 10) % 2 == 0 else "5"], check=True)
        next_event("view")
    time.sleep(0.5)
    before = rss_kb(process.pid)
    for i in range(1000):
        button = "4" if (i // 10) % 2 == 0 else "5"
        subprocess.run(["xdotool", "click", "--window", window, button], check=True)
        next_event("view")
    time.sleep(0.5)
    after = rss_kb(process.pid)
    process.kill(); process.wait()
    return {"wheelFrameMs": statistics.median(wheel), "wheelFrameP95Ms": percentile(wheel, 0.95),
            "dragFrameMs": statistics.median(drag), "dragFrameP95Ms": percentile(drag, 0.95),
            "memoryBeforeViewsMB": before / 1024, "memoryAfterViewsMB": after / 1024,
            "memoryGrowthPercent": 100 * (after - before) / before}

def box_zoom_figures():
    """Two box zooms (right drags) of 1/32 of the plot area's width each into line10m: about
    0.1% of its x range, then what the window laid out, and the same view rendered headless
    with --x-range, whose dump counts the points drawn against the records in range."""
    workload = next(w for w in WORKLOADS if w[0] == "line10m")
    process, next_event = trace(chartview(workload, "--size", "1024x768")[1:])
    window = str(next_event("ready")["window"])
    x, y, w, h = next_event("layout")["plotArea"]
    view = None
    for _ in range(2):
        left = int(x + w / 2)
        subprocess.run(["xdotool", "mousemove", "--window", window, str(left), str(int(y + 10)), "mousedown", "3",
                        "mousemove", "--window", window, str(int(left + w / 32)), str(int(y + h - 10)), "mouseup", "3"], check=True)
        view = next_event("view")
    process.kill(); process.wait()
    lo, hi = view["spaces"]["default"]["x"]
    dump = json.loads(subprocess.run(chartview(workload, "--size", "1024x768", "--x-range", f"{lo!r}:{hi!r}", "--dump-layout", "-"),
                                     capture_output=True, text=True, check=True).stdout)
    items = dump["plots"][0]["items"]
    in_range = int(hi) - int(lo)   # x is 0, 1, 2…
    return {"boxZoomShare": (hi - lo) / 1e7, "boxZoomRecordsInRange": in_range, "boxZoomPointsDrawn": len(items)}

if __name__ == "__main__":
    sys.exit(main())
