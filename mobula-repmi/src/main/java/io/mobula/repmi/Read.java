package io.mobula.repmi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Says that a method of a cloud must run as a read: locally, never broadcast (thesis 4.2.2). The classification does
 * not need it (a method that changes nothing and notifies nothing is a read, and one that also waits in
 * {@link CloudObject#cloudWait()} is a blocking read); it makes the compiler check it. On a method of a cloud class,
 * or of a replication interface (then on every implementation in the cloud classes compiled with it), a method
 * classified as a write is a compile error that names what makes it one: an assignment, a notify, a call of a write.
 * The thesis (4.4.2) notes how easily a read turns into a broadcast write (counting the readers of a row would); this
 * turns that into an error rather than a slowdown.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Read {
}
