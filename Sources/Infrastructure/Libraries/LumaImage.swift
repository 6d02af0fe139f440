import Domain

/// An 8-bit grayscale (luma) image, rows packed top to bottom with no padding.
public struct LumaImage: Equatable, Sendable {
  /// The largest width or height accepted, bounding what a hostile file can make Twofold allocate.
  public static let maximumSide = 16_384

  /// Pixels per row.
  public let width: Int
  /// Rows.
  public let height: Int
  /// `width × height` samples, 0 black to 255 white.
  public let pixels: [UInt8]

  /// Takes the visible `width` samples of each row of a plane whose rows start `rowStride` bytes apart.
  public init(width: Int, height: Int, rowStride: Int, plane: [UInt8]) throws(ImportError) {
    try Self.checkSize(width: width, height: height)
    guard rowStride >= width, plane.count >= rowStride * (height - 1) + width else {
      throw .damaged("the image data is shorter than its size says")
    }
    self.width = width
    self.height = height
    if rowStride == width {
      pixels = Array(plane.prefix(width * height))
    } else {
      var packed: [UInt8] = []
      packed.reserveCapacity(width * height)
      for row in 0..<height { packed += plane[row * rowStride..<row * rowStride + width] }
      pixels = packed
    }
  }

  /// Throws unless both sides are between 1 and `maximumSide`.
  static func checkSize(width: Int, height: Int) throws(ImportError) {
    guard width > 0, height > 0 else { throw .damaged("the image has no pixels") }
    guard width <= maximumSide, height <= maximumSide else {
      throw .damaged("the image is \(width)×\(height) pixels, larger than \(maximumSide)×\(maximumSide)")
    }
  }

  /// The negative, for light codes on dark backgrounds (dark-mode screenshots).
  var inverted: LumaImage {
    LumaImage(width: width, height: height, packed: pixels.map { 255 - $0 })
  }

  private init(width: Int, height: Int, packed: [UInt8]) {
    self.width = width
    self.height = height
    pixels = packed
  }
}
