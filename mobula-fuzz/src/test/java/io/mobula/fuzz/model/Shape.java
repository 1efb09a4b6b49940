package io.mobula.fuzz.model;

import java.io.Serializable;
import java.util.List;

/** A record with a string, a list of records, an enum and a primitive array. */
public record Shape(String name, List<Point> points, Color color, double[] weights) implements Serializable {
}
