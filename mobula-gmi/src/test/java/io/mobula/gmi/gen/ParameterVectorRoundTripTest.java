package io.mobula.gmi.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.gmi.ParameterVector;
import io.mobula.gmi.gen.Kinds.Point;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The generated parameter vector of {@code Kinds.all} (every primitive, String, a primitive array, an object array,
 * a parameterized type, Object): written by index as a personalizer does, serialized with its generated serializer
 * and read back; a written range is all the receiver gets; a wrong type or index fails naming the parameter's type.
 */
class ParameterVectorRoundTripTest {
    static final String ALL = "long all(boolean,byte,char,short,int,long,float,double,String,double[],String[],List,"
            + "Kinds.Point[],Object)";

    /** Finds the generated serializer by its name ({@code X_MobulaGroupSkeleton_P0_all_MobulaSerializer}). */
    private final Serialization writer = Serialization.defaults();

    /**
     * A reader admits only classes that are Serializable or have a registered serializer, and ParameterVector is
     * not Serializable: this one has the generated serializers registered.
     */
    private final Serialization reader = Serialization.builder()
            .register(new Kinds_MobulaGroupSkeleton_P0_all_MobulaSerializer())
            .register(new Kinds_MobulaGroupSkeleton_P1_put_MobulaSerializer())
            .build();

    private Object roundTrip(ParameterVector v) throws SerialException {
        return reader.fromBytes(writer.toBytes(v));
    }

    @Test
    void everyKindOfParameterTravelsAndARangeArrivesAsAnArrayOfItsOwn() throws Exception {
        double[] values = {0, 1, 2, 3, 4, 5};
        String[] names = {"a", "b", "c", "d"};
        Point[] points = {new Point(1, 2), new Point(3, 4), new Point(5, 6)};
        Kinds_MobulaGroupSkeleton.P0_all v = new Kinds_MobulaGroupSkeleton.P0_all();
        v.write(0, true);
        v.write(1, (byte) -7);
        v.write(2, 'ß');
        v.write(3, (short) 300);
        v.write(4, 42);
        v.write(5, 1L << 40);
        v.write(6, 1.5f);
        v.write(7, Math.PI);
        v.write(8, (Object) "grüße");
        v.writeSubArray(9, 2, 3, values);
        v.writeSubArray(10, 1, 2, names);
        v.write(11, (Object) List.of("x", "y"));
        v.writeSubArray(12, 1, 2, points);
        assertFalse(v.isComplete(), "parameter 13 is not written yet");
        v.write(13, (Object) 99L);
        assertTrue(v.isComplete());

        values[3] = 30; // a primitive range is a view, serialized from the caller's array
        names[1] = "changed"; // an object range is a copy
        Object back = roundTrip(v);

        assertEquals(Kinds_MobulaGroupSkeleton.P0_all.class, back.getClass());
        ParameterVector r = (ParameterVector) back;
        assertTrue(r.isComplete());
        assertEquals(14, r.size());
        assertEquals(ALL, r.method());
        assertTrue(r.readBoolean(0));
        assertEquals((byte) -7, r.readByte(1));
        assertEquals('ß', r.readChar(2));
        assertEquals((short) 300, r.readShort(3));
        assertEquals(42, r.readInt(4));
        assertEquals(1L << 40, r.readLong(5));
        assertEquals(1.5f, r.readFloat(6));
        assertEquals(Math.PI, r.readDouble(7));
        assertEquals("grüße", r.readObject(8));
        assertArrayEquals(new double[] {2, 30, 4}, (double[]) r.readObject(9));
        assertEquals(String[].class, r.readObject(10).getClass());
        assertArrayEquals(new String[] {"b", "c"}, (String[]) r.readObject(10));
        assertEquals(List.of("x", "y"), r.readObject(11));
        assertEquals(Point[].class, r.readObject(12).getClass());
        assertArrayEquals(new Point[] {new Point(3, 4), new Point(5, 6)}, (Point[]) r.readObject(12));
        assertEquals(99L, r.readObject(13));
        // primitives read as objects come boxed
        assertEquals(Boolean.TRUE, r.readObject(0));
        assertEquals('ß', r.readObject(2));
        assertEquals(Math.PI, r.readObject(7));
    }

    @Test
    void theMemberGetsOnlyTheWrittenRangeOfAPrimitiveArray() throws Throwable {
        double[] values = {0, 1, 2, 3, 4, 5};
        Kinds_MobulaGroupSkeleton.P1_put v = new Kinds_MobulaGroupSkeleton.P1_put();
        v.writeSubArray(0, 1, 2, values);
        assertArrayEquals(new double[] {1, 2}, (double[]) v.readObject(0), "the caller's side reads the range too");

        RecordingKinds member = new RecordingKinds();
        assertNull(new Kinds_MobulaGroupSkeleton().invoke(member, 1, v));
        assertArrayEquals(new double[] {1, 2}, member.put);

        Object back = roundTrip(v);
        new Kinds_MobulaGroupSkeleton().invoke(member, 1, (ParameterVector) back);
        assertArrayEquals(new double[] {1, 2}, member.put);

        v.write(0, (Object) values); // a whole array again: no range left over
        assertSame(values, v.readObject(0));
    }

    @Test
    void nullsTravelInReferenceParameters() throws Exception {
        Kinds_MobulaGroupSkeleton.P0_all v = new Kinds_MobulaGroupSkeleton.P0_all(false, (byte) 0, 'a', (short) 0, 0,
                0L, 0f, 0d, null, null, null, null, null, null);
        assertTrue(v.isComplete(), "the caller's constructor writes every parameter");
        ParameterVector r = (ParameterVector) roundTrip(v);
        for (int p = 8; p < 14; p++) {
            assertNull(r.readObject(p), "parameter " + p);
        }
    }

    @Test
    void aWrongTypeNamesTheParametersDeclaredType() {
        Kinds_MobulaGroupSkeleton.P0_all v = new Kinds_MobulaGroupSkeleton.P0_all();
        mismatch("parameter 4 of " + ALL + " is a int, not java.lang.String", () -> v.write(4, (Object) "text"));
        mismatch("parameter 4 of " + ALL + " is a int, not long", () -> v.write(4, 1L));
        mismatch("parameter 4 of " + ALL + " is a int, not null", () -> v.write(4, (Object) null));
        mismatch("parameter 0 of " + ALL + " is a boolean, not int", () -> v.readInt(0));
        mismatch("parameter 8 of " + ALL + " is a String, not java.lang.Integer", () -> v.write(8, (Object) 5));
        mismatch("parameter 8 of " + ALL + " is a String, not double", () -> v.readDouble(8));
        mismatch("parameter 9 of " + ALL + " is a double[], not int[]", () -> v.write(9, (Object) new int[3]));
        mismatch("parameter 9 of " + ALL + " is a double[], not int[]", () -> v.writeSubArray(9, 0, 1, new int[1]));
        mismatch("parameter 10 of " + ALL + " is a String[], not java.lang.Integer[]",
                () -> v.writeSubArray(10, 0, 1, new Integer[] {1}));
        mismatch("parameter 11 of " + ALL + " is a List, not java.lang.String", () -> v.write(11, (Object) "x"));
        mismatch("parameter 12 of " + ALL + " is a Kinds.Point[], not java.lang.Object[]",
                () -> v.writeSubArray(12, 0, 1, new Object[] {new Point(0, 0)}));
        mismatch("parameter 8 of " + ALL + " is a String, not Object[]",
                () -> v.writeSubArray(8, 0, 1, new String[] {"s"}));
        mismatch("parameter 7 of " + ALL + " is a double, not double[]",
                () -> v.writeSubArray(7, 0, 1, new double[1]));
        assertFalse(v.isComplete(), "a refused write writes nothing");
    }

    @Test
    void aBadIndexSaysHowManyParametersThereAre() {
        Kinds_MobulaGroupSkeleton.P0_all v = new Kinds_MobulaGroupSkeleton.P0_all();
        mismatch(ALL + " has no parameter 14 (it has 14)", () -> v.write(14, 1));
        mismatch(ALL + " has no parameter 14 (it has 14)", () -> v.readObject(14));
        mismatch(ALL + " has no parameter -1 (it has 14)", () -> v.write(-1, (Object) "x"));
        mismatch("int twice(int) has no parameter 1 (it has 1)", () -> new Kinds_MobulaGroupSkeleton.P5_twice()
                .readInt(1));
    }

    @Test
    void aRangeOutsideTheArrayIsRefused() {
        Kinds_MobulaGroupSkeleton.P0_all v = new Kinds_MobulaGroupSkeleton.P0_all();
        assertThrows(IndexOutOfBoundsException.class, () -> v.writeSubArray(9, 4, 5, new double[6]));
        assertThrows(IndexOutOfBoundsException.class, () -> v.writeSubArray(10, 3, 2, new String[4]));
        assertThrows(IndexOutOfBoundsException.class, () -> v.writeSubArray(9, -1, 1, new double[6]));
        assertFalse(v.isComplete());
    }

    private static void mismatch(String message, Executable access) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, access);
        assertEquals(message, e.getMessage());
    }
}
