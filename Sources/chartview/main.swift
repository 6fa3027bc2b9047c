import ChartviewCommand

// The chartview command; its logic is the ChartviewCommand library's, which the tests use too.
Chartview.main()
