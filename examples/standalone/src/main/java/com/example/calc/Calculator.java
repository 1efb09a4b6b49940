package com.example.calc;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The remote interface: an ordinary java.rmi one, unchanged by the port. */
public interface Calculator extends Remote {
    long add(long a, long b) throws RemoteException;

    /** Integer division; dividing by zero throws the server's ArithmeticException at the caller. */
    long divide(long a, long b) throws RemoteException;

    /** Arrays go to the server and records come back by value. */
    Stats stats(double[] values) throws RemoteException;

    /** Number of calls this calculator has served. */
    int calls() throws RemoteException;
}
