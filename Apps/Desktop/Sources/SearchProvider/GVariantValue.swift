import CGio

/// GVariant values built and read without C's variable arguments (`g_variant_new`,
/// `g_variant_get`), which Swift cannot call. Built values are floating: the tuple or reply that
/// takes them owns them.
enum GVariantValue {
  /// A GVariant as C gives it.
  typealias Pointer = OpaquePointer

  /// A string (`s`).
  static func string(_ text: String) -> Pointer { g_variant_new_string(text) }

  /// A tuple of `children`.
  static func tuple(_ children: [Pointer?]) -> Pointer {
    children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
  }

  /// An array of `children`, each of type `element` (given, so an empty array has a type).
  static func array(of element: String, _ children: [Pointer?]) -> Pointer {
    children.withUnsafeBufferPointer {
      g_variant_new_array(twofold_variant_type(element), $0.baseAddress, gsize($0.count))
    }
  }

  /// An array of strings (`as`).
  static func strings(_ texts: [String]) -> Pointer { array(of: "s", texts.map { string($0) }) }

  /// A dictionary of variants (`a{sv}`).
  static func dictionary(_ entries: [(String, Pointer)]) -> Pointer {
    array(of: "{sv}", entries.map { g_variant_new_dict_entry(string($0.0), g_variant_new_variant($0.1)) })
  }

  /// The string `variant` holds (of type `s`).
  static func text(of variant: Pointer) -> String { String(cString: g_variant_get_string(variant, nil)) }

  /// The strings of an `as` (or of any array of strings).
  static func texts(of variant: Pointer) -> [String] {
    (0..<g_variant_n_children(variant)).map { index in
      let child = g_variant_get_child_value(variant, index)!
      defer { g_variant_unref(child) }
      return text(of: child)
    }
  }

  /// Child `index` of a tuple, read by `body` and released afterwards.
  static func child<Result>(_ tuple: Pointer, _ index: Int, _ body: (Pointer) -> Result) -> Result {
    let child = g_variant_get_child_value(tuple, gsize(index))!
    defer { g_variant_unref(child) }
    return body(child)
  }
}
