/// The names and interfaces the search provider serves (CLI.md, "Desktop search").
public enum SearchInterfaces {
  /// The well-known name it owns on the session bus.
  public static let busName = "io.github.twofold.Twofold.SearchProvider"
  /// The object of GNOME Shell's interface.
  public static let shellPath = "/io/github/twofold/Twofold/SearchProvider"
  /// GNOME Shell's search provider interface.
  public static let shell = "org.gnome.Shell.SearchProvider2"
  /// The object of KRunner's interface.
  public static let runnerPath = "/runner"
  /// KRunner's D-Bus runner interface.
  public static let runner = "org.kde.krunner1"
  /// The well-known names of the shells it answers: GNOME Shell's and KRunner's. A caller that
  /// owns none of them (an app, sandboxed or not) gets empty answers and cannot copy a code.
  public static let shellNames = ["org.gnome.Shell", "org.kde.krunner"]
  /// The prefix of the errors it answers with.
  public static let errorPrefix = "io.github.twofold.Twofold.Error."

  /// GNOME Shell's `org.gnome.Shell.SearchProvider2` (gnome-shell's
  /// `data/dbus-interfaces/org.gnome.Shell.SearchProvider2.xml`).
  static let shellXML = """
    <node>
      <interface name="org.gnome.Shell.SearchProvider2">
        <method name="GetInitialResultSet">
          <arg type="as" name="terms" direction="in"/>
          <arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetSubsearchResultSet">
          <arg type="as" name="previous_results" direction="in"/>
          <arg type="as" name="terms" direction="in"/>
          <arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetResultMetas">
          <arg type="as" name="identifiers" direction="in"/>
          <arg type="aa{sv}" name="metas" direction="out"/>
        </method>
        <method name="ActivateResult">
          <arg type="s" name="identifier" direction="in"/>
          <arg type="as" name="terms" direction="in"/>
          <arg type="u" name="timestamp" direction="in"/>
        </method>
        <method name="LaunchSearch">
          <arg type="as" name="terms" direction="in"/>
          <arg type="u" name="timestamp" direction="in"/>
        </method>
      </interface>
    </node>
    """

  /// KRunner's `org.kde.krunner1` (KRunner's `src/data/org.kde.krunner1.xml`).
  static let runnerXML = """
    <node>
      <interface name="org.kde.krunner1">
        <method name="Actions">
          <arg name="matches" type="a(sss)" direction="out"/>
        </method>
        <method name="Run">
          <arg name="matchId" type="s" direction="in"/>
          <arg name="actionId" type="s" direction="in"/>
        </method>
        <method name="Match">
          <arg name="query" type="s" direction="in"/>
          <arg name="matches" type="a(sssida{sv})" direction="out"/>
        </method>
      </interface>
    </node>
    """
}
