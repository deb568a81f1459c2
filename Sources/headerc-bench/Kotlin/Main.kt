// Times the generated and the hand-written frame on the same offsets (the benchmark's generator and seed; the count
// is the first argument), after a warm-up that lets the JIT compile both loops; rounds alternate, and the best round
// of each is printed (KotlinBench.swift).

var sink = 0.0

fun generated(offsets: DoubleArray): Double {
    var total = 0.0
    for (offset in offsets) {
        val frame = bench.ProfileStretchyMath.frame(offset)
        total += frame.cover.height + frame.avatar.opacity + frame.content.top
    }
    return total
}

fun handWritten(offsets: DoubleArray): Double {
    var total = 0.0
    for (offset in offsets) {
        val frame = HandWrittenProfileMath.frame(offset)
        total += frame.cover.height + frame.avatar.opacity + frame.content.top
    }
    return total
}

fun best(offsets: DoubleArray, body: (DoubleArray) -> Double, rounds: Int): Double {
    var fastest = Double.POSITIVE_INFINITY
    for (round in 0 until rounds) {
        val start = System.nanoTime()
        sink += body(offsets)
        fastest = Math.min(fastest, (System.nanoTime() - start).toDouble() / offsets.size)
    }
    return fastest
}

fun main(args: Array<String>) {
    var state = 0x5851F42D4C957F2DL
    val offsets = DoubleArray(args[0].toInt()) {
        state = state * 6364136223846793005L + 1442695040888963407L
        -300.0 + 1000.0 * ((state ushr 11).toDouble() * 1.0 / 9007199254740992.0)
    }
    for (warm in 0 until 20) { sink += generated(offsets) + handWritten(offsets) }
    var generatedBest = Double.POSITIVE_INFINITY
    var handBest = Double.POSITIVE_INFINITY
    for (round in 0 until 10) {
        if (round % 2 == 0) generatedBest = Math.min(generatedBest, best(offsets, ::generated, 3))
        handBest = Math.min(handBest, best(offsets, ::handWritten, 3))
        if (round % 2 == 1) generatedBest = Math.min(generatedBest, best(offsets, ::generated, 3))
    }
    println("$generatedBest $handBest $sink")
}
