import CAdwaita

/// The seconds left of a code as a dial: a ring emptying over the period, in the text colour,
/// red near the end (the `ending` style class). Drawn rather than written, so a new second only
/// repaints the dial: a label's new text would lay the whole list out again every second.
@MainActor
final class CountdownDial {
  let widget: Widget
  private var remaining = 0
  private var period = 30

  init() {
    widget = gtk_drawing_area_new()!
    gtk_drawing_area_set_content_width(cast(widget), 22)
    gtk_drawing_area_set_content_height(cast(widget), 22)
    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    gtk_widget_add_css_class(widget, "countdown")
    twofold_accessible_label(widget, "Time left for the code")
    let draw: GtkDrawingAreaDrawFunc = { area, cairo, width, height, data in
      let dial = Unmanaged<CountdownDial>.fromOpaque(data!).takeUnretainedValue()
      nonisolated(unsafe) let area = area
      MainActor.assumeIsolated { dial.draw(area, cairo, Double(width), Double(height)) }
    }
    gtk_drawing_area_set_draw_func(cast(widget), draw, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  /// Shows `remaining` of `period` seconds; ending turns it red.
  func show(remaining: Int, period: Int, ending: Bool) {
    UI.style(widget, "ending", ending)
    guard remaining != self.remaining || period != self.period else { return }
    self.remaining = remaining
    self.period = max(period, 1)
    gtk_widget_queue_draw(widget)
  }

  private func draw(
    _ area: UnsafeMutablePointer<GtkDrawingArea>?, _ cairo: OpaquePointer?, _ width: Double, _ height: Double
  ) {
    var color = GdkRGBA()
    gtk_style_context_get_color(gtk_widget_get_style_context(cast(area!)), &color)
    let radius = min(width, height) / 2 - 2
    let (x, y) = (width / 2, height / 2)
    cairo_set_line_width(cairo, 3)
    cairo_set_source_rgba(cairo, Double(color.red), Double(color.green), Double(color.blue), 0.2)
    cairo_arc(cairo, x, y, radius, 0, 2 * Double.pi)
    cairo_stroke(cairo)
    let fraction = Double(remaining) / Double(period)
    let top = -Double.pi / 2
    cairo_set_source_rgba(
      cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
    cairo_arc(cairo, x, y, radius, top, top + 2 * Double.pi * fraction)
    cairo_stroke(cairo)
  }
}
