package io.mobula.bench;

import java.io.Console;
import java.lang.reflect.Method;

/**
 * Whether this process writes to a terminal, so progress may redraw one line with carriage returns; in a log (output
 * redirected to a file or a pipe) progress writes whole lines instead.
 */
public final class Terminal {
    private Terminal() {
    }

    /**
     * True when the JVM has an interactive console. On JDK 22 and later {@link System#console()} exists even with
     * redirected output, so its {@code isTerminal()} decides there; on JDK 21 a console exists only on a terminal.
     */
    public static boolean interactive() {
        Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(c);
        } catch (NoSuchMethodException e) {
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
