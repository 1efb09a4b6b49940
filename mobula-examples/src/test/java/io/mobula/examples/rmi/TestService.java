package io.mobula.examples.rmi;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Every parameter kind, callbacks, remote results, exceptions, one-way and asynchronous calls. */
public interface TestService extends Remote {
    void ping() throws RemoteException;

    int add(int a, int b) throws RemoteException;

    boolean not(boolean v) throws RemoteException;

    byte negate(byte v) throws RemoteException;

    short twice(short v) throws RemoteException;

    char next(char c) throws RemoteException;

    long square(long v) throws RemoteException;

    float half(float v) throws RemoteException;

    double sum(double a, float b, long c, int d, short e, byte f, char g, boolean h) throws RemoteException;

    String concat(String a, String b) throws RemoteException;

    int[] reverse(int[] a) throws RemoteException;

    double[] scale(double[] a, double f) throws RemoteException;

    byte[] echoBytes(byte[] b) throws RemoteException;

    Object echo(Object o) throws RemoteException;

    Node echoGraph(Node n) throws RemoteException;

    List<String> upper(List<String> in) throws RemoteException;

    Map<String, Integer> lengths(List<String> in) throws RemoteException;

    Integer boxed(Integer v) throws RemoteException;

    void fail(String message) throws AppException, RemoteException;

    int crash() throws RemoteException;

    void withdraw(String account, long amount) throws InsufficientFundsException, RemoteException;

    int callBack(Callback cb, int n) throws RemoteException;

    Counter newCounter() throws RemoteException;

    int exportedCounters() throws RemoteException;

    @OneWay
    void record(int v) throws RemoteException;

    int recordedSum() throws RemoteException;

    CompletableFuture<String> later(String s, int millis) throws RemoteException;

    void sleep(int millis) throws RemoteException;

    /** Waits until {@link #signal()} is called (true) or {@code millis} pass (false). */
    boolean awaitSignal(int millis) throws RemoteException;

    void signal() throws RemoteException;
}
