/**
 * headerc's own math functions (`OwnedMath`) in JavaScript, for the modules of `compile --target js`:
 * fdlibm 5.3 (Sun Microsystems, 1993), the algorithm of Java's StrictMath, written line for line from the same
 * Java transliteration as the Swift functions (OwnedMathKernels.swift), so that a module gives the library's
 * bits in every JavaScript engine: only IEEE operations, `Math.abs`, `Math.sqrt`, `Math.floor` and
 * `Math.trunc`, and exact integer work on the words of a double. Every name starts with `$math`, which no spec
 * name can.
 *
 * A generated module carries the declarations it calls and those they read, each with the `//` and block
 * comments above it (`RuntimeLibrary`); this comment stays here. `node --check` reads the file in the tests,
 * and JavaScriptEmitterTests runs it against `OwnedMath` on hard arguments, bit for bit. After an edit,
 * `HEADERC_REGENERATE_GOLDEN=1 swift test --filter RuntimeEmbeddingTests` embeds the new text.
 */

// ---------------------------------------------------------------------------
// Word access: the high and low 32-bit halves of an IEEE double (as signed
// int32, like fdlibm's __HI/__LO), and a double built from two halves.
// A Float64Array aliased by an Int32Array; which int32 holds the high word is
// detected once (little- or big-endian platform), so it is portable.
const $mathWords = new Float64Array(1);

const $mathWordsI = new Int32Array($mathWords.buffer);

const $mathHiIdx = (new Uint8Array(new Uint16Array([1]).buffer)[0] === 1) ? 1 : 0;

function $mathHigh(x) {
  $mathWords[0] = x;
  return $mathWordsI[$mathHiIdx];
}

function $mathLow(x) {
  $mathWords[0] = x;
  return $mathWordsI[1 - $mathHiIdx];
}

function $mathFromWords(hi, lo) {
  $mathWordsI[$mathHiIdx] = hi;
  $mathWordsI[1 - $mathHiIdx] = lo;
  return $mathWords[0];
}

// ---------------------------------------------------------------------------
// Tables and scratch buffers for argument reduction.

// 2/pi in 24-bit chunks: 396 hex digits (476 decimal) of 2/pi.
const $mathTwoOverPi = new Int32Array([
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
]);

// High words of n*pi/2, n = 1..32 (to detect cancellation in rem_pio2).
const $mathNpio2Hw = new Int32Array([
  0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C,
  0x4025FDBB, 0x402921FB, 0x402C463A, 0x402F6A7A, 0x4031475C, 0x4032D97C,
  0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB, 0x403AB41B, 0x403C463A,
  0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C,
  0x4043A28C, 0x40446B9C, 0x404534AC, 0x4045FDBB, 0x4046C6CB, 0x40478FDB,
  0x404858EB, 0x404921FB,
]);

// pi/2 cut into 24-bit chunks.
const $mathPIo2 = new Float64Array([
  1.570796251296997 /* 0x1.921fb4p0 */,    // 1.57079625129699707031e+00
  7.549789415861596e-8 /* 0x1.4442dp-24 */,   // 7.54978941586159635335e-08
  5.390302529957765e-15 /* 0x1.846988p-48 */,  // 5.39030252995776476554e-15
  3.282003415807913e-22 /* 0x1.8cc516p-72 */,  // 3.28200341580791294123e-22
  1.270655753080676e-29 /* 0x1.01b838p-96 */,  // 1.27065575308067607349e-29
  1.2293330898111133e-36 /* 0x1.a25204p-120 */, // 1.22933308981111328932e-36
  2.7337005381646456e-44 /* 0x1.382228p-145 */, // 2.73370053816464559624e-44
  2.1674168387780482e-51 /* 0x1.9f31dp-169 */,  // 2.16741683877804819444e-51
]);

// Output of $mathRemPio2 (y[0], y[1]): module-level so the common path does not allocate.
const $mathRemPio2Y = new Float64Array(2);

// Scratch for the huge-argument path.
const $mathRemPio2Tx = new Float64Array(3);

const $mathKrpIq = new Int32Array(20);

const $mathKrpF = new Float64Array(20);

const $mathKrpFq = new Float64Array(20);

const $mathKrpQ = new Float64Array(20);

// ---------------------------------------------------------------------------
/* __kernel_sin( x, y, iy)
 * kernel sin function on [-pi/4, pi/4], pi/4 ~ 0.7854
 * Input x is assumed to be bounded by ~pi/4 in magnitude.
 * Input y is the tail of x.
 * Input iy indicates whether y is 0. (if iy=0, y assume to be 0).
 *
 * Algorithm
 *      1. Since sin(-x) = -sin(x), we need only to consider positive x.
 *      2. if x < 2^-27 (hx<0x3e400000 0), return x with inexact if x!=0.
 *      3. sin(x) is approximated by a polynomial of degree 13 on [0,pi/4]
 *              sin(x) ~ x + S1*x^3 + ... + S6*x^13
 *         with |sin(x)/x - (1+S1*x^2+...+S6*x^12)| <= 2^-58
 *      4. sin(x+y) = sin(x) + sin'(x')*y ~ sin(x) + (1-x*x/2)*y
 *         For better accuracy, let r = x^3*(S2+x^2*(S3+x^2*(S4+x^2*(S5+x^2*S6))))
 *         then sin(x) = x + (S1*x^3 + (x^2*(r-y/2)+y))
 */

function $mathKernelSin(x, y, iy) {
  const S1 = -0.16666666666666632 /* -0x1.5555555555549p-3 */,  // -1.66666666666666324348e-01
        S2 =  0.00833333333332249 /* 0x1.111111110f8a6p-7 */,  //  8.33333333332248946124e-03
        S3 = -0.0001984126982985795 /* -0x1.a01a019c161d5p-13 */, // -1.98412698298579493134e-04
        S4 =  0.0000027557313707070068 /* 0x1.71de357b1fe7dp-19 */, //  2.75573137070700676789e-06
        S5 = -2.5050760253406863e-8 /* -0x1.ae5e68a2b9cebp-26 */, // -2.50507602534068634195e-08
        S6 =  1.58969099521155e-10 /* 0x1.5d93a5acfd57cp-33 */; //  1.58969099521155010221e-10
  const ix = $mathHigh(x) & 0x7fffffff;  // high word of |x|
  if (ix < 0x3e400000) {                 // |x| < 2**-27
    return x;                            // ((int)x == 0 always holds here)
  }
  const z = x * x;
  const v = z * x;
  const r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  if (iy === 0) {
    return x + v * (S1 + z * r);
  } else {
    return x - ((z * (0.5 * y - v * r) - y) - v * S1);
  }
}

/* __kernel_cos( x,  y )
 * kernel cos function on [-pi/4, pi/4], pi/4 ~ 0.785398164
 * Input x is assumed to be bounded by ~pi/4 in magnitude.
 * Input y is the tail of x.
 *
 * Algorithm
 *      1. Since cos(-x) = cos(x), we need only to consider positive x.
 *      2. if x < 2^-27 (hx < 0x3e4000000), return 1 with inexact if x != 0.
 *      3. cos(x) is approximated by a polynomial of degree 14 on [0,pi/4]
 *              cos(x) ~ 1 - x*x/2 + C1*x^4 + ... + C6*x^14
 *         with remez error <= 2^-58
 *      4. let r = C1*x^4+...+C6*x^14, then cos(x) = 1 - x*x/2 + r.
 *         Since cos(x+y) ~ cos(x) - sin(x)*y ~ cos(x) - x*y, a correction
 *         term is necessary: cos(x+y) = 1 - (x*x/2 - (r - x*y)).
 *         For better accuracy when x > 0.3, let qx = |x|/4 with the last 32
 *         bits mask off, and if x > 0.78125, let qx = 0.28125.  Then
 *              cos(x+y) = (1-qx) - ((x*x/2-qx) - (r-x*y)).
 *         1-qx and (x*x/2-qx) are EXACT here, and the magnitude of the
 *         latter is at least a quarter of x*x/2, reducing the rounding error.
 */

function $mathKernelCos(x, y) {
  const C1 =  0.0416666666666666 /* 0x1.555555555554cp-5 */,  //  4.16666666666666019037e-02
        C2 = -0.001388888888887411 /* -0x1.6c16c16c15177p-10 */, // -1.38888888888741095749e-03
        C3 =  0.00002480158728947673 /* 0x1.a01a019cb159p-16 */,  //  2.48015872894767294178e-05
        C4 = -2.7557314351390663e-7 /* -0x1.27e4f809c52adp-22 */, // -2.75573143513906633035e-07
        C5 =  2.087572321298175e-9 /* 0x1.1ee9ebdb4b1c4p-29 */, //  2.08757232129817482790e-09
        C6 = -1.1359647557788195e-11 /* -0x1.8fae9be8838d4p-37 */; // -1.13596475577881948265e-11
  const ix = $mathHigh(x) & 0x7fffffff;  // ix = |x|'s high word
  if (ix < 0x3e400000) {                 // if x < 2**-27
    return 1.0;                          // ((int)x == 0 always holds here)
  }
  const z = x * x;
  const r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  if (ix < 0x3FD33333) {                 // if |x| < 0.3
    return 1.0 - (0.5 * z - (z * r - x * y));
  } else {
    let qx;
    if (ix > 0x3fe90000) {               // x > 0.78125
      qx = 0.28125;
    } else {
      qx = $mathFromWords(ix - 0x00200000, 0);  // x/4
    }
    const hz = 0.5 * z - qx;
    const a = 1.0 - qx;
    return a - (hz - (z * r - x * y));
  }
}

// ---------------------------------------------------------------------------
/* __kernel_rem_pio2(x,y,e0,nx)   (fdlibm with prec = 2, ipio2 = two_over_pi)
 * returns the last three digits of N with y = x - N*pi/2, so that |y| < pi/2.
 *
 * The method is to compute the integer (mod 8) and fraction parts of
 * (2/pi)*x without doing the full multiplication.  In general we skip the
 * part of the product that is known to be a huge integer (more accurately,
 * = 0 mod 8).  Thus the number of operations is independent of the exponent
 * of the input.
 *
 *   x[]   the input value (positive) broken into nx 24-bit integer pieces in
 *         double format; x[0]*2^e0 matches x up to 24 bits.
 *   y[]   output: y[0]+y[1] is the reduced argument.
 *   e0    the exponent of x[0].
 *   nx    dimension of x[].
 * Local variables:
 *   jk    jk+1 is the initial number of terms of ipio2[] needed (4 here).
 *   jz    number of terms of ipio2[] used.
 *   jx    nx - 1.
 *   jv    index of the suitable ipio2[]: we want (2^e0*x[0]*ipio2[jv-1]*2^(-24jv))/8
 *         to be an integer, hence jv = max(0,(e0-3)/24).
 *   jp    jp+1 is the number of terms in PIo2[] needed, jp = jk.
 *   q[]   double array with integral values: 24-bit chunks of x*(2/pi).
 *   q0    the exponent of q[0]; the exponent of q[i] is q0-24*i.
 *   f[]   ipio2[] in floating point.
 *   iq[]  integer array by breaking up q[] in 24-bit chunks.
 *   fq[]  final product of x*(2/pi) in fq[0],..,fq[jk].
 *   ih    if >0, q[] is >= 0.5, hence it also indicates the sign of the result.
 * Math.scalb(v, e) of the Java source is v * 2^e with 2^e built exactly
 * from its bits (|e| is small here, so the product is exact).
 */

function $mathKernelRemPio2(x, y, e0, nx) {
  const twon24 = 5.960464477539063e-8 /* 0x1.0p-24 */, two24 = 16777216 /* 0x1.0p24 */;
  const ipio2 = $mathTwoOverPi, PIo2 = $mathPIo2;
  const iq = $mathKrpIq, f = $mathKrpF, fq = $mathKrpFq, q = $mathKrpQ;
  let jz, jx, jv, jp, jk, carry, n, i, j, k, m, q0, ih, z, fw;
  iq.fill(0); f.fill(0); fq.fill(0); q.fill(0);

  // initialize jk (prec = 2: 64 bits)
  jk = 4;
  jp = jk;

  // determine jx, jv, q0, note that 3 > q0
  jx = nx - 1;
  jv = ((e0 - 3) / 24) | 0;   // C/Java integer division truncates toward zero
  if (jv < 0) jv = 0;
  q0 = e0 - 24 * (jv + 1);

  // set up f[0] to f[jx+jk] where f[jx+jk] = ipio2[jv+jk]
  j = jv - jx;
  m = jx + jk;
  for (i = 0; i <= m; i++, j++) {
    f[i] = (j < 0) ? 0.0 : ipio2[j];
  }

  // compute q[0],q[1],...q[jk]
  for (i = 0; i <= jk; i++) {
    for (j = 0, fw = 0.0; j <= jx; j++) {
      fw += x[j] * f[jx + i - j];
    }
    q[i] = fw;
  }

  jz = jk;
  for (;;) {
    // distill q[] into iq[] reversingly
    for (i = 0, j = jz, z = q[jz]; j > 0; i++, j--) {
      fw = (twon24 * z) | 0;
      iq[i] = (z - two24 * fw) | 0;
      z = q[j - 1] + fw;
    }

    // compute n
    z = z * $mathFromWords((0x3ff + q0) << 20, 0);   // actual value of z
    z -= 8.0 * Math.floor(z * 0.125);                // trim off integer >= 8
    n = z | 0;
    z -= n;
    ih = 0;
    if (q0 > 0) {          // need iq[jz-1] to determine n
      i = iq[jz - 1] >> (24 - q0);
      n += i;
      iq[jz - 1] -= i << (24 - q0);
      ih = iq[jz - 1] >> (23 - q0);
    } else if (q0 === 0) {
      ih = iq[jz - 1] >> 23;
    } else if (z >= 0.5) {
      ih = 2;
    }

    if (ih > 0) {          // q > 0.5
      n += 1;
      carry = 0;
      for (i = 0; i < jz; i++) {   // compute 1-q
        j = iq[i];
        if (carry === 0) {
          if (j !== 0) {
            carry = 1;
            iq[i] = 0x1000000 - j;
          }
        } else {
          iq[i] = 0xffffff - j;
        }
      }
      if (q0 > 0) {        // rare case: chance is 1 in 12
        switch (q0) {
          case 1: iq[jz - 1] &= 0x7fffff; break;
          case 2: iq[jz - 1] &= 0x3fffff; break;
        }
      }
      if (ih === 2) {
        z = 1.0 - z;
        if (carry !== 0) {
          z -= $mathFromWords((0x3ff + q0) << 20, 0);
        }
      }
    }

    // check if recomputation is needed
    if (z === 0.0) {
      j = 0;
      for (i = jz - 1; i >= jk; i--) {
        j |= iq[i];
      }
      if (j === 0) {       // need recomputation
        for (k = 1; iq[jk - k] === 0; k++);   // k = no. of terms needed
        for (i = jz + 1; i <= jz + k; i++) {  // add q[jz+1] to q[jz+k]
          f[jx + i] = ipio2[jv + i];
          for (j = 0, fw = 0.0; j <= jx; j++) {
            fw += x[j] * f[jx + i - j];
          }
          q[i] = fw;
        }
        jz += k;
        continue;
      }
    }
    break;
  }

  // chop off zero terms
  if (z === 0.0) {
    jz -= 1;
    q0 -= 24;
    while (iq[jz] === 0) {
      jz--;
      q0 -= 24;
    }
  } else {                 // break z into 24-bit if necessary
    z = z * $mathFromWords((0x3ff - q0) << 20, 0);
    if (z >= two24) {
      fw = (twon24 * z) | 0;
      iq[jz] = (z - two24 * fw) | 0;
      jz += 1;
      q0 += 24;
      iq[jz] = fw;
    } else {
      iq[jz] = z | 0;
    }
  }

  // convert integer "bit" chunk to floating-point value
  fw = $mathFromWords((0x3ff + q0) << 20, 0);
  for (i = jz; i >= 0; i--) {
    q[i] = fw * iq[i];
    fw *= twon24;
  }

  // compute PIo2[0,...,jp]*q[jz,...,0]
  for (i = jz; i >= 0; i--) {
    for (fw = 0.0, k = 0; k <= jp && k <= jz - i; k++) {
      fw += PIo2[k] * q[i + k];
    }
    fq[jz - i] = fw;
  }

  // compress fq[] into y[]
  fw = 0.0;
  for (i = jz; i >= 0; i--) {
    fw += fq[i];
  }
  y[0] = (ih === 0) ? fw : -fw;
  fw = fq[0] - fw;
  for (i = 1; i <= jz; i++) {
    fw += fq[i];
  }
  y[1] = (ih === 0) ? fw : -fw;
  return n & 7;
}

/* __ieee754_rem_pio2(x)
 * return the remainder of x rem pi/2: n is returned, y0 + y1 = x - n*pi/2
 * is written to $mathRemPio2Y[0], $mathRemPio2Y[1].
 *
 * invpio2:  53 bits of 2/pi
 * pio2_1:   first  33 bit of pi/2
 * pio2_1t:  pi/2 - pio2_1
 * pio2_2:   second 33 bit of pi/2
 * pio2_2t:  pi/2 - (pio2_1+pio2_2)
 * pio2_3:   third  33 bit of pi/2
 * pio2_3t:  pi/2 - (pio2_1+pio2_2+pio2_3)
 */

function $mathRemPio2(x) {
  const invpio2 = 0.6366197723675814 /* 0x1.45f306dc9c883p-1 */,  // 6.36619772367581382433e-01
        pio2_1  = 1.5707963267341256 /* 0x1.921fb544p0 */,        // 1.57079632673412561417e+00
        pio2_1t = 6.077100506506192e-11 /* 0x1.0b4611a626331p-34 */, // 6.07710050650619224932e-11
        pio2_2  = 6.077100506303966e-11 /* 0x1.0b4611a6p-34 */,      // 6.07710050630396597660e-11
        pio2_2t = 2.0222662487959506e-21 /* 0x1.3198a2e037073p-69 */, // 2.02226624879595063154e-21
        pio2_3  = 2.0222662487111665e-21 /* 0x1.3198a2ep-69 */,       // 2.02226624871116645580e-21
        pio2_3t = 8.4784276603689e-32 /* 0x1.b839a252049c1p-104 */; // 8.47842766036889956997e-32
  const y = $mathRemPio2Y;
  let z, w, t, r, fn, y0, y1, e0, i, j, nx, n;
  const hx = $mathHigh(x);   // high word of x
  const ix = hx & 0x7fffffff;
  if (ix <= 0x3fe921fb) {    // |x| ~<= pi/4 , no need for reduction
    y[0] = x;
    y[1] = 0;
    return 0;
  }
  if (ix < 0x4002d97c) {     // |x| < 3pi/4, special case with n=+-1
    if (hx > 0) {
      z = x - pio2_1;
      if (ix !== 0x3ff921fb) {   // 33+53 bit pi is good enough
        y0 = z - pio2_1t;
        y1 = (z - y0) - pio2_1t;
      } else {                   // near pi/2, use 33+33+53 bit pi
        z -= pio2_2;
        y0 = z - pio2_2t;
        y1 = (z - y0) - pio2_2t;
      }
      y[0] = y0;
      y[1] = y1;
      return 1;
    } else {                     // negative x
      z = x + pio2_1;
      if (ix !== 0x3ff921fb) {   // 33+53 bit pi is good enough
        y0 = z + pio2_1t;
        y1 = (z - y0) + pio2_1t;
      } else {                   // near pi/2, use 33+33+53 bit pi
        z += pio2_2;
        y0 = z + pio2_2t;
        y1 = (z - y0) + pio2_2t;
      }
      y[0] = y0;
      y[1] = y1;
      return -1;
    }
  }
  if (ix <= 0x413921fb) {    // |x| ~<= 2^19*(pi/2), medium size
    t = Math.abs(x);
    n = (t * invpio2 + 0.5) | 0;
    fn = n;
    r = t - fn * pio2_1;
    w = fn * pio2_1t;        // 1st round good to 85 bit
    if (n < 32 && ix !== $mathNpio2Hw[n - 1]) {
      y0 = r - w;            // quick check no cancellation
    } else {
      j = ix >> 20;
      y0 = r - w;
      i = j - (($mathHigh(y0) >> 20) & 0x7ff);
      if (i > 16) {          // 2nd iteration needed, good to 118
        t = r;
        w = fn * pio2_2;
        r = t - w;
        w = fn * pio2_2t - ((t - r) - w);
        y0 = r - w;
        i = j - (($mathHigh(y0) >> 20) & 0x7ff);
        if (i > 49) {        // 3rd iteration need, 151 bits acc
          t = r;             // will cover all possible cases
          w = fn * pio2_3;
          r = t - w;
          w = fn * pio2_3t - ((t - r) - w);
          y0 = r - w;
        }
      }
    }
    y1 = (r - y0) - w;
    if (hx < 0) {
      y[0] = -y0;
      y[1] = -y1;
      return -n;
    }
    y[0] = y0;
    y[1] = y1;
    return n;
  }
  // all other (large) arguments
  if (ix >= 0x7ff00000) {    // x is inf or NaN
    y[0] = y[1] = x - x;
    return 0;
  }
  // set z = scalbn(|x|, ilogb(x)-23)
  const tx = $mathRemPio2Tx;
  e0 = (ix >> 20) - 1046;    // e0 = ilogb(z) - 23;
  z = $mathFromWords(ix - (e0 << 20), $mathLow(x));
  for (i = 0; i < 2; i++) {
    tx[i] = z | 0;
    z = (z - tx[i]) * 16777216 /* 0x1.0p24 */;
  }
  tx[2] = z;
  nx = 3;
  while (tx[nx - 1] === 0.0) nx--;   // skip zero term
  n = $mathKernelRemPio2(tx, y, e0, nx);
  if (hx < 0) {
    y[0] = -y[0];
    y[1] = -y[1];
    return -n;
  }
  return n;
}

// ---------------------------------------------------------------------------
/* sin(x), cos(x)
 * Method.
 *      Let S,C denote the sin, cos on [-PI/4, +PI/4].  Reduce the argument x
 *      to y1+y2 = x-k*pi/2 in [-pi/4 , +pi/4], and let n = k mod 4.  Then
 *
 *          n        sin(x)      cos(x)
 *     ------------------------------------
 *          0          S           C
 *          1          C          -S
 *          2         -S          -C
 *          3         -C           S
 *     ------------------------------------
 * Special cases:
 *      trig(+-INF)  is NaN; trig(NaN) is that NaN.
 * Accuracy:
 *      TRIG(x) returns trig(x) nearly rounded
 */

function $mathSin(x) {
  const ix = $mathHigh(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) {          // |x| ~< pi/4
    return $mathKernelSin(x, 0.0, 0);
  } else if (ix >= 0x7ff00000) {   // sin(Inf or NaN) is NaN
    return x - x;
  }
  // argument reduction needed
  const n = $mathRemPio2(x);
  const y = $mathRemPio2Y;
  switch (n & 3) {
    case 0: return $mathKernelSin(y[0], y[1], 1);
    case 1: return $mathKernelCos(y[0], y[1]);
    case 2: return -$mathKernelSin(y[0], y[1], 1);
    default: return -$mathKernelCos(y[0], y[1]);
  }
}

function $mathCos(x) {
  const ix = $mathHigh(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) {          // |x| ~< pi/4
    return $mathKernelCos(x, 0.0);
  } else if (ix >= 0x7ff00000) {   // cos(Inf or NaN) is NaN
    return x - x;
  }
  // argument reduction needed
  const n = $mathRemPio2(x);
  const y = $mathRemPio2Y;
  switch (n & 3) {
    case 0: return $mathKernelCos(y[0], y[1]);
    case 1: return -$mathKernelSin(y[0], y[1], 1);
    case 2: return -$mathKernelCos(y[0], y[1]);
    default: return $mathKernelSin(y[0], y[1], 1);
  }
}

/* R(z) of e_acos.c, p(z)/q(z): a rational approximation of (asin(x) - x)/x^3 with z = x^2, which each of
 * acos's three pieces reads at its own z.
 */
function $mathAcosRatio(z) {
  const pS0 = 0.16666666666666666 /* 0x1.5555555555555p-3 */,
        pS1 = -0.3255658186224009 /* -0x1.4d61203eb6f7dp-2 */,
        pS2 = 0.20121253213486293 /* 0x1.9c1550e884455p-3 */,
        pS3 = -0.04005553450067941 /* -0x1.48228b5688f3bp-5 */,
        pS4 = 0.0007915349942898145 /* 0x1.9efe07501b288p-11 */,
        pS5 = 3.479331075960212e-05 /* 0x1.23de10dfdf709p-15 */,
        qS1 = -2.403394911734414 /* -0x1.33a271c8a2d4bp+1 */,
        qS2 = 2.0209457602335057 /* 0x1.02ae59c598ac8p+1 */,
        qS3 = -0.6882839716054533 /* -0x1.6066c1b8d0159p-1 */,
        qS4 = 0.07703815055590194 /* 0x1.3b8c5b12e9282p-4 */;
  const p = z * (pS0 + z * (pS1 + z * (pS2 + z * (pS3 + z * (pS4 + z * pS5)))));
  const q = 1.0 + z * (qS1 + z * (qS2 + z * (qS3 + z * qS4)));
  return p / q;
}

/* acos(x): fdlibm 5.3's e_acos.c.
 * For |x| < 0.5, acos(x) = pi/2 - (x + x*x^2*R(x^2)); for x > 0.5, acos(x) = 2 asin(sqrt((1 - x)/2)), with
 * sqrt(z) split into a high part f (its low word cleared) and a correction c = (z - f*f)/(s + f); for
 * x < -0.5, acos(x) = pi - 2 asin(sqrt((1 - |x|)/2)). acos(1) = 0, acos(-1) = pi, NaN for |x| > 1 and for NaN.
 */
function $mathAcos(x) {
  const pi = 3.141592653589793 /* 0x1.921fb54442d18p+1 */,
        pio2_hi = 1.5707963267948966 /* 0x1.921fb54442d18p+0 */,
        pio2_lo = 6.123233995736766e-17 /* 0x1.1a62633145c07p-54 */;
  const hx = $mathHigh(x);
  const ix = hx & 0x7fffffff;
  if (ix >= 0x3ff00000) {          // |x| >= 1
    if (((ix - 0x3ff00000) | $mathLow(x)) === 0) {  // |x| == 1
      return hx > 0 ? 0.0 : pi + 2.0 * pio2_lo;     // acos(1) = 0, acos(-1) = pi
    }
    return (x - x) / (x - x);      // acos(|x| > 1) is NaN
  }
  if (ix < 0x3fe00000) {           // |x| < 0.5
    if (ix <= 0x3c600000) return pio2_hi + pio2_lo;  // |x| < 2**-57
    const r = $mathAcosRatio(x * x);
    return pio2_hi - (x - (pio2_lo - x * r));
  }
  if (hx < 0) {                    // x < -0.5
    const z = (1.0 + x) * 0.5;
    const s = Math.sqrt(z);
    const w = $mathAcosRatio(z) * s - pio2_lo;
    return pi - 2.0 * (s + w);
  }
  // x > 0.5
  const z = (1.0 - x) * 0.5;
  const s = Math.sqrt(z);
  const df = $mathFromWords($mathHigh(s), 0);
  const c = (z - df * df) / (s + df);
  const w = $mathAcosRatio(z) * s + c;
  return 2.0 * (df + w);
}

// ---------------------------------------------------------------------------
/* exp(x)
 * Method
 *   1. Argument reduction: find r and integer k such that
 *               x = k*ln2 + r,  |r| <= 0.5*ln2 ~ 0.34658,
 *      r represented as r = hi-lo for better accuracy.
 *   2. Approximation of exp(r) by a special rational function on [0,0.34658]:
 *          R(r**2) = r*(exp(r)+1)/(exp(r)-1) = 2 + r*r/6 - r**4/360 + ...
 *      approximated by R(z) ~ 2.0 + P1*z + ... + P5*z**5 (error <= 2**-59), so
 *              exp(r) = 1 + 2*r/(R - r) = 1 + r + r*R1(r)/(2 - R1(r))
 *      where R1(r) = r - (P1*r^2 + P2*r^4 + ... + P5*r^10).
 *   3. Scale back: exp(x) = 2^k * exp(r)
 * Special cases:
 *      exp(INF) is INF, exp(NaN) is NaN; exp(-INF) is 0, and
 *      for finite argument, only exp(0)=1 is exact.
 * Accuracy: error is always less than 1 ulp.
 * Misc. info.  if x >  7.09782712893383973096e+02 then exp(x) overflow
 *              if x < -7.45133219101941108420e+02 then exp(x) underflow
 */

function $mathExp(x) {
  const huge = 1.0e+300,
        twom1000 = 9.332636185032189e-302 /* 0x1.0p-1000 */,              // 9.33263618503218878990e-302 = 2^-1000
        o_threshold = 709.782712893384 /* 0x1.62e42fefa39efp9 */,   //  7.09782712893383973096e+02
        u_threshold = -745.1332191019411 /* -0x1.74910d52d3051p9 */,  // -7.45133219101941108420e+02
        ln2HI = 0.6931471803691238 /* 0x1.62e42feep-1 */,             //  6.93147180369123816490e-01
        ln2LO = 1.9082149292705877e-10 /* 0x1.a39ef35793c76p-33 */,       //  1.90821492927058770002e-10
        invln2 = 1.4426950408889634 /* 0x1.71547652b82fep0 */,        //  1.44269504088896338700e+00
        P1 =  0.16666666666666602 /* 0x1.555555555553ep-3 */,   //  1.66666666666666019037e-01
        P2 = -0.0027777777777015593 /* -0x1.6c16c16bebd93p-9 */,   // -2.77777777770155933842e-03
        P3 =  0.00006613756321437934 /* 0x1.1566aaf25de2cp-14 */,  //  6.61375632143793436117e-05
        P4 = -0.0000016533902205465252 /* -0x1.bbd41c5d26bf1p-20 */,  // -1.65339022054652515390e-06
        P5 =  4.1381367970572385e-8 /* 0x1.6376972bea4d0p-25 */;  //  4.13813679705723846039e-08
  let y, hi = 0.0, lo = 0.0, c, t, k = 0;
  let hx = $mathHigh(x);           // high word of x
  const xsb = (hx >> 31) & 1;      // sign bit of x
  hx &= 0x7fffffff;                // high word of |x|

  // filter out non-finite argument
  if (hx >= 0x40862E42) {          // if |x| >= 709.78...
    if (hx >= 0x7ff00000) {
      if (((hx & 0xfffff) | $mathLow(x)) !== 0) {
        return x + x;              // NaN
      }
      return (xsb === 0) ? x : 0.0;   // exp(+-inf) = {inf, 0}
    }
    if (x > o_threshold) return huge * huge;           // overflow
    if (x < u_threshold) return twom1000 * twom1000;   // underflow
  }

  // argument reduction
  if (hx > 0x3fd62e42) {           // if  |x| > 0.5 ln2
    if (hx < 0x3FF0A2B2) {         // and |x| < 1.5 ln2
      if (xsb === 0) {
        hi = x - ln2HI;
        lo = ln2LO;
        k = 1;
      } else {
        hi = x + ln2HI;
        lo = -ln2LO;
        k = -1;
      }
    } else {
      k = (invln2 * x + (xsb === 0 ? 0.5 : -0.5)) | 0;
      t = k;
      hi = x - t * ln2HI;          // t*ln2HI is exact here
      lo = t * ln2LO;
    }
    x = hi - lo;
  } else if (hx < 0x3e300000) {    // when |x|<2**-28
    return 1.0 + x;                // (huge + x > 1.0 always holds: inexact)
  } else {
    k = 0;
  }

  // x is now in primary range
  t = x * x;
  c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k === 0) {
    return 1.0 - ((x * c) / (c - 2.0) - x);
  }
  y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
  if (k >= -1021) {
    return $mathFromWords($mathHigh(y) + (k << 20), $mathLow(y));   // add k to y's exponent
  }
  y = $mathFromWords($mathHigh(y) + ((k + 1000) << 20), $mathLow(y));
  return y * twom1000;
}

// ---------------------------------------------------------------------------
/* expm1(x)
 * Returns exp(x)-1, the exponential of x minus 1.
 * Method
 *   1. Argument reduction: given x, find r and integer k such that
 *               x = k*ln2 + r,  |r| <= 0.5*ln2 ~ 0.34658
 *      Here a correction term c will be computed to compensate the error
 *      in r when rounded to a floating-point number.
 *   2. Approximating expm1(r) by a special rational function on [0,0.34658]:
 *      Since r*(exp(r)+1)/(exp(r)-1) = 2+ r^2/6 - r^4/360 + ...
 *      we define R1(r*r) by r*(exp(r)+1)/(exp(r)-1) = 2+ r^2/6 * R1(r*r),
 *      i.e. R1(z) ~ 1.0 + Q1*z + Q2*z**2 + ... + Q5*z**5 (error <= 2**-61).
 *      With z = r*r/2 (so that Q's are scaled):
 *          expm1(r) = r + r^2/2 + r^3/2 * [(R1 - (3 - R1*r/2))/(6 - r*(3 - R1*r/2))]
 *                   = r - E   where E = r^2/2*(E1...)
 *   3. Scale back to obtain expm1(x): from step 1,
 *         expm1(x) = either 2^k*[expm1(r)+1] - 1
 *                  = or     2^k*[expm1(r) + (1-2^-k)]
 *   4. Implementation notes: (A) to save one multiplication, scale the
 *      coefficients Qi to Qi*2^i; (B) to achieve maximum accuracy, compute
 *      expm1(x) by
 *        (i)   if x < -56*ln2, return -1.0 (raise inexact if x!=inf)
 *        (ii)  if k=0, return r-E
 *        (iii) if k=-1, return 0.5*(r-E)-0.5
 *        (iv)  if k=1 if r < -0.25, return 2*((r+0.5)- E)
 *                     else          return  1.0+2.0*(r-E);
 *        (v)   if (k<-2||k>56) return 2^k(1-(E-r)) - 1 (or exp(x)-1)
 *        (vi)  if k <= 20, return 2^k((1-2^-k)-(E-r)), else
 *        (vii) return 2^k(1-((E+2^-k)-r))
 * Special cases:
 *      expm1(INF) is INF, expm1(NaN) is NaN; expm1(-INF) is -1, and
 *      for finite argument, only expm1(0)=0 is exact.
 * Accuracy: error is always less than 1 ulp.
 * Misc. info.  if x > 7.09782712893383973096e+02 then expm1(x) overflow
 */

function $mathExpm1(x) {
  const huge = 1.0e+300,
        tiny = 1.0e-300,
        o_threshold = 709.782712893384 /* 0x1.62e42fefa39efp9 */,   //  7.09782712893383973096e+02
        ln2_hi = 0.6931471803691238 /* 0x1.62e42feep-1 */,            //  6.93147180369123816490e-01
        ln2_lo = 1.9082149292705877e-10 /* 0x1.a39ef35793c76p-33 */,      //  1.90821492927058770002e-10
        invln2 = 1.4426950408889634 /* 0x1.71547652b82fep0 */,        //  1.44269504088896338700e+00
        // scaled coefficients related to expm1
        Q1 = -0.03333333333333313 /* -0x1.11111111110f4p-5 */,   // -3.33333333333331316428e-02
        Q2 =  0.0015873015872548146 /* 0x1.a01a019fe5585p-10 */,  //  1.58730158725481460165e-03
        Q3 = -0.0000793650757867488 /* -0x1.4ce199eaadbb7p-14 */,  // -7.93650757867487942473e-05
        Q4 =  0.000004008217827329362 /* 0x1.0cfca86e65239p-18 */,  //  4.00821782732936239552e-06
        Q5 = -2.0109921818362437e-7 /* -0x1.afdb76e09c32dp-23 */;  // -2.01099218183624371326e-07
  let y, hi, lo, c = 0, t, e, hxs, hfx, r1, k;
  let hx = $mathHigh(x);           // high word of x
  const xsb = hx & 0x80000000;     // sign bit of x (nonzero iff negative)
  hx &= 0x7fffffff;                // high word of |x|

  // filter out huge and non-finite argument
  if (hx >= 0x4043687A) {          // if |x| >= 56*ln2
    if (hx >= 0x40862E42) {        // if |x| >= 709.78...
      if (hx >= 0x7ff00000) {
        if (((hx & 0xfffff) | $mathLow(x)) !== 0) {
          return x + x;            // NaN
        }
        return (xsb === 0) ? x : -1.0;   // exp(+-inf)={inf,-1}
      }
      if (x > o_threshold) return huge * huge;   // overflow
    }
    if (xsb !== 0) {               // x < -56*ln2, return -1.0 with inexact
      if (x + tiny < 0.0) {        // raise inexact
        return tiny - 1.0;         // return -1
      }
    }
  }

  // argument reduction
  if (hx > 0x3fd62e42) {           // if  |x| > 0.5 ln2
    if (hx < 0x3FF0A2B2) {         // and |x| < 1.5 ln2
      if (xsb === 0) {
        hi = x - ln2_hi;
        lo = ln2_lo;
        k = 1;
      } else {
        hi = x + ln2_hi;
        lo = -ln2_lo;
        k = -1;
      }
    } else {
      k = (invln2 * x + ((xsb === 0) ? 0.5 : -0.5)) | 0;
      t = k;
      hi = x - t * ln2_hi;         // t*ln2_hi is exact here
      lo = t * ln2_lo;
    }
    x = hi - lo;
    c = (hi - x) - lo;
  } else if (hx < 0x3c900000) {    // when |x| < 2**-54, return x
    t = huge + x;                  // return x with inexact flags when x != 0
    return x - (t - (huge + x));
  } else {
    k = 0;
  }

  // x is now in primary range
  hfx = 0.5 * x;
  hxs = x * hfx;
  r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
  t = 3.0 - r1 * hfx;
  e = hxs * ((r1 - t) / (6.0 - x * t));
  if (k === 0) {
    return x - (x * e - hxs);      // c is 0
  }
  e = (x * (e - c) - c);
  e -= hxs;
  if (k === -1) {
    return 0.5 * (x - e) - 0.5;
  }
  if (k === 1) {
    if (x < -0.25) {
      return -2.0 * (e - (x + 0.5));
    }
    return 1.0 + 2.0 * (x - e);
  }
  if (k <= -2 || k > 56) {         // suffice to return exp(x) - 1
    y = 1.0 - (e - x);
    y = $mathFromWords($mathHigh(y) + (k << 20), $mathLow(y));   // add k to y's exponent
    return y - 1.0;
  }
  if (k < 20) {
    t = $mathFromWords(0x3ff00000 - (0x200000 >> k), 0);  // t = 1-2^-k
    y = t - (e - x);
    y = $mathFromWords($mathHigh(y) + (k << 20), $mathLow(y));   // add k to y's exponent
  } else {
    t = $mathFromWords((0x3ff - k) << 20, 0);             // 2^-k
    y = x - (e + t);
    y += 1.0;
    y = $mathFromWords($mathHigh(y) + (k << 20), $mathLow(y));   // add k to y's exponent
  }
  return y;
}

// ---------------------------------------------------------------------------
/* pow(x,y) return x**y
 *
 * Method:  Let x =  2   * (1+f)
 *      1. Compute and return log2(x) in two pieces:
 *              log2(x) = w1 + w2,
 *         where w1 has 53-24 = 29 bit trailing zeros.
 *      2. Perform y*log2(x) = n+y' by simulating muti-precision
 *         arithmetic, where |y'|<=0.5.
 *      3. Return x**y = 2**n*exp(y'*log2)
 *
 * Special cases (C99; Java's StrictMath differs in the two marked *):
 *      1.  (anything) ** 0  is 1
 *      2.  (anything) ** 1  is itself
 *      2a* 1 ** (anything)  is 1, NaN and +-INF included
 *      3.  (anything) ** NAN is NAN
 *      4.  NAN ** (anything except 0) is NAN
 *      5.  +-(|x| > 1) **  +INF is +INF
 *      6.  +-(|x| > 1) **  -INF is +0
 *      7.  +-(|x| < 1) **  +INF is +0
 *      8.  +-(|x| < 1) **  -INF is +INF
 *      9*  -1 ** +-INF is 1
 *      10. +0 ** (+anything except 0, NAN)               is +0
 *      11. -0 ** (+anything except 0, NAN, odd integer)  is +0
 *      12. +0 ** (-anything except 0, NAN)               is +INF
 *      13. -0 ** (-anything except 0, NAN, odd integer)  is +INF
 *      14. -0 ** (odd integer) = -( +0 ** (odd integer) )
 *      15. +INF ** (+anything except 0,NAN) is +INF
 *      16. +INF ** (-anything except 0,NAN) is +0
 *      17. -INF ** (anything)  = -0 ** (-anything)
 *      18. (-anything) ** (integer) is (-1)**(integer)*(+anything**integer)
 *      19. (-anything except 0 and inf) ** (non-integer) is NAN
 * Accuracy:
 *      pow(x,y) returns x**y nearly rounded. In particular
 *                      pow(integer,integer)
 *      always returns the correct integer provided it is representable.
 */

function $mathPow(x, y) {
  let z, r, s, t, u, v, w, i, j, k, n;

  // y == zero: x**0 = 1
  if (y === 0.0) return 1.0;
  // C99: 1**y = 1 for every y, even NaN
  if (x === 1.0) return 1.0;
  // +/-NaN return x + y to propagate NaN significands
  if (x !== x || y !== y) return x + y;

  const y_abs = Math.abs(y);
  let x_abs = Math.abs(x);
  // Special values of y
  if (y === 2.0) {
    return x * x;
  } else if (y === 0.5) {
    if (x >= -1.7976931348623157e308) {   // Handle x == -infinity later
      return Math.sqrt(x + 0.0);           // Add 0.0 to properly handle x == -0.0
    }
  } else if (y_abs === 1.0) {              // y is  +/-1
    return (y === 1.0) ? x : 1.0 / x;
  } else if (y_abs === Infinity) {         // y is +/-infinity
    if (x_abs === 1.0) {
      return 1.0;                          // C99: (-1)**+/-inf is 1 (Java: NaN)
    } else if (x_abs > 1.0) {              // (|x| > 1)**+/-inf = inf, 0
      return (y >= 0) ? y : 0.0;
    } else {                               // (|x| < 1)**-/+inf = inf, 0
      return (y < 0) ? -y : 0.0;
    }
  }

  const hx = $mathHigh(x);
  let ix = hx & 0x7fffffff;

  // When x < 0, determine if y is an odd integer:
  // y_is_int = 0 ... y is not an integer; 1 ... odd int; 2 ... even int
  let y_is_int = 0;
  if (hx < 0) {
    if (y_abs >= 9007199254740992 /* 0x1.0p53 */) {               // |y| >= 2^53
      y_is_int = 2;                        // y is an even integer since ulp(2^53) = 2.0
    } else if (y_abs >= 1.0) {             // |y| >= 1.0
      const y_abs_int = Math.trunc(y_abs);
      if (y_abs_int === y_abs) {
        y_is_int = 2 - (y_abs_int % 2);    // exact for integers < 2^53
      }
    }
  }

  // Special value of x
  if (x_abs === 0.0 || x_abs === Infinity || x_abs === 1.0) {
    z = x_abs;                             // x is +/-0, +/-inf, -1
    if (y < 0.0) z = 1.0 / z;              // z = (1/|x|)
    if (hx < 0) {
      if (((ix - 0x3ff00000) | y_is_int) === 0) {
        z = (z - z) / (z - z);             // (-1)**non-int is NaN
      } else if (y_is_int === 1) {
        z = -1.0 * z;                      // (x < 0)**odd = -(|x|**odd)
      }
    }
    return z;
  }

  n = (hx >> 31) + 1;

  // (x < 0)**(non-int) is NaN
  if ((n | y_is_int) === 0) return (x - x) / (x - x);

  s = 1.0;                                 // s (sign of result -ve**odd) = -1 else = 1
  if ((n | (y_is_int - 1)) === 0) s = -1.0;   // (-ve)**(odd int)

  let p_h, p_l, t1, t2;
  // |y| is huge
  if (y_abs > 2147485695.9999995 /* 0x1.00000ffffffffp31 */) {      // if |y| > ~2**31
    const INV_LN2   = 1.4426950408889634 /* 0x1.71547652b82fep0 */,    // 1.44269504088896338700e+00 = 1/ln2
          INV_LN2_H = 1.4426950216293335 /* 0x1.715476p0 */,           // 1.44269502162933349609e+00 = 24 bits of 1/ln2
          INV_LN2_L = 1.9259629911266175e-8 /* 0x1.4ae0bf85ddf44p-26 */;  // 1.92596299112661746887e-08 = 1/ln2 tail
    // Over/underflow if x is not close to one
    if (x_abs < 0.9999995231628418 /* 0x1.fffff00000000p-1 */) {    // |x| < ~0.9999995231628418
      return (y < 0.0) ? s * Infinity : s * 0.0;
    }
    if (x_abs > 1.0000009536743162 /* 0x1.00000ffffffffp0 */) {     // |x| > ~1.0
      return (y > 0.0) ? s * Infinity : s * 0.0;
    }
    // now |1-x| is tiny <= 2**-20, sufficient to compute
    // log(x) by x - x^2/2 + x^3/3 - x^4/4
    t = x_abs - 1.0;                       // t has 20 trailing zeros
    w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25));
    u = INV_LN2_H * t;                     // INV_LN2_H has 21 sig. bits
    v = t * INV_LN2_L - w * INV_LN2;
    t1 = u + v;
    t1 = $mathFromWords($mathHigh(t1), 0);
    t2 = v - (t1 - u);
  } else {
    const CP   =  0.9617966939259756 /* 0x1.ec709dc3a03fdp-1 */,    //  9.61796693925975554329e-01 = 2/(3ln2)
          CP_H =  0.9617967009544373 /* 0x1.ec709ep-1 */,           //  9.61796700954437255859e-01 = (float)cp
          CP_L = -7.028461650952758e-9 /* -0x1.e2fe0145b01f5p-28 */;   // -7.02846165095275826516e-09 = tail of CP_H
    // Poly coefs for (3/2)*(log(x)-2s-2/3*s**3
    const L1 = 0.5999999999999946 /* 0x1.3333333333303p-1 */,        //  5.99999999999994648725e-01
          L2 = 0.4285714285785502 /* 0x1.b6db6db6fabffp-2 */,       //  4.28571428578550184252e-01
          L3 = 0.33333332981837743 /* 0x1.55555518f264dp-2 */,       //  3.33333329818377432918e-01
          L4 = 0.272728123808534 /* 0x1.17460a91d4101p-2 */,       //  2.72728123808534006489e-01
          L5 = 0.23066074577556175 /* 0x1.d864a93c9db65p-3 */,       //  2.30660745775561754067e-01
          L6 = 0.20697501780033842 /* 0x1.a7e284a454eefp-3 */;       //  2.06975017800338417784e-01
    let z_h, z_l, ss, s2, s_h, s_l, t_h, t_l;
    n = 0;
    // Take care of subnormal numbers
    if (ix < 0x00100000) {
      x_abs *= 9007199254740992 /* 0x1.0p53 */;                   // 2^53 = 9007199254740992.0
      n -= 53;
      ix = $mathHigh(x_abs);
    }
    n += (ix >> 20) - 0x3ff;
    j = ix & 0x000fffff;
    // Determine interval
    ix = j | 0x3ff00000;                   // Normalize ix
    if (j <= 0x3988E) {
      k = 0;                               // |x| <sqrt(3/2)
    } else if (j < 0xBB67A) {
      k = 1;                               // |x| <sqrt(3)
    } else {
      k = 0;
      n += 1;
      ix -= 0x00100000;
    }
    x_abs = $mathFromWords(ix, $mathLow(x_abs));

    // Compute ss = s_h + s_l = (x-1)/(x+1) or (x-1.5)/(x+1.5)
    const bp = (k === 0) ? 1.0 : 1.5;
    const dp_h = (k === 0) ? 0.0 : 0.5849624872207642 /* 0x1.2b8034p-1 */;         // 5.84962487220764160156e-01
    const dp_l = (k === 0) ? 0.0 : 1.350039202129749e-8 /* 0x1.cfdeb43cfd006p-27 */; // 1.35003920212974897128e-08
    u = x_abs - bp;
    v = 1.0 / (x_abs + bp);
    ss = u * v;
    s_h = $mathFromWords($mathHigh(ss), 0);
    // t_h=x_abs + bp High
    t_h = $mathFromWords(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18), 0);
    t_l = x_abs - (t_h - bp);
    s_l = v * ((u - s_h * t_h) - s_h * t_l);
    // Compute log(x_abs)
    s2 = ss * ss;
    r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
    r += s_l * (s_h + ss);
    s2 = s_h * s_h;
    t_h = 3.0 + s2 + r;
    t_h = $mathFromWords($mathHigh(t_h), 0);
    t_l = r - ((t_h - 3.0) - s2);
    // u+v = ss*(1+...)
    u = s_h * t_h;
    v = s_l * t_h + t_l * ss;
    // 2/(3log2)*(ss + ...)
    p_h = u + v;
    p_h = $mathFromWords($mathHigh(p_h), 0);
    p_l = v - (p_h - u);
    z_h = CP_H * p_h;                      // CP_H + CP_L = 2/(3*log2)
    z_l = CP_L * p_h + p_l * CP + dp_l;
    // log2(x_abs) = (ss + ..)*2/(3*log2) = n + dp_h + z_h + z_l
    t = n;
    t1 = (((z_h + z_l) + dp_h) + t);
    t1 = $mathFromWords($mathHigh(t1), 0);
    t2 = z_l - (((t1 - t) - dp_h) - z_h);
  }

  // Split up y into (y1 + y2) and compute (y1 + y2) * (t1 + t2)
  const y1 = $mathFromWords($mathHigh(y), 0);
  p_l = (y - y1) * t1 + y * t2;
  p_h = y1 * t1;
  z = p_l + p_h;
  j = $mathHigh(z);
  i = $mathLow(z);
  if (j >= 0x40900000) {                           // z >= 1024
    if (((j - 0x40900000) | i) !== 0) {            // if z > 1024
      return s * Infinity;                         // Overflow
    } else {
      const OVT = 8.0085662595372944372e-0017;     // -(1024-log2(ovfl+.5ulp))
      if (p_l + OVT > z - p_h) return s * Infinity;   // Overflow
    }
  } else if ((j & 0x7fffffff) >= 0x4090cc00) {     // z <= -1075
    if (((j - (0xc090cc00 | 0)) | i) !== 0) {      // z < -1075
      return s * 0.0;                              // Underflow
    } else {
      if (p_l <= z - p_h) return s * 0.0;          // Underflow
    }
  }

  // Compute 2**(p_h+p_l)
  const P1 =  0.16666666666666602 /* 0x1.555555555553ep-3 */,   //  1.66666666666666019037e-01
        P2 = -0.0027777777777015593 /* -0x1.6c16c16bebd93p-9 */,   // -2.77777777770155933842e-03
        P3 =  0.00006613756321437934 /* 0x1.1566aaf25de2cp-14 */,  //  6.61375632143793436117e-05
        P4 = -0.0000016533902205465252 /* -0x1.bbd41c5d26bf1p-20 */,  // -1.65339022054652515390e-06
        P5 =  4.1381367970572385e-8 /* 0x1.6376972bea4d0p-25 */,  //  4.13813679705723846039e-08
        LG2   =  0.6931471805599453 /* 0x1.62e42fefa39efp-1 */,   //  6.93147180559945286227e-01
        LG2_H =  0.6931471824645996 /* 0x1.62e43p-1 */,           //  6.93147182464599609375e-01
        LG2_L = -1.904654299957768e-9 /* -0x1.05c610ca86c39p-29 */;  // -1.90465429995776804525e-09
  i = j & 0x7fffffff;
  k = (i >> 20) - 0x3ff;
  n = 0;
  if (i > 0x3fe00000) {                  // if |z| > 0.5, set n = [z + 0.5]
    n = j + (0x00100000 >> (k + 1));
    k = ((n & 0x7fffffff) >> 20) - 0x3ff;   // new k for n
    t = $mathFromWords(n & ~(0x000fffff >> k), 0);
    n = ((n & 0x000fffff) | 0x00100000) >> (20 - k);
    if (j < 0) n = -n;
    p_h -= t;
  }
  t = p_l + p_h;
  t = $mathFromWords($mathHigh(t), 0);
  u = t * LG2_H;
  v = (p_l - (t - p_h)) * LG2 + t * LG2_L;
  z = u + v;
  w = v - (z - u);
  t = z * z;
  t1 = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  r = (z * t1) / (t1 - 2.0) - (w + z * w);
  z = 1.0 - (r - z);
  j = $mathHigh(z);
  j += (n << 20);
  if ((j >> 20) <= 0) {
    // subnormal output: scalb(z, n) rounded once: z*2^(n+1000) is exact, then *2^-1000
    z = (z * $mathFromWords((0x3ff + n + 1000) << 20, 0)) * 9.332636185032189e-302 /* 0x1.0p-1000 */;
  } else {
    z = $mathFromWords($mathHigh(z) + (n << 20), $mathLow(z));
  }
  return s * z;
}
