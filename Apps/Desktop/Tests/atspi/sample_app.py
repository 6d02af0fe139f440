#!/usr/bin/python3
"""A tiny GTK 4 / libadwaita stand-in for twofold-desktop, for selftest.py to drive through AT-SPI.

Unlock screen: a password entry and an Unlock button; a password other than "secret" shows
"Wrong password". Accounts screen: a search entry filtering a list of rows, each with labels for
issuer, name and code and a Delete button that asks for confirmation in a dialog (Cancel/Delete);
deleting shows a toast. `--list listview` (default) uses GtkListView, `--list listbox` GtkListBox.
"""
import argparse
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")
from gi.repository import Adw, GObject, Gio, Gtk  # noqa: E402

PASSWORD = "secret"
ACCOUNTS = [("GitHub", "alice@example.com", "123 456"),
            ("GitLab", "alice", "654 321"),
            ("Example", "bob@example.org", "000 111")]


class Account(GObject.Object):
    def __init__(self, issuer, name, code):
        super().__init__()
        self.issuer, self.name, self.code = issuer, name, code

    def matches(self, query):
        query = query.casefold()
        return query in self.issuer.casefold() or query in self.name.casefold()


def name_widget(widget, label):
    """Give a control an accessible name, as every control of twofold-desktop must have."""
    widget.update_property([Gtk.AccessibleProperty.LABEL], [label])


class Window(Adw.ApplicationWindow):
    def __init__(self, app, list_kind):
        super().__init__(application=app, title="Twofold Sample", default_width=640, default_height=480)
        self.toasts = Adw.ToastOverlay()
        self.stack = Gtk.Stack()
        self.toasts.set_child(self.stack)
        toolbar = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        toolbar.append(Adw.HeaderBar())
        toolbar.append(self.toasts)
        self.toasts.set_vexpand(True)
        self.set_content(toolbar)
        self.stack.add_named(self.unlock_page(), "unlock")
        self.stack.add_named(self.accounts_page(list_kind), "accounts")

    # --- unlock -----------------------------------------------------------------------------
    def unlock_page(self):
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12, margin_top=24,
                      margin_start=24, margin_end=24)
        self.password = Gtk.PasswordEntry(show_peek_icon=True)
        name_widget(self.password, "Password")
        self.password.connect("activate", lambda *_: self.unlock())
        button = Gtk.Button(label="Unlock")
        button.connect("clicked", lambda *_: self.unlock())
        self.error = Gtk.Label(label="")
        box.append(Gtk.Label(label="Enter the vault password"))
        box.append(self.password)
        box.append(button)
        box.append(self.error)
        return box

    def unlock(self):
        if self.password.get_text() == PASSWORD:
            self.stack.set_visible_child_name("accounts")
            self.search.grab_focus()
        else:
            self.error.set_label("Wrong password")

    # --- accounts -----------------------------------------------------------------------------
    def accounts_page(self, list_kind):
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6, margin_top=12,
                      margin_start=12, margin_end=12)
        self.search = Gtk.SearchEntry(placeholder_text="Search accounts")
        name_widget(self.search, "Search")
        self.model = Gio.ListStore(item_type=Account)
        for account in ACCOUNTS:
            self.model.append(Account(*account))
        self.filter = Gtk.CustomFilter.new(lambda item: item.matches(self.search.get_text()))
        filtered = Gtk.FilterListModel(model=self.model, filter=self.filter)
        self.search.connect("search-changed", lambda *_: self.filter.changed(Gtk.FilterChange.DIFFERENT))
        if list_kind == "listbox":
            view = Gtk.ListBox()
            view.bind_model(filtered, self.listbox_row)
        else:
            factory = Gtk.SignalListItemFactory()
            factory.connect("setup", lambda _f, item: item.set_child(self.row_widget()))
            factory.connect("bind", lambda _f, item: self.bind_row(item.get_child(), item.get_item()))
            view = Gtk.ListView(model=Gtk.NoSelection(model=filtered), factory=factory)
        name_widget(view, "Accounts")
        scrolled = Gtk.ScrolledWindow(child=view, vexpand=True)
        box.append(self.search)
        box.append(scrolled)
        box.append(self.add_form())
        shortcuts = Gtk.ShortcutController(scope=Gtk.ShortcutScope.GLOBAL)
        shortcuts.add_shortcut(Gtk.Shortcut(trigger=Gtk.ShortcutTrigger.parse_string("<Control>f"),
                                            action=Gtk.CallbackAction.new(lambda *_: self.search.grab_focus())))
        self.add_controller(shortcuts)
        return box

    def add_form(self):
        """An Issuer GtkEntry, a Name AdwEntryRow and an Add button insensitive until both are filled."""
        form = Gtk.Box(spacing=6, margin_bottom=12)
        self.issuer = Gtk.Entry(placeholder_text="Issuer", hexpand=True)
        name_widget(self.issuer, "Issuer")
        rows = Gtk.ListBox(hexpand=True)
        rows.add_css_class("boxed-list")
        self.account_name = Adw.EntryRow(title="Name")
        rows.append(self.account_name)
        add = Gtk.Button(label="Add", sensitive=False)
        def changed(*_):
            add.set_sensitive(bool(self.issuer.get_text() and self.account_name.get_text()))
        self.issuer.connect("changed", changed)
        self.account_name.connect("changed", changed)
        def added(*_):
            self.model.append(Account(self.issuer.get_text(), self.account_name.get_text(), "222 333"))
            self.issuer.set_text("")
            self.account_name.set_text("")
        add.connect("clicked", added)
        for child in (self.issuer, rows, add):
            form.append(child)
        return form

    def row_widget(self):
        row = Gtk.Box(spacing=12, margin_top=6, margin_bottom=6)
        row.issuer, row.name, row.code = Gtk.Label(xalign=0), Gtk.Label(xalign=0, hexpand=True), Gtk.Label()
        row.delete = Gtk.Button(label="Delete")
        row.delete.connect("clicked", lambda *_: self.confirm_delete(row.account))
        for child in (row.issuer, row.name, row.code, row.delete):
            row.append(child)
        return row

    def bind_row(self, row, account):
        row.account = account
        row.issuer.set_label(account.issuer)
        row.name.set_label(account.name)
        row.code.set_label(account.code)
        name_widget(row.delete, f"Delete {account.issuer}")

    def listbox_row(self, account):
        row = self.row_widget()
        self.bind_row(row, account)
        return row

    def confirm_delete(self, account):
        dialog = Adw.MessageDialog(transient_for=self, modal=True, heading=f"Delete {account.issuer}?",
                                   body="The account is removed from the vault.")
        dialog.add_response("cancel", "Cancel")
        dialog.add_response("delete", "Delete")
        dialog.set_response_appearance("delete", Adw.ResponseAppearance.DESTRUCTIVE)
        dialog.connect("response", lambda _d, response: self.deleted(account, response))
        dialog.present()

    def deleted(self, account, response):
        if response != "delete":
            return
        found, position = self.model.find(account)
        if found:
            self.model.remove(position)
        self.toasts.add_toast(Adw.Toast(title=f"Deleted {account.issuer}", timeout=0))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--list", choices=("listview", "listbox"), default="listview")
    options = parser.parse_args()
    app = Adw.Application(application_id="io.github.twofold.Sample", flags=Gio.ApplicationFlags.NON_UNIQUE)
    app.connect("activate", lambda app: Window(app, options.list).present())
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
