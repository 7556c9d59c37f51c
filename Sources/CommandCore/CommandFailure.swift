/// A command's failure, already worded for the person who ran it.
public struct CommandFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
