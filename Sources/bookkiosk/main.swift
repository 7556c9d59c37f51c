import BookKioskCommands
import Foundation

exit(BookKiosk.main(Array(CommandLine.arguments.dropFirst())))
