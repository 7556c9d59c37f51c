import BookKioskCommands
import CommandCore
import Foundation

exit(BookKiosk.main(Array(CommandLine.arguments.dropFirst())))
