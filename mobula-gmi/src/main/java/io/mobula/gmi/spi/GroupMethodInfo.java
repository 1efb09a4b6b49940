package io.mobula.gmi.spi;

import java.util.Objects;

/**
 * One method of a group interface, as the generated skeleton describes it.
 *
 * @param index       its index (declaration order, inherited methods after the interface's own)
 * @param name        its simple name
 * @param description its signature as the thesis's {@code findMethod} takes it: {@code "double[] get()"}, with
 *                    simple type names and no spaces inside the parentheses
 * @param result      its result type
 */
public record GroupMethodInfo(int index, String name, String description, ResultType result) {
    /** Checks the fields. */
    public GroupMethodInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(result, "result");
    }
}
