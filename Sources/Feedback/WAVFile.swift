/// The RIFF WAVE format for 16-bit mono PCM: a 44-byte header and little-endian samples.
public enum WAVFile {
    public static let headerSize = 44

    public static func encode(_ samples: [Int16], sampleRate: Int) -> [UInt8] {
        let channels = 1
        let bitsPerSample = 16
        let blockAlign = channels * bitsPerSample / 8
        let dataSize = samples.count * blockAlign
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize + dataSize)
        bytes += Array("RIFF".utf8)
        append(UInt32(36 + dataSize), to: &bytes)
        bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8)
        append(UInt32(16), to: &bytes)            // size of the fmt chunk
        append(UInt16(1), to: &bytes)             // PCM
        append(UInt16(channels), to: &bytes)
        append(UInt32(sampleRate), to: &bytes)
        append(UInt32(sampleRate * blockAlign), to: &bytes)  // bytes per second
        append(UInt16(blockAlign), to: &bytes)
        append(UInt16(bitsPerSample), to: &bytes)
        bytes += Array("data".utf8)
        append(UInt32(dataSize), to: &bytes)
        // Little-endian 16-bit samples are the machine's own on every target BookKiosk builds
        // for; copied in one go.
        samples.withUnsafeBytes { raw in
            if UInt16(1).littleEndian == 1 {
                bytes.append(contentsOf: raw)
            } else {
                for sample in samples { append(UInt16(bitPattern: sample), to: &bytes) }
            }
        }
        return bytes
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
