import Foundation

exit(ExampleCommand.run(Array(CommandLine.arguments.dropFirst())))
