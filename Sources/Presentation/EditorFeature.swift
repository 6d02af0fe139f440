import Domain
import OTP

/// Adding (from fields or a pasted Key URI) and editing an account, with the vault's add
/// rules shown next to the field at fault.
public enum EditorFeature {
  /// The form's fields in order.
  public enum Field: String, CaseIterable, Equatable, Sendable {
    case uri, issuer, name, secret, type, algorithm, digits, period, counter, pin, note, groups, favorite

    /// The label shown beside the field.
    public var title: String {
      switch self {
      case .uri: "Key URI"
      case .issuer: "Issuer"
      case .name: "Name"
      case .secret: "Secret"
      case .type: "Type"
      case .algorithm: "Algorithm"
      case .digits: "Digits"
      case .period: "Period"
      case .counter: "Counter"
      case .pin: "PIN"
      case .note: "Note"
      case .groups: "Groups"
      case .favorite: "Favorite"
      }
    }

    /// Whether the field is one rarely changed, kept under "Advanced" (CLI.md "The desktop window").
    public var isAdvanced: Bool {
      switch self {
      case .algorithm, .digits, .period, .counter: true
      default: false
      }
    }

    var accountField: AccountField? {
      switch self {
      case .uri, .groups, .favorite: nil
      case .type: .type
      default: AccountField(rawValue: rawValue)
      }
    }
  }

  /// Where a QR code to read is.
  public enum QRSource: Equatable, Sendable {
    /// On the screen now.
    case screen
    /// In a picture file (PNG or JPEG).
    case imageFile(String)
  }

  /// Add a new account or edit an existing one.
  public enum Mode: Equatable, Sendable {
    case add
    case edit(Account.ID)
  }

  /// What the form shows.
  public struct State: Equatable, Sendable {
    /// Adding or editing.
    public var mode: Mode
    /// The account's fields as typed.
    public var draft = AccountDraft()
    /// A pasted `otpauth://` URI; when set it is used instead of the fields.
    public var uri = ""
    /// Group names, comma-separated.
    public var groups = ""
    /// The focused field.
    public var focus: Field
    /// Messages next to fields: a field's own as soon as it is typed in, every field's after
    /// the first save attempt.
    public var problems: [Field: String] = [:]
    /// A message for the whole form.
    public var message: String?
    /// Whether save was attempted (problems of untouched fields are then shown too).
    public var attempted = false

    /// An empty add form.
    public init() {
      mode = .add
      focus = .uri
    }

    /// An edit form filled from `account`.
    public init(editing account: Account, groupNames: [String]) {
      mode = .edit(account.id)
      draft.issuer = account.issuer
      draft.name = account.name
      draft.note = account.note
      draft.favorite = account.favorite
      draft.type = account.otp.type
      groups = groupNames.joined(separator: ", ")
      focus = .issuer
    }

    /// The fields the form has: editing keeps the secret and code settings as they are.
    public var fields: [Field] {
      switch mode {
      case .edit: return [.issuer, .name, .note, .groups, .favorite]
      case .add:
        var fields: [Field] = [.uri, .issuer, .name, .secret, .type, .algorithm, .digits]
        fields.append(draft.type == .hotp ? .counter : .period)
        if draft.type.needsPIN { fields.append(.pin) }
        return fields + [.note, .groups, .favorite]
      }
    }

    /// The text of a field as a terminal shows it: secrets masked, empty settings named by their default.
    public func text(of field: Field) -> String {
      switch field {
      case .secret, .pin: String(repeating: "•", count: value(of: field).count)
      case .type: draft.type.rawValue
      case .algorithm:
        draft.algorithm.isEmpty ? "default (\(draft.type.defaults.algorithm.rawValue))" : draft.algorithm
      case .digits: draft.digits.isEmpty ? "default (\(draft.type.defaults.digits))" : draft.digits
      case .period: draft.period.isEmpty ? "default (\(draft.type.defaults.period))" : draft.period
      case .counter: draft.counter.isEmpty ? "0" : draft.counter
      case .favorite: draft.favorite ? "yes" : "no"
      default: value(of: field)
      }
    }

    /// The text a field holds as typed (what a toolkit's entry shows; its own entry masks secrets);
    /// empty for the type and favorite, which are choices.
    public func value(of field: Field) -> String {
      switch field {
      case .uri: uri
      case .issuer: draft.issuer
      case .name: draft.name
      case .secret: draft.secret
      case .algorithm: draft.algorithm
      case .digits: draft.digits
      case .period: draft.period
      case .counter: draft.counter
      case .pin: draft.pin
      case .note: draft.note
      case .groups: groups
      case .type, .favorite: ""
      }
    }

    /// Whether Save would be accepted now: the input is complete and valid (a toolkit's Save
    /// button is sensitive only then). Shown problems still appear only after an attempt.
    public var canSave: Bool {
      var checked = self
      EditorFeature.validate(&checked)
      guard checked.problems.isEmpty else { return false }
      switch mode {
      case .edit: return true
      case .add: return !uri.trimmingWhitespace().isEmpty || !draft.secret.isEmpty
      }
    }

    var groupNames: [String] {
      groups.split(separator: ",").map { String($0.trimmingWhitespace()) }.filter { !$0.isEmpty }
    }
  }

  /// What happened.
  public enum Action: Equatable, Sendable {
    case focusMoved(Int)
    case typed(String)
    case backspace
    /// A field's whole text replaced (a toolkit's entry reports its text).
    case fieldChanged(Field, String)
    /// The OTP type chosen from a menu (adding only).
    case typeChosen(OTPType)
    /// The favorite switch set.
    case favoriteChanged(Bool)
    case optionCycled(Int)
    /// Read the Key URI from a QR code (adding only).
    case scanRequested(QRSource)
    /// A QR code held this account; the form shows its Key URI.
    case scanned(NewAccount)
    /// No Key URI was read; the sentence says why.
    case scanFailed(String)
    case submitted
    case saved(Account)
    case failed(DomainError)
    case cancelled
  }

  /// Work to do.
  public enum Effect: Equatable, Sendable {
    case add(NewAccount)
    case edit(Account.ID, EditAccount.Changes)
    case scan(QRSource)
    case navigate(Navigation)
  }

  /// Pure state transition.
  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .focusMoved(let offset):
      let fields = state.fields
      let index = fields.firstIndex(of: state.focus) ?? 0
      state.focus = fields[(index + offset + fields.count) % fields.count]
      return []
    case .typed(let text):
      edit(&state) { $0 += text }
      return []
    case .backspace:
      edit(&state) { if !$0.isEmpty { $0.removeLast() } }
      return []
    case .fieldChanged(let field, let text):
      guard field != .type, field != .favorite else { return [] }
      let focus = state.focus
      state.focus = field
      edit(&state) { $0 = text }
      state.focus = focus
      return []
    case .typeChosen(let type):
      guard state.mode == .add else { return [] }
      state.draft.type = type
      refresh(&state, edited: nil)
      return []
    case .favoriteChanged(let on):
      state.draft.favorite = on
      return []
    case .scanRequested(let source):
      guard state.mode == .add else { return [] }
      state.message = nil
      return [.scan(source)]
    case .scanned(let new):
      state.uri = KeyURI(issuer: new.issuer, name: new.name, parameters: new.otp).string
      state.message = "Read the QR code of \(new.issuer.isEmpty ? new.name : new.issuer)."
      refresh(&state, edited: .uri)
      return []
    case .scanFailed(let message):
      state.message = message
      return []
    case .optionCycled(let offset):
      let before = state.draft
      cycle(&state, by: offset)
      refresh(&state, edited: state.draft == before ? nil : state.focus)
      return []
    case .submitted:
      state.attempted = true
      return submit(&state)
    case .saved:
      return [.navigate(.pop)]
    case .failed(let error):
      if case .invalidField(let field, let message) = error,
        let formField = Field.allCases.first(where: { $0.accountField == field })
      {
        state.problems[formField] = message
      } else {
        state.message = Messages.text(for: error)
      }
      return []
    case .cancelled:
      return [.navigate(.pop)]
    }
  }

  private static func submit(_ state: inout State) -> [Effect] {
    state.message = nil
    switch state.mode {
    case .edit(let id):
      validate(&state)
      guard state.problems.isEmpty else { return [] }
      let changes = EditAccount.Changes(
        issuer: state.draft.issuer, name: state.draft.name, note: state.draft.note,
        favorite: state.draft.favorite, groupNames: state.groupNames)
      return [.edit(id, changes)]
    case .add:
      validate(&state)
      guard state.problems.isEmpty else { return [] }
      if !state.uri.trimmingWhitespace().isEmpty {
        guard var new = try? NewAccount(KeyURI(parsing: state.uri)) else { return [] }
        new.note = state.draft.note
        new.favorite = state.draft.favorite
        new.groupNames = state.groupNames
        return [.add(new)]
      }
      var draft = state.draft
      draft.groupNames = state.groupNames
      guard let new = try? draft.newAccount() else { return [] }
      return [.add(new)]
    }
  }

  private static func validate(_ state: inout State) {
    state.problems = [:]
    if case .edit = state.mode {
      if state.draft.issuer.trimmingWhitespace().isEmpty && state.draft.name.trimmingWhitespace().isEmpty {
        state.problems[.name] = "an issuer or a name is required"
      }
      return
    }
    if !state.uri.trimmingWhitespace().isEmpty {
      do throws(KeyURI.Error) {
        _ = try KeyURI(parsing: state.uri)
      } catch {
        state.problems[.uri] = error.description
      }
      return
    }
    for (field, message) in state.draft.problems {
      if let formField = Field.allCases.first(where: { $0.accountField == field }) {
        state.problems[formField] = message
      }
    }
  }

  private static func edit(_ state: inout State, _ change: (inout String) -> Void) {
    let before = state
    switch state.focus {
    case .uri: change(&state.uri)
    case .issuer: change(&state.draft.issuer)
    case .name: change(&state.draft.name)
    case .secret: change(&state.draft.secret)
    case .algorithm: change(&state.draft.algorithm)
    case .digits: change(&state.draft.digits)
    case .period: change(&state.draft.period)
    case .counter: change(&state.draft.counter)
    case .pin: change(&state.draft.pin)
    case .note: change(&state.draft.note)
    case .groups: change(&state.groups)
    case .type, .favorite: cycle(&state, by: 1)
    }
    // A toolkit reports the text it was given as a change too: that is no edit.
    let changed = state.draft != before.draft || state.uri != before.uri || state.groups != before.groups
    refresh(&state, edited: changed ? state.focus : nil)
  }

  /// Validates again after a change. After a save attempt every problem shows; before, the
  /// `edited` field's own problem (the issuer-or-name one, under the name, for either) appears
  /// or goes, and the problems already shown stay as long as they still hold.
  private static func refresh(_ state: inout State, edited: Field?) {
    var checked = state
    validate(&checked)
    guard !state.attempted else {
      state.problems = checked.problems
      return
    }
    var shown = state.problems.filter { field, _ in checked.problems[field] != nil }
    for field in shown.keys { shown[field] = checked.problems[field] }
    if let edited {
      for field in edited == .issuer ? [.issuer, .name] : [edited] { shown[field] = checked.problems[field] }
    }
    state.problems = shown
  }

  private static func cycle(_ state: inout State, by offset: Int) {
    switch state.focus {
    case .type:
      guard state.mode == .add else { return }
      let types = OTPType.allCases
      let index = types.firstIndex(of: state.draft.type) ?? 0
      state.draft.type = types[(index + offset + types.count) % types.count]
    case .algorithm:
      let names = [""] + state.draft.type.allowedAlgorithms.map(\.rawValue)
      let index = names.firstIndex(of: state.draft.algorithm.uppercased()) ?? 0
      state.draft.algorithm = names[(index + offset + names.count) % names.count]
    case .favorite:
      state.draft.favorite.toggle()
    default:
      return
    }
  }
}
