package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.mobula.bench.model.Ints32;
import java.io.IOException;

/** {@code message Ints32 { int32 i00 = 1; ... int32 i31 = 32; }} (proto3: zero fields omitted). */
final class Ints32Layout extends ProtoLayout.Flat<Ints32> {

    @Override
    int size(Ints32 o) {
        return Ints.size(1, o.i00) + Ints.size(2, o.i01) + Ints.size(3, o.i02) + Ints.size(4, o.i03)
                + Ints.size(5, o.i04) + Ints.size(6, o.i05) + Ints.size(7, o.i06) + Ints.size(8, o.i07)
                + Ints.size(9, o.i08) + Ints.size(10, o.i09) + Ints.size(11, o.i10) + Ints.size(12, o.i11)
                + Ints.size(13, o.i12) + Ints.size(14, o.i13) + Ints.size(15, o.i14) + Ints.size(16, o.i15)
                + Ints.size(17, o.i16) + Ints.size(18, o.i17) + Ints.size(19, o.i18) + Ints.size(20, o.i19)
                + Ints.size(21, o.i20) + Ints.size(22, o.i21) + Ints.size(23, o.i22) + Ints.size(24, o.i23)
                + Ints.size(25, o.i24) + Ints.size(26, o.i25) + Ints.size(27, o.i26) + Ints.size(28, o.i27)
                + Ints.size(29, o.i28) + Ints.size(30, o.i29) + Ints.size(31, o.i30) + Ints.size(32, o.i31);
    }

    @Override
    void write(Ints32 o, CodedOutputStream out) throws IOException {
        Ints.write(out, 1, o.i00);
        Ints.write(out, 2, o.i01);
        Ints.write(out, 3, o.i02);
        Ints.write(out, 4, o.i03);
        Ints.write(out, 5, o.i04);
        Ints.write(out, 6, o.i05);
        Ints.write(out, 7, o.i06);
        Ints.write(out, 8, o.i07);
        Ints.write(out, 9, o.i08);
        Ints.write(out, 10, o.i09);
        Ints.write(out, 11, o.i10);
        Ints.write(out, 12, o.i11);
        Ints.write(out, 13, o.i12);
        Ints.write(out, 14, o.i13);
        Ints.write(out, 15, o.i14);
        Ints.write(out, 16, o.i15);
        Ints.write(out, 17, o.i16);
        Ints.write(out, 18, o.i17);
        Ints.write(out, 19, o.i18);
        Ints.write(out, 20, o.i19);
        Ints.write(out, 21, o.i20);
        Ints.write(out, 22, o.i21);
        Ints.write(out, 23, o.i22);
        Ints.write(out, 24, o.i23);
        Ints.write(out, 25, o.i24);
        Ints.write(out, 26, o.i25);
        Ints.write(out, 27, o.i26);
        Ints.write(out, 28, o.i27);
        Ints.write(out, 29, o.i28);
        Ints.write(out, 30, o.i29);
        Ints.write(out, 31, o.i30);
        Ints.write(out, 32, o.i31);
    }

    @Override
    public Ints32 read(CodedInputStream in, int depth) throws IOException {
        Ints32 o = new Ints32();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 1 -> o.i00 = Ints.read(in, tag);
                case 2 -> o.i01 = Ints.read(in, tag);
                case 3 -> o.i02 = Ints.read(in, tag);
                case 4 -> o.i03 = Ints.read(in, tag);
                case 5 -> o.i04 = Ints.read(in, tag);
                case 6 -> o.i05 = Ints.read(in, tag);
                case 7 -> o.i06 = Ints.read(in, tag);
                case 8 -> o.i07 = Ints.read(in, tag);
                case 9 -> o.i08 = Ints.read(in, tag);
                case 10 -> o.i09 = Ints.read(in, tag);
                case 11 -> o.i10 = Ints.read(in, tag);
                case 12 -> o.i11 = Ints.read(in, tag);
                case 13 -> o.i12 = Ints.read(in, tag);
                case 14 -> o.i13 = Ints.read(in, tag);
                case 15 -> o.i14 = Ints.read(in, tag);
                case 16 -> o.i15 = Ints.read(in, tag);
                case 17 -> o.i16 = Ints.read(in, tag);
                case 18 -> o.i17 = Ints.read(in, tag);
                case 19 -> o.i18 = Ints.read(in, tag);
                case 20 -> o.i19 = Ints.read(in, tag);
                case 21 -> o.i20 = Ints.read(in, tag);
                case 22 -> o.i21 = Ints.read(in, tag);
                case 23 -> o.i22 = Ints.read(in, tag);
                case 24 -> o.i23 = Ints.read(in, tag);
                case 25 -> o.i24 = Ints.read(in, tag);
                case 26 -> o.i25 = Ints.read(in, tag);
                case 27 -> o.i26 = Ints.read(in, tag);
                case 28 -> o.i27 = Ints.read(in, tag);
                case 29 -> o.i28 = Ints.read(in, tag);
                case 30 -> o.i29 = Ints.read(in, tag);
                case 31 -> o.i30 = Ints.read(in, tag);
                case 32 -> o.i31 = Ints.read(in, tag);
                default -> WireChecks.skip(in, tag);
            }
        }
        return o;
    }
}
