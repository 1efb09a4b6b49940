package io.mobula.examples.compute.compute;

public interface Task<T> {
    T execute();
}
