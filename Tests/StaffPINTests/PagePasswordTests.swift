import Testing
@testable import StaffPIN

@Suite("Page password hashes")
struct PagePasswordTests {
    @Test func aHashIsYescryptAndVerifiesOnlyItsPassword() throws {
        let hash = try PagePassword.make("ひまわり組のせんせい")
        #expect(hash.hasPrefix("$y$"))
        #expect(PagePassword.verify("ひまわり組のせんせい", against: hash))
        #expect(!PagePassword.verify("ひまわり組のせんせ", against: hash))
        #expect(!PagePassword.verify("", against: hash))
        // A PIN's hash and a password's are the same kind: either verifies with either.
        #expect(PINHash.verify("ひまわり組のせんせい", against: hash))
    }

    @Test func everyHashHasItsOwnSalt() throws {
        #expect(try PagePassword.make("correct horse") != PagePassword.make("correct horse"))
    }

    @Test(arguments: ["", "1234567", "ひまわりぐみせん"])
    func theLengthIsCountedInCharacters(_ password: String) throws {
        if password.count >= 8 {
            #expect(PagePassword.isAcceptable(password))
            #expect(PagePassword.verify(password, against: try PagePassword.make(password)))
        } else {
            #expect(!PagePassword.isAcceptable(password))
            #expect(throws: PagePassword.Failure.tooShort) { try PagePassword.make(password) }
        }
    }
}
