/**
 * The operations a module of `compile --target js` spells otherwise than Swift, each computing Swift's result
 * exactly: Swift's `min` and `max` (not `Math.min` and `Math.max`, which differ for NaN and signed zeros), its
 * rounding (halves away from zero), and `OwnedMath`'s roundHalfUp, div, fmin and fmax operation for operation
 * (`%` is C's fmod, exact); and the reading of an input by name. A phase is one of three strings; any other
 * value is refused, as the Swift and Kotlin enums refuse it.
 *
 * A generated module carries the declarations it calls and those they read, each with the `//` comments above
 * it (`RuntimeLibrary`); this comment stays here. `node --check` reads the file in the tests. After an edit,
 * `HEADERC_REGENERATE_GOLDEN=1 swift test --filter RuntimeEmbeddingTests` embeds the new text.
 */

// An input from `inputs` by name (an own property only), or its default.
function $input(inputs, name, fallback) {
  return inputs != null && Object.prototype.hasOwnProperty.call(inputs, name) && inputs[name] !== undefined
    ? inputs[name] : fallback;
}

// A phase input from `inputs` by name: "idle", "dragging" or "decelerating" (or its default).
function $phase(inputs, name, fallback) {
  const phase = $input(inputs, name, fallback);
  if (phase === "idle" || phase === "dragging" || phase === "decelerating") return phase;
  throw new RangeError(`input '${name}' is a phase, "idle", "dragging" or "decelerating"; found ${String(phase)}`);
}

function $min(a, b) { return b < a ? b : a; }

function $max(a, b) { return b >= a ? b : a; }

function $abs(x) { return Math.abs(x); }

function $sqrt(x) { return Math.sqrt(x); }

function $floor(x) { return Math.floor(x); }

function $ceil(x) { return Math.ceil(x); }

// Halves away from zero, as Swift's rounded() (Math.round takes halves up): the fraction x - trunc(x)
// is exact, so no addition of 0.5 can round it first.
function $round(x) {
  const whole = Math.trunc(x);
  return Math.abs(x - whole) >= 0.5 ? whole + Math.sign(x) : whole;
}

function $trunc(x) { return Math.trunc(x) + 0; }

function $roundHalfUp(x) {
  const up = Math.ceil(x);
  const down = up - 1;
  return (x - down < 0.5 ? down : up) + 0;
}

// Halves to even, as Swift's .toNearestOrEven and Java's Math.rint: below 2^52, adding 2^52 to the
// magnitude rounds it to a whole number, ties to even, and taking 2^52 away again is exact; from
// 2^52 on every double is whole. The sign goes back on after, so -0.4 gives -0.
function $roundHalfEven(x) {
  const magnitude = Math.abs(x);
  if (!(magnitude < 4503599627370496)) return x;
  const whole = (magnitude + 4503599627370496) - 4503599627370496;
  return x < 0 || Object.is(x, -0) ? -whole : whole;
}

function $fround(x) { return Math.fround(x); }

function $div(a, b) {
  const quotient = a / b;
  if (!(Math.abs(quotient) < 4503599627370496)) return quotient;
  const whole = Math.trunc(quotient);
  if (whole !== quotient || whole === 0) return whole + 0;
  const remainder = a % b;
  if (!(Math.abs(remainder) + Math.abs(remainder) > Math.abs(b))) return whole;
  return whole > 0 ? whole - 1 : -(-whole - 1) + 0;
}

function $fmin(a, b) {
  if (a < b || b !== b) return a;
  if (b < a || a !== a) return b;
  return a === 0 ? -(-a - b) : a;
}

function $fmax(a, b) {
  if (a > b || b !== b) return a;
  if (b > a || a !== a) return b;
  return a === 0 ? a + b : a;
}
