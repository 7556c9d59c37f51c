import Foundation

/// Finding a Book's title, reading and authors by its ISBN, given to the page as a value when
/// the box can look books up (`PageSettings.lookup`, passed on by `PageAssembly`; nil: the
/// page offers no lookup). A lookup is slow (a request to another server): the page calls it
/// outside every transaction.
///
/// Not built yet: the lookup of issue 28 gives this protocol its requirement and the page its
/// use of it. Until then nothing conforms, the slot stays nil, and the page never calls it.
public protocol ISBNLookup: Sendable {}
