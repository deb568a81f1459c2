import HeaderDemo

// Prints the cover of ProfileStretchy at a few offsets; .ci/plugin-demo edits the spec and runs this again
// to see that the build regenerated its Swift.
for offset in [-50.0, 0, 50, 200] {
    let cover = ProfileCover(offset: offset)
    print("offset \(offset): cover.height \(cover.height), scrimOpacity \(cover.scrimOpacity)")
}
