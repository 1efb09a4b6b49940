package io.mobula.repmi.board;

import io.mobula.repmi.CloudObject;

/** The root of a {@link Board}. */
public class BoardRoot extends CloudObject implements Board {
    private Cell[] cells = new Cell[4];
    private Cell[][] grid = new Cell[2][2];
    private double[] weights = {1.5, -0.0, Double.NaN};
    private long[] stamps = {Long.MIN_VALUE, 7};
    private int[] empty = new int[0];
    private String title = "board \u00e9\u4e2d";
    private String sameTitle = title;
    private Cell loop;

    public BoardRoot() {
    }

    @Override
    public synchronized void put(int i, String label) {
        cells[i] = new Cell(label, cells[(i + 1) % cells.length]);
        grid[i % 2][i / 2 % 2] = cells[i];
        if (loop == null) {
            loop = cells[i];
            loop.next = loop;
        }
    }

    @Override
    public synchronized String label(int i) {
        return cells[i] == null ? null : cells[i].label;
    }

    @Override
    public synchronized String describe() {
        String d = title + (sameTitle == title) + weights.length + weights[0] + weights[1] + weights[2] + stamps[0]
                + stamps[1] + empty.length + hashCode();
        for (int i = 0; i < cells.length; i++) {
            Cell c = cells[i];
            if (c != null) {
                d += "|" + c.label + c.code.length + c.flag + c.b + c.sh + c.f + c.hashCode()
                        + (c.next == null ? "-" : c.next.label) + (grid[i % 2][i / 2 % 2] == c);
            }
        }
        return d + (loop == null ? "" : loop.next == loop ? "loop" : "no loop");
    }
}
