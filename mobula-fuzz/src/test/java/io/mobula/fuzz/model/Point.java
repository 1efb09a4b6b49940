package io.mobula.fuzz.model;

import java.io.Serializable;

/** A record of primitives. */
public record Point(int x, int y) implements Serializable {
}
