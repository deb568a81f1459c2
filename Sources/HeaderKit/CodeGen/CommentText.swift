/// Text from the spec (paths, names, documentation) as every back end writes it into a comment.
enum CommentText {
    /// The text with its line breaks and controls replaced by `?`, so that it cannot end a line comment
    /// or start code.
    static func sanitize(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" ? "?" : Character(scalar)
        })
    }
}
