import CSQLite
import Crypto
import Domain

/// A SQLite database read from bytes held in memory (`sqlite3_deserialize`, read-only): the file
/// never touches the disk, and the copy SQLite reads is zeroed when the database is closed. Used
/// by the app-database importers (Stratum internal, Google and Microsoft Authenticator).
final class SQLiteDatabase {
  /// Why the bytes cannot be read as a database; never holds their content.
  enum Failure: Error, Equatable {
    /// The bytes do not start with SQLite's header.
    case notDatabase
    /// SQLite refused the file or a query; the text is SQLite's message.
    case unreadable(String)
  }

  /// One row of a result: the columns by name.
  struct Row {
    fileprivate var values: [String: Value]

    /// Text of the column (integers written in decimal), nil when absent or NULL.
    func text(_ column: String) -> String? {
      switch values[column] {
      case .text(let text)?: text
      case .integer(let number)?: String(number)
      default: nil
      }
    }

    /// The column as an integer (also from decimal text), nil when absent, NULL or not a number.
    func integer(_ column: String) -> Int64? {
      switch values[column] {
      case .integer(let number)?: number
      case .text(let text)?: Int64(text)
      default: nil
      }
    }

    /// Whether the row has the column at all.
    func has(_ column: String) -> Bool { values[column] != nil }
  }

  fileprivate enum Value {
    case null
    case integer(Int64)
    case text(String)
    case other
  }

  /// The 16 bytes every SQLite 3 database starts with.
  static let header: [UInt8] = Array("SQLite format 3".utf8) + [0]

  private let handle: OpaquePointer
  private let buffer: UnsafeMutableBufferPointer<UInt8>

  /// Whether `bytes` start with SQLite's header.
  static func looksLikeDatabase(_ bytes: [UInt8]) -> Bool { bytes.starts(with: header) }

  /// Opens `bytes` read-only in memory.
  init(_ bytes: [UInt8]) throws(Failure) {
    guard Self.looksLikeDatabase(bytes) else { throw .notDatabase }
    var connection: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY
    guard sqlite3_open_v2(":memory:", &connection, flags, nil) == SQLITE_OK, let connection else {
      sqlite3_close_v2(connection)
      throw .unreadable("SQLite cannot open an in-memory database")
    }
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = copy.initialize(from: bytes)
    // Apps' databases are often in WAL mode (header bytes 18–19 = 2), which an in-memory
    // database cannot open; without the -wal file there is nothing more to read than the main
    // file, so read it as a rollback-journal database (1).
    if bytes.count > 19, copy[18] == 2 || copy[19] == 2 { (copy[18], copy[19]) = (1, 1) }
    let status = sqlite3_deserialize(
      connection, "main", copy.baseAddress, Int64(bytes.count), Int64(bytes.count),
      UInt32(SQLITE_DESERIALIZE_READONLY))
    handle = connection
    buffer = copy
    guard status == SQLITE_OK else { throw .unreadable(message()) }
    // A file's schema may hold views and triggers: let them call no function with side effects.
    sqlite3_exec(connection, "PRAGMA trusted_schema = OFF", nil, nil, nil)
    _ = try rows("SELECT count(*) FROM sqlite_master")
  }

  deinit {
    sqlite3_close_v2(handle)
    wipe(UnsafeMutableRawBufferPointer(buffer))
    buffer.deallocate()
  }

  /// The column names of `table`, or nil when the database has no such table.
  func columns(of table: String) -> Set<String>? {
    guard let tables = try? rows("SELECT name FROM sqlite_master WHERE type = 'table'"),
      tables.contains(where: { $0.text("name") == table }),
      let columns = try? rows("SELECT name FROM pragma_table_info('\(table)')")
    else { return nil }
    return Set(columns.compactMap { $0.text("name") })
  }

  /// Every row of the table `table`, in storage order.
  func rows(of table: String) throws(Failure) -> [Row] {
    try rows("SELECT * FROM \"\(table)\"")
  }

  /// Every row `sql` returns.
  func rows(_ sql: String) throws(Failure) -> [Row] {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw .unreadable(message())
    }
    defer { sqlite3_finalize(statement) }
    let count = sqlite3_column_count(statement)
    let names = (0..<count).map { sqlite3_column_name(statement, $0).map { String(cString: $0) } ?? "" }
    var rows: [Row] = []
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return rows }
      guard status == SQLITE_ROW else { throw .unreadable(message()) }
      var values: [String: Value] = [:]
      for (index, name) in zip(Int32(0)..., names) where values[name] == nil {
        values[name] = Self.value(statement, index)
      }
      rows.append(Row(values: values))
    }
  }

  private static func value(_ statement: OpaquePointer, _ index: Int32) -> Value {
    switch sqlite3_column_type(statement, index) {
    case SQLITE_NULL: return .null
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
    case SQLITE_TEXT:
      let length = Int(sqlite3_column_bytes(statement, index))
      guard let text = sqlite3_column_text(statement, index) else { return .text("") }
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
    default: return .other
    }
  }

  private func message() -> String {
    sqlite3_errmsg(handle).map { String(cString: $0) } ?? "unknown SQLite error"
  }
}

extension SQLiteDatabase {
  /// Whether `bytes` are a SQLite database whose `table` has at least `columns`.
  static func has(table: String, columns: Set<String>, in bytes: [UInt8]) -> Bool {
    guard looksLikeDatabase(bytes), let database = try? SQLiteDatabase(bytes) else { return false }
    return database.columns(of: table)?.isSuperset(of: columns) ?? false
  }

  /// The rows of `table` in an app's database file, with import errors naming `app`.
  static func rows(
    of table: String, columns: Set<String>, in file: ImportFile, app: String
  ) throws(ImportError) -> [Row] {
    guard !file.bytes.isEmpty else { throw .empty }
    guard looksLikeDatabase(file.bytes) else {
      throw .unrecognized("\(file.name) is not a \(app) database: it is not a SQLite file")
    }
    let database: SQLiteDatabase
    do throws(Failure) {
      database = try SQLiteDatabase(file.bytes)
    } catch {
      throw damaged(error, app: app)
    }
    guard let found = database.columns(of: table), found.isSuperset(of: columns) else {
      throw .unrecognized(
        "\(file.name) is not a \(app) database: it has no '\(table)' table as that app writes it")
    }
    do throws(Failure) {
      return try database.rows(of: table)
    } catch {
      throw damaged(error, app: app)
    }
  }

  private static func damaged(_ failure: Failure, app: String) -> ImportError {
    switch failure {
    case .notDatabase: .damaged("the \(app) database has no SQLite header")
    case .unreadable(let reason): .damaged("the \(app) database cannot be read: \(reason)")
    }
  }
}
