package io.mobula.examples.interop;

/** An application exception with a field and no conventional constructor. */
public final class OutOfStock extends Exception {
    private static final long serialVersionUID = 1L;
    private final int missing;

    public OutOfStock(String item, int missing) {
        super("out of stock: " + item);
        this.missing = missing;
    }

    public int missing() {
        return missing;
    }
}
