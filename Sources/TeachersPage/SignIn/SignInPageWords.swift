import Foundation
import Lending

/// The words only signing in and out use (part of `PageWords`; each language's are beside this file).
public protocol SignInPageWords {
    var signInHeading: String { get }
    var wrongNameOrPassword: String { get }
    /// To someone at the server itself while no Staff member has a page password: nobody can
    /// sign in yet, and the command that adds a teacher to this library (`libraryOptions` after it).
    func nobodyCanSignIn(libraryOptions: String) -> String
    func tryAgain(inSeconds seconds: Int) -> String
    func locked(until time: String, minutes: Int) -> String
    /// A fault while signing in, for someone not signed in: no detail (that goes to the log).
    var signInFault: String { get }
    var signedOut: String { get }
    /// The sign-in page after a session ended (idle too long, or the server restarted).
    var sessionEnded: String { get }
}
