package io.mobula.apps.barnes;

import java.util.Arrays;

/**
 * The locally essential part of a rank's bodies for another rank (Warren and Salmon; the collective phase of
 * Blackston and Suel's code, thesis 2.5.3): for each of the sender's root cells ({@link Zones#roots}), the sender's
 * tree pruned by the opening test against the receiver's bounding boxes. A cell that no point of the boxes opens goes
 * as its moment alone; an opened cell goes as its eight octants, each empty, a body or a cell again. What is sent
 * covers every body of the sender once, and every cell the receiver's walks open arrives with all its octants.
 *
 * <p>The encoding is one tag per node ({@link #EMPTY}, {@link #BODY}, {@link #CLOSED}, {@link #OPEN}) in pre-order,
 * and four doubles per body (x, y, z, mass) or closed cell (mass, centre of mass x, y, z); the receiver knows the
 * sender's roots from the split, so the paths of the nodes need not be sent.
 */
final class Essentials {
    static final byte EMPTY = 0;
    static final byte BODY = 1;
    static final byte CLOSED = 2;
    static final byte OPEN = 3;

    private Essentials() {
    }

    /** Tags and values being written. */
    static final class Writer {
        private byte[] tags = new byte[256];
        private double[] values = new double[256];
        private int tagCount;
        private int valueCount;

        private void put(byte tag, double a, double b, double c, double d) {
            tag(tag);
            if (valueCount + 4 > values.length) {
                values = Arrays.copyOf(values, 2 * values.length);
            }
            values[valueCount++] = a;
            values[valueCount++] = b;
            values[valueCount++] = c;
            values[valueCount++] = d;
        }

        private void tag(byte tag) {
            if (tagCount == tags.length) {
                tags = Arrays.copyOf(tags, 2 * tags.length);
            }
            tags[tagCount++] = tag;
        }

        /** The tags written. */
        byte[] tags() {
            return Arrays.copyOf(tags, tagCount);
        }

        /** The values written. */
        double[] values() {
            return Arrays.copyOf(values, valueCount);
        }
    }

    /**
     * Writes what a receiver whose bodies lie in the boxes {@code boxes} ({@link BarnesRanks#boxes}) needs of
     * {@code tree}, the tree of this rank's bodies alone ({@code pos}, {@code mass}, their keys {@code keys}) under
     * the whole tree's root, below this rank's roots.
     */
    static void write(Octree tree, double[] pos, double[] mass, long[] keys, int[] depths, long[] paths, int roots,
            double[] boxes, Writer out) {
        for (int j = 0; j < roots; j++) {
            int depth = depths[j];
            int node = 0;
            boolean done = false;
            for (int level = 0; level < depth && !done; level++) {
                int c = tree.child(node, (int) (paths[j] >>> (3 * (depth - 1 - level))) & 7);
                if (c == -1) {
                    out.tag(EMPTY);
                    done = true;
                } else if (c >= 0) {
                    // the one body of this rank in a larger region: in this root or not
                    if (keys[c] >>> (3 * (Octree.KEY_DEPTH - depth)) == paths[j]) {
                        out.put(BODY, pos[3 * c], pos[3 * c + 1], pos[3 * c + 2], mass[c]);
                    } else {
                        out.tag(EMPTY);
                    }
                    done = true;
                } else {
                    node = -c - 2;
                }
            }
            if (!done) {
                writeCell(tree, pos, mass, node, depth, boxes, out);
            }
        }
    }

    private static void writeCell(Octree tree, double[] pos, double[] mass, int cell, int depth, double[] boxes,
            Writer out) {
        if (depth > 0 && tree.closedFor(cell, Barnes.THETA, boxes)) {
            out.put(CLOSED, tree.moment(cell, 0), tree.moment(cell, 1), tree.moment(cell, 2), tree.moment(cell, 3));
            return;
        }
        out.tag(OPEN);
        for (int o = 0; o < 8; o++) {
            int c = tree.child(cell, o);
            if (c == -1) {
                out.tag(EMPTY);
            } else if (c >= 0) {
                out.put(BODY, pos[3 * c], pos[3 * c + 1], pos[3 * c + 2], mass[c]);
            } else {
                writeCell(tree, pos, mass, -c - 2, depth + 1, boxes, out);
            }
        }
    }

    /** The bodies and closed cells received from other ranks, to be added to this rank's tree. */
    static final class Received {
        private double[] bodies = new double[256]; // x, y, z, mass
        private int bodyCount;
        private byte[] cellPaths = new byte[64 * Octree.MAX_DEPTH];
        private int[] cellDepths = new int[64];
        private double[] cellMoments = new double[4 * 64];
        private int cellCount;

        /** The number of bodies received. */
        int bodies() {
            return bodyCount;
        }

        /** Copies the received bodies' positions and masses into {@code pos} and {@code mass} from body {@code at}. */
        void copyBodies(double[] pos, double[] mass, int at) {
            for (int i = 0; i < bodyCount; i++) {
                pos[3 * (at + i)] = bodies[4 * i];
                pos[3 * (at + i) + 1] = bodies[4 * i + 1];
                pos[3 * (at + i) + 2] = bodies[4 * i + 2];
                mass[at + i] = bodies[4 * i + 3];
            }
        }

        /** Puts every received closed cell into {@code tree}. */
        void pinCells(Octree tree) {
            for (int i = 0; i < cellCount; i++) {
                tree.pin(cellPaths, i * Octree.MAX_DEPTH, cellDepths[i], cellMoments[4 * i],
                        cellMoments[4 * i + 1], cellMoments[4 * i + 2], cellMoments[4 * i + 3]);
            }
        }

        /**
         * Reads what a rank with roots {@code depths}, {@code paths} sent ({@link #write}); a message that does not
         * parse, or has bytes left over, fails with {@link IllegalArgumentException}.
         */
        void read(byte[] tags, double[] values, int[] depths, long[] paths, int roots) {
            int[] at = {0, 0};
            byte[] path = new byte[Octree.MAX_DEPTH];
            try {
                for (int j = 0; j < roots; j++) {
                    for (int level = 0; level < depths[j]; level++) {
                        path[level] = (byte) ((paths[j] >>> (3 * (depths[j] - 1 - level))) & 7);
                    }
                    readNode(tags, values, at, path, depths[j]);
                }
            } catch (ArrayIndexOutOfBoundsException e) {
                throw new IllegalArgumentException("essential cells cut short", e);
            }
            if (at[0] != tags.length || at[1] != values.length) {
                throw new IllegalArgumentException("essential cells with " + (tags.length - at[0]) + " tags and "
                        + (values.length - at[1]) + " values left over");
            }
        }

        private void readNode(byte[] tags, double[] values, int[] at, byte[] path, int depth) {
            byte tag = tags[at[0]++];
            switch (tag) {
                case EMPTY -> {
                }
                case BODY -> {
                    if (4 * bodyCount + 4 > bodies.length) {
                        bodies = Arrays.copyOf(bodies, 2 * bodies.length);
                    }
                    System.arraycopy(values, at[1], bodies, 4 * bodyCount, 4);
                    at[1] += 4;
                    bodyCount++;
                }
                case CLOSED -> {
                    if (depth == 0) {
                        throw new IllegalArgumentException("the root sent closed");
                    }
                    if (cellCount == cellDepths.length) {
                        cellDepths = Arrays.copyOf(cellDepths, 2 * cellCount);
                        cellPaths = Arrays.copyOf(cellPaths, 2 * cellPaths.length);
                        cellMoments = Arrays.copyOf(cellMoments, 2 * cellMoments.length);
                    }
                    System.arraycopy(path, 0, cellPaths, cellCount * Octree.MAX_DEPTH, depth);
                    cellDepths[cellCount] = depth;
                    System.arraycopy(values, at[1], cellMoments, 4 * cellCount, 4);
                    at[1] += 4;
                    cellCount++;
                }
                case OPEN -> {
                    if (depth == Octree.MAX_DEPTH) {
                        throw new IllegalArgumentException("essential cells deeper than " + Octree.MAX_DEPTH);
                    }
                    for (int o = 0; o < 8; o++) {
                        path[depth] = (byte) o;
                        readNode(tags, values, at, path, depth + 1);
                    }
                }
                default -> throw new IllegalArgumentException("an essential cell tagged " + tag);
            }
        }
    }
}
