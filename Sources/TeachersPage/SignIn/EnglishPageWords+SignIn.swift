import Foundation
import Lending

extension EnglishPageWords {
    public var signInHeading: String { "Sign in to the teachers' page" }
    public var wrongNameOrPassword: String { "The name or the password is not right. Please type them again." }
    public func nobodyCanSignIn(libraryOptions: String) -> String {
        "Nobody can sign in yet: this library has no Staff member with a page password. On this computer, run `bookkiosk staff add NAME\(libraryOptions)` and answer y when it offers to set the password."
    }
    public func tryAgain(inSeconds seconds: Int) -> String {
        "After several wrong passwords the page waits a little. Please try again in \(seconds) seconds."
    }
    public func locked(until time: String, minutes: Int) -> String {
        "After too many wrong passwords this account is paused until \(time) (about \(minutes) minutes). If it is urgent, another Staff member can set a new password under Settings, which opens it at once."
    }
    public var signInFault: String { "Signing in is not possible just now (nothing was changed). Please try again in a moment; if it keeps happening, tell whoever looks after the kiosk." }
    public var signedOut: String { "You have signed out." }
    public var sessionEnded: String { "You were signed out after a while without use. Please sign in again." }
}
