// Seed 000's math as an Android developer writes it by hand in Kotlin (kotlin.math's min and max), with a frame of
// the same shape as the generated one: the baseline the generated `frame` must match on the JVM (KotlinBench.swift).

import kotlin.math.max
import kotlin.math.min

object HandWrittenProfileMath {
    data class Cover(val height: Double, val scrimOpacity: Double)
    data class Avatar(val size: Double, val scale: Double, val opacity: Double)
    data class Title(val opacity: Double)
    data class Content(val top: Double)
    data class Frame(val cover: Cover, val avatar: Avatar, val title: Title, val content: Content)

    fun frame(offset: Double, safeAreaTop: Double = 0.0, textScale: Double = 1.0): Frame {
        val collapsed = safeAreaTop + 44
        val travel = 190 - collapsed
        val progress = if (travel > 0) min(max(offset / travel, 0.0), 1.0) else 1.0
        val size = 88 * textScale
        return Frame(
            Cover(max(190 - offset, min(collapsed, 190.0)), progress),
            Avatar(size, 1 - 0.45 * min(max(progress, 0.0), 1.0), 1 - min(max((progress - 0.55) / 0.35, 0.0), 1.0)),
            Title(min(max((progress - 0.8) / 0.2, 0.0), 1.0)),
            Content(190 + size / 2 + 12)
        )
    }
}
