package io.mobula.bench.hostile;

import java.io.Serializable;

/**
 * A value the ranks of {@link PoolAttack} refuse to make: their class filter denies this class
 * ({@code mobula.classFilter.deny}), as an application denies a class it never means to receive.
 *
 * @param note anything
 */
public record RefusedValue(String note) implements Serializable {
}
