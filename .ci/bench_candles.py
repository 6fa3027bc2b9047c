"""The candles1m workload of make bench: 1,000,000 OHLC candles (a random walk, x the candle's
index 0..n-1; columns x,open,high,low,close) from CSV to a 1024x768 PNG, by chartview
(--kind candlestick), by matplotlib (mplfinance's candle chart when a Python here imports it,
else matplotlib's own vlines for the wicks and bars for the bodies) and by gnuplot (with
candlesticks), in the same run. bench.py calls `figures`; BENCH=candles1m runs only this."""
import os, shutil, subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROWS = 1_000_000

def write_data(data_dir):
    """candles1m.csv in data_dir (written once, fixed seed): a multiplicative random walk of
    minute closes, each candle opening at the previous close, high and low a little past both."""
    import numpy as np
    path = os.path.join(data_dir, "candles1m.csv")
    if os.path.exists(path):
        return path
    os.makedirs(data_dir, exist_ok=True)
    rng = np.random.default_rng(1515)
    close = 100 * np.exp(np.cumsum(rng.standard_normal(ROWS) * 0.001))
    open_ = np.concatenate([[100.0], close[:-1]])
    top = np.maximum(open_, close); bottom = np.minimum(open_, close)
    high = top * (1 + np.abs(rng.standard_normal(ROWS)) * 0.0005)
    low = bottom * (1 - np.abs(rng.standard_normal(ROWS)) * 0.0005)
    np.savetxt(path, np.column_stack([np.arange(ROWS), open_, high, low, close]), fmt=["%d", "%.4f", "%.4f", "%.4f", "%.4f"],
               delimiter=",", header="x,open,high,low,close", comments="")
    return path

def mplfinance_python(default_python):
    """A Python that imports mplfinance (the bench's own first, then the one on PATH); None for none."""
    for python in [default_python, shutil.which("python3")]:
        if python and subprocess.run([python, "-c", "import mplfinance"], capture_output=True).returncode == 0:
            return python
    return None

def figures(measure, chartview_bin, data_dir, png, default_python):
    """The candles1m row: each tool's median wall time and peak memory, chartview's ratios to
    the faster and the leaner peer, and which matplotlib drew it."""
    csv = write_data(data_dir)
    row = {"chartview": measure([chartview_bin, csv, "--kind", "candlestick", "--size", "1024x768", "--output", png])}
    python = mplfinance_python(default_python)
    mode = "mplfinance" if python else "matplotlib"
    row["matplotlibMode"] = mode + ("" if python else " (vlines + bars: mplfinance does not import here)")
    row["matplotlib"] = measure([python or default_python, os.path.join(HERE, "bench_candles_mpl.py"), mode, csv, png])
    row["gnuplot"] = measure(["gnuplot", "-c", os.path.join(HERE, "bench_candles.gp"), csv, png])
    fastest = min(row["matplotlib"]["wall_s"], row["gnuplot"]["wall_s"])
    leanest = min(row["matplotlib"]["peak_mb"], row["gnuplot"]["peak_mb"])
    row["speedup_vs_faster_peer"] = fastest / row["chartview"]["wall_s"]
    row["memory_vs_leaner_peer"] = row["chartview"]["peak_mb"] / leanest
    return row
