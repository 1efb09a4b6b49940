package io.mobula.repmi.stack;

import io.mobula.repmi.Root;

/** The thesis's replicated stack (Figure 4.4). */
public interface Stack extends Root {
    void push(int d);

    int pop();

    int top();

    int size();
}
