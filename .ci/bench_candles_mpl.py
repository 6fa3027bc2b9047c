#!/usr/bin/env python3
"""matplotlib peer for candles1m: bench_candles_mpl.py MODE IN.csv OUT.png, a 1024x768 PNG of
candlesticks. MODE mplfinance: mplfinance's candle chart; MODE matplotlib: vlines for the
wicks and bars for the bodies (green rising, red falling)."""
import sys
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

mode, src, dst = sys.argv[1:4]
d = np.loadtxt(src, delimiter=",", skiprows=1)
x, o, h, l, c = d[:, 0], d[:, 1], d[:, 2], d[:, 3], d[:, 4]
if mode == "mplfinance":
    import pandas as pd
    import mplfinance as mpf
    frame = pd.DataFrame({"Open": o, "High": h, "Low": l, "Close": c},
                         index=pd.date_range("2020-01-01", periods=len(x), freq="min"))
    mpf.plot(frame, type="candle", figsize=(10.24, 7.68), savefig=dict(fname=dst, dpi=100), warn_too_much_data=len(x) + 1)
else:
    fig, ax = plt.subplots(figsize=(10.24, 7.68), dpi=100)
    rising = c >= o
    colors = np.where(rising, "#26a269", "#d62c2c")
    ax.vlines(x, l, h, colors=colors, linewidth=0.5)
    ax.bar(x, np.abs(c - o), 0.7, bottom=np.minimum(o, c), color=colors)
    fig.savefig(dst)
