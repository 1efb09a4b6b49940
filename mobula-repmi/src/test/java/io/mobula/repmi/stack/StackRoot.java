package io.mobula.repmi.stack;

import io.mobula.repmi.CloudObject;

/** The root of a replicated stack: a linked list of StackNodes (thesis Figure 4.4). */
public class StackRoot extends CloudObject implements Stack {
    private StackNode top;
    private int size;

    public StackRoot() {
    }

    public StackRoot(int val) {
        push(val);
    }

    @Override
    public synchronized void push(int val) {
        top = new StackNode(val, top);
        size++;
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
}
