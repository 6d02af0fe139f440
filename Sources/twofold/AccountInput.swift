import Arguments
import Domain
import Infrastructure
import OTP

/// The account `add` describes: a Key URI, fields, or (on a terminal with neither) answers to questions.
struct AccountInput {
  let arguments: ParsedArguments

  private static let fieldOptions = [
    "issuer", "name", "secret", "type", "algorithm", "digits", "period", "counter", "pin",
  ]

  func newAccount() throws(CommandFailure) -> NewAccount {
    let givenFields = Self.fieldOptions.filter { arguments.value($0) != nil }
    var new: NewAccount
    if let uri = arguments.value("uri") {
      guard givenFields.isEmpty else {
        throw .usage("give either --uri or fields (--\(givenFields[0])), not both")
      }
      do {
        new = NewAccount(try KeyURI(parsing: uri))
      } catch {
        throw .usage(error.description)
      }
    } else {
      var draft = givenFields.isEmpty ? try askForDraft() : try draftFromFields()
      draft.note = arguments.value("note") ?? ""
      do {
        new = try draft.newAccount()
      } catch {
        if case .invalidField(let field, let message) = error {
          throw .usage("--\(field.rawValue): \(message)")
        }
        throw .usage("the account is not valid")
      }
    }
    if let note = arguments.value("note") { new.note = note }
    if arguments.has("favorite") { new.favorite = true }
    new.groupNames = arguments.values["group"] ?? []
    return new
  }

  private func draftFromFields() throws(CommandFailure) -> AccountDraft {
    guard arguments.value("secret") != nil else { throw .usage("'add' needs --secret BASE32 (or --uri URI)") }
    guard arguments.value("issuer") != nil || arguments.value("name") != nil else {
      throw .usage("'add' needs --issuer or --name")
    }
    var draft = AccountDraft()
    draft.issuer = arguments.value("issuer") ?? ""
    draft.name = arguments.value("name") ?? ""
    draft.secret = arguments.value("secret") ?? ""
    if let type = arguments.value("type") {
      guard let parsed = OTPType(rawValue: type.lowercased()) else {
        throw .usage("--type must be totp, hotp, steam, motp or yandex, not '\(type)'")
      }
      draft.type = parsed
    }
    draft.algorithm = arguments.value("algorithm") ?? ""
    draft.digits = arguments.value("digits") ?? ""
    draft.period = arguments.value("period") ?? ""
    draft.counter = arguments.value("counter") ?? ""
    draft.pin = arguments.value("pin") ?? ""
    if draft.type == .hotp && draft.counter.isEmpty { draft.counter = "0" }
    return draft
  }

  private func askForDraft() throws(CommandFailure) -> AccountDraft {
    guard TerminalPrompt.isInteractive, TerminalPrompt.hasTerminal else {
      throw .usage("'add' needs --uri URI, or --secret with --issuer or --name")
    }
    let prompt = TerminalPrompt()
    func ask(_ question: String, secret: Bool = false) -> String {
      prompt.ask(question, secret: secret).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
    var draft = AccountDraft()
    draft.issuer = ask("Issuer (service): ")
    draft.name = ask("Account name: ")
    draft.secret = ask("Secret (Base32, not shown): ", secret: true)
    let type = ask("Type [totp/hotp/steam/motp/yandex] (totp): ").lowercased()
    if !type.isEmpty {
      guard let parsed = OTPType(rawValue: type) else { throw .usage("unknown type '\(type)'") }
      draft.type = parsed
    }
    if draft.type == .hotp { draft.counter = ask("Counter (0): ") }
    if draft.type.needsPIN { draft.pin = ask("PIN (not shown): ", secret: true) }
    return draft
  }
}
