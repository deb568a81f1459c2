/**
 * The curve kernels of `compile --target js`: each is `CurveKernels`' Swift kernel (CurveKernels.swift in
 * HeaderMath) written line for line, with the same IEEE operations in the same order (`x.rounded(.down)` is
 * `Math.floor`, `Swift.abs` is `Math.abs`, `x.isNaN` is `x !== x`, `Swift.min(a, b)` is `b < a ? b : a`); see
 * the comments there for what each computes and why. The springs call headerc's own `$mathExp`, `$mathSin`,
 * `$mathCos` and `$mathExpm1` (math.mjs), never JavaScript's Math library.
 *
 * A generated module carries the declarations it calls and those they read (`RuntimeLibrary`); `node --check`
 * reads the file in the tests. After an edit, `HEADERC_REGENERATE_GOLDEN=1 swift test --filter
 * RuntimeEmbeddingTests` embeds the new text.
 */

function $curveSolveCubic(target, a, b, c, lower, upper, guess) {
  let lo = lower;
  let hi = upper;
  let u = guess;
  let iteration = 0;
  while (iteration < 200) {
    iteration += 1;
    const f = ((a * u + b) * u + c) * u - target;
    if (f === 0) { return u; }
    if (f < 0) { lo = u; } else { hi = u; }
    const slope = (3 * a * u + 2 * b) * u + c;
    const newton = u - f / slope;
    if (newton > lo && newton < hi) {
      const step = newton - u;
      u = newton;
      if (Math.abs(step) <= 1e-9 * Math.abs(u)) { return u; }
    } else {
      const middle = lo + 0.5 * (hi - lo);
      if (!(middle > lo && middle < hi)) { return u; }
      u = middle;
    }
  }
  return u;
}

// The solve table's layout (headerc's BezierSolveTable). A side is a header of 8 numbers (a, b, c,
// anchor, direction, tAnchor, tDirection, upper), then 65 rows of 4 coefficients, 268 numbers in all;
// the lower side comes first.
const $curveBezierHeaderSize = 8;
const $curveBezierRows = 65;
const $curveBezierSideSize = 268;
// The bits of r >= 0 shifted right by 49 keep its exponent and the top 3 bits of its fraction: 8 rows
// an octave, narrower towards r = 0 as the solution's power law there needs. That is the high word
// of the bits shifted by 17. 2^-8 shifts to 8120, where row 1 starts; row 0 takes every r below it,
// and rows 1...64 are the 8 octaves up to 1.
const $curveBezierHighWordShift = 17;
const $curveBezierFirstRow = 8120;
// Below this x'(t) at the inflection point, the sides meet there rather than at x = 1/2.
const $curveBezierInflectionSlope = 0.1;
// 1/2 - cos((2k + 1) pi / 8) / 2 for k = 0...3, written out so that no platform's cos enters the table.
const $curveBezierNodes = Object.freeze([0.03806023374435663, 0.3086582838174551, 0.6913417161825449, 0.9619397662556434]);
const $curveBits = new DataView(new ArrayBuffer(8));

// The solve table of a cubic-bezier curve, from its control points' x (it depends on nothing else),
// with x(t) = ((xa t + xb) t + xc) t. When x'(t) nearly vanishes at the inflection point ti, the sides
// are the halves around q = x(ti); otherwise t = 0 and, through the mirrored curve, t = 1.
function $curveBezierTable(x1, x2) {
  const xc = 3 * x1;
  const xb = 3 * (x2 - x1) - xc;
  const xa = 1 - xc - xb;
  const table = [];
  if (xa > 0) {
    const ti = -xb / (3 * xa);
    if (ti > 0 && ti < 1) {
      const b = 3 * xa * ti + xb;
      const c = (3 * xa * ti + 2 * xb) * ti + xc;
      if (c < $curveBezierInflectionSlope) {
        const q = ((xa * ti + xb) * ti + xc) * ti;
        $curveBezierSide(table, xa, -b, c, q, -1, ti, -1, ti);
        $curveBezierSide(table, xa, b, c, q, 1, ti, 1, 1 - ti);
        return table;
      }
    }
  }
  const mc = 3 * (1 - x2);
  const mb = 3 * ((1 - x1) - (1 - x2)) - mc;
  const ma = 1 - mc - mb;
  $curveBezierSide(table, xa, xb, xc, 0, 1, 0, 1, 1);
  $curveBezierSide(table, ma, mb, mc, 1, -1, 1, -1, 1);
  return table;
}

// Where row `row` ends: the double whose bits are (firstRow + row) << 49.
function $curveBezierRowEnd(row) {
  $curveBits.setUint32(0, ($curveBezierFirstRow + row) << $curveBezierHighWordShift);
  $curveBits.setUint32(4, 0);
  return $curveBits.getFloat64(0);
}

// One side: its header, then for each row the cubic in r through four solutions of p(u) = r at the
// row's Chebyshev points, highest degree first (divided differences, expanded in w = (r - start) / width,
// then in r). Each solve starts from the one before.
function $curveBezierSide(table, a, b, c, anchor, direction, tAnchor, tDirection, upper) {
  table.push(a, b, c, anchor, direction, tAnchor, tDirection, upper);
  const nodes = $curveBezierNodes;
  const reach = ((a * upper + b) * upper + c) * upper;
  let guess = 0;
  for (let row = 0; row < $curveBezierRows; row += 1) {
    const start = row === 0 ? 0 : $curveBezierRowEnd(row - 1);
    const end = $curveBezierRowEnd(row);
    const differences = [0, 0, 0, 0];
    for (let k = 0; k < 4; k += 1) {
      const point = start + (end - start) * nodes[k];
      const r = reach < point ? reach : point;
      const above = 0 >= guess ? 0 : guess;
      const u = r > 0 ? $curveSolveCubic(r, a, b, c, 0, upper, upper < above ? upper : above) : 0;
      guess = u;
      differences[k] = u;
    }
    for (let order = 1; order < 4; order += 1) {
      for (let i = 3; i >= order; i -= 1) {
        differences[i] = (differences[i] - differences[i - 1]) / (nodes[i] - nodes[i - order]);
      }
    }
    let inW = [differences[3], 0, 0, 0];
    for (let degree = 1; degree <= 3; degree += 1) {
      const i = 3 - degree;
      const next = [0, 0, 0, 0];
      for (let power = 0; power < degree; power += 1) {
        next[power + 1] += inW[power];
        next[power] -= inW[power] * nodes[i];
      }
      next[0] += differences[i];
      inW = next;
    }
    const width = end - start;
    const scale = 1 / width;
    const offset = -start / width;
    let inR = [0, 0, 0, 0];
    for (let index = 3; index >= 0; index -= 1) {
      const next = [0, 0, 0, 0];
      for (let power = 0; power < 4; power += 1) {
        next[power] += inR[power] * offset;
        if (power < 3) { next[power + 1] += inR[power] * scale; }
      }
      next[0] += inW[index];
      inR = next;
    }
    table.push(inR[3], inR[2], inR[1], inR[0]);
  }
}

function $curveCubicBezier(x, split, curve, ya, yb, yc, s0, s1, low, high) {
  if (x !== x) { return x; }
  if (x <= 0) {
    if (x === 0 || s0 === 0) { return 0; }
    return s0 * x;
  }
  if (x >= 1) {
    if (x === 1 || s1 === 0) { return 1; }
    return 1 + s1 * (x - 1);
  }
  let table = curve.table;
  if (table === null) { table = curve.table = $curveBezierTable(curve.x1, curve.x2); }
  const side = x > split ? $curveBezierSideSize : 0;
  const a = table[side], b = table[side + 1], c = table[side + 2];
  const r = (x - table[side + 3]) * table[side + 4];
  $curveBits.setFloat64(0, r);
  const index = ($curveBits.getUint32(0) >>> $curveBezierHighWordShift) - $curveBezierFirstRow + 1;
  const row = side + $curveBezierHeaderSize + 4 * Math.min(Math.max(index, 0), $curveBezierRows - 1);
  const guess = ((table[row] * r + table[row + 1]) * r + table[row + 2]) * r + table[row + 3];
  const inverseSlope = 1 / ((3 * a * guess + 2 * b) * guess + c);
  const first = guess - (((a * guess + b) * guess + c) * guess - r) * inverseSlope;
  let u = first - (((a * first + b) * first + c) * first - r) * inverseSlope;
  if (!(Math.abs(u - first) <= 1e-11 * u)) {
    const upper = table[side + 7];
    u = $curveSolveCubic(r, a, b, c, 0, upper, u > 0 && u < upper ? u : guess);
  }
  const t = table[side + 5] + table[side + 6] * u;
  const y = ((ya * t + yb) * t + yc) * t;
  return y < low ? low : y > high ? high : y;
}

// Compose's cubic-bezier in Float: every Float operation is rounded with Math.fround, as Kotlin's Float rounds it.
function $curveComposeBezier(x, x1, y1, x2, y2) {
  const fraction = Math.fround(x);
  if (!(fraction > 0 && fraction < 1)) { return x; }
  const t = $curveComposeCubicRoot(Math.fround(0 - fraction), Math.fround(Math.fround(x1) - fraction), Math.fround(Math.fround(x2) - fraction), Math.fround(1 - fraction));
  if (t !== t) { return x; }
  const p1 = Math.fround(y1), p2 = Math.fround(y2);
  const a = Math.fround(Math.fround(1 / 3) + Math.fround(p1 - p2));
  const b = Math.fround(p2 - Math.fround(2 * p1));
  const y = Math.fround(Math.fround(3 * Math.fround(Math.fround(Math.fround(Math.fround(a * t) + b) * t) + p1)) * t);
  return y < 0 ? 0 : y > 1 ? 1 : y;
}

function $curveComposeCubicRoot(p0, p1, p2, p3) {
  const epsilon = 1e-7;
  const tau = Math.PI * 2.0;
  let a = 3.0 * (p0 - 2.0 * p1 + p2);
  let b = 3.0 * Math.fround(p1 - p0);
  let c = p0;
  const d = -p0 + 3.0 * Math.fround(p1 - p2) + p3;
  if (Math.abs(d) < epsilon) {  // not a cubic
    if (Math.abs(a) < epsilon) {  // not a quadratic
      if (Math.abs(b) < epsilon) { return NaN; }
      return $curveComposeUnitRoot(Math.fround(-c / b));
    }
    const q = Math.sqrt(b * b - 4.0 * a * c);
    const a2 = 2.0 * a;
    const root = $curveComposeUnitRoot(Math.fround((q - b) / a2));
    if (root === root) { return root; }
    return $curveComposeUnitRoot(Math.fround((-b - q) / a2));
  }
  a /= d;
  b /= d;
  c /= d;
  const o3 = (3.0 * b - a * a) / 9.0;
  const q2 = (2.0 * a * a * a - 9.0 * a * b + 27.0 * c) / 54.0;
  const discriminant = q2 * q2 + o3 * o3 * o3;
  const a3 = a / 3.0;
  if (discriminant < 0.0) {
    const r = Math.sqrt(-(o3 * o3 * o3));
    const t = -q2 / r;
    const cosPhi = t < -1.0 ? -1.0 : t > 1.0 ? 1.0 : t;
    const phi = $mathAcos(cosPhi);
    const t1 = Math.fround(2 * $curveFastCbrt(Math.fround(r)));
    let root = $curveComposeUnitRoot(Math.fround(t1 * $mathCos(phi / 3.0) - a3));
    if (root === root) { return root; }
    root = $curveComposeUnitRoot(Math.fround(t1 * $mathCos((phi + tau) / 3.0) - a3));
    if (root === root) { return root; }
    return $curveComposeUnitRoot(Math.fround(t1 * $mathCos((phi + 2.0 * tau) / 3.0) - a3));
  }
  if (discriminant === 0.0) {
    const u1 = -$curveFastCbrt(Math.fround(q2));
    const root = $curveComposeUnitRoot(Math.fround(Math.fround(2 * u1) - Math.fround(a3)));
    if (root === root) { return root; }
    return $curveComposeUnitRoot(Math.fround(-u1 - Math.fround(a3)));
  }
  const sd = Math.sqrt(discriminant);
  const u1 = $curveFastCbrt(Math.fround(-q2 + sd));
  const v1 = $curveFastCbrt(Math.fround(q2 + sd));
  return $curveComposeUnitRoot(Math.fround(Math.fround(u1 - v1) - a3));
}

function $curveComposeUnitRoot(r) {
  const epsilon = 8.344650268554688e-7;  // 8.3446500e-7f
  if (r < 0) { return r >= -epsilon ? 0 : NaN; }
  if (r > 1) { return r <= Math.fround(1 + epsilon) ? 1 : NaN; }
  return r;
}

// A Float's bits: a Float32Array aliased by an Int32Array.
const $curveFloat = new Float32Array(1);

const $curveFloatBits = new Int32Array($curveFloat.buffer);

// Compose reads the bits as a Long of 33 bits, which keeps the sign apart: a negative x reads as 2^33 + bits.
function $curveFastCbrt(x) {
  $curveFloat[0] = x;
  const bits = $curveFloatBits[0];
  const wide = bits < 0 ? 8589934592 + bits : bits;
  $curveFloatBits[0] = (0x2a510554 + (Math.floor(wide / 3) | 0)) | 0;
  let estimate = $curveFloat[0];
  const third = Math.fround(1 / 3);
  estimate = Math.fround(estimate - Math.fround(Math.fround(estimate - Math.fround(x / Math.fround(estimate * estimate))) * third));
  estimate = Math.fround(estimate - Math.fround(Math.fround(estimate - Math.fround(x / Math.fround(estimate * estimate))) * third));
  return estimate;
}

function $curveSteps(x, count, offset, jumps) {
  let current = Math.floor(x * count) + offset;
  if (x >= 0 && current < 0) { current = 0; }
  if (x <= 1 && current > jumps) { current = jumps; }
  return current / jumps;
}

function $curveLinearSegment(x, startInput, startOutput, span, rise) {
  return startOutput + (x - startInput) / span * rise;
}

function $curveSpringUnderdamped(x, settle, decay, damped, ratio) {
  if (x !== x) { return x; }
  if (x <= 0) { return 0; }
  if (x >= 1) { return 1; }
  const t = x * settle;
  const y = 1 - $mathExp(-decay * t) * ($mathCos(damped * t) + ratio * $mathSin(damped * t));
  return y < 0 ? 0 : y;
}

function $curveSpringCritical(x, settle, omega) {
  if (x !== x) { return x; }
  if (x <= 0) { return 0; }
  if (x >= 1) { return 1; }
  const t = x * settle;
  const y = 1 - $mathExp(-omega * t) * (1 + omega * t);
  return y < 0 ? 0 : y > 1 ? 1 : y;
}

function $curveSpringOverdamped(x, settle, r1, r2, half) {
  if (x !== x) { return x; }
  if (x <= 0) { return 0; }
  if (x >= 1) { return 1; }
  const t = x * settle;
  const slow = $mathExp(r1 * t);
  const fast = $mathExp(r2 * t);
  const y = 1 - (0.5 * (slow + fast) - half * slow * $mathExpm1((r2 - r1) * t));
  return y < 0 ? 0 : y > 1 ? 1 : y;
}
