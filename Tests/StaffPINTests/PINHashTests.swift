import Testing
@testable import StaffPIN

@Suite("Staff PIN hashes")
struct PINHashTests {
    @Test func aHashIsYescryptAndVerifiesOnlyItsPIN() throws {
        let hash = try PINHash.make("1234")
        #expect(hash.hasPrefix("$y$"))
        #expect(!hash.contains("1234"))
        #expect(PINHash.verify("1234", against: hash))
        #expect(!PINHash.verify("1235", against: hash))
        #expect(!PINHash.verify("", against: hash))
    }

    @Test func everyHashHasItsOwnSalt() throws {
        #expect(try PINHash.make("2468") != PINHash.make("2468"))
    }

    @Test func aBrokenHashVerifiesNothing() {
        #expect(!PINHash.verify("1234", against: ""))
        #expect(!PINHash.verify("1234", against: "not a hash"))
        #expect(!PINHash.verify("1234", against: "$y$"))
    }

    @Test(arguments: ["123", "1234567890123", "12a4", "１２３４", "12 34", ""])
    func pinsThatAreNotFourToTwelveDigitsAreRefused(_ pin: String) {
        #expect(!PINHash.isAcceptable(pin))
        #expect(throws: PINHash.Failure.self) { try PINHash.make(pin) }
    }

    @Test func constantTimeComparison() {
        #expect(SecretHash.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!SecretHash.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!SecretHash.constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(!SecretHash.constantTimeEquals([], [0]))
    }
}
