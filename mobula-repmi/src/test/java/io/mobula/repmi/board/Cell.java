package io.mobula.repmi.board;

import io.mobula.repmi.CloudObject;
import io.mobula.repmi.Node;

/** A node of a {@link Board}. */
public class Cell extends CloudObject implements Node {
    String label;
    Cell next;
    char[] code;
    boolean flag;
    byte b;
    short sh;
    float f;

    public Cell(String label, Cell next) {
        this.label = label;
        this.next = next;
        this.code = label.toCharArray();
        this.flag = label.length() % 2 == 0;
        this.b = (byte) label.length();
        this.sh = (short) -label.length();
        this.f = label.length() / 3.0f;
    }
}
