package io.mobula.fuzz.model;

/** An enum field and element type. */
public enum Color {
    RED, GREEN, BLUE
}
