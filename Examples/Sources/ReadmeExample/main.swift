import ChartCore
import ChartCairo

let graph = Graph(title: "Enrolment by subject")
graph.add(BarPlot(identifier: "students", values: [12, 9, 7], categories: ["Maths", "English", "Physics"]))
try graph.render(to: "enrolment.png", size: Size(width: 800, height: 600))
