package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.Arrays;

/**
 * {@code message Node { int32 a = 1; int32 b = 2; int32 c = 3; int32 d = 4; Node left = 5; Node right = 6; }}: a
 * node with 4 ints and two references, a null reference being an absent field. {@link #measure} computes every
 * sub-message's size once, in pre-order, as generated code memoizes them, so writing a tree is linear in its size.
 *
 * @param <N> the Java node type
 */
abstract class NodeLayout<N> implements ProtoLayout<N> {

    abstract N newNode();

    /** Field {@code i} (0 to 3 for a to d). */
    abstract int get(N node, int i);

    abstract void set(N node, int i, int v);

    abstract N left(N node);

    abstract N right(N node);

    abstract void setLeft(N node, N child);

    abstract void setRight(N node, N child);

    @Override
    public Sized measure(N root) {
        int[][] sizes = {new int[16]};
        int[] count = {0};
        int size = measure(root, sizes, count);
        int[] all = sizes[0];
        return new Sized() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public void writeTo(CodedOutputStream out) throws IOException {
                write(root, all, new int[] {1}, out);
            }
        };
    }

    /** Records the size of {@code node}'s message at its pre-order index and returns it. */
    private int measure(N node, int[][] sizes, int[] count) {
        int index = count[0]++;
        if (index == sizes[0].length) {
            sizes[0] = Arrays.copyOf(sizes[0], 2 * index);
        }
        int size = 0;
        for (int i = 0; i < 4; i++) {
            size += Ints.size(i + 1, get(node, i));
        }
        N l = left(node);
        if (l != null) {
            int s = measure(l, sizes, count);
            size += 1 + CodedOutputStream.computeUInt32SizeNoTag(s) + s;
        }
        N r = right(node);
        if (r != null) {
            int s = measure(r, sizes, count);
            size += 1 + CodedOutputStream.computeUInt32SizeNoTag(s) + s;
        }
        sizes[0][index] = size;
        return size;
    }

    /** Writes {@code node}'s fields; {@code next} is the pre-order index of the next sub-message. */
    private void write(N node, int[] sizes, int[] next, CodedOutputStream out) throws IOException {
        for (int i = 0; i < 4; i++) {
            Ints.write(out, i + 1, get(node, i));
        }
        N l = left(node);
        if (l != null) {
            out.writeTag(5, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(sizes[next[0]++]);
            write(l, sizes, next, out);
        }
        N r = right(node);
        if (r != null) {
            out.writeTag(6, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(sizes[next[0]++]);
            write(r, sizes, next, out);
        }
    }

    @Override
    public N read(CodedInputStream in, int depth) throws IOException {
        N node = newNode();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            int field = WireFormat.getTagFieldNumber(tag);
            switch (field) {
                case 1, 2, 3, 4 -> set(node, field - 1, Ints.read(in, tag));
                case 5, 6 -> {
                    WireChecks.wireType(tag, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                    WireChecks.depth(depth + 1);
                    int old = in.pushLimit(WireChecks.length(in));
                    N child = read(in, depth + 1);
                    in.popLimit(old);
                    if (field == 5) {
                        setLeft(node, child);
                    } else {
                        setRight(node, child);
                    }
                }
                default -> WireChecks.skip(in, tag);
            }
        }
        return node;
    }
}
