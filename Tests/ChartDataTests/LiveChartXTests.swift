import Testing

@testable import ChartData

/// A live chart's x without `--x`, chosen from its first rows: a date, a column that times or
/// counts the rows, a first column that increases over three rows, else the rows' order. Never a
/// measure that happened to grow over the first rows, whose later rows would all be set aside.
@Suite struct LiveChartXTests {
    static func x(_ csv: String) throws -> LiveChart.LiveX {
        let table = try CSVReader.parse(Array(csv.utf8), path: "live.csv").table
        let plan = try ChartBuilder.plan(for: table, spec: ChartSpec(name: "live", data: .init(csv: "live.csv")), source: "live.csv")
        return LiveChart.liveX(table, plan: plan)
    }

    @Test func aColumnThatTimesOrCountsTheRowsIsX() throws {
        // A sine's first quarter grows: still a measure, t is x.
        #expect(try Self.x("t,sine,noise\n1,0.003,4.1\n2,0.007,9.2\n3,0.010,0.5\n4,0.013,3.3\n") == .column("t"))
        #expect(try Self.x("step,loss\n10,2.5\n20,2.25\n") == .column("step"))
        #expect(try Self.x("value,elapsed_ms\n5,100\n7,100\n9,250\n") == .column("elapsed_ms"))
        // One row: the name alone says it.
        #expect(try Self.x("time,v\n12.5,3\n") == .column("time"))
    }

    @Test func aFirstColumnIncreasingOverThreeRowsIsX() throws {
        #expect(try Self.x("clock,a,b\n100,5,6\n101,5,7\n103,4,4\n") == .column("clock"))
        // Over two rows it may be a measure (vmstat's run queue, 0 then 1).
        #expect(try Self.x("clock,a\n100,5\n101,5\n") == .rowNumbers)
    }

    @Test func vmstatIsChartedByRowNumber() throws {
        let vmstat = """
            r,b,swpd,free,buff,cache,si,so,bi,bo,in,cs,us,sy,id,wa,st
            0,0,0,23001234,10232,1488000,0,0,12,3,150,300,1,0,99,0,0
            1,0,0,23000004,10232,1488004,0,0,0,0,160,310,2,1,97,0,0

            """
        #expect(try Self.x(vmstat) == .rowNumbers)
    }

    @Test func aDateIsThePlansX() throws {
        #expect(try Self.x("when,v\n2024-01-01T00:00:00,1\n2024-01-01T00:00:01,2\n") == .planned)
    }
}
