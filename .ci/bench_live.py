#!/usr/bin/env python3
"""The live section of make bench (issue 29): chartview reading live data against feedgnuplot's
--stream, gnuplot's reread-style loop and KST, in the same run, under a display (make bench runs Xvfb).

- rows/s sustained from standard input: a generator writes `x,y` rows as fast as the reader
  takes them (its writes block on a full pipe) into `chartview - --trace` in a window for
  SECONDS; rows/s = the last `append` line's total / the time. Headless: 5,000,000 rows piped
  into `chartview - --output` (wall time to its end), and the same rows from a file on its standard
  input, against KST (`kst2 FILE --png`) on that file. feedgnuplot --stream (its default refresh,
  1 s, every row kept, gnuplot's x11 terminal): the rows the generator got into its pipe in the
  same time (the generator counts what it wrote; ± one chunk of 5,000 rows).
- latency from write to pixels: a writer appends one row every 10 ms whose x is its write time
  (ms of CLOCK_MONOTONIC), to a followed CSV (`--follow`) and to standard input; a row is on
  screen at the first `frame` after an `append` whose x is at least its own. The trace's `t`
  (ms since the trace began, Swift's ContinuousClock) is put on CLOCK_MONOTONIC by the smallest
  (receipt time - t) over all its lines. Median and p95 over the rows written after the window
  was ready (300 rows in 3 s; standard input's chart is built from its first second of rows).
  gnuplot's loop (`plot FILE; print time, GPVAL_DATA_X_MAX; pause 1/30 s`, wall clock): a row
  is "drawn" when a plot whose data reached its x has returned: gnuplot has handed the drawing
  to gnuplot_x11, which paints after (a lower bound). feedgnuplot says nothing when it draws:
  throughput only.
- memory per million rows kept: chartview's VmRSS after 1M, 2M and 4M rows streamed in from
  standard input (in a window), the slope in MB per million rows; gnuplot's loop's RSS
  (gnuplot and gnuplot_x11) with files of 1M, 2M, 4M rows; feedgnuplot + gnuplot (+ gnuplot_x11)
  after 1,000,000 rows streamed in, or the rows they took in MEMORY_SECONDS; KST's peak RSS
  reading files of 1M, 2M, 4M rows to a PNG.
KST following a file in a window gives nothing from outside to time it by: no rate or latency
(see `KST_NOTE`). Run alone: BENCH=live under make bench's Xvfb, or
.ci/with-xvfb python3 .ci/bench_live.py (writes out/bench-live.json).
"""
import json, os, queue, shutil, signal, statistics, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECONDS = float(os.environ.get("LIVE_SECONDS", "10"))
MEMORY_SECONDS = float(os.environ.get("LIVE_MEMORY_SECONDS", "60"))
LATENCY_ROWS = 300
KST_NOTE = ("kst2 (Debian's kst) reads files, not standard input, and following a file in a window it "
            "reports nothing outside it (no trace; Debian ships no pykst for its script socket), so its "
            "rate and latency cannot be read: measured headless instead (kst2 FILE -x 1 -y 2 --png, "
            "peak RSS and wall time)")

# Writes `x,y` rows (x the row's index, y in 0..996, one y per 5,000 rows) to stdout in chunks until it has written
# argv[1] rows (0: until killed), then, and on SIGTERM, the rows written to stderr.
# argv[2] is the separator; argv[3] "1" writes a header first; argv[4] is the first row's x.
GENERATOR = r"""
import os, signal, sys
n, sep, header, first = int(sys.argv[1]), sys.argv[2], sys.argv[3] == "1", int(sys.argv[4])
out = sys.stdout.buffer
written = 0
def done(*_):
    os.write(2, f"{written}\n".encode()); os._exit(0)
signal.signal(signal.SIGTERM, done)
signal.signal(signal.SIGPIPE, done)
if header:
    out.write(f"x{sep}y\n".encode())
i = 0
try:
    while not n or i < n:
        k = 5000 if not n else min(5000, n - i)
        tail = f"{sep}{(i // 5000) % 997}\n"   # y: one value per chunk (joining is 7x faster than formatting each row)
        out.write((tail.join(map(str, range(first + i, first + i + k))) + tail).encode())
        out.flush()
        i += k
        written = i
except BrokenPipeError:
    pass
done()
"""

# Appends one row every argv[2] s to argv[1] ("-": stdout) for argv[3] rows: x = the write's
# CLOCK_MONOTONIC (argv[4] "mono") or wall clock ("wall") in ms, y a sine (small integers would
# read as a key column). Header if argv[5] "1".
WRITER = r"""
import math, sys, time
path, period, n, clock, header = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5] == "1"
out = sys.stdout if path == "-" else open(path, "a")
now = (lambda: time.clock_gettime(time.CLOCK_MONOTONIC) * 1000) if clock == "mono" else (lambda: time.time() * 1000)
if header:
    out.write("x,y\n"); out.flush()
start = time.monotonic()
for i in range(n):
    while time.monotonic() < start + i * period:
        time.sleep(max(0.0, start + i * period - time.monotonic()))
    out.write(f"{now():.3f},{math.sin(i / 20):.4f}\n"); out.flush()
"""


def monotonic_ms():
    return time.clock_gettime(time.CLOCK_MONOTONIC) * 1000


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            return next((int(line.split()[1]) for line in f if line.startswith("VmRSS:")), 0)
    except OSError:
        return 0


def descendants(pid):
    """pid and every process under it (from /proc's parent links)."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(children.get(p, []))
    return found


def tree_rss_mb(pid):
    return sum(rss_kb(p) for p in descendants(pid)) / 1024


class PeakRSS:
    """The largest RSS (MB) of a process and those under it, sampled every 50 ms until `stop`."""

    def __init__(self, pid):
        self.peak, self.done = 0.0, threading.Event()
        def sample():
            while not self.done.wait(0.05):
                self.peak = max(self.peak, tree_rss_mb(pid))
        self.thread = threading.Thread(target=sample, daemon=True)
        self.thread.start()

    def stop(self):
        self.done.set()
        self.thread.join()
        return self.peak


def median_p95(values):
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


class Traced:
    """chartview with --trace: its lines, each with the CLOCK_MONOTONIC ms it was read at, on a
    queue a thread fills; `offset` puts the trace's `t` on CLOCK_MONOTONIC."""

    def __init__(self, args, stdin=subprocess.DEVNULL):
        self.process = subprocess.Popen(args + ["--trace", "--no-animation"], stdin=stdin, stdout=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        self.events = []
        self.offset = float("inf")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            received = monotonic_ms()
            event = json.loads(line)
            self.offset = min(self.offset, received - event["t"])
            self.lines.put(event)
        self.lines.put(None)

    def next_event(self, name, timeout=120):
        while True:
            event = self.lines.get(timeout=timeout)
            if event is None:
                raise RuntimeError(f"chartview ended before {name}")
            self.events.append(event)
            if event["event"] == name:
                return event

    def drain(self, seconds):
        """Every line for `seconds`, kept in `events`."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                event = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if event is None:
                break
            self.events.append(event)

    def stop(self):
        self.process.kill()
        self.process.wait()


def generator(rows, sep=",", header=True, first=0, stdout=subprocess.PIPE):
    return subprocess.Popen([sys.executable, "-c", GENERATOR, str(rows), sep, "1" if header else "0", str(first)],
                            stdout=stdout, stderr=subprocess.PIPE)


def stop_generator(process, finish=False):
    """The rows a generator wrote (it says when terminated or done); `finish` waits for its end."""
    if not finish and process.poll() is None:
        process.send_signal(signal.SIGTERM)
    _, err = process.communicate()
    lines = err.decode().split()
    return int(lines[-1]) if lines else 0


def generator_ceiling():
    """The generator's own rate into /dev/null: the most any reader can be offered."""
    with open(os.devnull, "wb") as null:
        process = generator(0, stdout=null)
        time.sleep(3)
        return stop_generator(process) / 3


def chartview_stdin_rate(binary):
    """(rows/s) of `chartview -` in a window, fed by the generator for SECONDS."""
    feed = generator(0)
    view = Traced([binary, "-", "--size", "1024x768"], stdin=feed.stdout)
    feed.stdout.close()
    view.next_event("append")
    first = view.events[-1]
    view.drain(SECONDS)
    appends = [e for e in view.events if e["event"] == "append"]
    last = appends[-1]
    view.stop()
    stop_generator(feed)
    # From the first append to the last: the rows between over the time between.
    return (last["total"] - first["total"]) / ((last["t"] - first["t"]) / 1000)


def chartview_headless_seconds(binary, png, rows=5_000_000, path=None):
    """Wall seconds of `chartview - --output` reading `rows` rows piped from the generator, or the
    rows file `path` (whitespace-separated, no header) as its standard input."""
    feed = generator(rows) if path is None else None
    start = time.perf_counter()
    with open(path or os.devnull, "rb") as file:
        result = subprocess.run([binary, "-", "--output", png] + ([] if feed else ["--columns", "x,y"]),
                                stdin=feed.stdout if feed else file, capture_output=True)
    wall = time.perf_counter() - start
    if feed:
        feed.stdout.close()
        stop_generator(feed, finish=True)
    if result.returncode != 0:
        raise RuntimeError(f"chartview - --output failed: {result.stderr.decode()[-300:]}")
    return wall


def feedgnuplot_command():
    return ["feedgnuplot", "--stream", "--lines", "--domain", "--terminal", "x11 noraise"]


def feedgnuplot_rate():
    """(rows/s) the generator got into feedgnuplot --stream's pipe in SECONDS (after its first second)."""
    feed = generator(0, sep=" ", header=False)
    plot = subprocess.Popen(feedgnuplot_command(), stdin=feed.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    feed.stdout.close()
    time.sleep(SECONDS)
    rows = stop_generator(feed)
    kill_tree(plot)
    return rows / SECONDS


def kill_tree(process):
    for pid in reversed(descendants(process.pid)):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    process.wait()


def chartview_latency(binary, via):
    """Write-to-pixels latencies (ms) of LATENCY_ROWS rows written every 10 ms, `via` "follow"
    (a CSV chartview --follow reads) or "stdin"."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "live.csv")
        if via == "follow":
            with open(path, "w") as f:
                f.write(f"x,y\n{monotonic_ms():.3f},0\n")
            view = Traced([binary, path, "--follow", "--size", "1024x768"])
            view.next_event("ready")
            writer = subprocess.Popen([sys.executable, "-c", WRITER, path, "0.01", str(LATENCY_ROWS), "mono", "0"])
        else:
            writer = subprocess.Popen([sys.executable, "-c", WRITER, "-", "0.01", str(LATENCY_ROWS), "mono", "1"],
                                      stdout=subprocess.PIPE, text=True)
            # The rows the writer wrote, copied to the file as they pass (their x is their time).
            relay_in, relay_out = os.pipe()
            view = Traced([binary, "-", "--size", "1024x768"], stdin=relay_in)
            os.close(relay_in)
            def relay():
                with open(path, "w") as log, os.fdopen(relay_out, "w") as out:
                    for line in writer.stdout:
                        out.write(line); out.flush(); log.write(line)
            threading.Thread(target=relay, daemon=True).start()
        writer.wait()
        view.drain(1.0)
        view.stop()
        with open(path) as f:
            written = [float(line.split(",")[0]) for line in f.read().splitlines()[1:] if line and line[0].isdigit()]
    return latencies(written, view.events, view.offset)


def latencies(written, events, offset):
    """For each write time after the window was ready (standard input's chart is built from its
    first rows, a second's worth), the first frame after an append that carried it, less the write time."""
    ready = offset + next(e["t"] for e in events if e["event"] == "ready")
    result, newest, pending = [], float("-inf"), sorted(w for w in written if w > ready)
    for event in events:
        if event["event"] == "append" and event.get("x") is not None:
            newest = max(newest, event["x"])
        elif event["event"] == "frame" and not event.get("building"):
            shown = offset + event["t"]
            while pending and pending[0] <= newest:
                result.append(shown - pending.pop(0))
    return result


def gnuplot_loop_script(path, pause, separator="whitespace"):
    return (f"set terminal x11 noraise\nset datafile separator {separator}\nset print '-'\n"
            f"while (1) {{\n  plot '{path}' using 1:2 with lines notitle\n"
            f"  print sprintf('%.3f %.3f', time(0.0) * 1000, GPVAL_DATA_X_MAX)\n  pause {pause}\n}}\n")


def gnuplot_loop_latency():
    """Write-to-plot latencies (ms, wall clock) of gnuplot replotting a file every 1/30 s."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "live.csv")
        with open(path, "w") as f:
            f.write(f"{time.time() * 1000:.3f},0\n")
        script = os.path.join(directory, "loop.gp")
        with open(script, "w") as f:
            f.write(gnuplot_loop_script(path, 1 / 30, "','"))
        plots = []
        loop = subprocess.Popen(["gnuplot", script], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        def read():
            for line in loop.stdout:
                done, newest = map(float, line.split())
                plots.append((done, newest))
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        time.sleep(1)
        subprocess.run([sys.executable, "-c", WRITER, path, "0.01", str(LATENCY_ROWS), "wall", "0"], check=True)
        time.sleep(0.5)
        kill_tree(loop)
        with open(path) as f:
            written = sorted(float(line.split(",")[0]) for line in f.read().splitlines()[1:])
    result, pending = [], written[20:]   # after gnuplot's first plots
    for done, newest in list(plots):
        while pending and pending[0] <= newest:
            result.append(done - pending.pop(0))
    return result


def rows_file(directory, millions):
    """rows{N}m.txt in directory (written once): N million `x y` rows, whitespace-separated
    (KST's ASCII source reads no commas)."""
    path = os.path.join(directory, f"rows{millions}m.txt")
    if not os.path.exists(path):
        with open(path + ".part", "w") as out:
            stop_generator(generator(millions * 1_000_000, sep=" ", header=False, stdout=out), finish=True)
        os.rename(path + ".part", path)
    return path


def kst_figures(directory, runs, millions=(1, 2, 4, 5)):
    """KST (kst2 --png, Qt's offscreen platform) reading files of 1M, 2M, 4M, 5M rows to a PNG:
    {millions: (median wall seconds, median peak RSS MB)}."""
    figures = {}
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=tempfile.gettempdir())
    for n in millions:
        path = rows_file(directory, n)
        runs_n = []
        with tempfile.TemporaryDirectory() as scratch:
            for _ in range(runs):
                stats = os.path.join(scratch, "time")
                subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", stats, "kst2", path, "-x", "1", "-y", "2",
                                "--png", os.path.join(scratch, "kst.png")], env=environment, check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
                with open(stats) as f:
                    wall, kb = f.read().split()[-2:]
                runs_n.append((float(wall), int(kb) / 1024))
        figures[n] = (statistics.median(r[0] for r in runs_n), statistics.median(r[1] for r in runs_n))
    return figures


def gnuplot_loop_memory_and_refresh(directory):
    """gnuplot's loop (pause 0) over files of 1M, 2M and 4M rows: {rows: (RSS MB of gnuplot and
    gnuplot_x11 at their largest over three replots, median seconds per replot)}."""
    figures = {}
    for millions in [1, 2, 4]:
        path = rows_file(directory, millions)
        script = os.path.join(directory, "loop.gp")
        with open(script, "w") as f:
            f.write(gnuplot_loop_script(path, 0))
        loop = subprocess.Popen(["gnuplot", script], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        peak = PeakRSS(loop.pid)
        times = []
        for line in loop.stdout:
            times.append(float(line.split()[0]))
            if len(times) == 4:
                break
        rss = peak.stop()
        kill_tree(loop)
        figures[millions] = (rss, statistics.median(b - a for a, b in zip(times, times[1:])) / 1000)
    return figures


def chartview_memory(binary):
    """chartview's VmRSS (MB) after 1M, 2M and 4M rows from standard input, in a window."""
    figures = {}
    feed_read, feed_write = os.pipe()
    view = Traced([binary, "-", "--size", "1024x768"], stdin=feed_read)
    os.close(feed_read)
    written = 0
    for millions in [1, 2, 4]:
        target = millions * 1_000_000
        stop_generator(generator(target - written, header=written == 0, first=written, stdout=feed_write), finish=True)
        written = target
        while view.next_event("append")["total"] < target:
            pass
        time.sleep(1.0)   # a frame or two at this size, then the memory
        figures[millions] = rss_kb(view.process.pid) / 1024
    os.close(feed_write)
    view.stop()
    return figures


def feedgnuplot_memory():
    """(rows, MB) feedgnuplot --stream with gnuplot (and gnuplot_x11) hold after 1,000,000 rows,
    or after the rows they took in MEMORY_SECONDS."""
    feed = generator(1_000_000, sep=" ", header=False)
    plot = subprocess.Popen(feedgnuplot_command(), stdin=feed.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    feed.stdout.close()
    end = time.monotonic() + MEMORY_SECONDS
    while feed.poll() is None and time.monotonic() < end:
        time.sleep(0.2)
    rows = stop_generator(feed)
    time.sleep(2.0)   # a refresh of what it has
    mb = tree_rss_mb(plot.pid)
    kill_tree(plot)
    return rows, mb


def slope(points):
    """Least-squares slope of (x, y) points."""
    xs, ys = zip(*points)
    mx, my = statistics.mean(xs), statistics.mean(ys)
    return sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x in xs)


def figures(binary, data_dir, png, runs):
    """The live section: medians of `runs` runs (memory and the peers' memory once)."""
    if not os.environ.get("DISPLAY"):
        return {"skipped": "no display"}
    for tool in ["feedgnuplot", "gnuplot"]:
        if not shutil.which(tool):
            return {"skipped": f"{tool} not installed (.ci/ensure-packages bench)"}
    load = os.getloadavg()
    report = {"loadAverageBefore": load, "generatorRowsPerS": generator_ceiling()}
    window_rates = [chartview_stdin_rate(binary) for _ in range(runs)]
    headless = [chartview_headless_seconds(binary, png) for _ in range(runs)]
    from_file = [chartview_headless_seconds(binary, png, path=rows_file(data_dir, 5)) for _ in range(runs)]
    feed_rates = [feedgnuplot_rate() for _ in range(runs)]
    report["stdin"] = {"seconds": SECONDS, "chartviewWindowRowsPerS": statistics.median(window_rates), "chartviewWindowRuns": window_rates,
                       "chartviewHeadless5mSeconds": statistics.median(headless), "chartviewHeadlessRuns": headless,
                       "chartviewHeadlessRowsPerS": 5_000_000 / statistics.median(headless),
                       "chartviewFile5mSeconds": statistics.median(from_file), "chartviewFileRuns": from_file,
                       "feedgnuplotRowsPerS": statistics.median(feed_rates), "feedgnuplotRuns": feed_rates}
    latency = {}
    for name, measure in [("chartviewFollow", lambda: chartview_latency(binary, "follow")),
                          ("chartviewStdin", lambda: chartview_latency(binary, "stdin")),
                          ("gnuplotLoop", gnuplot_loop_latency)]:
        runs_ms = [measure() for _ in range(runs)]
        medians = [median_p95(r) for r in runs_ms if r]
        latency[name] = {"medianMs": statistics.median(m for m, _ in medians), "p95Ms": statistics.median(p for _, p in medians),
                         "rows": [len(r) for r in runs_ms], "runs": [{"medianMs": m, "p95Ms": p} for m, p in medians]}
    latency["feedgnuplot"] = "not observable: feedgnuplot and gnuplot report nothing when they draw"
    report["latency"] = latency
    memory = chartview_memory(binary)
    loop = gnuplot_loop_memory_and_refresh(data_dir)
    rows, feed_mb = feedgnuplot_memory()
    kst = kst_figures(data_dir, runs) if shutil.which("kst2") else {}
    report["memory"] = {"chartviewMB": {f"{m}M": mb for m, mb in memory.items()},
                        "chartviewMBPerMillionRows": slope(list(memory.items())),
                        "gnuplotLoopMB": {f"{m}M": v[0] for m, v in loop.items()},
                        "gnuplotLoopMBPerMillionRows": slope([(m, v[0]) for m, v in loop.items()]),
                        "gnuplotLoopReplotSeconds": {f"{m}M": v[1] for m, v in loop.items()},
                        "feedgnuplotRows": rows, "feedgnuplotMB": feed_mb}
    if kst:
        report["memory"]["kstMB"] = {f"{m}M": v[1] for m, v in kst.items() if m != 5}
        report["memory"]["kstMBPerMillionRows"] = slope([(m, v[1]) for m, v in kst.items() if m != 5])
        report["stdin"]["kstFile5mSeconds"] = kst[5][0]
    report["kst"] = KST_NOTE
    report["loadAverageAfter"] = os.getloadavg()
    return report


def print_live(r):
    if "skipped" in r:
        print(f"\nlive: skipped ({r['skipped']})")
        return
    s, l, m = r["stdin"], r["latency"], r["memory"]
    print(f"\nlive (medians; load average {r['loadAverageBefore'][0]:.1f} before, {r['loadAverageAfter'][0]:.1f} after, 2 cores; "
          f"generator alone {r['generatorRowsPerS'] / 1e6:.2f} M rows/s)")
    print(f"{'live':<28} {'chartview':>20} {'feedgnuplot':>20} {'gnuplot loop':>20}")
    print(f"{'stdin rows/s, window':<28} {s['chartviewWindowRowsPerS']:>20,.0f} {s['feedgnuplotRowsPerS']:>20,.0f} {'n/a (a file)':>20}")
    print(f"{'5M rows piped, to PNG':<28} {s['chartviewHeadless5mSeconds']:>19.2f}s {'':>20} {'':>20}")
    kst = f"KST {s['kstFile5mSeconds']:.2f}s" if "kstFile5mSeconds" in s else ""
    print(f"{'5M rows file, to PNG':<28} {s['chartviewFile5mSeconds']:>19.2f}s {kst:>20} {'':>20}")
    lat = lambda k: f"{l[k]['medianMs']:.1f} / {l[k]['p95Ms']:.1f} ms"
    print(f"{'write to pixels, followed':<28} {lat('chartviewFollow'):>20} {'n/a':>20} {lat('gnuplotLoop'):>20}")
    print(f"{'write to pixels, stdin':<28} {lat('chartviewStdin'):>20} {'n/a':>20} {'':>20}")
    feed = f"{m['feedgnuplotMB']:.0f} MB at {m['feedgnuplotRows'] / 1e6:.2f}M"
    print(f"{'MB per million rows kept':<28} {m['chartviewMBPerMillionRows']:>20.1f} {feed:>20} {m['gnuplotLoopMBPerMillionRows']:>20.1f}")
    print("  chartview RSS " + ", ".join(f"{k} {v:.0f} MB" for k, v in m["chartviewMB"].items())
          + "; gnuplot loop RSS " + ", ".join(f"{k} {v:.0f} MB" for k, v in m["gnuplotLoopMB"].items())
          + "; its replot " + ", ".join(f"{k} {v:.2f} s" for k, v in m["gnuplotLoopReplotSeconds"].items()))
    if "kstMB" in m:
        print(f"  KST (kst2 --png of a file) peak RSS " + ", ".join(f"{k} {v:.0f} MB" for k, v in m["kstMB"].items())
              + f": {m['kstMBPerMillionRows']:.1f} MB per million rows")
    print(f"  KST: {r['kst']}")
    sys.stdout.flush()


def main():
    out = os.path.join(ROOT, "out")
    binary = os.environ.get("CHARTVIEW_BIN") or os.path.join(ROOT, ".build/release/chartview")
    data = os.path.join(out, "bench-data")
    os.makedirs(data, exist_ok=True)
    report = {"live": figures(binary, data, os.path.join(out, "bench-live.png"), int(os.environ.get("RUNS", "3")))}
    print_live(report["live"])
    with open(os.path.join(out, "bench-live.json"), "w") as f:
        json.dump(report, f, indent=2)
    print(f"\nwrote {os.path.join(out, 'bench-live.json')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
