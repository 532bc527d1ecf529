/*
 * The frame figure's reference: the engine's per-frame math for one view's three
 * animations written as a plain C loop over arrays of structs, compiled -O2. It mirrors
 * the spring, the Bézier timing, the keyframe slice search, and the
 * affine path of Transform3D.interpolate (parts decomposed once per animation, as the
 * engine does), operation for operation: the engine's SpringSolver, CurveSolver (t(x)
 * table + Newton) and sincos.
 */
#include <math.h>

#include "CBenchSupport.h"

/* The engine's sincos (StagehandCore/Animation/FastMath.swift), operation for operation. */
static inline void fast_sincos(double x, double *sine, double *cosine) {
    if (!(fabs(x) < 1e5)) { *sine = sin(x); *cosine = cos(x); return; }
    double k = (x * 0.6366197723675814 + 6755399441055744.0) - 6755399441055744.0; /* round to nearest even */
    double r = ((x - k * 1.5707963267341256) - k * 6.077100506303966e-11) - k * 2.0222662487959506e-21;
    double z = r * r;
    double s = 2.8114572543455206e-15;
    s = s * z - 7.647163731819816e-13;
    s = s * z + 1.6059043836821613e-10;
    s = s * z - 2.505210838544172e-08;
    s = s * z + 2.7557319223985893e-06;
    s = s * z - 0.0001984126984126984;
    s = s * z + 0.008333333333333333;
    s = s * z - 0.16666666666666666;
    double sn = r + r * z * s;
    double c = -1.5619206968586225e-16;
    c = c * z + 4.779477332387385e-14;
    c = c * z - 1.1470745597729725e-11;
    c = c * z + 2.08767569878681e-09;
    c = c * z - 2.755731922398589e-07;
    c = c * z + 2.48015873015873e-05;
    c = c * z - 0.001388888888888889;
    c = c * z + 0.041666666666666664;
    double cs = 1 - 0.5 * z + z * z * c;
    switch ((long)k & 3) {
    case 0: *sine = sn; *cosine = cs; break;
    case 1: *sine = cs; *cosine = -sn; break;
    case 2: *sine = -sn; *cosine = -cs; break;
    default: *sine = -cs; *cosine = sn; break;
    }
}

static inline double lerp(double a, double b, double f) {
    return f == 1 ? b : a + (b - a) * f; /* Double.interpolate */
}

static double spring_value(const bench_spring_track *s, double t) {
    if (!(t > 0)) t = 0;
    double c, sn;
    if (s->regime == -1) {
        double e = exp(-s->decay * t), sine, cosine;
        fast_sincos(s->frequency * t, &sine, &cosine);
        c = e * cosine;
        sn = e * sine * s->inverse_frequency;
    } else if (s->regime == 0) {
        double e = exp(-s->decay * t);
        c = e;
        sn = t * e;
    } else {
        double slow = exp(-s->slow_rate * t), fast = exp(-(s->decay + s->frequency) * t);
        c = 0.5 * (slow + fast);
        sn = slow * -expm1(-2 * s->frequency * t) / (2 * s->frequency);
    }
    return 1 - (c + (s->decay - s->velocity) * sn);
}

/* Newton from `t`, accepting a step under `acceptance`; bisection where it fails. */
static double curve_solve(double ax, double bx, double cx, double x, double t, double acceptance) {
    for (int i = 0; i < 8; i++) {
        double error = ((ax * t + bx) * t + cx) * t - x;
        if (error == 0) return t;
        double derivative = (3 * ax * t + 2 * bx) * t + cx;
        if (fabs(derivative) < 1e-6) break;
        double step = error / derivative;
        double next = t - step;
        if (!(next >= 0 && next <= 1)) break;
        if (fabs(step) < acceptance) return next;
        t = next;
    }
    double lo = 0, hi = 1;
    while (hi - lo > 1e-12) {
        double mid = 0.5 * (lo + hi);
        if (((ax * mid + bx) * mid + cx) * mid < x) lo = mid; else hi = mid;
    }
    return 0.5 * (lo + hi);
}

void bench_curve_table(double ax, double bx, double cx, double *table) {
    const int n = BENCH_CURVE_SEGMENTS;
    const double h = 1.0 / n;
    double ts[BENCH_CURVE_SEGMENTS + 1], slopes[BENCH_CURVE_SEGMENTS + 1];
    int has_slope[BENCH_CURVE_SEGMENTS + 1];
    for (int k = 0; k <= n; k++) {
        double x = k * h;
        double t = k == 0 ? 0 : (k == n ? 1 : curve_solve(ax, bx, cx, x, x, 1e-12));
        ts[k] = t;
        double derivative = (3 * ax * t + 2 * bx) * t + cx;
        has_slope[k] = derivative > 1e-3;
        slopes[k] = has_slope[k] ? h / derivative : 0;
    }
    for (int k = 0; k < n; k++) {
        double t0 = ts[k], t1 = ts[k + 1];
        double *c = table + 4 * k;
        if (has_slope[k] && has_slope[k + 1]) {
            double m0 = slopes[k], m1 = slopes[k + 1];
            c[0] = t0; c[1] = m0; c[2] = 3 * (t1 - t0) - 2 * m0 - m1; c[3] = 2 * (t0 - t1) + m0 + m1;
        } else {
            c[0] = t0; c[1] = t1 - t0; c[2] = 0; c[3] = 0;
        }
    }
}

/* The guess from the table, then Newton: the engine's CurveSolver. */
static double curve_parameter(const bench_curve_track *k, double x) {
    double scaled = x * BENCH_CURVE_SEGMENTS;
    int segment = (int)scaled;
    if (segment > BENCH_CURVE_SEGMENTS - 1) segment = BENCH_CURVE_SEGMENTS - 1;
    double u = scaled - segment;
    const double *c = k->table + 4 * segment;
    double t = ((c[3] * u + c[2]) * u + c[1]) * u + c[0];
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    return curve_solve(k->ax, k->bx, k->cx, x, t, 1e-6);
}

static double curve_progress(const bench_curve_track *k, double x) {
    if (!(x > 0)) return 0;
    if (!(x < 1)) return 1;
    if (k->linear) return x;
    double t = curve_parameter(k, x);
    return ((k->ay * t + k->by) * t + k->cy) * t;
}

static void store_affine(double *m, bench_affine t) {
    m[0] = t.a; m[1] = t.b; m[2] = 0; m[3] = 0;
    m[4] = t.c; m[5] = t.d; m[6] = 0; m[7] = 0;
    m[8] = 0; m[9] = 0; m[10] = 1; m[11] = 0;
    m[12] = t.tx; m[13] = t.ty; m[14] = 0; m[15] = 1;
}

static bench_affine affine_between(const bench_keyframe_track *k, int slice, double f) {
    bench_affine a = k->values[slice], b = k->values[slice + 1];
    if (f == 0 || k->mode[slice] == 1) return a;
    if (f == 1) return b;
    if (k->mode[slice] == 2) {
        bench_affine r = {lerp(a.a, b.a, f), lerp(a.b, b.b, f), lerp(a.c, b.c, f), lerp(a.d, b.d, f),
                          lerp(a.tx, b.tx, f), lerp(a.ty, b.ty, f)};
        return r;
    }
    const bench_affine_parts *pa = &k->from_parts[slice], *pb = &k->to_parts[slice];
    double tx = lerp(pa->tx, pb->tx, f), ty = lerp(pa->ty, pb->ty, f);
    double sx = lerp(pa->sx, pb->sx, f), sy = lerp(pa->sy, pb->sy, f);
    double angle = lerp(pa->angle, pb->angle, f), skew = lerp(pa->skew, pb->skew, f);
    double cs, sn;
    fast_sincos(angle, &sn, &cs);
    bench_affine r = {sx * cs, sx * sn, sy * (skew * cs - sn), sy * (skew * sn + cs), tx, ty};
    return r;
}

void bench_c_frame(size_t count, const bench_spring_track *springs, const bench_curve_track *curves,
                   const bench_keyframe_track *keyframes, double local_time,
                   double *centers, double *alphas, double *transforms) {
    for (size_t i = 0; i < count; i++) {
        /* Spring: the centre. */
        const bench_spring_track *s = &springs[i];
        double elapsed = local_time - s->begin;
        if (!(elapsed > 0)) {
            centers[2 * i] = s->from_x; centers[2 * i + 1] = s->from_y;
        } else if (!(elapsed < s->duration)) {
            centers[2 * i] = s->to_x; centers[2 * i + 1] = s->to_y;
        } else {
            double f = spring_value(s, elapsed);
            centers[2 * i] = lerp(s->from_x, s->to_x, f);
            centers[2 * i + 1] = lerp(s->from_y, s->to_y, f);
        }

        /* Bézier: the alpha. */
        const bench_curve_track *k = &curves[i];
        elapsed = local_time - k->begin;
        if (!(elapsed > 0)) {
            alphas[i] = k->from;
        } else if (!(elapsed < k->duration)) {
            alphas[i] = k->to;
        } else {
            double f = curve_progress(k, elapsed / k->duration);
            alphas[i] = k->from + (k->to - k->from) * f;
        }

        /* Keyframes: the transform. */
        const bench_keyframe_track *q = &keyframes[i];
        double *m = transforms + 16 * i;
        elapsed = local_time - q->begin;
        if (!(elapsed > 0)) {
            store_affine(m, q->values[0]);
        } else if (!(elapsed < q->duration)) {
            store_affine(m, q->values[2]);
        } else {
            double x = elapsed / q->duration;
            int index = -1;
            for (int j = 0; j < 2; j++) if (q->start[j] <= x) index = j;
            if (index < 0) {
                store_affine(m, q->values[0]);
            } else if (x >= q->end[index] || q->end[index] <= q->start[index]) {
                store_affine(m, q->values[index + 1]);
            } else {
                double f = (x - q->start[index]) / (q->end[index] - q->start[index]);
                store_affine(m, affine_between(q, index, f));
            }
        }
    }
}
