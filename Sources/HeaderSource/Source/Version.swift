/// headerc's own version, which `--version` prints and every generated file names.
public enum Headerc {
    public static let version = "0.1.0"
}
