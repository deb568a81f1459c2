"""Compose's CubicBezierEasing.transform in Python, apart from headerc: a second implementation of
androidx's Easing.kt (252d0904), Bezier.kt (028952b9) and ui-util's fastCbrt (MathHelpers.kt, 11bff464).

Floats are Python floats rounded to binary32 with struct after each Float operation (exact for + - * /,
whose binary64 result rounds once more to the right binary32); acos and cos are the C library's (glibc
here), not fdlibm, so a disagreement with headerc in the last Double bit would show after the Float
rounding, if it ever changed a Float.

    python3 compose_easing_reference.py x1 y1 x2 y2 fraction...   prints each eased fraction's digits
"""
import math
import struct
import sys


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def f32_bits(x):
    return struct.unpack('<i', struct.pack('<f', x))[0]


def f32_from_bits(bits):
    return struct.unpack('<f', struct.pack('<I', bits & 0xffffffff))[0]


FLOAT_EPSILON = f32(8.3446500e-7)
EPSILON = 1e-7
TAU = math.pi * 2.0
THIRD = f32(1.0 / 3.0)


def fast_cbrt(x):
    v = f32_bits(x) & 0x1ffffffff           # Long arithmetic: the sign extended to 33 bits
    quotient = (v // 3) & 0xffffffff        # toInt(): the low 32 bits
    estimate = f32_from_bits(0x2a510554 + quotient)
    for _ in range(2):
        estimate = f32(estimate - f32(f32(estimate - f32(x / f32(estimate * estimate))) * THIRD))
    return estimate


def unit_root(r):
    if r < 0.0:
        return 0.0 if r >= -FLOAT_EPSILON else math.nan
    if r > 1.0:
        return 1.0 if r <= f32(1.0 + FLOAT_EPSILON) else math.nan
    return r


def first_cubic_root(p0, p1, p2, p3):
    a = 3.0 * (p0 - 2.0 * p1 + p2)
    b = 3.0 * f32(p1 - p0)
    c = p0
    d = -p0 + 3.0 * f32(p1 - p2) + p3
    if abs(d) < EPSILON:
        if abs(a) < EPSILON:
            if abs(b) < EPSILON:
                return math.nan
            return unit_root(f32(-c / b))
        q = math.sqrt(b * b - 4.0 * a * c)
        a2 = 2.0 * a
        root = unit_root(f32((q - b) / a2))
        if not math.isnan(root):
            return root
        return unit_root(f32((-b - q) / a2))
    a /= d
    b /= d
    c /= d
    o3 = (3.0 * b - a * a) / 9.0
    q2 = (2.0 * a * a * a - 9.0 * a * b + 27.0 * c) / 54.0
    discriminant = q2 * q2 + o3 * o3 * o3
    a3 = a / 3.0
    if discriminant < 0.0:
        r = math.sqrt(-(o3 * o3 * o3))
        t = -q2 / r
        phi = math.acos(min(max(t, -1.0), 1.0))
        t1 = f32(2.0 * fast_cbrt(f32(r)))
        for angle in (phi / 3.0, (phi + TAU) / 3.0, (phi + 2.0 * TAU) / 3.0):
            root = unit_root(f32(t1 * math.cos(angle) - a3))
            if not math.isnan(root) or angle == (phi + 2.0 * TAU) / 3.0:
                return root
    if discriminant == 0.0:
        u1 = -fast_cbrt(f32(q2))
        root = unit_root(f32(f32(2.0 * u1) - f32(a3)))
        if not math.isnan(root):
            return root
        return unit_root(f32(-u1 - f32(a3)))
    sd = math.sqrt(discriminant)
    u1 = fast_cbrt(f32(-q2 + sd))
    v1 = fast_cbrt(f32(q2 + sd))
    return unit_root(f32(f32(u1 - v1) - a3))


def transform(x1, y1, x2, y2, fraction):
    x1, y1, x2, y2, fraction = map(f32, (x1, y1, x2, y2, fraction))
    if not (0.0 < fraction < 1.0):
        return fraction
    t = first_cubic_root(f32(0.0 - fraction), f32(x1 - fraction), f32(x2 - fraction), f32(1.0 - fraction))
    if math.isnan(t):
        return fraction  # Compose throws here; headerc gives the fraction back
    a = f32(THIRD + f32(y1 - y2))
    b = f32(y2 - f32(2.0 * y1))
    y = f32(f32(3.0 * f32(f32(f32(f32(a * t) + b) * t) + y1)) * t)
    return 0.0 if y < 0.0 else 1.0 if y > 1.0 else y


if __name__ == '__main__':
    x1, y1, x2, y2 = map(float, sys.argv[1:5])
    for text in sys.argv[5:]:
        print(repr(transform(x1, y1, x2, y2, float(text))))
