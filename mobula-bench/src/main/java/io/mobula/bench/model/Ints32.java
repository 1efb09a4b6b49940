package io.mobula.bench.model;

import java.io.Serializable;
import java.util.Objects;

/** KaRMI benchmark object "32 int": a flat object with 32 {@code int} fields (KaRMI 6.1). */
public final class Ints32 implements Serializable {
    public int i00;
    public int i01;
    public int i02;
    public int i03;
    public int i04;
    public int i05;
    public int i06;
    public int i07;
    public int i08;
    public int i09;
    public int i10;
    public int i11;
    public int i12;
    public int i13;
    public int i14;
    public int i15;
    public int i16;
    public int i17;
    public int i18;
    public int i19;
    public int i20;
    public int i21;
    public int i22;
    public int i23;
    public int i24;
    public int i25;
    public int i26;
    public int i27;
    public int i28;
    public int i29;
    public int i30;
    public int i31;

    public Ints32() {
    }

    /** An instance whose fields are {@code seed, seed + 1, ..., seed + 31}. */
    public static Ints32 of(int seed) {
        Ints32 v = new Ints32();
        v.i00 = seed + 0;
        v.i01 = seed + 1;
        v.i02 = seed + 2;
        v.i03 = seed + 3;
        v.i04 = seed + 4;
        v.i05 = seed + 5;
        v.i06 = seed + 6;
        v.i07 = seed + 7;
        v.i08 = seed + 8;
        v.i09 = seed + 9;
        v.i10 = seed + 10;
        v.i11 = seed + 11;
        v.i12 = seed + 12;
        v.i13 = seed + 13;
        v.i14 = seed + 14;
        v.i15 = seed + 15;
        v.i16 = seed + 16;
        v.i17 = seed + 17;
        v.i18 = seed + 18;
        v.i19 = seed + 19;
        v.i20 = seed + 20;
        v.i21 = seed + 21;
        v.i22 = seed + 22;
        v.i23 = seed + 23;
        v.i24 = seed + 24;
        v.i25 = seed + 25;
        v.i26 = seed + 26;
        v.i27 = seed + 27;
        v.i28 = seed + 28;
        v.i29 = seed + 29;
        v.i30 = seed + 30;
        v.i31 = seed + 31;
        return v;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Ints32 o
                && i00 == o.i00 && i01 == o.i01 && i02 == o.i02 && i03 == o.i03
                && i04 == o.i04 && i05 == o.i05 && i06 == o.i06 && i07 == o.i07
                && i08 == o.i08 && i09 == o.i09 && i10 == o.i10 && i11 == o.i11
                && i12 == o.i12 && i13 == o.i13 && i14 == o.i14 && i15 == o.i15
                && i16 == o.i16 && i17 == o.i17 && i18 == o.i18 && i19 == o.i19
                && i20 == o.i20 && i21 == o.i21 && i22 == o.i22 && i23 == o.i23
                && i24 == o.i24 && i25 == o.i25 && i26 == o.i26 && i27 == o.i27
                && i28 == o.i28 && i29 == o.i29 && i30 == o.i30 && i31 == o.i31;
    }

    @Override
    public int hashCode() {
        return Objects.hash(i00, i01, i02, i03, i04, i05, i06, i07, i08, i09, i10, i11, i12, i13, i14, i15, i16, i17, i18, i19, i20, i21, i22, i23, i24, i25, i26, i27, i28, i29, i30, i31);
    }

    /** The raw baselines' encoding: the 32 fields as plain {@link java.io.DataOutput} ints (RMI suite). */
    public void writeFields(java.io.DataOutput out) throws java.io.IOException {
        int[] all = {
            i00, i01, i02, i03, i04, i05, i06, i07,
            i08, i09, i10, i11, i12, i13, i14, i15,
            i16, i17, i18, i19, i20, i21, i22, i23,
            i24, i25, i26, i27, i28, i29, i30, i31};
        for (int v : all) {
            out.writeInt(v);
        }
    }
}
