package io.mobula.examples.classic.jrmi;

import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plain classes exported with the static {@code UnicastRemoteObject.exportObject(obj, 0)}; remote methods return
 * remote objects and take them back; a serializable object implementing a remote interface but never exported
 * travels by value. {@code server <port>} starts it, {@code client <port>} uses it.
 */
public final class Workshop {
    private Workshop() {
    }

    public interface Counter extends Remote {
        String name() throws RemoteException;

        long increment() throws RemoteException;

        long value() throws RemoteException;
    }

    public interface Greeter extends Remote {
        String greet(String who) throws RemoteException;
    }

    public interface Hub extends Remote {
        Counter counter(String name) throws RemoteException;

        List<Counter> counters() throws RemoteException;

        long total(List<Counter> counters) throws RemoteException;

        String use(Greeter greeter, String who) throws RemoteException;
    }

    /** Never exported: a copy goes wherever it is sent. */
    public static final class Greeting implements Greeter, Serializable {
        private static final long serialVersionUID = 1L;
        private final String word;
        private int calls;

        public Greeting(String word) {
            this.word = word;
        }

        @Override
        public String greet(String who) {
            calls++;
            return word + ", " + who + " (call " + calls + " of this copy)";
        }

        public int calls() {
            return calls;
        }
    }

    static final class CounterImpl implements Counter {
        private final String name;
        private long value;

        CounterImpl(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public synchronized long increment() {
            return ++value;
        }

        @Override
        public synchronized long value() {
            return value;
        }
    }

    static final class HubImpl implements Hub {
        private final Map<String, Counter> counters = new LinkedHashMap<>();

        @Override
        public synchronized Counter counter(String name) throws RemoteException {
            Counter c = counters.get(name);
            if (c == null) {
                c = (Counter) UnicastRemoteObject.exportObject(new CounterImpl(name), 0);
                counters.put(name, c);
            }
            return c;
        }

        @Override
        public synchronized List<Counter> counters() {
            return new ArrayList<>(counters.values());
        }

        @Override
        public long total(List<Counter> list) throws RemoteException {
            long sum = 0;
            for (Counter c : list) {
                sum += c.value();
            }
            return sum;
        }

        @Override
        public String use(Greeter greeter, String who) throws RemoteException {
            String first = greeter.greet(who);
            String second = greeter.greet(who);
            return first + " / " + second + (greeter instanceof Greeting ? " [a copy]" : " [a remote object]");
        }
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("server")) {
            HubImpl hub = new HubImpl();
            Hub stub = (Hub) UnicastRemoteObject.exportObject(hub, 0);
            Registry registry = LocateRegistry.createRegistry(port);
            registry.rebind("hub", stub);
            System.out.println("workshop ready");
            return;
        }
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
        Hub hub = (Hub) registry.lookup("hub");
        Counter a = hub.counter("a");
        a.increment();
        a.increment();
        System.out.println("a is at " + a.increment());
        Counter b = hub.counter("b");
        System.out.println("b is at " + b.increment());
        System.out.println("asking again gives the same counter: " + hub.counter("a").equals(a));
        List<Counter> all = hub.counters();
        List<String> names = new ArrayList<>();
        for (Counter c : all) {
            names.add(c.name());
        }
        System.out.println("counters " + names + ", total " + hub.total(all));
        System.out.println("total of b and a: " + hub.total(List.of(b, a)));
        Greeting hello = new Greeting("hello");
        System.out.println("server says: " + hub.use(hello, "workshop"));
        System.out.println("calls on the client's greeting: " + hello.calls());
        System.exit(0);
    }
}
