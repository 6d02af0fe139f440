import Domain
import Presentation
import Testing

@Suite("Export dialog")
struct ExportFeatureTests {
  typealias Case = ReducerCase<ExportFeature.State, ExportFeature.Action, ExportFeature.Effect>

  static func dialog(
    agent: Bool = false, _ change: (inout ExportFeature.State) -> Void = { _ in }
  ) -> ExportFeature.State {
    var state = ExportFeature.State(needsVaultPassword: agent)
    change(&state)
    return state
  }

  static func ready(_ state: inout ExportFeature.State) {
    state.exportPassword = "export pw"
    state.confirmation = "export pw"
    state.destination = "/backup/vault.json"
  }

  static let table: [Case] = [
    Case(
      "an encrypted export asks for its password, confirmed, and a file", dialog(ready), .exportRequested,
      effects: [
        .export(
          .init(
            format: .aegis, destination: "/backup/vault.json", exportPassword: "export pw", vaultPassword: nil
          ))
      ]),
    Case(
      "through the agent the vault's password goes with the request",
      dialog(agent: true) {
        ready(&$0)
        $0.vaultPassword = "vault pw"
      }, .exportRequested,
      effects: [
        .export(
          .init(
            format: .aegis, destination: "/backup/vault.json", exportPassword: "export pw",
            vaultPassword: "vault pw"))
      ]),
    Case(
      "a plain format needs no export password",
      dialog {
        $0.format = .uris
        $0.destination = "/tmp/uris.txt"
      },
      .exportRequested,
      effects: [
        .export(.init(format: .uris, destination: "/tmp/uris.txt", exportPassword: nil, vaultPassword: nil))
      ]
    ),
    Case(
      "differing passwords export nothing",
      dialog {
        ready(&$0)
        $0.confirmation = "other"
      }, .exportRequested),
    Case(
      "no file exports nothing",
      dialog {
        ready(&$0)
        $0.destination = nil
      }, .exportRequested),
    Case("no vault password through the agent exports nothing", dialog(agent: true, ready), .exportRequested),
    Case(
      "a written export says where and forgets the passwords", dialog(ready), .exported("/backup/vault.json"),
      then: {
        $0.exported = "/backup/vault.json"
        $0.exportPassword = ""
        $0.confirmation = ""
        $0.message = "Exported aegis to /backup/vault.json."
      }),
    Case(
      "a failure says why and forgets the vault password", dialog(agent: true) { $0.vaultPassword = "nope" },
      .failed("Wrong password. Try again."),
      then: {
        $0.vaultPassword = ""
        $0.message = "Wrong password. Try again."
      }),
  ]

  @Test("Export actions reduce to their state and effects", arguments: table)
  func reduces(_ row: Case) { row.check(ExportFeature.reduce) }

  @Test(
    "What is missing is said, in the order people fill the dialog",
    arguments: [
      (dialog(), "Choose a password for the export."),
      (
        dialog {
          $0.exportPassword = "a"
          $0.confirmation = "b"
        }, "The two export passwords differ."
      ),
      (
        dialog(agent: true) {
          $0.exportPassword = "a"
          $0.confirmation = "a"
        }, "Type the vault's password: the agent keeps the secrets."
      ),
      (dialog { $0.format = .aegisPlain }, "Choose the file to write."),
      (dialog(ready), nil),
    ] as [(ExportFeature.State, String?)])
  func missing(state: ExportFeature.State, expected: String?) {
    #expect(state.missing == expected)
    #expect(state.canExport == (expected == nil))
  }

  @Test("Plaintext formats warn; the encrypted one does not")
  func warning() {
    for format in ExportFeature.Format.allCases {
      #expect((Self.dialog { $0.format = format }.warning != nil) == (format != .aegis), "\(format)")
    }
  }
}
