package org.hibernate.mobulatest;

import java.io.Serializable;

/**
 * A Serializable value in a package the default class filter refuses (it lists {@code org.hibernate.**} among known
 * gadget packages): a sender writes it, a receiver refuses it by name before loading it.
 */
public record RefusedValue(int v) implements Serializable {
}
