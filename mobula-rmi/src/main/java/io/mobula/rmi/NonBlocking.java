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
 * <p>On a method of a class implementing a remote interface (or on the class, for all its methods), it states
 * the same for that implementation only: subclasses that override the method do not inherit the statement.
 *
 * <p>Without the annotation, a method runs inline only when the processor proves, from the body of an
 * implementation compiled with it, that it cannot block and that its time does not grow with its arguments
 * (no loops over their sizes, no copies of them); everything else runs on a virtual thread. A subclass that
 * overrides a proven method does not inherit the proof. {@link RmiConfig} can force every call onto virtual
 * threads. A method that blocks or runs long while running inline stalls every call on that connection, so
 * state it only when it is true.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface NonBlocking {
}
