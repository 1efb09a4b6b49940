package io.mobula.gmi.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.gmi.GroupException;
import io.mobula.gmi.GroupInterface;
import io.mobula.gmi.GroupMethodId;
import io.mobula.gmi.ParameterVector;
import io.mobula.gmi.bin.Bin;
import io.mobula.gmi.bin.Bin_GroupMethods;
import io.mobula.gmi.bin.Bin_MobulaGroupSkeleton;
import io.mobula.gmi.gen.Kinds.Point;
import io.mobula.gmi.spi.GroupInvoker;
import io.mobula.gmi.spi.GroupMethodInfo;
import io.mobula.gmi.spi.ResultType;
import io.mobula.serial.Fingerprint;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The code the processor generated for this module's test interfaces (Bin, Kinds, Shapes), driven directly: the
 * stub hands each call to its invoker with a filled parameter vector, the skeleton describes the methods and applies
 * an invocation to a member, and the method constants name each method uniquely.
 */
class GeneratedGroupCodeTest {

    /** The runtime side of a reference, faked: records the call and answers as told. */
    static final class FakeInvoker implements GroupInvoker {
        int method = -1;
        ParameterVector parameters;
        Object result;
        Throwable failure;

        @Override
        public Object invoke(int method, ParameterVector parameters) throws Throwable {
            this.method = method;
            this.parameters = parameters;
            if (failure != null) {
                throw failure;
            }
            return result;
        }

        @Override
        public String describe() {
            return "fake group";
        }
    }

    @Test
    void binsHashCoversItsNameAndMethodDescriptorsAsTheRmiDispatcherDoes() {
        assertEquals(Fingerprint.of("io.mobula.gmi.bin.Bin", "put([D)V", "get()[D", "add(II)I"),
                Bin_MobulaGroupSkeleton.INTERFACE_HASH);
        assertEquals(Bin_MobulaGroupSkeleton.INTERFACE_HASH, new Bin_MobulaGroupSkeleton().interfaceHash());
        assertEquals(new GroupMethodId(Bin.class, 0, "void put(double[])"), Bin_GroupMethods.PUT);
        assertEquals(new GroupMethodId(Bin.class, 1, "double[] get()"), Bin_GroupMethods.GET);
        assertEquals(new GroupMethodId(Bin.class, 2, "int add(int,int)"), Bin_GroupMethods.ADD);
    }

    @Test
    void theSkeletonDescribesEveryMethodInDeclarationOrder() {
        Kinds_MobulaGroupSkeleton skeleton = new Kinds_MobulaGroupSkeleton();
        assertEquals(Kinds.class, skeleton.groupInterface());
        assertEquals(List.of(
                new GroupMethodInfo(0, "all", ParameterVectorRoundTripTest.ALL, ResultType.LONG),
                new GroupMethodInfo(1, "put", "void put(double[])", ResultType.VOID),
                new GroupMethodInfo(2, "put", "void put(int,int)", ResultType.VOID),
                new GroupMethodInfo(3, "getLoad", "Kinds.Point[] getLoad(Kinds.Point[])", ResultType.OBJECT),
                new GroupMethodInfo(4, "rename", "String rename(String)", ResultType.OBJECT),
                new GroupMethodInfo(5, "twice", "int twice(int)", ResultType.INT)), skeleton.methods());
        for (GroupMethodInfo m : skeleton.methods()) {
            ParameterVector p = skeleton.newParameters(m.index());
            assertEquals(m.description(), p.method());
            assertEquals(p.size() == 0, p.isComplete(), "an empty vector of " + m.description());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> skeleton.newParameters(6));
        assertEquals("no method 6 in io.mobula.gmi.gen.Kinds", e.getMessage());
    }

    @Test
    void overloadsGetTheirParameterTypesInTheirConstantNames() {
        assertEquals(new GroupMethodId(Kinds.class, 0, ParameterVectorRoundTripTest.ALL), Kinds_GroupMethods.ALL);
        assertEquals(1, Kinds_GroupMethods.PUT_DOUBLE_ARRAY.index());
        assertEquals("void put(double[])", Kinds_GroupMethods.PUT_DOUBLE_ARRAY.description());
        assertEquals(2, Kinds_GroupMethods.PUT_INT_INT.index());
        assertEquals(3, Kinds_GroupMethods.GET_LOAD.index());
        assertEquals(4, Kinds_GroupMethods.RENAME.index());
        assertEquals(5, Kinds_GroupMethods.TWICE.index());
    }

    @Test
    void anInterfaceExtendingAnotherGroupInterfaceGetsItsMethodsAfterItsOwn() throws Throwable {
        assertEquals(new GroupMethodId(Shapes.Solid.class, 0, "double volume()"), Shapes_Solid_GroupMethods.VOLUME);
        assertEquals(new GroupMethodId(Shapes.Solid.class, 1, "Integer size()"), Shapes_Solid_GroupMethods.SIZE);
        assertEquals(new GroupMethodId(Shapes.Solid.class, 2, "double area()"), Shapes_Solid_GroupMethods.AREA);
        assertEquals(new GroupMethodId(Shapes.Area.class, 1, "Number size()"), Shapes_Area_GroupMethods.SIZE);

        FakeInvoker invoker = new FakeInvoker();
        Shapes.Solid solid = new Shapes_Solid_MobulaGroupStub(invoker);
        invoker.result = 2.5;
        assertEquals(2.5, solid.area());
        assertEquals(2, invoker.method);
        invoker.result = 7;
        assertEquals(7, solid.size());
        assertEquals(1, invoker.method);

        Shapes.Solid member = new Shapes.Solid() {
            @Override
            public double volume() {
                return 8;
            }

            @Override
            public Integer size() {
                return 3;
            }

            @Override
            public double area() {
                return 24;
            }
        };
        Shapes_Solid_MobulaGroupSkeleton skeleton = new Shapes_Solid_MobulaGroupSkeleton();
        assertEquals(24.0, skeleton.invoke(member, 2, skeleton.newParameters(2)));
        assertEquals(3, skeleton.invoke(member, 1, skeleton.newParameters(1)));
    }

    @Test
    void theStubFillsTheParameterVectorAndReturnsTheInvokersResult() throws Exception {
        FakeInvoker invoker = new FakeInvoker();
        Kinds kinds = new Kinds_MobulaGroupStub(invoker);
        assertInstanceOf(GroupInterface.class, kinds);

        invoker.result = 12L;
        double[] values = {1, 2};
        String[] names = {"n"};
        Point[] points = {new Point(1, 1)};
        assertEquals(12L, kinds.all(true, (byte) 1, 'c', (short) 2, 3, 4L, 5f, 6d, "t", values, names, List.of("l"),
                points, "any"));
        assertEquals(0, invoker.method);
        ParameterVector p = invoker.parameters;
        assertTrue(p.isComplete());
        assertEquals(ParameterVectorRoundTripTest.ALL, p.method());
        assertTrue(p.readBoolean(0));
        assertEquals(3, p.readInt(4));
        assertEquals(6d, p.readDouble(7));
        assertSame(values, p.readObject(9), "the caller's array, not a copy");
        assertSame(names, p.readObject(10));
        assertEquals("any", p.readObject(13));

        kinds.put(4, 5);
        assertEquals(2, invoker.method);
        assertEquals(List.of(4, 5), List.of(invoker.parameters.readInt(0), invoker.parameters.readInt(1)));
        kinds.put(values);
        assertEquals(1, invoker.method);

        Point[] load = {new Point(2, 3)};
        invoker.result = load;
        assertSame(load, kinds.getLoad(new Point(9, 9), new Point(8, 8)));
        assertArrayEquals(new Point[] {new Point(9, 9), new Point(8, 8)}, (Point[]) invoker.parameters.readObject(0));
    }

    @Test
    void aSchemeWithoutResultGivesThePrimitiveDefault() {
        FakeInvoker invoker = new FakeInvoker();
        Kinds kinds = new Kinds_MobulaGroupStub(invoker);
        assertEquals(0L, kinds.all(false, (byte) 0, 'a', (short) 0, 0, 0, 0, 0, null, null, null, null, null, null));
        assertEquals(0, kinds.twice(21), "the stub overrides the default method: the group answers");
        assertEquals(5, invoker.method);
    }

    @Test
    void declaredAndUncheckedExceptionsPassAsTheyAreOthersAreWrapped() {
        FakeInvoker invoker = new FakeInvoker();
        Kinds kinds = new Kinds_MobulaGroupStub(invoker);
        IOException declared = new IOException("member failed");
        invoker.failure = declared;
        assertSame(declared, assertThrows(IOException.class, () -> kinds.rename("x")));

        IllegalStateException unchecked = new IllegalStateException("unchecked");
        invoker.failure = unchecked;
        assertSame(unchecked, assertThrows(IllegalStateException.class, () -> kinds.rename("x")));
        GroupException group = new GroupException("member 3 died");
        invoker.failure = group;
        assertSame(group, assertThrows(GroupException.class, () -> kinds.twice(1)));
        StackOverflowError error = new StackOverflowError();
        invoker.failure = error;
        assertSame(error, assertThrows(StackOverflowError.class, () -> kinds.twice(1)));

        InterruptedException undeclared = new InterruptedException("interrupted");
        invoker.failure = undeclared;
        GroupException wrapped = assertThrows(GroupException.class, () -> kinds.rename("x"));
        assertSame(undeclared, wrapped.getCause());
        assertEquals("String rename(String) threw an undeclared java.lang.InterruptedException: interrupted",
                wrapped.getMessage());
        IOException notDeclaredHere = new IOException("io");
        invoker.failure = notDeclaredHere;
        assertSame(notDeclaredHere, assertThrows(GroupException.class, () -> kinds.put(1, 2)).getCause());
    }

    @Test
    void theSkeletonAppliesAnInvocationToAMember() throws Throwable {
        Kinds_MobulaGroupSkeleton skeleton = new Kinds_MobulaGroupSkeleton();
        RecordingKinds member = new RecordingKinds();
        Kinds_MobulaGroupSkeleton.P0_all all = new Kinds_MobulaGroupSkeleton.P0_all(true, (byte) 1, 'c', (short) 2,
                3, 40L, 5f, 6d, "t", new double[] {1}, new String[] {"n"}, List.of("l"), new Point[0], "any");
        assertEquals(43L, skeleton.invoke(member, 0, all));
        assertEquals(List.of(true, (byte) 1, 'c', (short) 2, 3, 40L, 5f, 6d, "t"), member.all.subList(0, 9));

        Kinds_MobulaGroupSkeleton.P2_put put = new Kinds_MobulaGroupSkeleton.P2_put();
        put.write(0, 7);
        put.write(1, 8);
        skeleton.invoke(member, 2, put);
        assertEquals(List.of(7, 8), List.of(member.a, member.b));

        assertEquals(42, skeleton.invoke(member, 5, new Kinds_MobulaGroupSkeleton.P5_twice(21)),
                "a default method runs as the member has it");
        assertEquals("BOB", skeleton.invoke(member, 4, new Kinds_MobulaGroupSkeleton.P4_rename("bob")));
        member.renameFailure = new IOException("no");
        assertSame(member.renameFailure, assertThrows(IOException.class,
                () -> skeleton.invoke(member, 4, new Kinds_MobulaGroupSkeleton.P4_rename("bob"))));
        assertThrows(IllegalArgumentException.class, () -> skeleton.invoke(member, 6, put));
        assertFalse(member.all.isEmpty());
    }
}
