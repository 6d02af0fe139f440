import Crypto
import Domain
import OTP

/// The secrets and PINs of one version of a vault's accounts, in one `SecretBytes`: in the
/// agent, locked memory (never swapped out, left out of core dumps), wiped when the last
/// reference goes (the agent locks the vault, its lease runs out, or a newer version of the file
/// is read). One buffer for all, so a large vault is one allocation, not one per account.
struct HeldSecrets: Sendable {
  /// Where one account's secret and PIN are in `bytes`.
  private struct Place {
    var secret: Range<Int>
    var pin: Range<Int>
  }

  /// The buffer, for tests that watch it go.
  let bytes: SecretBytes
  private let places: [Place]

  /// Moves the secrets and PINs of `accounts` into one buffer from `allocate` and leaves every
  /// account withheld (`OTPParameters.withoutSecret()`). Each decoded secret array is then
  /// wiped by `wiping` (`wipe(_:)`) once the account has let it go: a buffer the accounts alone
  /// held (a freshly decoded vault's) is zeroed in place; one that a copy elsewhere shares stays
  /// as that copy's owner has it (the wipe zeroes a private copy instead), so value semantics hold.
  init(
    taking accounts: inout [Account],
    allocate: (Int, (UnsafeMutableRawBufferPointer) -> Void) -> SecretBytes = { count, fill in
      SecretBytes(count: count, initializingWith: fill)
    },
    wiping: (inout [UInt8]) -> Void = { wipe(&$0) }
  ) {
    var places: [Place] = []
    places.reserveCapacity(accounts.count)
    var end = 0
    for account in accounts {
      let secret = end..<(end + account.otp.secret.count)
      end = secret.upperBound + (account.otp.pin?.utf8.count ?? 0)
      places.append(Place(secret: secret, pin: secret.upperBound..<end))
    }
    bytes = allocate(end) { target in
      for (account, place) in zip(accounts, places) {
        account.otp.secret.withUnsafeBytes {
          UnsafeMutableRawBufferPointer(rebasing: target[place.secret]).copyMemory(from: $0)
        }
        guard var pin = account.otp.pin else { continue }
        pin.withUTF8 {
          UnsafeMutableRawBufferPointer(rebasing: target[place.pin]).copyMemory(from: .init($0))
        }
      }
    }
    self.places = places
    for index in accounts.indices {
      var decoded = accounts[index].otp.secret
      accounts[index].otp = accounts[index].otp.withoutSecret()
      wiping(&decoded)
    }
  }

  /// The prepared code generator of `account`, the one at `position` of the accounts taken, from
  /// its secret and PIN read in place; or why it has none.
  func generator(at position: Int, for account: Account) -> Result<CodeGenerator, OTPError> {
    let place = places[position]
    return bytes.withUnsafeBytes { all in
      Result { () throws(OTPError) in
        try CodeGenerator(
          account.otp, secret: UnsafeRawBufferPointer(rebasing: all[place.secret]),
          pin: UnsafeRawBufferPointer(rebasing: all[place.pin]))
      }
    }
  }
}
