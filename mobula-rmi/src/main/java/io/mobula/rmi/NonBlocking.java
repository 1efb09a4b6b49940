package io.mobula.rmi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * States that every implementation of this remote method finishes quickly without blocking: no waits, no
 * locks held across blocking operations, no I/O and no nested remote calls. Such calls run directly on the
 * connection's receive thread, saving a thread switch (Manta's optimization for calls without
 * {@code MAY_BLOCK}, thesis 3.3.1).
 *
 * <p>Without the annotation, a method runs inline only when the processor proves, from the body of an
 * implementation compiled with it, that it cannot block; everything else runs on a virtual thread.
 * {@link RmiConfig} can force every call onto virtual threads. A method that does block while running
 * inline stalls every call on that connection, so state it only when it is true.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface NonBlocking {
}
