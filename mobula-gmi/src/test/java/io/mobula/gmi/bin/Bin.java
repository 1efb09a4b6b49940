package io.mobula.gmi.bin;

import io.mobula.gmi.GroupInterface;

/** The thesis's Bin (Figure 5.11), with a primitive method and one that throws. */
public interface Bin extends GroupInterface {
    void put(double[] v);

    double[] get();

    int add(int a, int b) throws java.io.IOException;
}
