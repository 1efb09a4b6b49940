package io.mobula.fuzz.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A subclass with collections (lists of String and of a record, whose element types are implied on the wire), nested
 * and object arrays, a set of enums and an untyped field.
 */
public class Inventory extends Base implements Serializable {
    private static final long serialVersionUID = 1L;

    Map<String, Integer> counts = new TreeMap<>();
    Set<Color> colors;
    EnumMap<Color, Shape> byColor = new EnumMap<>(Color.class);
    LinkedList<Point> route = new LinkedList<>();
    List<String> tags = new ArrayList<>();
    List<Point> stops = new ArrayList<>();
    int[][] grid;
    Object[] misc;
    Shape[] shapes;
    Object any;
    byte[] blob;
    String note;
    transient int cached;

    public Inventory() {
    }

    public Inventory(long id, Set<Color> colors, int[][] grid, Object[] misc, Shape[] shapes, Object any, byte[] blob,
                     String note) {
        this.id = id;
        this.active = true;
        this.boxed = (int) id;
        this.initial = 'i';
        this.colors = colors;
        this.grid = grid;
        this.misc = misc;
        this.shapes = shapes;
        this.any = any;
        this.blob = blob;
        this.note = note;
    }

    public Map<String, Integer> counts() {
        return counts;
    }

    public EnumMap<Color, Shape> byColor() {
        return byColor;
    }

    public LinkedList<Point> route() {
        return route;
    }

    public List<String> tags() {
        return tags;
    }

    public List<Point> stops() {
        return stops;
    }
}
