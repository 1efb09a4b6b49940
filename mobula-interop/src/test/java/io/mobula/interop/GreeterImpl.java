package io.mobula.interop;

import java.rmi.RemoteException;

final class GreeterImpl implements Greeter {
    private final String word;

    GreeterImpl(String word) {
        this.word = word;
    }

    @Override
    public String greet(String name) {
        return word + " " + name;
    }

    @Override
    public String relay(Greeter other, String name) throws RemoteException {
        return word + "/" + other.greet(name);
    }
}
