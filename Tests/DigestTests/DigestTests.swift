import Testing
import Digest

@Suite struct DigestTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }

    @Test("SHA-256 of FIPS 180-4's examples", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        // 56 to 64 bytes: the padding spills into a second block.
        (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
    ])
    func sha256(_ message: String, _ expected: String) {
        #expect(Self.hex(SHA256.digest(Array(message.utf8))) == expected)
        #expect(SHA256.hex(Array(message.utf8)) == expected)
    }

    @Test("HMAC-SHA-256 of RFC 4231's test cases 2 and 6 (a key longer than a block)")
    func hmac() {
        #expect(Self.hex(HMACSHA256.mac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(Self.hex(HMACSHA256.mac(key: [UInt8](repeating: 0xaa, count: 131),
                                        message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }
}
