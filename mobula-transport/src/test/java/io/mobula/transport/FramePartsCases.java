package io.mobula.transport;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Frames in parts for tests, each with the bytes it must produce, computed independently of {@link FrameParts} (one
 * element at a time into a flat buffer): arrays of every kind, both byte orders, sub-ranges at odd offsets, inline
 * runs of odd lengths (so elements land unaligned) and empty runs between arrays.
 */
final class FramePartsCases {

    /** One frame: how to build it, and the bytes it stands for. */
    record Case(String name, ByteBuffer inline, List<Part> parts, byte[] expected) {
        void load(FrameParts f) {
            f.reset(inline);
            for (Part p : parts) {
                f.addArray(p.at, p.array, p.offset, p.length, p.order);
            }
        }
    }

    record Part(int at, Object array, int offset, int length, ByteOrder order) { }

    private FramePartsCases() {
    }

    static List<Case> cases(long seed, int count, int maxElements) {
        Random r = new Random(seed);
        List<Case> out = new ArrayList<>();
        for (int c = 0; c < count; c++) {
            int arrays = r.nextInt(4);
            int inlineLength = r.nextInt(64);
            byte[] inlineBytes = TransportConformanceTest.pattern(c, inlineLength + 7);
            int[] at = new int[arrays];
            for (int i = 0; i < arrays; i++) {
                at[i] = r.nextInt(inlineLength + 1);
            }
            java.util.Arrays.sort(at);
            List<Part> parts = new ArrayList<>();
            for (int i = 0; i < arrays; i++) {
                int n = r.nextInt(4) == 0 ? r.nextInt(8) : r.nextInt(maxElements);
                int offset = Math.min(r.nextInt(5), n);
                int length = Math.max(0, n - offset - r.nextInt(3));
                ByteOrder order = r.nextBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
                parts.add(new Part(at[i], array(r.nextInt(7), n, r), offset, length, order));
            }
            // the inline bytes start at position 3 of their buffer, so offsets are relative to the position
            ByteBuffer inline = ByteBuffer.wrap(inlineBytes, 3, inlineLength);
            out.add(new Case("case " + c + " (seed " + seed + ")", inline, parts, flatten(inline, parts)));
        }
        return out;
    }

    private static Object array(int kind, int n, Random r) {
        switch (kind) {
            case 0 -> {
                byte[] a = new byte[n];
                r.nextBytes(a);
                return a;
            }
            case 1 -> {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (short) r.nextInt();
                }
                return a;
            }
            case 2 -> {
                char[] a = new char[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (char) r.nextInt();
                }
                return a;
            }
            case 3 -> {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = r.nextInt();
                }
                return a;
            }
            case 4 -> {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = r.nextLong();
                }
                return a;
            }
            case 5 -> {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = Float.intBitsToFloat(r.nextInt()); // NaN payloads too: bits must survive
                }
                return a;
            }
            default -> {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = Double.longBitsToDouble(r.nextLong());
                }
                return a;
            }
        }
    }

    /** The frame's bytes, element by element. */
    static byte[] flatten(ByteBuffer inline, List<Part> parts) {
        long size = inline.remaining();
        for (Part p : parts) {
            size += (long) p.length * elementBytes(p.array);
        }
        ByteBuffer out = ByteBuffer.allocate((int) size);
        int base = inline.position();
        int done = 0;
        for (Part p : parts) {
            out.put(out.position(), inline, base + done, p.at - done);
            out.position(out.position() + p.at - done);
            done = p.at;
            out.order(p.order);
            for (int i = p.offset; i < p.offset + p.length; i++) {
                switch (p.array) {
                    case byte[] a -> out.put(a[i]);
                    case short[] a -> out.putShort(a[i]);
                    case char[] a -> out.putChar(a[i]);
                    case int[] a -> out.putInt(a[i]);
                    case long[] a -> out.putLong(a[i]);
                    case float[] a -> out.putInt(Float.floatToRawIntBits(a[i]));
                    case double[] a -> out.putLong(Double.doubleToRawLongBits(a[i]));
                    default -> throw new IllegalArgumentException();
                }
            }
        }
        out.put(out.position(), inline, base + done, inline.remaining() - done);
        return out.array();
    }

    private static int elementBytes(Object a) {
        return switch (a) {
            case byte[] x -> 1;
            case short[] x -> 2;
            case char[] x -> 2;
            case int[] x -> 4;
            case float[] x -> 4;
            default -> 8;
        };
    }
}
