/// What a piece of text is, for the palette to colour it (or, without colours, to pick an attribute).
enum Style: Int, CaseIterable, Equatable, Sendable {
  /// Ordinary text.
  case normal
  /// Secondary text: column headers, hints, the next code.
  case dim
  /// Emphasis.
  case bold
  /// The title bar.
  case title
  /// A one-time code.
  case code
  /// The seconds-left bar while there is time.
  case bar
  /// The seconds-left bar and seconds near the end of the period.
  case ending
  /// Keys in hints, the favorite star, the focused option.
  case accent
  /// Problems and failures.
  case error
  /// Success and confirmations.
  case success
  /// A text field being typed into.
  case input
  /// A QR code: dark modules on a light background.
  case qr
}
