package io.mobula.gmi.gen;

import io.mobula.gmi.GroupInterface;
import java.io.IOException;
import java.util.List;

/** A group interface with every kind of parameter the generated parameter vectors handle; compiled by the processor. */
public interface Kinds extends GroupInterface {
    long all(boolean z, byte b, char c, short s, int i, long j, float f, double d, String text, double[] values,
            String[] names, List<String> list, Point[] points, Object any);

    void put(double[] v);

    void put(int a, int b);

    Point[] getLoad(Point... points);

    String rename(String name) throws IOException;

    default int twice(int x) {
        return 2 * x;
    }

    /** A value type of the test: a Serializable record, so the processor generates its serializer too. */
    record Point(int x, int y) implements java.io.Serializable {
    }
}
