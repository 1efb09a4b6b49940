package io.mobula.repmi;

import io.mobula.fuzz.model.Samples;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serialization;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Seed inputs of the RepMI harness (see {@code io.mobula.rmi.SeedCorpus}). */
public final class RepmiSeeds {
    private RepmiSeeds() {
    }

    /** Receives one call input. */
    public interface Sink {
        void call(String harness, String name, int method, int le, SerialWriter w) throws IOException;
    }

    public static void write(Sink sink, SerialWriter w, Serialization rmi, int le) throws IOException {
        String h = "io.mobula.repmi.ReplicaPortFuzzTest";
        // deliver 0, fetch 1, install 2, joinRefused 3, order 4, orders 5, payload 6, progress 7, publish 8,
        // redeliver 9, resume 10, status 11, submit 12
        RepmiMessages.Deliver d = new RepmiMessages.Deliver(5, 0, 1, 9, 9, 3, 2);
        byte[] args = rmi.toBytes(new Object[] {Samples.graphs().get(0), "x"});
        w.beginMessage();
        w.writeObject(d);
        w.writeObject(args);
        sink.call(h, "deliver", 0, le, w);
        w.beginMessage();
        w.writeInt(0);
        w.writeInt(1);
        w.writeObject(SnapshotCodec.encode(new RepmiMessages.Snapshot(5, 4, new int[] {0, 1}, new long[][] {{1, 9, 9}},
                new ArrayList<>()), rmi));
        sink.call(h, "install", 2, le, w);
        w.beginMessage();
        w.writeObject(new ArrayList<>(List.of(new RepmiMessages.Entry(d, args))));
        sink.call(h, "redeliver", 9, le, w);
        w.beginMessage();
        RepmiMessages.Submit s = new RepmiMessages.Submit(1, 9, 9, 0, RepmiMessages.CREATE,
                RepmiMessages.Submit.ranks(1, 2));
        byte[] create = rmi.toBytes(new RepmiMessages.Create("p.CounterImpl", "p.Counter", "cloud",
                new Object[] {1, "two"}));
        w.writeObject(s);
        w.writeObject(create);
        sink.call(h, "submit", 12, le, w);
        w.beginMessage();
        w.writeObject(s);
        w.writeObject(create);
        sink.call(h, "publish", 8, le, w);
        w.beginMessage();
        w.writeObject(d);
        w.writeObject(new int[] {1, 3, 5, 2}); // the ranks to relay the order to, as runs
        sink.call(h, "order", 4, le, w);
        w.beginMessage();
        w.writeLong(5);
        w.writeLong(Long.MAX_VALUE);
        w.writeInt(2);
        sink.call(h, "orders", 5, le, w);
    }
}
