package com.example.calc;

import java.io.Serializable;

/** A result that travels by value. */
public record Stats(int count, double mean, double max) implements Serializable {
}
