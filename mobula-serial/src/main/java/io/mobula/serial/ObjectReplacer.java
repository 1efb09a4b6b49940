package io.mobula.serial;

import java.io.IOException;

/**
 * Substitutes another object for one being written, before it gets a handle or a type id (as
 * {@code writeReplace} does). See {@link Serialization#replacing}.
 *
 * @param <T> the class replaced
 */
@FunctionalInterface
public interface ObjectReplacer<T> {

    /**
     * @return the object to write instead of {@code obj}; {@code obj} itself only for
     *     {@link Serialization#replacingUnlessSelf} (then it is written by value)
     */
    Object replace(T obj) throws IOException;
}
