/// Which icon of the imported packs stands for an issuer: one whose issuer names, folded as
/// `TextFolding` folds them, equal the account's folded issuer; packs are tried in order of
/// name (then uuid), and each pack's icons in the pack's order, so the first match wins.
public struct IconPackMatch: Equatable, Sendable {
  /// The pack the icon is in.
  public let pack: IconPack
  /// The icon.
  public let icon: IconPack.Icon

  /// Creates a match.
  public init(pack: IconPack, icon: IconPack.Icon) {
    self.pack = pack
    self.icon = icon
  }

  /// `packs` in the order matching tries them: by folded name, then by uuid.
  public static func ordered(_ packs: [IconPack]) -> [IconPack] {
    packs.sorted { left, right in
      let (a, b) = (TextFolding.fold(left.name), TextFolding.fold(right.name))
      return a != b ? a < b : left.id < right.id
    }
  }

  /// The first icon of `packs` whose issuer names `issuer`; nil for an empty issuer or none.
  public static func first(forIssuer issuer: String, in packs: [IconPack]) -> IconPackMatch? {
    for pack in ordered(packs) {
      for icon in pack.icons where icon.stands(forIssuer: issuer) {
        return IconPackMatch(pack: pack, icon: icon)
      }
    }
    return nil
  }

  /// Every icon of `packs`, those whose issuer names `issuer` first (in matching order), then
  /// the rest in pack order: what a person chooses an icon from.
  public static func choices(forIssuer issuer: String, in packs: [IconPack]) -> [IconPackMatch] {
    var matching: [IconPackMatch] = []
    var others: [IconPackMatch] = []
    for pack in ordered(packs) {
      for icon in pack.icons {
        let match = IconPackMatch(pack: pack, icon: icon)
        if icon.stands(forIssuer: issuer) { matching.append(match) } else { others.append(match) }
      }
    }
    return matching + others
  }
}
