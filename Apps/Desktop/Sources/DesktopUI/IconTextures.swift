import CAdwaita
import CRsvg

/// Accounts' icons as textures the size of a row's icon, made once per icon and size and kept:
/// PNG and JPEG decoded by GDK (`gdk_texture_new_from_bytes`) and scaled down when larger than
/// twice the size drawn, so a large picture is not kept whole; SVG drawn by librsvg at the size
/// itself. Keyed by the icon's cache key (`AccountIcon.cacheKey`), so accounts sharing an icon share one
/// texture and a changed icon gets a new one. An icon that cannot be drawn is remembered as such
/// (the row shows the issuer's initials instead) and is not tried again.
@MainActor
final class IconTextures {
  /// What a row asks for: the icon's hash and whether it is SVG, and its bytes when it has to be
  /// drawn (read from the account only then, so drawn icons keep no copy of their file).
  struct Source {
    /// Lowercase hex SHA-256 of the MIME type and the bytes (the cache key).
    var hash: String
    /// Whether the bytes are SVG (else PNG or JPEG, which GDK tells apart itself).
    var isSVG: Bool
    /// The image file's bytes.
    var bytes: () -> [UInt8]?
  }

  private struct Key: Hashable {
    var hash: String
    var pixels: Int32
  }

  private var textures: [Key: OpaquePointer] = [:]
  private var failed: Set<Key> = []

  /// The texture of `source` at `pixels` × `pixels` device pixels (its aspect kept inside that
  /// square), or nil when it cannot be drawn. The cache keeps its reference: borrow it only.
  func texture(_ source: Source, pixels: Int32) -> OpaquePointer? {
    let key = Key(hash: source.hash, pixels: pixels)
    if let texture = textures[key] { return texture }
    if failed.contains(key) { return nil }
    let bytes = source.bytes()
    let made = bytes.flatMap {
      source.isSVG ? Self.drawSVG($0, pixels: pixels) : Self.decode($0, pixels: pixels)
    }
    guard let made else {
      failed.insert(key)
      return nil
    }
    textures[key] = made
    return made
  }

  /// How many textures are kept (for tests and the benchmark's reasoning about memory).
  var count: Int { textures.count }

  private static func decode(_ bytes: [UInt8], pixels: Int32) -> OpaquePointer? {
    let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(data) }
    var error: UnsafeMutablePointer<GError>?
    guard let texture = gdk_texture_new_from_bytes(data, &error) else {
      if error != nil { g_error_free(error) }
      return nil
    }
    let width = gdk_texture_get_width(texture)
    let height = gdk_texture_get_height(texture)
    guard width > 2 * pixels || height > 2 * pixels, width > 0, height > 0 else { return texture }
    // Larger than needed: keep a copy at the size drawn, not the whole picture.
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    guard let pixbuf = gdk_pixbuf_get_from_texture(texture) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    let scale = Double(pixels) / Double(max(width, height))
    let scaled = gdk_pixbuf_scale_simple(
      pixbuf, max(1, Int32(Double(width) * scale)), max(1, Int32(Double(height) * scale)), GDK_INTERP_BILINEAR
    )
    guard let scaled else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
    return gdk_texture_new_for_pixbuf(scaled)
  }

  private static func drawSVG(_ bytes: [UInt8], pixels: Int32) -> OpaquePointer? {
    var error: UnsafeMutablePointer<GError>?
    let handle = bytes.withUnsafeBufferPointer {
      rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error)
    }
    guard let handle else {
      if error != nil { g_error_free(error) }
      return nil
    }
    defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixels, pixels) else { return nil }
    defer { cairo_surface_destroy(surface) }
    guard let cairo = cairo_create(surface) else { return nil }
    var viewport = RsvgRectangle(x: 0, y: 0, width: Double(pixels), height: Double(pixels))
    let drawn = rsvg_handle_render_document(handle, cairo, &viewport, &error)
    cairo_destroy(cairo)
    guard drawn != 0, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      if error != nil { g_error_free(error) }
      return nil
    }
    cairo_surface_flush(surface)
    let stride = cairo_image_surface_get_stride(surface)
    guard let pixelData = cairo_image_surface_get_data(surface) else { return nil }
    // Cairo's ARGB32 is premultiplied in native byte order (C's GDK_MEMORY_DEFAULT, a macro);
    // g_bytes_new copies the pixels, so the surface can go.
    #if _endian(little)
      let format = GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
    #else
      let format = GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
    #endif
    let data = g_bytes_new(pixelData, gsize(stride) * gsize(pixels))
    defer { g_bytes_unref(data) }
    return gdk_memory_texture_new(pixels, pixels, format, data, gsize(stride))
  }
}
