package io.mobula.examples.repmi;

import io.mobula.repmi.CloudObject;

/** The root of a replicated stack: a linked list of {@link StackNode}s (thesis Figure 4.4). */
public class StackRoot extends CloudObject implements Stack {
    private StackNode top;
    private int size;
    private int syncs;

    /** An empty stack. */
    public StackRoot() {
    }

    /** A stack holding {@code val}. */
    public StackRoot(int val) {
        push(val);
    }

    @Override
    public synchronized void push(int val) {
        top = new StackNode(val, top);
        size++;
        cloudNotifyAll(); // wakes reads waiting in awaitSize
    }

    @Override
    public synchronized int pop() {
        StackNode temp = top;
        if (temp == null) {
            throw new IllegalStateException("pop of an empty stack");
        }
        top = temp.prev;
        size--;
        return temp.value;
    }

    @Override
    public synchronized int top() {
        if (top == null) {
            throw new IllegalStateException("top of an empty stack");
        }
        return top.value;
    }

    @Override
    public synchronized int size() {
        return size;
    }

    @Override
    public synchronized int awaitSize(int atLeast, long timeoutMillis) {
        while (size < atLeast) {
            try {
                cloudWait(timeoutMillis);
            } catch (InterruptedException e) {
                throw new IllegalStateException("interrupted while waiting for " + atLeast + " values", e);
            }
        }
        return size;
    }

    @Override
    public synchronized long stateHash() {
        long h = size;
        for (StackNode n = top; n != null; n = n.prev) {
            h = h * 1_000_003L + n.value * 31L + n.hashCode();
        }
        return h;
    }

    @Override
    public synchronized int[] values() {
        int[] v = new int[size];
        int i = 0;
        for (StackNode n = top; n != null; n = n.prev) {
            v[i++] = n.value;
        }
        return v;
    }

    @Override
    public synchronized void sync() {
        syncs++;
    }
}
