/// A reader of the Java Object Serialization stream format (Java Object Serialization
/// Specification §6.4), limited to what FreeOTP 2 backups hold: one `java.util.HashMap` whose keys
/// and values are all `String`s. Every read is bounds-checked; anything else is a `Failure`.
struct JavaObjectStream {
  enum Failure: Error, Equatable {
    case truncated
    case malformed(String)
    case unsupported(String)
  }

  private struct Field {
    var type: UInt8
    var name: String
  }

  private struct ClassDescription {
    var name: String
    var flags: UInt8
    var fields: [Field]
    var hasSuperclass: Bool
  }

  /// What a wire handle (§6.4.1 `newHandle`) refers to; only strings can be referred back to.
  private enum Handle {
    case string(String)
    case other
  }

  private static let magic: [UInt8] = [0xAC, 0xED, 0x00, 0x05]
  private static let baseWireHandle: UInt32 = 0x7E_0000
  private static let tcNull: UInt8 = 0x70
  private static let tcReference: UInt8 = 0x71
  private static let tcClassDesc: UInt8 = 0x72
  private static let tcObject: UInt8 = 0x73
  private static let tcString: UInt8 = 0x74
  private static let tcBlockData: UInt8 = 0x77
  private static let tcEndBlockData: UInt8 = 0x78
  private static let tcBlockDataLong: UInt8 = 0x7A
  private static let tcLongString: UInt8 = 0x7C
  private static let scWriteMethod: UInt8 = 0x01
  private static let scSerializable: UInt8 = 0x02

  private let bytes: [UInt8]
  private var offset = 0
  private var handles: [Handle] = []

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether `bytes` start like a serialised `java.util.HashMap`.
  static func looksLikeHashMap(_ bytes: [UInt8]) -> Bool {
    let className = Array("java.util.HashMap".utf8)
    let header = magic + [tcObject, tcClassDesc, 0x00, UInt8(className.count)] + className
    return bytes.starts(with: header)
  }

  /// The entries of the serialised `HashMap<String, String>`, in stream order.
  static func stringMap(_ bytes: [UInt8]) throws(Failure) -> [(key: String, value: String)] {
    var reader = JavaObjectStream(bytes)
    return try reader.readStringMap()
  }

  private mutating func readStringMap() throws(Failure) -> [(key: String, value: String)] {
    guard try take(4) == Self.magic else { throw .malformed("no Java serialisation header") }
    guard try byte() == Self.tcObject else { throw .unsupported("the stream does not start with an object") }
    guard let description = try classDescription(depth: 0) else {
      throw .malformed("an object without a class")
    }
    guard description.name == "java.util.HashMap" else {
      throw .unsupported("the object is a \(description.name), not a java.util.HashMap")
    }
    guard !description.hasSuperclass else { throw .unsupported("a HashMap with a serialisable superclass") }
    guard description.flags & Self.scSerializable != 0, description.flags & Self.scWriteMethod != 0 else {
      throw .malformed("the HashMap class description lacks its writeObject flag")
    }
    handles.append(.other)
    for field in description.fields { try skipValue(of: field) }
    var block: [UInt8] = []
    var objects: [String?] = []
    annotation: while true {
      let tag = try byte()
      switch tag {
      case Self.tcEndBlockData: break annotation
      case Self.tcBlockData: block += try take(Int(try byte()))
      case Self.tcBlockDataLong:
        let length = try uint32()
        guard length <= Int32.max else { throw .malformed("a negative block length") }
        block += try take(Int(length))
      default: objects.append(try stringObject(tag: tag))
      }
    }
    guard block.count >= 8 else { throw .malformed("the HashMap's size is missing") }
    let size = block[4..<8].reduce(0) { $0 << 8 | Int($1) }
    guard size <= Int32.max, size * 2 == objects.count else {
      throw .malformed("the HashMap's size does not match its entries")
    }
    var entries: [(key: String, value: String)] = []
    entries.reserveCapacity(size)
    for index in stride(from: 0, to: objects.count, by: 2) {
      guard let key = objects[index], let value = objects[index + 1] else {
        throw .unsupported("a null key or value")
      }
      entries.append((key, value))
    }
    return entries
  }

  /// §6.4.2 `classDesc`: nil for `TC_NULL`.
  private mutating func classDescription(depth: Int) throws(Failure) -> ClassDescription? {
    guard depth < 8 else { throw .unsupported("a class hierarchy deeper than 8") }
    let tag = try byte()
    if tag == Self.tcNull { return nil }
    guard tag == Self.tcClassDesc else {
      throw .unsupported(tag == Self.tcReference ? "a shared class description" : "a proxy or unknown class")
    }
    handles.append(.other)
    let name = try utf()
    try skip(8)  // serialVersionUID
    let flags = try byte()
    let count = try uint16()
    var fields: [Field] = []
    for _ in 0..<count {
      let type = try byte()
      let fieldName = try utf()
      switch type {
      case UInt8(ascii: "L"), UInt8(ascii: "["): _ = try stringObject(tag: try byte())
      case _ where Self.primitiveSize(type) != nil: break
      default: throw .malformed("a field of unknown type")
      }
      fields.append(Field(type: type, name: fieldName))
    }
    try skipClassAnnotation()
    let superclass = try classDescription(depth: depth + 1)
    return ClassDescription(name: name, flags: flags, fields: fields, hasSuperclass: superclass != nil)
  }

  private mutating func skipClassAnnotation() throws(Failure) {
    while true {
      switch try byte() {
      case Self.tcEndBlockData: return
      case Self.tcBlockData: try skip(Int(try byte()))
      default: throw .unsupported("objects in a class annotation")
      }
    }
  }

  private mutating func skipValue(of field: Field) throws(Failure) {
    if let size = Self.primitiveSize(field.type) {
      try skip(size)
    } else {
      _ = try stringObject(tag: try byte())
    }
  }

  private static func primitiveSize(_ type: UInt8) -> Int? {
    switch type {
    case UInt8(ascii: "B"), UInt8(ascii: "Z"): 1
    case UInt8(ascii: "C"), UInt8(ascii: "S"): 2
    case UInt8(ascii: "F"), UInt8(ascii: "I"): 4
    case UInt8(ascii: "D"), UInt8(ascii: "J"): 8
    default: nil
    }
  }

  /// A `String` object, `null`, or a back-reference to a string read before.
  private mutating func stringObject(tag: UInt8) throws(Failure) -> String? {
    switch tag {
    case Self.tcNull: return nil
    case Self.tcString:
      let text = try utf()
      handles.append(.string(text))
      return text
    case Self.tcLongString:
      let high = try uint32()
      let low = try uint32()
      guard high == 0, low <= Int32.max else { throw .truncated }
      let text = try Self.modifiedUTF8(try take(Int(low)))
      handles.append(.string(text))
      return text
    case Self.tcReference:
      let handle = try uint32()
      guard handle >= Self.baseWireHandle, handle - Self.baseWireHandle < handles.count,
        case .string(let text) = handles[Int(handle - Self.baseWireHandle)]
      else { throw .malformed("a reference to something other than a string") }
      return text
    default: throw .unsupported("an object other than a string")
    }
  }

  /// Java's modified UTF-8 (`DataInput.readUTF`): UTF-16 code units in one to three bytes.
  static func modifiedUTF8(_ bytes: [UInt8]) throws(Failure) -> String {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count)
    var index = 0
    func continuation(_ position: Int) throws(Failure) -> UInt16 {
      guard position < bytes.count, bytes[position] & 0xC0 == 0x80 else {
        throw .malformed("a string that is not modified UTF-8")
      }
      return UInt16(bytes[position] & 0x3F)
    }
    while index < bytes.count {
      let lead = bytes[index]
      if lead & 0x80 == 0 {
        units.append(UInt16(lead))
        index += 1
      } else if lead & 0xE0 == 0xC0 {
        units.append(UInt16(lead & 0x1F) << 6 | (try continuation(index + 1)))
        index += 2
      } else if lead & 0xF0 == 0xE0 {
        let middle = try continuation(index + 1)
        units.append(UInt16(lead & 0x0F) << 12 | middle << 6 | (try continuation(index + 2)))
        index += 3
      } else {
        throw .malformed("a string that is not modified UTF-8")
      }
    }
    return String(decoding: units, as: UTF16.self)
  }

  private mutating func utf() throws(Failure) -> String {
    try Self.modifiedUTF8(try take(try uint16()))
  }

  private mutating func byte() throws(Failure) -> UInt8 {
    guard offset < bytes.count else { throw .truncated }
    defer { offset += 1 }
    return bytes[offset]
  }

  private mutating func uint16() throws(Failure) -> Int {
    try take(2).reduce(0) { $0 << 8 | Int($1) }
  }

  private mutating func uint32() throws(Failure) -> UInt32 {
    try take(4).reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// Moves past `count` bytes without copying them. (Discarding `take`'s array instead was
  /// miscompiled by Swift 6.3 in release builds: the copy was written after the array was freed,
  /// found by fuzzing with AddressSanitizer and confirmed with valgrind on the release binary.)
  private mutating func skip(_ count: Int) throws(Failure) {
    guard count >= 0, count <= bytes.count - offset else { throw .truncated }
    offset += count
  }

  private mutating func take(_ count: Int) throws(Failure) -> [UInt8] {
    guard count >= 0, count <= bytes.count - offset else { throw .truncated }
    defer { offset += count }
    return Array(bytes[offset..<offset + count])
  }
}

extension JavaObjectStream.Failure: CustomStringConvertible {
  var description: String {
    switch self {
    case .truncated: "the stream ends early"
    case .malformed(let what): "malformed stream: \(what)"
    case .unsupported(let what): "unsupported content: \(what)"
    }
  }
}
