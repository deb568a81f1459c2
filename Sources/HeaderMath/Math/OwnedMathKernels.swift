/// fdlibm 5.3's `exp`, `expm1`, `sin`, `cos`, `acos` and `pow` (see `OwnedMath`): the library's code, and the text that
/// generated Swift carries, declaration by declaration, with `private` in front (`RuntimeLibrary` cuts the file;
/// `///` comments stay here, `//` comments travel with the code).
///
/// Rules for editing: use only IEEE `+ - * /`, comparisons, `.squareRoot()`, `.rounded(.down)` /
/// `.rounded(.towardZero)` (exact), bit patterns and integer operations that cannot overflow (words are held in
/// `Swift.Int`); no FMA; every array index provably in range and every Double-to-Int conversion provably
/// representable, so nothing traps on any input; constants as hexadecimal literals (swiftc reads some decimal
/// literals one ulp off on x86_64); standard-library names written `Swift.` (a spec may name its own value `Int`
/// or `min`); call each other as `Self.name`. After an edit, `HEADERC_REGENERATE_GOLDEN=1 swift test --filter
/// RuntimeEmbeddingTests` embeds the new text.
extension OwnedMath {
    // MARK: - words of a double
    /// fdlibm's __HI(x), as a signed 32-bit value held in a Swift.Int.
    static func mathHighWord(_ x: Swift.Double) -> Swift.Int {
        return Swift.Int(Swift.Int32(truncatingIfNeeded: x.bitPattern &>> 32))
    }

    /// fdlibm's __LO(x), as a signed 32-bit value held in a Swift.Int.
    static func mathLowWord(_ x: Swift.Double) -> Swift.Int {
        return Swift.Int(Swift.Int32(truncatingIfNeeded: x.bitPattern))
    }

    /// The double whose high and low words are the low 32 bits of `high` and `low`
    /// (fdlibm's assignments to __HI(x) and __LO(x) are written with this).
    static func mathFromWords(_ high: Swift.Int, _ low: Swift.Int) -> Swift.Double {
        let h = Swift.UInt64(Swift.UInt32(truncatingIfNeeded: high))
        let l = Swift.UInt64(Swift.UInt32(truncatingIfNeeded: low))
        return Swift.Double(bitPattern: (h &<< 32) | l)
    }

    // MARK: - scalbn
    /// fdlibm's s_scalbn.c: x * 2^n computed by exponent manipulation, one rounding at most
    /// (the same result as Java's Math.scalb, which StrictMath's port calls).
    static func mathScalbn(_ x: Swift.Double, _ n: Swift.Int) -> Swift.Double {
        let two54 = 0x1p54
        let twom54 = 0x1p-54
        let huge = 1.0e300
        let tiny = 1.0e-300
        var y = x
        var hx = Self.mathHighWord(y)
        let lx = Self.mathLowWord(y)
        var k = (hx & 0x7ff00000) >> 20  // extract exponent
        if k == 0 {  // 0 or subnormal x
            if (lx | (hx & 0x7fffffff)) == 0 { return y }  // +-0
            y *= two54
            hx = Self.mathHighWord(y)
            k = ((hx & 0x7ff00000) >> 20) - 54
            if n < -50000 { return tiny * y }  // underflow
        }
        if k == 0x7ff { return y + y }  // NaN or Inf
        k = k + Swift.max(-100000, Swift.min(100000, n))
        if k > 0x7fe { return huge * (y < 0 ? -huge : huge) }  // overflow
        if k > 0 {  // normal result
            return Self.mathFromWords((hx & 0x800fffff) | (k << 20), Self.mathLowWord(y))
        }
        if k <= -54 {
            if n > 50000 { return huge * (y < 0 ? -huge : huge) }  // overflow
            return tiny * (y < 0 ? -tiny : tiny)  // underflow
        }
        k += 54  // subnormal result
        return Self.mathFromWords((hx & 0x800fffff) | (k << 20), Self.mathLowWord(y)) * twom54
    }

    // MARK: - exp
    /// e_exp.c. Method:
    ///   1. Argument reduction: find r and an integer k with x = k*ln2 + r, |r| <= 0.5*ln2,
    ///      r represented as hi - lo for accuracy.
    ///   2. Approximation of exp(r) on [0, 0.34658]: with R1(r) = r - (P1*r^2 + ... + P5*r^10)
    ///      (a Remez fit, error below 2^-59), exp(r) = 1 + r + r*R1(r) / (2 - R1(r)).
    ///   3. Scale back: exp(x) = 2^k * exp(r), adding k to the exponent of the result.
    /// Special cases: exp(INF) = INF, exp(NaN) = NaN, exp(-INF) = 0; error always below 1 ulp.
    /// exp overflows for x > 7.09782712893383973096e+02, underflows for x < -7.45133219101941108420e+02.
    static func mathExp(_ x: Swift.Double) -> Swift.Double {
        let huge = 1.0e300
        let twom1000 = 0x1p-1000
        let oThreshold = 0x1.62e42fefa39efp9  // 7.09782712893383973096e+02
        let uThreshold = -0x1.74910d52d3051p9  // -7.45133219101941108420e+02
        let ln2HI = 0x1.62e42feep-1  // 6.93147180369123816490e-01
        let ln2LO = 0x1.a39ef35793c76p-33  // 1.90821492927058770002e-10
        let invln2 = 0x1.71547652b82fep0  // 1.44269504088896338700e+00
        let p1 = 0x1.555555555553ep-3  // 1.66666666666666019037e-01
        let p2 = -0x1.6c16c16bebd93p-9  // -2.77777777770155933842e-03
        let p3 = 0x1.1566aaf25de2cp-14  // 6.61375632143793436117e-05
        let p4 = -0x1.bbd41c5d26bf1p-20  // -1.65339022054652515390e-06
        let p5 = 0x1.6376972bea4d0p-25  // 4.13813679705723846039e-08
        var x = x
        var hi = 0.0
        var lo = 0.0
        var k = 0
        var hx = Self.mathHighWord(x)
        let xsb = (hx >> 31) & 1  // sign bit of x
        hx &= 0x7fffffff  // high word of |x|
        // filter out non-finite argument
        if hx >= 0x40862E42 {  // if |x| >= 709.78...
            if hx >= 0x7ff00000 {
                if ((hx & 0xfffff) | Self.mathLowWord(x)) != 0 { return x + x }  // NaN
                return xsb == 0 ? x : 0.0  // exp(+-inf) = {inf, 0}
            }
            if x > oThreshold { return huge * huge }  // overflow
            if x < uThreshold { return twom1000 * twom1000 }  // underflow
        }
        // argument reduction
        if hx > 0x3fd62e42 {  // if |x| > 0.5 ln2
            if hx < 0x3FF0A2B2 {  // and |x| < 1.5 ln2
                hi = x - (xsb == 0 ? ln2HI : -ln2HI)
                lo = xsb == 0 ? ln2LO : -ln2LO
                k = 1 - xsb - xsb
            } else {
                k = Swift.Int(invln2 * x + (xsb == 0 ? 0.5 : -0.5))
                let t = Swift.Double(k)
                hi = x - t * ln2HI  // t*ln2HI is exact here
                lo = t * ln2LO
            }
            x = hi - lo
        } else if hx < 0x3e300000 {  // when |x| < 2**-28
            if huge + x > 1.0 { return 1.0 + x }  // trigger inexact
        } else {
            k = 0
        }
        // x is now in primary range
        let t = x * x
        let c = x - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))))
        if k == 0 { return 1.0 - ((x * c) / (c - 2.0) - x) }
        let y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi)
        if k >= -1021 {
            return Self.mathFromWords(Self.mathHighWord(y) + (k << 20), Self.mathLowWord(y))  // add k to y's exponent
        }
        return Self.mathFromWords(Self.mathHighWord(y) + ((k + 1000) << 20), Self.mathLowWord(y)) * twom1000
    }

    // MARK: - expm1
    /// s_expm1.c. Method:
    ///   1. Argument reduction: x = k*ln2 + r, |r| <= 0.5*ln2, r = hi - lo with a correction term c.
    ///   2. Approximation of expm1(r) by a special rational function on [0, 0.34658]: with
    ///      hxs = r*r/2, R1 = 1 + Q1*hxs + ... + Q5*hxs^5 (a Remez fit, error below 2^-61) and
    ///      t = 3 - R1*r/2, expm1(r) = r - (r*E - hxs) where E = hxs*((R1 - t)/(6 - r*t)),
    ///      i.e. r + r^2/2 + r^3/2 * (3 - (R1 + R1*r/2))/(6 - r*(3 - R1*r/2)).
    ///   3. Scale back: expm1(x) = 2^k * (expm1(r) + 1 - 2^-k), arranged per range of k to avoid
    ///      cancellation.
    /// Special cases: expm1(INF) = INF, expm1(-INF) = -1, expm1(NaN) = NaN; expm1(x) = x for
    /// |x| < 2^-54 and -1 for x < -56*ln2; overflow for x > 7.09782712893383973096e+02.
    /// Error below 1 ulp.
    static func mathExpm1(_ x: Swift.Double) -> Swift.Double {
        let huge = 1.0e300
        let tiny = 1.0e-300
        let oThreshold = 0x1.62e42fefa39efp9  // 7.09782712893383973096e+02
        let ln2Hi = 0x1.62e42feep-1  // 6.93147180369123816490e-01
        let ln2Lo = 0x1.a39ef35793c76p-33  // 1.90821492927058770002e-10
        let invln2 = 0x1.71547652b82fep0  // 1.44269504088896338700e+00
        // scaled coefficients related to expm1
        let q1 = -0x1.11111111110f4p-5  // -3.33333333333331316428e-02
        let q2 = 0x1.a01a019fe5585p-10  // 1.58730158725481460165e-03
        let q3 = -0x1.4ce199eaadbb7p-14  // -7.93650757867487942473e-05
        let q4 = 0x1.0cfca86e65239p-18  // 4.00821782732936239552e-06
        let q5 = -0x1.afdb76e09c32dp-23  // -2.01099218183624371326e-07
        var x = x
        var c = 0.0
        var k = 0
        var hx = Self.mathHighWord(x)
        let xsb = hx & 0x80000000  // sign bit of x
        hx &= 0x7fffffff  // high word of |x|
        // filter out huge and non-finite argument
        if hx >= 0x4043687A {  // if |x| >= 56*ln2
            if hx >= 0x40862E42 {  // if |x| >= 709.78...
                if hx >= 0x7ff00000 {
                    if ((hx & 0xfffff) | Self.mathLowWord(x)) != 0 { return x + x }  // NaN
                    return xsb == 0 ? x : -1.0  // exp(+-inf) = {inf, -1}
                }
                if x > oThreshold { return huge * huge }  // overflow
            }
            if xsb != 0 {  // x < -56*ln2, return -1.0 with inexact
                if x + tiny < 0.0 { return tiny - 1.0 }  // raise inexact, return -1
            }
        }
        // argument reduction
        if hx > 0x3fd62e42 {  // if |x| > 0.5 ln2
            var hi = 0.0
            var lo = 0.0
            if hx < 0x3FF0A2B2 {  // and |x| < 1.5 ln2
                if xsb == 0 {
                    hi = x - ln2Hi
                    lo = ln2Lo
                    k = 1
                } else {
                    hi = x + ln2Hi
                    lo = -ln2Lo
                    k = -1
                }
            } else {
                k = Swift.Int(invln2 * x + (xsb == 0 ? 0.5 : -0.5))
                let t = Swift.Double(k)
                hi = x - t * ln2Hi  // t*ln2_hi is exact here
                lo = t * ln2Lo
            }
            x = hi - lo
            c = (hi - x) - lo
        } else if hx < 0x3c900000 {  // when |x| < 2**-54, return x
            let t = huge + x  // return x with inexact flags when x != 0
            return x - (t - (huge + x))
        } else {
            k = 0
        }
        // x is now in primary range
        let hfx = 0.5 * x
        let hxs = x * hfx
        let r1 = 1.0 + hxs * (q1 + hxs * (q2 + hxs * (q3 + hxs * (q4 + hxs * q5))))
        var t = 3.0 - r1 * hfx
        var e = hxs * ((r1 - t) / (6.0 - x * t))
        if k == 0 { return x - (x * e - hxs) }  // c is 0
        e = (x * (e - c) - c)
        e -= hxs
        if k == -1 { return 0.5 * (x - e) - 0.5 }
        if k == 1 {
            if x < -0.25 { return -2.0 * (e - (x + 0.5)) }
            return 1.0 + 2.0 * (x - e)
        }
        if k <= -2 || k > 56 {  // suffice to return exp(x) - 1
            let y = 1.0 - (e - x)
            return Self.mathFromWords(Self.mathHighWord(y) + (k << 20), Self.mathLowWord(y)) - 1.0  // add k to y's exponent
        }
        var y = 0.0
        if k < 20 {
            t = Self.mathFromWords(0x3ff00000 - (0x200000 >> k), 0)  // t = 1 - 2^-k
            y = t - (e - x)
            y = Self.mathFromWords(Self.mathHighWord(y) + (k << 20), Self.mathLowWord(y))  // add k to y's exponent
        } else {
            t = Self.mathFromWords((0x3ff - k) << 20, 0)  // 2^-k
            y = x - (e + t)
            y += 1.0
            y = Self.mathFromWords(Self.mathHighWord(y) + (k << 20), Self.mathLowWord(y))  // add k to y's exponent
        }
        return y
    }

    // MARK: - sin and cos kernels
    /// k_sin.c: sin(x + y) on [-pi/4, pi/4], y the tail of x, iy = 0 when y is known to be 0.
    ///   1. sin(-x) = -sin(x), so only positive x need be considered.
    ///   2. If |x| < 2^-27 return x (fdlibm's `(int)x == 0` test only raises inexact).
    ///   3. sin(x) ~ x + S1*x^3 + ... + S6*x^13 on [0, pi/4], |sin(x)/x - poly| <= 2^-58.
    ///   4. sin(x + y) ~ sin(x) + (1 - x*x/2)*y; with r = x^3*(S2 + x^2*(S3 + x^2*(S4 + x^2*(S5 + x^2*S6))))
    ///      sin(x) = x + (S1*x^3 + (x^2*(r - y/2) + y)).
    static func mathKernelSin(_ x: Swift.Double, _ y: Swift.Double, _ iy: Swift.Int) -> Swift.Double {
        let s1 = -0x1.5555555555549p-3  // -1.66666666666666324348e-01
        let s2 = 0x1.111111110f8a6p-7  // 8.33333333332248946124e-03
        let s3 = -0x1.a01a019c161d5p-13  // -1.98412698298579493134e-04
        let s4 = 0x1.71de357b1fe7dp-19  // 2.75573137070700676789e-06
        let s5 = -0x1.ae5e68a2b9cebp-26  // -2.50507602534068634195e-08
        let s6 = 0x1.5d93a5acfd57cp-33  // 1.58969099521155010221e-10
        let ix = Self.mathHighWord(x) & 0x7fffffff  // high word of |x|
        if ix < 0x3e400000 { return x }  // |x| < 2**-27
        let z = x * x
        let v = z * x
        let r = s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)))
        if iy == 0 { return x + v * (s1 + z * r) }
        return x - ((z * (0.5 * y - v * r) - y) - v * s1)
    }

    /// k_cos.c: cos(x + y) on [-pi/4, pi/4], y the tail of x.
    ///   1. cos(-x) = cos(x), so only positive x need be considered.
    ///   2. If |x| < 2^-27 return 1 (fdlibm's `(int)x == 0` test only raises inexact).
    ///   3. cos(x) ~ 1 - x*x/2 + C1*x^4 + ... + C6*x^14 on [0, pi/4], Remez error <= 2^-58.
    ///   4. With r = C1*x^4 + ... + C6*x^14, cos(x + y) ~ 1 - (x*x/2 - (r - x*y)). For x > 0.3 let
    ///      qx = |x|/4 with the last 32 bits masked off (0.28125 if x > 0.78125); then
    ///      cos(x + y) = (1 - qx) - ((x*x/2 - qx) - (r - x*y)), where 1 - qx and x*x/2 - qx are exact.
    static func mathKernelCos(_ x: Swift.Double, _ y: Swift.Double) -> Swift.Double {
        let c1 = 0x1.555555555554cp-5  // 4.16666666666666019037e-02
        let c2 = -0x1.6c16c16c15177p-10  // -1.38888888888741095749e-03
        let c3 = 0x1.a01a019cb159p-16  // 2.48015872894767294178e-05
        let c4 = -0x1.27e4f809c52adp-22  // -2.75573143513906633035e-07
        let c5 = 0x1.1ee9ebdb4b1c4p-29  // 2.08757232129817482790e-09
        let c6 = -0x1.8fae9be8838d4p-37  // -1.13596475577881948265e-11
        let ix = Self.mathHighWord(x) & 0x7fffffff  // ix = |x|'s high word
        if ix < 0x3e400000 { return 1.0 }  // if |x| < 2**-27
        let z = x * x
        let r = z * (c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * c6)))))
        if ix < 0x3FD33333 { return 1.0 - (0.5 * z - (z * r - x * y)) }  // if |x| < 0.3
        let qx = ix > 0x3fe90000 ? 0.28125 : Self.mathFromWords(ix - 0x00200000, 0)  // x > 0.78125: 0.28125
        let hz = 0.5 * z - qx
        let a = 1.0 - qx
        return a - (hz - (z * r - x * y))
    }

    // MARK: - argument reduction
    /// 2/pi in 24-bit chunks: 396 hex digits (476 decimal) of 2/pi.
    static let mathTwoOverPi: [Swift.Int] = [
        0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62,
        0x95993C, 0x439041, 0xFE5163, 0xABDEBB, 0xC561B7, 0x246E3A,
        0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129,
        0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41,
        0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8,
        0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF,
        0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5,
        0xF17B3D, 0x0739F7, 0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08,
        0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3,
        0x91615E, 0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880,
        0x4D7327, 0x310606, 0x1556CA, 0x73A8C9, 0x60E27B, 0xC08C6B,
    ]

    /// pi/2 cut into 24-bit chunks (fdlibm's PIo2).
    static let mathPio2Chunks: [Swift.Double] = [
        0x1.921fb4p0,  // 1.57079625129699707031e+00
        0x1.4442dp-24,  // 7.54978941586159635335e-08
        0x1.846988p-48,  // 5.39030252995776476554e-15
        0x1.8cc516p-72,  // 3.28200341580791294123e-22
        0x1.01b838p-96,  // 1.27065575308067607349e-29
        0x1.a25204p-120,  // 1.22933308981111328932e-36
        0x1.382228p-145,  // 2.73370053816464559624e-44
        0x1.9f31dp-169,  // 2.16741683877804819444e-51
    ]

    /// High words of n*pi/2 for n = 1...32 (fdlibm's npio2_hw).
    static let mathNpio2HighWords: [Swift.Int] = [
        0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C,
        0x4025FDBB, 0x402921FB, 0x402C463A, 0x402F6A7A, 0x4031475C, 0x4032D97C,
        0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB, 0x403AB41B, 0x403C463A,
        0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C,
        0x4043A28C, 0x40446B9C, 0x404534AC, 0x4045FDBB, 0x4046C6CB, 0x40478FDB,
        0x404858EB, 0x404921FB,
    ]

    /// k_rem_pio2.c, for prec = 2 (the only precision __ieee754_rem_pio2 asks for): returns the
    /// last three bits of N and y0 + y1 = x - N*pi/2, |y| < pi/2, for x = sum of x[i]*2^(e0-24i)
    /// (x >= 0 in nx = x.count 24-bit pieces). The integer (mod 8) and fraction parts of (2/pi)*x are
    /// computed without the full product: the part known to be 0 mod 8 is skipped, so the work does not
    /// depend on the exponent. Locals: jk + 1 terms of 2/pi to start (4 for prec 2); jz terms in use;
    /// jv such that 2^e0*x[0]*ipio2[jv-1]*2^(-24jv)/8 is an integer, jv = max(0, (e0-3)/24);
    /// q[] the 24-bit chunks of the product, q0 the exponent of q[0]; iq[] the same as integers;
    /// fq[] the final product by PIo2; ih > 0 when the fraction is >= 0.5 (also the sign of the result).
    /// If the fraction's first terms cancel to zero, more terms of 2/pi are added and it is recomputed.
    /// fdlibm's arrays hold 20 terms; the bounds checks below never bind for a double argument (each
    /// keeps the indexes provably in range and changes nothing that fdlibm defines).
    static func mathKernelRemPio2(_ x: [Swift.Double], _ e0: Swift.Int) -> (n: Swift.Int, y0: Swift.Double, y1: Swift.Double) {
        let ipio2 = Self.mathTwoOverPi
        let pio2 = Self.mathPio2Chunks
        let two24 = 0x1p24
        let twon24 = 0x1p-24
        let jk = 4  // init_jk[2]
        let jp = jk
        var f = [Swift.Double](repeating: 0.0, count: 20)
        var q = [Swift.Double](repeating: 0.0, count: 20)
        var fq = [Swift.Double](repeating: 0.0, count: 20)
        var iq = [Swift.Int](repeating: 0, count: 20)
        // determine jx, jv, q0, note that 3 > q0
        let jx = Swift.min(x.count, 3) - 1
        var jv = (e0 - 3) / 24
        if jv < 0 { jv = 0 }
        var q0 = e0 - 24 * (jv + 1)
        // set up f[0] to f[jx+jk] where f[jx+jk] = ipio2[jv+jk]
        var j = jv - jx
        var i = 0
        while i <= jx + jk {
            f[i] = (j < 0 || j >= ipio2.count) ? 0.0 : Swift.Double(ipio2[j])
            i += 1
            j += 1
        }
        // compute q[0], q[1], ... q[jk]
        i = 0
        while i <= jk {
            var fw = 0.0
            j = 0
            while j <= jx {
                fw += x[j] * f[jx + i - j]
                j += 1
            }
            q[i] = fw
            i += 1
        }
        var jz = jk
        var z = 0.0
        var n = 0
        var ih = 0
        while true {
            // distill q[] into iq[] reversingly
            i = 0
            j = jz
            z = q[jz]
            while j > 0 {
                let fw = (twon24 * z).rounded(.towardZero)
                iq[i] = Swift.Int(z - two24 * fw)
                z = q[j - 1] + fw
                i += 1
                j -= 1
            }
            // compute n
            z = Self.mathScalbn(z, q0)  // actual value of z
            z -= 8.0 * (z * 0.125).rounded(.down)  // trim off integer >= 8
            n = Swift.Int(z)
            z -= Swift.Double(n)
            ih = 0
            if q0 > 0 {  // need iq[jz-1] to determine n
                i = iq[jz - 1] >> (24 - q0)
                n += i
                iq[jz - 1] -= i << (24 - q0)
                ih = iq[jz - 1] >> (23 - q0)
            } else if q0 == 0 {
                ih = iq[jz - 1] >> 23
            } else if z >= 0.5 {
                ih = 2
            }
            if ih > 0 {  // q > 0.5
                n += 1
                var carry = 0
                i = 0
                while i < jz {  // compute 1-q
                    j = iq[i]
                    if carry == 0 {
                        if j != 0 {
                            carry = 1
                            iq[i] = 0x1000000 - j
                        }
                    } else {
                        iq[i] = 0xffffff - j
                    }
                    i += 1
                }
                if q0 == 1 {  // rare case: chance is 1 in 12
                    iq[jz - 1] &= 0x7fffff
                } else if q0 == 2 {
                    iq[jz - 1] &= 0x3fffff
                }
                if ih == 2 {
                    z = 1.0 - z
                    if carry != 0 { z -= Self.mathScalbn(1.0, q0) }
                }
            }
            // check if recomputation is needed
            if z != 0.0 { break }
            j = 0
            i = jz - 1
            while i >= jk {
                j |= iq[i]
                i -= 1
            }
            if j != 0 { break }
            var k = 1  // k = no. of terms needed
            while k < jk && iq[jk - k] == 0 { k += 1 }
            if jz + k > 17 || jv + jz + k >= ipio2.count { break }
            i = jz + 1
            while i <= jz + k {  // add q[jz+1] to q[jz+k]
                f[jx + i] = Swift.Double(ipio2[jv + i])
                var fw = 0.0
                j = 0
                while j <= jx {
                    fw += x[j] * f[jx + i - j]
                    j += 1
                }
                q[i] = fw
                i += 1
            }
            jz += k
        }
        // chop off zero terms
        if z == 0.0 {
            jz -= 1
            q0 -= 24
            while jz > 0 && iq[jz] == 0 {
                jz -= 1
                q0 -= 24
            }
        } else {  // break z into 24-bit if necessary
            z = Self.mathScalbn(z, -q0)
            if z >= two24 {
                let fw = (twon24 * z).rounded(.towardZero)
                iq[jz] = Swift.Int(z - two24 * fw)
                jz += 1
                q0 += 24
                iq[jz] = Swift.Int(fw)
            } else {
                iq[jz] = Swift.Int(z)
            }
        }
        // convert integer "bit" chunk to floating-point value
        var fw = Self.mathScalbn(1.0, q0)
        i = jz
        while i >= 0 {
            q[i] = fw * Swift.Double(iq[i])
            fw *= twon24
            i -= 1
        }
        // compute PIo2[0,...,jp]*q[jz,...,0]
        i = jz
        while i >= 0 {
            fw = 0.0
            var k = 0
            while k <= jp && k <= jz - i {
                fw += pio2[k] * q[i + k]
                k += 1
            }
            fq[jz - i] = fw
            i -= 1
        }
        // compress fq[] into y[]
        fw = 0.0
        i = jz
        while i >= 0 {
            fw += fq[i]
            i -= 1
        }
        let y0 = ih == 0 ? fw : -fw
        fw = fq[0] - fw
        i = 1
        while i <= jz {
            fw += fq[i]
            i += 1
        }
        let y1 = ih == 0 ? fw : -fw
        return (n & 7, y0, y1)
    }

    /// e_rem_pio2.c: returns n and y0 + y1 = x - n*pi/2, |y0 + y1| <= pi/4 (about).
    /// invpio2: 53 bits of 2/pi; pio2_1: first 33 bits of pi/2, pio2_1t: pi/2 - pio2_1;
    /// pio2_2: second 33 bits, pio2_2t: pi/2 - (pio2_1 + pio2_2); pio2_3: third 33 bits,
    /// pio2_3t: pi/2 - (pio2_1 + pio2_2 + pio2_3). Up to 2^19*(pi/2) the reduction uses these
    /// (with 1, 2 or 3 rounds, as cancellation requires); beyond, __kernel_rem_pio2.
    static func mathRemPio2(_ x: Swift.Double) -> (n: Swift.Int, y0: Swift.Double, y1: Swift.Double) {
        let two24 = 0x1p24
        let invpio2 = 0x1.45f306dc9c883p-1  // 6.36619772367581382433e-01
        let pio21 = 0x1.921fb544p0  // 1.57079632673412561417e+00
        let pio21t = 0x1.0b4611a626331p-34  // 6.07710050650619224932e-11
        let pio22 = 0x1.0b4611a6p-34  // 6.07710050630396597660e-11
        let pio22t = 0x1.3198a2e037073p-69  // 2.02226624879595063154e-21
        let pio23 = 0x1.3198a2ep-69  // 2.02226624871116645580e-21
        let pio23t = 0x1.b839a252049c1p-104  // 8.47842766036889956997e-32
        let hx = Self.mathHighWord(x)
        let ix = hx & 0x7fffffff
        if ix <= 0x3fe921fb { return (0, x, 0.0) }  // |x| ~<= pi/4, no need for reduction
        if ix < 0x4002d97c {  // |x| < 3pi/4, special case with n = +-1
            if hx > 0 {
                var z = x - pio21
                if ix != 0x3ff921fb {  // 33+53 bit pi is good enough
                    let y0 = z - pio21t
                    return (1, y0, (z - y0) - pio21t)
                }
                z -= pio22  // near pi/2, use 33+33+53 bit pi
                let y0 = z - pio22t
                return (1, y0, (z - y0) - pio22t)
            }
            var z = x + pio21  // negative x
            if ix != 0x3ff921fb {  // 33+53 bit pi is good enough
                let y0 = z + pio21t
                return (-1, y0, (z - y0) + pio21t)
            }
            z += pio22  // near pi/2, use 33+33+53 bit pi
            let y0 = z + pio22t
            return (-1, y0, (z - y0) + pio22t)
        }
        if ix <= 0x413921fb {  // |x| ~<= 2^19*(pi/2), medium size
            var t = x.magnitude
            let n = Swift.Int(t * invpio2 + 0.5)
            let fn = Swift.Double(n)
            var r = t - fn * pio21
            var w = fn * pio21t  // 1st round good to 85 bit
            var y0 = 0.0
            if n < 32 && n >= 1 && ix != Self.mathNpio2HighWords[n - 1] {
                y0 = r - w  // quick check no cancellation
            } else {
                let j = ix >> 20
                y0 = r - w
                var i = j - ((Self.mathHighWord(y0) >> 20) & 0x7ff)
                if i > 16 {  // 2nd iteration needed, good to 118
                    t = r
                    w = fn * pio22
                    r = t - w
                    w = fn * pio22t - ((t - r) - w)
                    y0 = r - w
                    i = j - ((Self.mathHighWord(y0) >> 20) & 0x7ff)
                    if i > 49 {  // 3rd iteration need, 151 bits acc
                        t = r  // will cover all possible cases
                        w = fn * pio23
                        r = t - w
                        w = fn * pio23t - ((t - r) - w)
                        y0 = r - w
                    }
                }
            }
            let y1 = (r - y0) - w
            if hx < 0 { return (-n, -y0, -y1) }
            return (n, y0, y1)
        }
        // all other (large) arguments
        if ix >= 0x7ff00000 {  // x is inf or NaN
            let nan = x - x
            return (0, nan, nan)
        }
        // set z = scalbn(|x|, ilogb(x) - 23)
        let e0 = (ix >> 20) - 1046  // e0 = ilogb(z) - 23
        var z = Self.mathFromWords(ix - (e0 << 20), Self.mathLowWord(x))
        let tx0 = z.rounded(.towardZero)
        z = (z - tx0) * two24
        let tx1 = z.rounded(.towardZero)
        z = (z - tx1) * two24
        let tx2 = z
        // skip zero terms
        let tx: [Swift.Double] = tx2 != 0.0 ? [tx0, tx1, tx2] : (tx1 != 0.0 ? [tx0, tx1] : [tx0])
        let reduced = Self.mathKernelRemPio2(tx, e0)
        if hx < 0 { return (-reduced.n, -reduced.y0, -reduced.y1) }
        return reduced
    }

    // MARK: - sin and cos
    /// s_sin.c and s_cos.c. Let S, C denote sin and cos on [-pi/4, pi/4]. Reduce x to
    /// y0 + y1 = x - k*pi/2 in [-pi/4, pi/4] and let n = k mod 4:
    ///     n    sin(x)   cos(x)
    ///     0      S        C
    ///     1      C       -S
    ///     2     -S       -C
    ///     3     -C        S
    /// sin(+-INF) and cos(+-INF) are NaN; sin(NaN) and cos(NaN) are that NaN.
    static func mathSin(_ x: Swift.Double) -> Swift.Double {
        let ix = Self.mathHighWord(x) & 0x7fffffff
        if ix <= 0x3fe921fb { return Self.mathKernelSin(x, 0.0, 0) }  // |x| ~< pi/4
        if ix >= 0x7ff00000 { return x - x }  // sin(Inf or NaN) is NaN
        let r = Self.mathRemPio2(x)  // argument reduction needed
        switch r.n & 3 {
        case 0: return Self.mathKernelSin(r.y0, r.y1, 1)
        case 1: return Self.mathKernelCos(r.y0, r.y1)
        case 2: return -Self.mathKernelSin(r.y0, r.y1, 1)
        default: return -Self.mathKernelCos(r.y0, r.y1)
        }
    }

    static func mathCos(_ x: Swift.Double) -> Swift.Double {
        let ix = Self.mathHighWord(x) & 0x7fffffff
        if ix <= 0x3fe921fb { return Self.mathKernelCos(x, 0.0) }  // |x| ~< pi/4
        if ix >= 0x7ff00000 { return x - x }  // cos(Inf or NaN) is NaN
        let r = Self.mathRemPio2(x)  // argument reduction needed
        switch r.n & 3 {
        case 0: return Self.mathKernelCos(r.y0, r.y1)
        case 1: return -Self.mathKernelSin(r.y0, r.y1, 1)
        case 2: return -Self.mathKernelCos(r.y0, r.y1)
        default: return Self.mathKernelSin(r.y0, r.y1, 1)
        }
    }

    // MARK: - acos
    /// R(z) of e_acos.c, p(z)/q(z): a rational approximation of (asin(x) - x)/x^3 with z = x^2, which each of
    /// acos's three pieces reads at its own z.
    static func mathAcosRatio(_ z: Swift.Double) -> Swift.Double {
        let pS0 = 0x1.5555555555555p-3  // 1.66666666666666657415e-01
        let pS1 = -0x1.4d61203eb6f7dp-2  // -3.25565818622400915405e-01
        let pS2 = 0x1.9c1550e884455p-3  // 2.01212532134862925881e-01
        let pS3 = -0x1.48228b5688f3bp-5  // -4.00555345006794114027e-02
        let pS4 = 0x1.9efe07501b288p-11  // 7.91534994289814532176e-04
        let pS5 = 0x1.23de10dfdf709p-15  // 3.47933107596021167570e-05
        let qS1 = -0x1.33a271c8a2d4bp+1  // -2.40339491173441421878e+00
        let qS2 = 0x1.02ae59c598ac8p+1  // 2.02094576023350569471e+00
        let qS3 = -0x1.6066c1b8d0159p-1  // -6.88283971605453293030e-01
        let qS4 = 0x1.3b8c5b12e9282p-4  // 7.70381505559019352791e-02
        let p = z * (pS0 + z * (pS1 + z * (pS2 + z * (pS3 + z * (pS4 + z * pS5)))))
        let q = 1.0 + z * (qS1 + z * (qS2 + z * (qS3 + z * qS4)))
        return p / q
    }

    /// e_acos.c. For |x| < 0.5, acos(x) = pi/2 - (x + x*x^2*R(x^2)); for x > 0.5, acos(x) = 2 asin(sqrt((1 - x)/2)),
    /// with sqrt(z) split into a high part f (its low word cleared) and a correction c = (z - f*f)/(s + f); for
    /// x < -0.5, acos(x) = pi - 2 asin(sqrt((1 - |x|)/2)). acos(1) = 0, acos(-1) = pi, NaN for |x| > 1 and for NaN.
    static func mathAcos(_ x: Swift.Double) -> Swift.Double {
        let pi = 0x1.921fb54442d18p+1  // 3.14159265358979311600e+00
        let pio2Hi = 0x1.921fb54442d18p+0  // 1.57079632679489655800e+00
        let pio2Lo = 0x1.1a62633145c07p-54  // 6.12323399573676603587e-17
        let hx = Self.mathHighWord(x)
        let ix = hx & 0x7fffffff
        if ix >= 0x3ff00000 {  // |x| >= 1
            if ((ix - 0x3ff00000) | Self.mathLowWord(x)) == 0 {  // |x| == 1
                return hx > 0 ? 0.0 : pi + 2.0 * pio2Lo  // acos(1) = 0, acos(-1) = pi
            }
            return (x - x) / (x - x)  // acos(|x| > 1) is NaN
        }
        if ix < 0x3fe00000 {  // |x| < 0.5
            if ix <= 0x3c600000 { return pio2Hi + pio2Lo }  // |x| < 2**-57
            let r = Self.mathAcosRatio(x * x)
            return pio2Hi - (x - (pio2Lo - x * r))
        }
        if hx < 0 {  // x < -0.5
            let z = (1.0 + x) * 0.5
            let s = z.squareRoot()
            let w = Self.mathAcosRatio(z) * s - pio2Lo
            return pi - 2.0 * (s + w)
        }
        // x > 0.5
        let z = (1.0 - x) * 0.5
        let s = z.squareRoot()
        let df = Self.mathFromWords(Self.mathHighWord(s), 0)
        let c = (z - df * df) / (s + df)
        let w = Self.mathAcosRatio(z) * s + c
        return 2.0 * (df + w)
    }

    // MARK: - pow
    /// e_pow.c (in the arrangement of Java's StrictMath port). Method: let x = 2^n * (1 + f).
    ///   1. Compute and return log2(x) in two pieces: log2(x) = w1 + w2, where w1 has 53 - 24 = 29
    ///      bit trailing zeros (via s = (x - bp)/(x + bp), bp = 1 or 1.5, and a polynomial for
    ///      (3/2)*(log(x) - 2s - 2/3*s^3)).
    ///   2. Perform y*log2(x) = n + y' by simulating multi-precision arithmetic shown below, where
    ///      |y'| <= 0.5.
    ///   3. Return x**y = 2^n * exp(y'*log2), with exp by the same rational method as exp(x).
    /// Special cases (C99 / IEEE 754-2008, which differ from Java's for x = 1 and for x = -1, y = +-inf):
    ///   x**0 = 1 for any x, NaN included; 1**y = 1 for any y, NaN included; otherwise NaN in gives NaN;
    ///   (|x| > 1)**+inf = +inf, (|x| > 1)**-inf = +0, (|x| < 1)**+inf = +0, (|x| < 1)**-inf = +inf,
    ///   (-1)**+-inf = 1; +0**(+anything except 0, NaN) = +0; -0**(+odd integer) = -0;
    ///   +-0**(-anything) = +inf (-inf for -0 and a negative odd integer); +inf**(+y) = +inf,
    ///   +inf**(-y) = +0; -inf**y = -0**(-y); (-x)**(integer) = (-1)**integer * x**integer;
    ///   (-x)**(non-integer) = NaN. Error below 1 ulp (about 0.5 ulp in practice).
    static func mathPow(_ x: Swift.Double, _ y: Swift.Double) -> Swift.Double {
        let infinity = Swift.Double.infinity
        if x == 1.0 { return 1.0 }  // C99: 1**y = 1, even for y = NaN (Java: NaN for y = NaN, +-inf)
        if y == 0.0 { return 1.0 }  // y == zero: x**0 = 1
        if x != x || y != y { return x + y }  // +/-NaN return x + y to propagate NaN significands
        let yAbs = y.magnitude
        var xAbs = x.magnitude
        // Special values of y
        if y == 2.0 {
            return x * x
        } else if y == 0.5 {
            if x >= -Swift.Double.greatestFiniteMagnitude {  // Handle x == -infinity later
                return (x + 0.0).squareRoot()  // Add 0.0 to properly handle x == -0.0
            }
        } else if yAbs == 1.0 {  // y is +/-1
            return y == 1.0 ? x : 1.0 / x
        } else if yAbs == infinity {  // y is +/-infinity
            if xAbs == 1.0 {
                return 1.0  // C99: (-1)**+-inf = 1 (Java: NaN)
            } else if xAbs > 1.0 {  // (|x| > 1)**+/-inf = inf, 0
                return y >= 0 ? y : 0.0
            } else {  // (|x| < 1)**-/+inf = inf, 0
                return y < 0 ? -y : 0.0
            }
        }
        let hx = Self.mathHighWord(x)
        var ix = hx & 0x7fffffff
        // When x < 0, determine if y is an odd integer:
        // yIsInt = 0 ... y is not an integer, 1 ... y is an odd int, 2 ... y is an even int
        var yIsInt = 0
        if hx < 0 {
            if yAbs >= 0x1p53 {  // |y| >= 2^53 = 9.007199254740992E15
                yIsInt = 2  // y is an even integer since ulp(2^53) = 2.0
            } else if yAbs >= 1.0 {  // |y| >= 1.0
                let yAbsAsInt = Swift.Int(yAbs)
                if Swift.Double(yAbsAsInt) == yAbs { yIsInt = 2 - (yAbsAsInt & 1) }
            }
        }
        // Special value of x
        if xAbs == 0.0 || xAbs == infinity || xAbs == 1.0 {
            var z = xAbs  // x is +/-0, +/-inf, +/-1
            if y < 0.0 { z = 1.0 / z }  // z = (1/|x|)
            if hx < 0 {
                if ((ix - 0x3ff00000) | yIsInt) == 0 {
                    z = (z - z) / (z - z)  // (-1)**non-int is NaN
                } else if yIsInt == 1 {
                    z = -1.0 * z  // (x < 0)**odd = -(|x|**odd)
                }
            }
            return z
        }
        var n = (hx >> 31) + 1
        // (x < 0)**(non-int) is NaN
        if (n | yIsInt) == 0 { return (x - x) / (x - x) }
        var s = 1.0  // s (sign of result -ve**odd) = -1 else = 1
        if (n | (yIsInt - 1)) == 0 { s = -1.0 }  // (-ve)**(odd int)
        var t1 = 0.0
        var t2 = 0.0
        if yAbs > 0x1.00000ffffffffp31 {  // |y| is huge: if |y| > ~2**31
            let invLn2 = 0x1.71547652b82fep0  // 1.44269504088896338700e+00 = 1/ln2
            let invLn2H = 0x1.715476p0  // 1.44269502162933349609e+00 = 24 bits of 1/ln2
            let invLn2L = 0x1.4ae0bf85ddf44p-26  // 1.92596299112661746887e-08 = 1/ln2 tail
            // Over/underflow if x is not close to one
            if xAbs < 0x1.fffff00000000p-1 { return y < 0.0 ? s * infinity : s * 0.0 }  // |x| < ~0.9999995231628418
            if xAbs > 0x1.00000ffffffffp0 { return y > 0.0 ? s * infinity : s * 0.0 }  // |x| > ~1.0
            // now |1-x| is tiny <= 2**-20, sufficient to compute log(x) by x - x^2/2 + x^3/3 - x^4/4
            let t = xAbs - 1.0  // t has 20 trailing zeros
            let w = (t * t) * (0.5 - t * (0x1.5555555555555p-2 - t * 0.25))  // 0x1.5555555555555p-2 = 1/3
            let u = invLn2H * t  // invLn2H has 21 sig. bits
            let v = t * invLn2L - w * invLn2
            t1 = Self.mathFromWords(Self.mathHighWord(u + v), 0)
            t2 = v - (t1 - u)
        } else {
            let cp = 0x1.ec709dc3a03fdp-1  // 9.61796693925975554329e-01 = 2/(3ln2)
            let cpH = 0x1.ec709ep-1  // 9.61796700954437255859e-01 = (float)cp
            let cpL = -0x1.e2fe0145b01f5p-28  // -7.02846165095275826516e-09 = tail of cpH
            // Poly coefs for (3/2)*(log(x)-2s-2/3*s**3
            let l1 = 0x1.3333333333303p-1  // 5.99999999999994648725e-01
            let l2 = 0x1.b6db6db6fabffp-2  // 4.28571428578550184252e-01
            let l3 = 0x1.55555518f264dp-2  // 3.33333329818377432918e-01
            let l4 = 0x1.17460a91d4101p-2  // 2.72728123808534006489e-01
            let l5 = 0x1.d864a93c9db65p-3  // 2.30660745775561754067e-01
            let l6 = 0x1.a7e284a454eefp-3  // 2.06975017800338417784e-01
            n = 0
            // Take care of subnormal numbers
            if ix < 0x00100000 {
                xAbs *= 0x1p53  // 2^53 = 9007199254740992.0
                n -= 53
                ix = Self.mathHighWord(xAbs)
            }
            n += (ix >> 20) - 0x3ff
            let j = ix & 0x000fffff
            // Determine interval
            ix = j | 0x3ff00000  // Normalize ix
            var k = 0
            if j <= 0x3988E {
                k = 0  // |x| < sqrt(3/2)
            } else if j < 0xBB67A {
                k = 1  // |x| < sqrt(3)
            } else {
                k = 0
                n += 1
                ix -= 0x00100000
            }
            xAbs = Self.mathFromWords(ix, Self.mathLowWord(xAbs))
            let bp = k == 0 ? 1.0 : 1.5
            let dpH = k == 0 ? 0.0 : 0x1.2b8034p-1  // 5.84962487220764160156e-01
            let dpL = k == 0 ? 0.0 : 0x1.cfdeb43cfd006p-27  // 1.35003920212974897128e-08
            // Compute ss = s_h + s_l = (x-1)/(x+1) or (x-1.5)/(x+1.5)
            var u = xAbs - bp  // bp[0] = 1.0, bp[1] = 1.5
            var v = 1.0 / (xAbs + bp)
            let ss = u * v
            let sH = Self.mathFromWords(Self.mathHighWord(ss), 0)
            // t_h = xAbs + bp High
            var tH = Self.mathFromWords(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18), 0)
            var tL = xAbs - (tH - bp)
            let sL = v * ((u - sH * tH) - sH * tL)
            // Compute log(xAbs)
            var s2 = ss * ss
            var r = s2 * s2 * (l1 + s2 * (l2 + s2 * (l3 + s2 * (l4 + s2 * (l5 + s2 * l6)))))
            r += sL * (sH + ss)
            s2 = sH * sH
            tH = Self.mathFromWords(Self.mathHighWord(3.0 + s2 + r), 0)
            tL = r - ((tH - 3.0) - s2)
            // u+v = ss*(1+...)
            u = sH * tH
            v = sL * tH + tL * ss
            // 2/(3log2)*(ss + ...)
            let pH = Self.mathFromWords(Self.mathHighWord(u + v), 0)
            let pL = v - (pH - u)
            let zH = cpH * pH  // cpH + cpL = 2/(3*log2)
            let zL = cpL * pH + pL * cp + dpL
            // log2(xAbs) = (ss + ..)*2/(3*log2) = n + dpH + zH + zL
            let t = Swift.Double(n)
            t1 = Self.mathFromWords(Self.mathHighWord(((zH + zL) + dpH) + t), 0)
            t2 = zL - (((t1 - t) - dpH) - zH)
        }
        // Split up y into (y1 + y2) and compute (y1 + y2) * (t1 + t2)
        let y1 = Self.mathFromWords(Self.mathHighWord(y), 0)
        let pL = (y - y1) * t1 + y * t2
        var pH = y1 * t1
        var z = pL + pH
        var j = Self.mathHighWord(z)
        var i = Self.mathLowWord(z)
        if j >= 0x40900000 {  // z >= 1024
            if ((j - 0x40900000) | i) != 0 { return s * infinity }  // if z > 1024: overflow
            let ovt = 0x1.71547652b82fep-54  // 8.0085662595372944372e-17 = -(1024-log2(ovfl+.5ulp))
            if pL + ovt > z - pH { return s * infinity }  // overflow
        } else if (j & 0x7fffffff) >= 0x4090cc00 {  // z <= -1075
            if ((j - (-0x3f6f3400)) | i) != 0 { return s * 0.0 }  // z < -1075: underflow; -0x3f6f3400 is 0xc090cc00
            if pL <= z - pH { return s * 0.0 }  // underflow
        }
        // Compute 2**(pH+pL)
        let p1 = 0x1.555555555553ep-3  // 1.66666666666666019037e-01
        let p2 = -0x1.6c16c16bebd93p-9  // -2.77777777770155933842e-03
        let p3 = 0x1.1566aaf25de2cp-14  // 6.61375632143793436117e-05
        let p4 = -0x1.bbd41c5d26bf1p-20  // -1.65339022054652515390e-06
        let p5 = 0x1.6376972bea4d0p-25  // 4.13813679705723846039e-08
        let lg2 = 0x1.62e42fefa39efp-1  // 6.93147180559945286227e-01
        let lg2H = 0x1.62e43p-1  // 6.93147182464599609375e-01
        let lg2L = -0x1.05c610ca86c39p-29  // -1.90465429995776804525e-09
        i = j & 0x7fffffff
        var k = (i >> 20) - 0x3ff
        n = 0
        if i > 0x3fe00000 {  // if |z| > 0.5, set n = [z + 0.5]
            n = j + (0x00100000 >> (k + 1))
            k = ((n & 0x7fffffff) >> 20) - 0x3ff  // new k for n
            let t = Self.mathFromWords(n & ~(0x000fffff >> k), 0)
            n = ((n & 0x000fffff) | 0x00100000) >> (20 - k)
            if j < 0 { n = -n }
            pH -= t
        }
        let t = Self.mathFromWords(Self.mathHighWord(pL + pH), 0)
        let u = t * lg2H
        let v = (pL - (t - pH)) * lg2 + t * lg2L
        z = u + v
        let w = v - (z - u)
        let tt = z * z
        let tt1 = z - tt * (p1 + tt * (p2 + tt * (p3 + tt * (p4 + tt * p5))))
        let r = (z * tt1) / (tt1 - 2.0) - (w + z * w)
        z = 1.0 - (r - z)
        j = Self.mathHighWord(z)
        j += n << 20
        if (j >> 20) <= 0 {
            z = Self.mathScalbn(z, n)  // subnormal output
        } else {
            z = Self.mathFromWords(Self.mathHighWord(z) + (n << 20), Self.mathLowWord(z))
        }
        return s * z
    }
}
