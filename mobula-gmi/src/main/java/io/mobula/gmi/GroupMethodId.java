package io.mobula.gmi;

import java.util.Objects;

/**
 * A method of a group interface, as a compile-time constant: the processor generates one per method in
 * {@code X_GroupMethods}, so {@code Group.findMethod(bins, Bin_GroupMethods.PUT)} cannot name a method that does not
 * exist.
 *
 * @param type        the group interface
 * @param index       the method's index in the generated tables
 * @param description the method as {@code "void put(double[])"}
 */
public record GroupMethodId(Class<? extends GroupInterface> type, int index, String description) {
    /** Checks the fields. */
    public GroupMethodId {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
        if (index < 0) {
            throw new IllegalArgumentException("negative method index " + index);
        }
    }
}
