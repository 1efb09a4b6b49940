package io.mobula.apps;

/**
 * One version of a kernel.
 *
 * @param name {@code seq}, {@code rmi}, {@code repmi} or {@code gmi}
 * @param mainClass the class whose {@code main} runs it
 * @param how one line on how this version communicates
 */
public record Version(String name, String mainClass, String how) {
    /** Whether this is the sequential version (run without a pool). */
    public boolean sequential() {
        return name.equals("seq");
    }
}
