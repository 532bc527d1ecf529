extension Transform3D {
    /// `isIdentity`, the same sixteen comparisons made in place. `isIdentity` compares
    /// with the stored identity through an outlined equality, and a recorded frame asks
    /// it of every view, twice or three times (its frame, its sublayer transform).
    @inline(__always)
    package var hasIdentityEntries: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0
            && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m41 == 0 && m42 == 0 && m43 == 0 && m44 == 1
    }
}
