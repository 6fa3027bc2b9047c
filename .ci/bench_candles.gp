# gnuplot (pngcairo) peer for candles1m: gnuplot -c bench_candles.gp IN.csv OUT.png; columns x,open,high,low,close.
set terminal pngcairo size 1024,768
set output ARG2
set datafile separator ','
set style fill solid noborder
plot ARG1 every ::1 using 1:2:4:3:5 with candlesticks title 'candles'
