import CDRM
import Foundation
import Scene

/// A dumb buffer: plain memory the kernel can scan out, which every KMS driver offers, made
/// into a framebuffer (XRGB8888) and mapped into this process. Freed in `deinit`.
/// Not `Sendable`: use it from one thread.
final class DumbBuffer {
    private let device: DRMDevice
    let width: Int
    let height: Int
    /// Bytes from one row to the next, as the driver chose it.
    let pitch: Int
    let handle: UInt32
    let framebufferID: UInt32
    private let byteCount: Int
    let pixels: UnsafeMutableRawPointer

    /// Calls `drmModeCreateDumbBuffer` (DRM_IOCTL_MODE_CREATE_DUMB), `drmModeAddFB2` (falling
    /// back to `drmModeAddFB` for drivers without it), `drmModeMapDumbBuffer` and `mmap`.
    init(device: DRMDevice, width: Int, height: Int) throws(SystemCallError) {
        let fd = device.fileDescriptor
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        try SystemCallError.check("drmModeCreateDumbBuffer",
                                  drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size))
        var framebufferID: UInt32 = 0
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var result = withUnsafePointer(to: &handles) { handlesPointer in
            withUnsafePointer(to: &pitches) { pitchesPointer in
                withUnsafePointer(to: &offsets) { offsetsPointer in
                    drmModeAddFB2(fd, UInt32(width), UInt32(height), cdrm_format_xrgb8888,
                                  UnsafeRawPointer(handlesPointer).assumingMemoryBound(to: UInt32.self),
                                  UnsafeRawPointer(pitchesPointer).assumingMemoryBound(to: UInt32.self),
                                  UnsafeRawPointer(offsetsPointer).assumingMemoryBound(to: UInt32.self),
                                  &framebufferID, 0)
                }
            }
        }
        if result != 0 {
            result = drmModeAddFB(fd, UInt32(width), UInt32(height), 24, 32, pitch, handle, &framebufferID)
        }
        if let error = SystemCallError(call: "drmModeAddFB", result: result) {
            drmModeDestroyDumbBuffer(fd, handle)
            throw error
        }
        var offset: UInt64 = 0
        if let error = SystemCallError(call: "drmModeMapDumbBuffer", result: drmModeMapDumbBuffer(fd, handle, &offset)) {
            drmModeRmFB(fd, framebufferID)
            drmModeDestroyDumbBuffer(fd, handle)
            throw error
        }
        let mapped = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        guard let mapped, mapped != MAP_FAILED else {
            let error = SystemCallError.current("mmap")
            drmModeRmFB(fd, framebufferID)
            drmModeDestroyDumbBuffer(fd, handle)
            throw error
        }
        self.device = device
        self.width = width
        self.height = height
        self.pitch = Int(pitch)
        self.handle = handle
        self.framebufferID = framebufferID
        self.byteCount = Int(size)
        self.pixels = mapped
    }

    deinit {
        munmap(pixels, byteCount)
        drmModeRmFB(device.fileDescriptor, framebufferID)
        drmModeDestroyDumbBuffer(device.fileDescriptor, handle)
    }

    var frameBuffer: FrameBuffer {
        FrameBuffer(pixels: pixels, width: width, height: height, stride: pitch)
    }

    /// Copies `area` of `other` (same size) into this buffer.
    func copy(_ area: PixelArea, from other: DumbBuffer) {
        let rowBytes = area.width * 4
        for row in area.y..<(area.y + area.height) {
            memcpy(pixels + row * pitch + area.x * 4, other.pixels + row * other.pitch + area.x * 4, rowBytes)
        }
    }
}

/// A rectangle of whole pixels inside a screen.
struct PixelArea: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The pixels `rect` touches (rounded outwards), clamped to a screen of `size`; nil when
    /// none of it is on the screen.
    init?(covering rect: Rect, in size: PixelSize) {
        let left = max(0, Int(rect.minX.rounded(.down))), top = max(0, Int(rect.minY.rounded(.down)))
        let right = min(size.width, Int(rect.maxX.rounded(.up))), bottom = min(size.height, Int(rect.maxY.rounded(.up)))
        guard right > left, bottom > top else { return nil }
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    static func whole(_ size: PixelSize) -> PixelArea {
        PixelArea(x: 0, y: 0, width: size.width, height: size.height)
    }
}
