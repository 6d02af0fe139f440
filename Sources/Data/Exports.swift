// The vault's JSON and Base64 live in Codecs, shared with the import formats; Data's users
// (settings files, listings) reach them through Data.
@_exported import Codecs
