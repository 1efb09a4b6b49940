package io.mobula.rmi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code void} remote method as one-way: the caller sends the call and returns at once, and the
 * server sends no reply. Exceptions thrown by the method are logged on the server and not reported to the
 * caller; a call that could not be sent still fails with a {@link java.rmi.RemoteException}.
 *
 * <p>The annotation processor rejects it on methods that return a value.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface OneWay {
}
