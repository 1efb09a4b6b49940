package com.example.calc;

import io.mobula.rmi.server.UnicastRemoteObject; // was java.rmi.server.UnicastRemoteObject
import java.rmi.RemoteException;
import java.util.concurrent.atomic.AtomicInteger;

/** The remote object: exported when constructed, as with java.rmi. */
public class CalculatorImpl extends UnicastRemoteObject implements Calculator {
    private static final long serialVersionUID = 1L;
    private final AtomicInteger calls = new AtomicInteger();

    public CalculatorImpl() throws RemoteException {
    }

    @Override
    public long add(long a, long b) {
        calls.incrementAndGet();
        return a + b;
    }

    @Override
    public long divide(long a, long b) {
        calls.incrementAndGet();
        return a / b;
    }

    @Override
    public Stats stats(double[] values) {
        calls.incrementAndGet();
        double sum = 0;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            sum += v;
            max = Math.max(max, v);
        }
        return new Stats(values.length, values.length == 0 ? 0 : sum / values.length, max);
    }

    @Override
    public int calls() {
        return calls.get();
    }
}
