package io.mobula.rmi;

/**
 * Keeps the remote stack trace of a rethrown exception and appends the caller's frames below it, as java.rmi
 * does, so both sides of the call show in one trace.
 */
final class RemoteTraces {
    private RemoteTraces() {
    }

    static Throwable withLocalTrace(Throwable remote) {
        StackTraceElement[] theirs = remote.getStackTrace();
        StackTraceElement[] ours = new Throwable().getStackTrace();
        // drop the runtime's own frames (this method and PendingCall)
        int skip = 0;
        while (skip < ours.length && ours[skip].getClassName().startsWith("io.mobula.rmi.")) {
            skip++;
        }
        StackTraceElement[] merged = new StackTraceElement[theirs.length + 1 + ours.length - skip];
        System.arraycopy(theirs, 0, merged, 0, theirs.length);
        merged[theirs.length] = new StackTraceElement("<<mobula remote call>>", "", null, -1);
        System.arraycopy(ours, skip, merged, theirs.length + 1, ours.length - skip);
        remote.setStackTrace(merged);
        return remote;
    }
}
