import Domain
import OTP
import TestSupport

/// One step of a simulated history of devices syncing through Syncthing (and a phone writing
/// Aegis backups). A history is data, so a failing one can be shortened and printed.
enum SimulatedStep: Equatable, CustomStringConvertible {
  /// A field edit and its value.
  enum Edit: Equatable, CustomStringConvertible {
    case label(String)
    case note(String)
    case favorite(Bool)
    case groups([String])

    var field: String {
      switch self {
      case .label: "label"
      case .note: "note"
      case .favorite: "favorite"
      case .groups: "groups"
      }
    }

    var description: String {
      switch self {
      case .label(let value): "label=\(value)"
      case .note(let value): "note=\(value)"
      case .favorite(let value): "favorite=\(value)"
      case .groups(let value): "groups=\(value)"
      }
    }
  }

  /// The devices are cut into these groups.
  case partition([[Int]])
  /// A device adds account N.
  case add(Int, Int)
  /// A device edits account N.
  case edit(Int, Int, Edit)
  /// A device removes account N.
  case remove(Int, Int)
  /// A device syncs.
  case sync(Int)
  /// The phone adds account N and writes a backup.
  case phoneAdd(Int)
  /// The phone edits account N's note and writes a backup.
  case phoneNote(Int, String)
  /// The phone removes account N and writes a backup.
  case phoneRemove(Int)
  /// Everything connects, every device syncs until nothing changes, and the invariants are checked.
  case converge

  /// Whether the step marks a round (a partition or a convergence), which shortening keeps.
  var isRound: Bool {
    switch self {
    case .partition, .converge: true
    default: false
    }
  }

  var description: String {
    switch self {
    case .partition(let groups): "partition \(groups)"
    case .add(let device, let account): "device \(device) adds #\(account)"
    case .edit(let device, let account, let edit): "device \(device) edits #\(account) \(edit)"
    case .remove(let device, let account): "device \(device) removes #\(account)"
    case .sync(let device): "device \(device) syncs"
    case .phoneAdd(let account): "phone adds #\(account), backs up"
    case .phoneNote(let account, let note): "phone sets #\(account) note=\(note), backs up"
    case .phoneRemove(let account): "phone removes #\(account), backs up"
    case .converge: "converge and check"
    }
  }
}

/// A simulated history: how many devices, whether a phone writes backups, and the steps.
struct SimulatedHistory: CustomStringConvertible {
  var devices: Int
  var phone: Bool
  var backupsFirst: Bool
  var steps: [SimulatedStep]

  var description: String {
    "\(devices) devices\(phone ? " and a phone" : ""):\n"
      + steps.map { "  \($0)" }.joined(separator: "\n")
  }

  /// A random history of `rounds` rounds from `seed`: each round cuts the devices apart, makes
  /// each device change 1 to 3 things (each account touched by one device a round, but for a
  /// deliberate conflict on one note), with syncs in between, and converges.
  static func random(seed: UInt64, rounds: Int = 4) -> SimulatedHistory {
    var random = SplitMix64(seed: seed)
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    let devices = 2 + Int(seed % 3)
    var history = SimulatedHistory(
      devices: devices, phone: chance(50), backupsFirst: chance(50), steps: [])
    var next = 0
    var alive: [Int] = []
    var phoneAccounts: Set<Int> = []
    var desktopTouched: Set<Int> = []
    for _ in 0..<2 {
      next += 1
      history.steps.append(.add(0, next))
      alive.append(next)
    }
    history.steps += (0..<devices).map { .sync($0) } + [.converge]
    for _ in 0..<rounds {
      var order = Array(0..<devices)
      order.shuffle(using: &random)
      let cut = Int.random(in: 1..<devices, using: &random)
      let groups =
        devices > 2 && chance(40)
        ? order.map { [$0] } : [Array(order[..<cut]).sorted(), Array(order[cut...]).sorted()]
      history.steps.append(.partition(groups))
      var owner: [Int: Int] = [:]
      if let account = alive.filter({ !phoneAccounts.contains($0) }).randomElement(using: &random),
        chance(40)
      {
        let pair = Array(order.prefix(2))
        for device in pair {
          next += 1
          history.steps.append(.edit(device, account, .note("conflict \(device) \(next)")))
        }
        owner[account] = -2
      }
      if history.phone, chance(60) {
        let mine = alive.filter { phoneAccounts.contains($0) && owner[$0] == nil }
        let pick = Int.random(in: 0..<3, using: &random)
        if pick == 0 || mine.isEmpty {
          next += 1
          history.steps.append(.phoneAdd(next))
          phoneAccounts.insert(next)
          alive.append(next)
          owner[next] = -1
        } else if let account = mine.randomElement(using: &random) {
          owner[account] = -1
          if pick == 1 || desktopTouched.contains(account) {
            history.steps.append(.phoneNote(account, "phone \(next)"))
          } else {
            history.steps.append(.phoneRemove(account))
            alive.removeAll { $0 == account }
          }
        }
      }
      for device in order {
        let operations = Int.random(in: 1...3, using: &random)
        // Two devices: any number of syncs while apart. More: mostly one, as the last step,
        // and in a third of the rounds any number (then the device's changes after its first
        // sync may come back as conflicts, which sync.md allows; never as a lost account).
        let syncs: Set<Int> =
          devices == 2 || chance(33)
          ? Set((1...operations).filter { _ in chance(50) })
          : (chance(70) ? [operations] : [])
        for step in 0...operations {
          if syncs.contains(step) { history.steps.append(.sync(device)) }
          if step == operations { break }
          let mine = alive.filter { owner[$0, default: device] == device }
          let kind = mine.isEmpty ? 0 : Int.random(in: 0..<4, using: &random)
          if kind == 0 {
            next += 1
            history.steps.append(.add(device, next))
            alive.append(next)
            owner[next] = device
            continue
          }
          let account = mine.randomElement(using: &random)!
          owner[account] = device
          desktopTouched.insert(account)
          if kind == 3, !phoneAccounts.contains(account) {
            history.steps.append(.remove(device, account))
            alive.removeAll { $0 == account }
            continue
          }
          let edit: SimulatedStep.Edit
          switch Int.random(in: 0..<(phoneAccounts.contains(account) ? 3 : 4), using: &random) {
          case 0: edit = .label("label \(device) \(next)")
          case 1: edit = .favorite(chance(50))
          case 2:
            edit = .groups(
              ["Work", "Home", "Bank"].filter { _ in chance(40) }.sorted())
          default: edit = .note("note \(device) \(next)")
          }
          next += 1
          history.steps.append(.edit(device, account, edit))
        }
      }
      history.steps.append(.converge)
    }
    return history
  }
}
