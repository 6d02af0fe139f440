import CAdwaita
import Domain
import Presentation

/// The widgets of one visible row of the list, an `AdwActionRow` reused by the list view for
/// whichever account it shows: the account's icon (else an avatar of the issuer's initials), the
/// issuer as title and the name as subtitle, then the code, the countdown (or Generate for HOTP)
/// and one Copy button. Activating the row copies its code; its context menu (right click, long
/// press, Menu or Shift+F10) holds Details and Delete…. `fill` draws an `AccountRow`, changing only
/// what changed.
@MainActor
final class AccountRowWidgets {
  /// The size icons and avatars are drawn at, in logical pixels.
  static let iconSize: Int32 = 32

  /// What the list view's item holds: the row, then its buttons. The buttons sit beside the
  /// `AdwActionRow`, not in it, and the row takes no focus: a `GtkListBoxRow` outside a list box
  /// cannot (GTK asserts it has a list box whenever it is handed the focus), while the buttons
  /// stay reachable with Tab from the list view's item.
  let root: Widget
  private let row: Widget
  private let icon = gtk_image_new()!
  private let avatar = adw_avatar_new(AccountRowWidgets.iconSize, nil, 1)!
  private let code = UI.label(classes: ["code", "numeric"])
  private let next = UI.label(classes: ["next-code", "dim-label", "caption"])
  private let countdown = CountdownDial()
  private let generate: Widget
  /// The row's context menu, a `GtkPopoverMenu` of the model given to `init`.
  private let menu: Widget
  private let shown: Shown
  private let textures: IconTextures
  /// The account shown, which the row's buttons act on.
  var id: Account.ID? { shown.id }
  private var accessibleLabel = ""
  private var title = ""
  private var subtitle = ""
  private var iconHash: String?

  /// The row's buttons call `action` with the account shown, as do a right click and a long press
  /// on it (`.menu`); `menuModel` is its context menu's; icons come from `textures`.
  init(
    textures: IconTextures, menuModel: OpaquePointer,
    action: @escaping @MainActor (Account.ID, RowAction) -> Void
  ) {
    self.textures = textures
    let shown = Shown()
    let current = { shown.id }
    let row = twofold_list_action_row_new()!
    self.row = row
    gtk_widget_set_can_focus(row, 0)
    gtk_widget_set_hexpand(row, 1)
    adw_action_row_set_title_lines(cast(row), 1)
    adw_action_row_set_subtitle_lines(cast(row), 1)
    gtk_widget_add_css_class(row, "account")
    generate = UI.iconButton("view-refresh-symbolic", name: "Generate code") {
      if let id = current() { action(id, .generate) }
    }
    let copy = UI.iconButton("edit-copy-symbolic", name: "Copy") {
      if let id = current() { action(id, .copy) }
    }
    gtk_image_set_pixel_size(cast(icon), Self.iconSize)
    gtk_widget_add_css_class(icon, "account-icon")
    twofold_accessible_label(icon, "Icon")
    // The initials say nothing the title does not; a screen reader reads the issuer once.
    twofold_accessible_hidden(avatar)
    for widget in [icon, avatar] {
      gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
      adw_action_row_add_prefix(cast(row), widget)
    }
    UI.visible(icon, false)
    let codes = UI.box(true, spacing: 0, [code, next])
    gtk_widget_set_valign(codes, GTK_ALIGN_CENTER)
    for label in [code, next] {
      gtk_widget_set_halign(label, GTK_ALIGN_END)
      gtk_label_set_xalign(cast(label), 1)
    }
    gtk_label_set_selectable(cast(code), 0)
    // A problem instead of a code stays within the row on a narrow window.
    gtk_label_set_max_width_chars(cast(code), 14)
    UI.visible(next, false)
    for widget in [generate, copy] { gtk_widget_set_valign(widget, GTK_ALIGN_CENTER) }
    for widget in [codes, countdown.widget] { adw_action_row_add_suffix(cast(row), widget) }
    root = UI.box(false, spacing: 6, [row, generate, copy])
    gtk_widget_add_css_class(root, "account-row")
    menu = gtk_popover_menu_new_from_model(cast(menuModel))!
    gtk_widget_set_parent(menu, root)
    gtk_popover_set_has_arrow(cast(menu), 1)
    let secondary = gtk_gesture_click_new()!
    gtk_gesture_single_set_button(cast(secondary), UInt32(GDK_BUTTON_SECONDARY))
    let longPress = gtk_gesture_long_press_new()!
    gtk_gesture_single_set_touch_only(cast(longPress), 1)
    for (gesture, long) in [(secondary, false), (longPress, true)] {
      Signal.connectPressed(gesture, long: long) {
        gtk_gesture_set_state(cast(gesture), GTK_EVENT_SEQUENCE_CLAIMED)
        if let id = current() { action(id, .menu) }
      }
      gtk_widget_add_controller(root, cast(gesture))
    }
    self.shown = shown
  }

  /// Opens the row's context menu.
  func openMenu() { gtk_popover_popup(cast(menu)) }

  /// The account a row shows, shared with its buttons' handlers.
  private final class Shown {
    var id: Account.ID?
  }

  /// What a row's button (or a right click or long press on it: `menu`) asks for.
  enum RowAction { case copy, generate, menu }

  /// Shows `row` with `image` (nil: the issuer's initials), or nothing when the account is gone.
  /// `dial` is false while the list shows one countdown for every row (they share a period).
  func fill(_ row: AccountRow?, image: IconTextures.Source?, dial: Bool = true) {
    shown.id = row?.id
    guard let row else {
      setTitle("", "")
      UI.set(code, "")
      return
    }
    setTitle(row.issuer.isEmpty ? row.name : row.issuer, row.issuer.isEmpty ? "" : row.name)
    showIcon(image, initialsOf: row.issuer.isEmpty ? row.name : row.issuer)
    if let problem = row.problem {
      UI.set(code, problem)
    } else {
      UI.set(code, row.code ?? (row.isCounterBased ? "" : "••• •••"))
    }
    UI.style(code, "problem", row.problem != nil)
    UI.set(next, row.nextCode.map { "next \($0)" } ?? "")
    UI.visible(next, row.nextCode != nil)
    if dial, let remaining = row.remaining, let period = row.period {
      countdown.show(remaining: remaining, period: period, ending: row.isEnding)
    }
    UI.visible(countdown.widget, dial && row.remaining != nil)
    UI.visible(generate, row.isCounterBased)
    let favorite = row.favorite ? "favorite, " : ""
    let label = "\(favorite)\(row.issuer), \(row.name)"
    if label != accessibleLabel {
      accessibleLabel = label
      twofold_accessible_description(self.row, label)
    }
  }

  private func setTitle(_ newTitle: String, _ newSubtitle: String) {
    if newTitle != title {
      title = newTitle
      adw_preferences_row_set_title(cast(row), newTitle)
    }
    if newSubtitle != subtitle {
      subtitle = newSubtitle
      adw_action_row_set_subtitle(cast(row), newSubtitle)
    }
  }

  private func showIcon(_ image: IconTextures.Source?, initialsOf text: String) {
    let pixels = Self.iconSize * max(1, gtk_widget_get_scale_factor(root))
    let texture = image.flatMap { textures.texture($0, pixels: pixels) }
    if let texture {
      if iconHash != image?.hash {
        iconHash = image?.hash
        gtk_image_set_from_paintable(cast(icon), cast(texture))
      }
    } else {
      iconHash = nil
      if adw_avatar_get_text(cast(avatar)).map({ String(cString: $0) }) != text {
        adw_avatar_set_text(cast(avatar), text)
      }
    }
    UI.visible(icon, texture != nil)
    UI.visible(avatar, texture == nil)
  }
}
