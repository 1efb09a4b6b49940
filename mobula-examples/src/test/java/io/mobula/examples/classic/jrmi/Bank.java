package io.mobula.examples.classic.jrmi;

import java.rmi.Naming;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.UnicastRemoteObject;
import java.util.HashMap;
import java.util.Map;

/**
 * A bank reached by URL through Naming, whose checked exceptions carry fields. {@code server <port>} opens it;
 * {@code open <port>} and {@code audit <port>} are two client sessions.
 */
public final class Bank {
    private Bank() {
    }

    public interface Teller extends Remote {
        Account open(String owner, long cents) throws RemoteException;

        Account find(String owner) throws RemoteException, NoSuchAccountException;
    }

    public interface Account extends Remote {
        String owner() throws RemoteException;

        long balance() throws RemoteException;

        void deposit(long cents) throws RemoteException;

        void withdraw(long cents) throws RemoteException, InsufficientFundsException;

        void transfer(long cents, Account to) throws RemoteException, InsufficientFundsException;
    }

    /** Thrown when an account holds less than asked for; says how much is missing. */
    public static class InsufficientFundsException extends Exception {
        private static final long serialVersionUID = 1L;
        private final long missing;

        public InsufficientFundsException(long missing) {
            super("insufficient funds");
            this.missing = missing;
        }

        public long getMissing() {
            return missing;
        }
    }

    /** Thrown when nobody of that name has an account. */
    public static class NoSuchAccountException extends Exception {
        private static final long serialVersionUID = 1L;
        private final String owner;

        public NoSuchAccountException(String owner) {
            super("no such account");
            this.owner = owner;
        }

        public String getOwner() {
            return owner;
        }
    }

    static final class TellerImpl extends UnicastRemoteObject implements Teller {
        private final Map<String, Account> accounts = new HashMap<>();

        TellerImpl() throws RemoteException {
        }

        @Override
        public synchronized Account open(String owner, long cents) throws RemoteException {
            Account a = new AccountImpl(owner, cents);
            accounts.put(owner, a);
            return a;
        }

        @Override
        public synchronized Account find(String owner) throws NoSuchAccountException {
            Account a = accounts.get(owner);
            if (a == null) {
                throw new NoSuchAccountException(owner);
            }
            return a;
        }
    }

    static final class AccountImpl extends UnicastRemoteObject implements Account {
        private final String owner;
        private long cents;

        AccountImpl(String owner, long cents) throws RemoteException {
            this.owner = owner;
            this.cents = cents;
        }

        @Override
        public String owner() {
            return owner;
        }

        @Override
        public synchronized long balance() {
            return cents;
        }

        @Override
        public synchronized void deposit(long amount) {
            cents += amount;
        }

        @Override
        public synchronized void withdraw(long amount) throws InsufficientFundsException {
            if (amount > cents) {
                throw new InsufficientFundsException(amount - cents);
            }
            cents -= amount;
        }

        @Override
        public void transfer(long amount, Account to) throws RemoteException, InsufficientFundsException {
            withdraw(amount);
            to.deposit(amount);
        }
    }

    private static void show(Account a) throws RemoteException {
        System.out.println(a.owner() + " has " + a.balance());
    }

    public static void main(String[] args) throws Exception {
        String url = "//127.0.0.1:" + args[1] + "/bank";
        if (args[0].equals("server")) {
            LocateRegistry.createRegistry(Integer.parseInt(args[1]));
            Naming.rebind(url, new TellerImpl());
            System.out.println("bank open");
            return;
        }
        Teller teller = (Teller) Naming.lookup(url);
        if (args[0].equals("open")) {
            Account ann = teller.open("ann", 100);
            Account ben = teller.open("ben", 20);
            show(ann);
            show(ben);
            try {
                ann.withdraw(150);
            } catch (InsufficientFundsException e) {
                System.out.println("ann cannot withdraw 150: " + e.getMessage() + ", missing " + e.getMissing());
            }
            ann.transfer(30, ben);
            show(ann);
            show(ben);
            try {
                ben.transfer(500, ann);
            } catch (InsufficientFundsException e) {
                System.out.println("ben cannot transfer 500: missing " + e.getMissing());
            }
        } else {
            try {
                teller.find("cid");
            } catch (NoSuchAccountException e) {
                System.out.println("no account for " + e.getOwner() + ": " + e.getMessage());
            }
            Account ann = teller.find("ann");
            System.out.println("found the same account: " + ann.equals(teller.find("ann")));
            show(ann);
            show(teller.find("ben"));
        }
        System.out.println("session over");
        System.exit(0);
    }
}
