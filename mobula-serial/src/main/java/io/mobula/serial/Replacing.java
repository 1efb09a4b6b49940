package io.mobula.serial;

import java.io.IOException;

/** A serializer whose class has a writeReplace method; the writer substitutes before assigning a handle. */
interface Replacing {
    /** @return whether {@link #writeReplace} may substitute at all (checked once per writer and class) */
    boolean replaces();

    Object writeReplace(Object obj) throws IOException;
}
