package io.mobula.examples.classic.mobula;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.rmi.Remote;
import java.rmi.RemoteException;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import io.mobula.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A chat room with client callbacks, in the UnicastRemoteObject-subclass style. {@code room <port>} starts the room;
 * {@code member <port> <name>} joins it and reads commands from standard input: {@code say <text>}, {@code who},
 * {@code quit}. A member that cannot be called back any more is dropped and the others are told.
 */
public final class Chat {
    private Chat() {
    }

    public interface Room extends Remote {
        void join(String name, Member member) throws RemoteException;

        void say(String name, String text) throws RemoteException;

        List<String> members() throws RemoteException;

        void leave(String name) throws RemoteException;
    }

    public interface Member extends Remote {
        void hear(String line) throws RemoteException;
    }

    static final class RoomImpl extends UnicastRemoteObject implements Room {
        private final Map<String, Member> members = new LinkedHashMap<>();

        RoomImpl() throws RemoteException {
            super();
        }

        @Override
        public synchronized void join(String name, Member member) {
            members.put(name, member);
            System.out.println("room: " + name + " joined");
            broadcast("* " + name + " joined");
        }

        @Override
        public synchronized void say(String name, String text) {
            broadcast(name + ": " + text);
        }

        @Override
        public synchronized List<String> members() {
            return new ArrayList<>(members.keySet());
        }

        @Override
        public synchronized void leave(String name) {
            members.remove(name);
            System.out.println("room: " + name + " left");
            broadcast("* " + name + " left");
        }

        private void broadcast(String line) {
            List<String> gone = new ArrayList<>();
            for (Map.Entry<String, Member> e : members.entrySet()) {
                try {
                    e.getValue().hear(line);
                } catch (RemoteException unreachable) {
                    gone.add(e.getKey());
                }
            }
            for (String name : gone) {
                members.remove(name);
                System.out.println("room: dropped " + name + ", its callback failed");
            }
            if (!gone.isEmpty()) {
                broadcast("* " + String.join(", ", gone) + " dropped");
            }
        }
    }

    static final class MemberImpl extends UnicastRemoteObject implements Member {
        private final String name;

        MemberImpl(String name) throws RemoteException {
            this.name = name;
        }

        @Override
        public void hear(String line) {
            System.out.println(name + " hears " + line);
        }
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("room")) {
            Registry registry = LocateRegistry.createRegistry(port);
            registry.rebind("room", new RoomImpl());
            System.out.println("room ready");
            return;
        }
        String name = args[2];
        Room room = (Room) LocateRegistry.getRegistry("127.0.0.1", port).lookup("room");
        MemberImpl me = new MemberImpl(name);
        room.join(name, me);
        System.out.println(name + " is in");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line = in.readLine(); line != null && !line.equals("quit"); line = in.readLine()) {
            if (line.startsWith("say ")) {
                room.say(name, line.substring(4));
            } else if (line.equals("who")) {
                System.out.println(name + " sees " + room.members());
            }
            System.out.println(name + " did " + line);
        }
        room.leave(name);
        UnicastRemoteObject.unexportObject(me, true);
        System.out.println(name + " quit");
        System.exit(0);
    }
}
