package io.mobula.rmi;

/**
 * Keeps the JVM running while this process has explicitly exported objects, as java.rmi does: a server's
 * {@code main} may return right after exporting. One non-daemon thread, alive while the count is positive.
 */
final class KeepAlive {
    private int pinned;
    private Thread thread;

    synchronized void increment() {
        if (pinned++ == 0 && thread == null) {
            thread = new Thread(this::await, "mobula-keepalive");
            thread.setDaemon(false);
            thread.start();
        }
    }

    synchronized void decrement() {
        if (pinned > 0 && --pinned == 0) {
            notifyAll();
        }
    }

    private synchronized void await() {
        try {
            while (pinned > 0) {
                wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            thread = null;
        }
    }
}
