import Foundation
import GateCommandLine

exit(await CFAGate.main(arguments: Array(CommandLine.arguments.dropFirst())))
