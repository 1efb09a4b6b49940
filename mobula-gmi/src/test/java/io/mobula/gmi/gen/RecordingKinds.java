package io.mobula.gmi.gen;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A member of a Kinds group that records what it was called with. */
final class RecordingKinds implements Kinds {
    final List<Object> all = new ArrayList<>();
    double[] put;
    int a;
    int b;
    Point[] points;
    IOException renameFailure;

    @Override
    public long all(boolean z, byte b, char c, short s, int i, long j, float f, double d, String text, double[] values,
            String[] names, List<String> list, Point[] points, Object any) {
        all.addAll(java.util.Arrays.asList(z, b, c, s, i, j, f, d, text, values, names, list, points, any));
        return j + i;
    }

    @Override
    public void put(double[] v) {
        put = v;
    }

    @Override
    public void put(int a, int b) {
        this.a = a;
        this.b = b;
    }

    @Override
    public Point[] getLoad(Point... points) {
        this.points = points;
        return points;
    }

    @Override
    public String rename(String name) throws IOException {
        if (renameFailure != null) {
            throw renameFailure;
        }
        return name.toUpperCase(java.util.Locale.ROOT);
    }
}
