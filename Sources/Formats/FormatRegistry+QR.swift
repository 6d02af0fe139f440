import Domain

extension FormatRegistry {
  /// `formats` with the `qr` image importer (reading images through `qrDecoder`) placed before
  /// andOTP, which claims opaque binary files, so PNG and JPEG screenshots are detected as images.
  public static func formats(qrDecoder: QRImageDecoder) -> [any AccountImporter] {
    var importers = formats
    let andOTP = importers.firstIndex { $0 is AndOTPImporter } ?? importers.endIndex
    importers.insert(QRImageImporter(decoder: qrDecoder), at: andOTP)
    return importers
  }
}
