package io.mobula.fuzz.model;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/** Real object graphs of the model, whose encodings seed the fuzz corpora. */
public final class Samples {
    private Samples() {
    }

    /** A few graphs: a record, a tree with cycles, a subclass with collections and arrays, an exception. */
    public static List<Object> graphs() {
        List<Object> out = new ArrayList<>();
        Point p = new Point(3, -4);
        Shape tri = new Shape("triangle", List.of(p, new Point(0, 0), new Point(5, 1)), Color.GREEN,
                new double[] {0.5, 1.5});
        out.add(p);
        out.add(tri);
        Node root = new Node("root").add(new Node("a")).add(new Node("b").add(new Node("c")));
        out.add(root);
        Inventory inv = new Inventory(42, EnumSet.of(Color.RED, Color.BLUE), new int[][] {{1, 2}, {3}},
                new Object[] {"x", 7, p, null, Color.RED}, new Shape[] {tri, tri}, root, new byte[] {1, 2, 3},
                "ünïcödé");
        inv.counts().put("apples", 3);
        inv.route().add(p);
        inv.tags().addAll(java.util.Arrays.asList("fresh", null, "ünïcödé", "fresh"));
        inv.stops().addAll(java.util.Arrays.asList(p, null, new Point(9, 9), p));
        inv.byColor().put(Color.GREEN, tri);
        out.add(inv);
        out.add(new ModelException("bad shape", 7, new IllegalStateException("inner")));
        out.add(Map.of("inventory", inv, "list", new ArrayList<>(List.of(tri, root))));
        return out;
    }
}
