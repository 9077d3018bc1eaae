import CSqlite
import Core

// Every call into SQLite lives in this file. SQLite reports failure as a result code and a message on the
// connection (`sqlite3_errmsg`).

/// A read-only SQLite connection in serialized mode, so the tile workers may share it.
// Unchecked Sendable: the handle is opened with SQLITE_OPEN_FULLMUTEX (SQLite locks every call itself) and is
// written only by `init` and `deinit`, when no other thread can hold the object.
final class SqliteDatabase: @unchecked Sendable {
    let path: String
    private var db: OpaquePointer?

    /// The corresponding C function is `sqlite3_open_v2`.
    init(readOnly path: String) throws {
        self.path = path
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX, nil)
        guard rc == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "result code \(rc)"
            sqlite3_close(handle)
            throw MapError.unreadableFile(path: path, reason: message)
        }
        db = handle
    }

    deinit { sqlite3_close(db) }

    /// A prepared statement; the corresponding C function is `sqlite3_prepare_v2`.
    func prepare(_ sql: String) throws -> SqliteStatement {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(db, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error("prepare \(sql)", rc) }
        return SqliteStatement(stmt, database: self)
    }

    func error(_ what: String, _ rc: Int32) -> MapError {
        let message = String(cString: sqlite3_errmsg(db))
        return MapError.unreadableFile(path: path, reason: "\(what): \(message) (SQLite code \(rc))")
    }
}

/// One prepared statement. Not shared between threads: each query makes its own.
final class SqliteStatement {
    private let stmt: OpaquePointer
    private let database: SqliteDatabase

    init(_ stmt: OpaquePointer, database: SqliteDatabase) {
        self.stmt = stmt
        self.database = database
    }

    deinit { sqlite3_finalize(stmt) }

    /// The corresponding C function is `sqlite3_bind_int64`.
    func bind(_ index: Int32, _ value: Int) { sqlite3_bind_int64(stmt, index, sqlite3_int64(value)) }

    /// Advances to the next row: true for a row, false when done. The corresponding C function is `sqlite3_step`.
    func step() throws -> Bool {
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw database.error("step", rc)
    }

    /// The corresponding C functions are `sqlite3_column_blob` and `sqlite3_column_bytes`.
    func blob(_ column: Int32) -> [UInt8]? {
        guard sqlite3_column_type(stmt, column) != SQLITE_NULL else { return nil }
        let n = Int(sqlite3_column_bytes(stmt, column))
        guard n > 0, let p = sqlite3_column_blob(stmt, column) else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: p, count: n))
    }

    /// The corresponding C function is `sqlite3_column_text`.
    func text(_ column: Int32) -> String? {
        guard let p = sqlite3_column_text(stmt, column) else { return nil }
        return String(cString: p)
    }
}
