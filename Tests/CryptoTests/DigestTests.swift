import Crypto
import Testing

@Suite("Digest")
struct DigestTests {
  @Test("SHA-256 of \"abc\" is the FIPS 180-2 value")
  func sha256OfABC() {
    #expect(
      Digest.sha256([UInt8](utf8: "abc"))
        == [UInt8](hex: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
  }

  @Test(
    "Each digest of \"abc\" is its published value",
    arguments: [
      (DigestAlgorithm.md5, "900150983cd24fb0d6963f7d28e17f72"),
      (.sha1, "a9993e364706816aba3e25717850c26c9cd0d89d"),
      (.sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        .sha512,
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
          + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
      ),
    ])
  func digestOfABC(algorithm: DigestAlgorithm, expected: String) {
    #expect(Digest.hash(algorithm, [UInt8](utf8: "abc")) == [UInt8](hex: expected))
  }

  @Test("SHA-256 of the empty message is the published value")
  func sha256OfEmpty() {
    #expect(
      Digest.sha256([UInt8]())
        == [UInt8](hex: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"))
  }
}
