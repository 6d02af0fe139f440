import Crypto
import Foundation
import YKOATH

/// The YKOATH applet in memory, as a YubiKey answers (YKOATH specification): enough of it for
/// the session's tables. Answers longer than `chunkSize` come in parts behind `61xx`.
final class FakeOATHCard: SmartCardConnection, @unchecked Sendable {
  struct Credential: Equatable {
    var name: [UInt8]
    var kind: OATHKind
    var digits: UInt8
    var key: [UInt8]
    var touch: Bool
    var counter: UInt64
  }

  private let lock = NSLock()
  private var state: State

  private struct State {
    var credentials: [Credential] = []
    var version: [UInt8]
    var salt: [UInt8] = [9, 8, 7, 6, 5, 4, 3, 2]
    var accessKey: [UInt8]?
    var cardChallenge: [UInt8]?
    var selected = false
    var managementSelected = false
    var serial: UInt32?
    var hasOATH = true
    var unlocked = false
    var remaining: [UInt8] = []
    var draws: UInt8 = 0
    var instructions: [UInt8] = []
    var disconnected = false
    var touchGiven = true
    var answersValidateWrongly = false
  }

  /// The most data one response carries before `61xx`.
  let chunkSize: Int

  init(version: [UInt8] = [5, 4, 3], chunkSize: Int = 255, password: String? = nil, serial: UInt32? = nil) {
    self.chunkSize = chunkSize
    state = State(version: version)
    state.serial = serial
    if let password {
      state.accessKey = try! AccessKey(password: password, salt: state.salt).bytes
    }
  }

  /// A card without the OATH applet (every SELECT of it is refused).
  static func notOATH() -> FakeOATHCard {
    let card = FakeOATHCard()
    card.lock.withLock { card.state.hasOATH = false }
    return card
  }

  /// The credentials on the card, in the order they were put.
  var credentials: [Credential] { lock.withLock { state.credentials } }
  /// Every instruction received, in order.
  var instructions: [UInt8] { lock.withLock { state.instructions } }
  /// Whether `disconnect` was called.
  var disconnected: Bool { lock.withLock { state.disconnected } }
  /// Whether a touch comes when a touch credential is calculated.
  func setTouchGiven(_ given: Bool) { lock.withLock { state.touchGiven = given } }
  /// Whether the card answers VALIDATE's challenge with a wrong response.
  func setAnswersValidateWrongly(_ wrong: Bool) { lock.withLock { state.answersValidateWrongly = wrong } }

  func disconnect() { lock.withLock { state.disconnected = true } }

  func transmit(_ command: [UInt8]) throws(SmartCardError) -> [UInt8] {
    lock.withLock {
      guard command.count >= 5, command.count == 5 + Int(command[4]) else { return [0x67, 0x00] }
      let (ins, p1, p2) = (command[1], command[2], command[3])
      state.instructions.append(ins)
      let data = Array(command[5...])
      if ins == OATH.Instruction.sendRemaining { return chunk() }
      let (answer, status) = handle(ins: ins, p1: p1, p2: p2, data: data)
      guard status == OATH.Status.ok else { return [UInt8(status >> 8), UInt8(status & 0xFF)] }
      state.remaining = answer
      return chunk()
    }
  }

  private func chunk() -> [UInt8] {
    let part = Array(state.remaining.prefix(chunkSize))
    state.remaining.removeFirst(part.count)
    if state.remaining.isEmpty { return part + [0x90, 0x00] }
    return part + [0x61, UInt8(min(state.remaining.count, 0xFF))]
  }

  private func draw() -> [UInt8] {
    state.draws &+= 1
    return (0..<8).map { state.draws &+ UInt8($0) }
  }

  private func handle(ins: UInt8, p1: UInt8, p2: UInt8, data: [UInt8]) -> ([UInt8], UInt16) {
    if ins == OATH.Instruction.select && p1 == 0x04 {
      state.selected = false
      state.managementSelected = false
      if data == KeyInventory.managementAID && state.serial != nil {
        state.managementSelected = true
        return (Array("5.4.3".utf8), OATH.Status.ok)
      }
      guard data == OATH.aid, state.hasOATH else { return ([], OATH.Status.fileNotFound) }
      state.selected = true
      state.unlocked = state.accessKey == nil
      var answer = TLV(0x79, state.version).bytes + TLV(0x71, state.salt).bytes
      if state.accessKey != nil {
        let challenge = draw()
        state.cardChallenge = challenge
        answer += TLV(0x74, challenge).bytes + TLV(0x7B, [0x01]).bytes
      }
      return (answer, OATH.Status.ok)
    }
    if state.managementSelected, ins == 0x1D, let serial = state.serial {
      let config = TLV(0x02, [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: serial >> $0) }).bytes
      return ([UInt8(config.count)] + config, OATH.Status.ok)
    }
    guard state.selected else { return ([], OATH.Status.insNotSupported) }
    if ins == OATH.Instruction.validate { return validate(data) }
    guard state.unlocked else { return ([], OATH.Status.authenticationRequired) }
    let tlvs = (try? TLV.parse(data)) ?? []
    switch ins {
    case OATH.Instruction.list:
      return (state.credentials.flatMap { TLV(0x72, [$0.kind.byte] + $0.name).bytes }, OATH.Status.ok)
    case OATH.Instruction.put: return put(data)
    case OATH.Instruction.delete:
      guard let index = index(tlvs.value(0x71)) else { return ([], OATH.Status.noSuchObject) }
      state.credentials.remove(at: index)
      return ([], OATH.Status.ok)
    case OATH.Instruction.rename:
      guard state.version.lexicographicallyPrecedes([5, 3, 1]) == false else {
        return ([], OATH.Status.insNotSupported)
      }
      let names = tlvs.filter { $0.tag == 0x71 }.map(\.value)
      guard names.count == 2, let index = index(names[0]) else { return ([], OATH.Status.noSuchObject) }
      guard self.index(names[1]) == nil else { return ([], OATH.Status.genericError) }
      state.credentials[index].name = names[1]
      return ([], OATH.Status.ok)
    case OATH.Instruction.calculate:
      guard let index = index(tlvs.value(0x71)), let challenge = tlvs.value(0x74) else {
        return ([], OATH.Status.noSuchObject)
      }
      if state.credentials[index].touch && !state.touchGiven { return ([], 0x6985) }
      return (calculate(index, challenge: challenge, truncated: p2 == 1), OATH.Status.ok)
    case OATH.Instruction.calculateAll:
      guard let challenge = tlvs.value(0x74) else { return ([], OATH.Status.wrongSyntax) }
      var answer: [UInt8] = []
      for (index, credential) in state.credentials.enumerated() {
        answer += TLV(0x71, credential.name).bytes
        if credential.touch {
          answer += TLV(0x7C, [credential.digits]).bytes
        } else if credential.kind.type == .hotp {
          answer += TLV(0x77, [credential.digits]).bytes
        } else {
          answer += calculate(index, challenge: challenge, truncated: p2 == 1)
        }
      }
      return (answer, OATH.Status.ok)
    case OATH.Instruction.setCode: return setCode(tlvs)
    default: return ([], OATH.Status.insNotSupported)
    }
  }

  private func index(_ name: [UInt8]?) -> Int? {
    state.credentials.firstIndex { $0.name == name }
  }

  private func calculate(_ index: Int, challenge: [UInt8], truncated: Bool) -> [UInt8] {
    let credential = state.credentials[index]
    var message = challenge
    if credential.kind.type == .hotp {
      message = (0..<8).map { UInt8(truncatingIfNeeded: credential.counter >> (56 - 8 * UInt64($0))) }
      state.credentials[index].counter += 1
    }
    let algorithm: DigestAlgorithm =
      switch credential.kind.algorithm {
      case .sha1: .sha1
      case .sha256: .sha256
      case .sha512: .sha512
      }
    let mac = HMAC.authenticate(algorithm, key: credential.key, message: message)
    guard truncated else { return TLV(0x75, [credential.digits] + mac).bytes }
    let offset = Int(mac[mac.count - 1] & 0x0F)
    return TLV(0x76, [credential.digits] + mac[offset..<offset + 4]).bytes
  }

  /// PUT's data: TLVs, except the property `78 PP`, which has no length.
  private func put(_ data: [UInt8]) -> ([UInt8], UInt16) {
    var (index, name, key, touch, counter) = (0, [UInt8]?.none, [UInt8]?.none, false, UInt64(0))
    while index + 1 < data.count {
      let tag = data[index]
      if tag == 0x78 {
        touch = data[index + 1] & OATH.requireTouch != 0
        index += 2
        continue
      }
      let length = Int(data[index + 1])
      guard index + 2 + length <= data.count else { return ([], OATH.Status.wrongSyntax) }
      let value = Array(data[index + 2..<index + 2 + length])
      switch tag {
      case 0x71: name = value
      case 0x73: key = value
      case 0x7A: counter = value.reduce(0) { $0 << 8 | UInt64($1) }
      default: return ([], OATH.Status.wrongSyntax)
      }
      index += 2 + length
    }
    guard let name, let key, key.count >= 2, let kind = OATHKind(byte: key[0]) else {
      return ([], OATH.Status.wrongSyntax)
    }
    let credential = Credential(
      name: name, kind: kind, digits: key[1], key: Array(key[2...]), touch: touch, counter: counter)
    if let existing = self.index(name) {
      state.credentials[existing] = credential
    } else {
      guard state.credentials.count < 32 else { return ([], OATH.Status.noSpace) }
      state.credentials.append(credential)
    }
    return ([], OATH.Status.ok)
  }

  private func validate(_ data: [UInt8]) -> ([UInt8], UInt16) {
    guard let tlvs = try? TLV.parse(data), let response = tlvs.value(0x75), let theirs = tlvs.value(0x74),
      let key = state.accessKey, let challenge = state.cardChallenge
    else { return ([], OATH.Status.wrongSyntax) }
    guard response == HMAC.authenticate(.sha1, key: key, message: challenge) else {
      return ([], OATH.Status.noSuchObject)
    }
    state.unlocked = true
    let answerKey = state.answersValidateWrongly ? key.map { $0 ^ 1 } : key
    return (TLV(0x75, HMAC.authenticate(.sha1, key: answerKey, message: theirs)).bytes, OATH.Status.ok)
  }

  private func setCode(_ tlvs: [TLV]) -> ([UInt8], UInt16) {
    guard let key = tlvs.value(0x73) else { return ([], OATH.Status.wrongSyntax) }
    if key.isEmpty {
      state.accessKey = nil
    } else {
      guard key.count == 17, let challenge = tlvs.value(0x74), let response = tlvs.value(0x75),
        response == HMAC.authenticate(.sha1, key: Array(key[1...]), message: challenge)
      else { return ([], OATH.Status.wrongSyntax) }
      state.accessKey = Array(key[1...])
    }
    // The salt stays: the host derives the access key from it, so a key set now must unlock
    // with the salt the next SELECT gives (only RESET draws a new one).
    return ([], OATH.Status.ok)
  }
}
