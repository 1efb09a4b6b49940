package io.mobula.gmi;

import io.mobula.fuzz.model.Samples;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serialization;
import java.io.IOException;
import java.util.List;

/** Seed inputs of the GMI and RepMI harnesses (see {@code io.mobula.rmi.SeedCorpus}). */
public final class GmiSeeds {
    private GmiSeeds() {
    }

    /** Receives one call input. */
    public interface Sink {
        void call(String harness, String name, int method, int le, SerialWriter w) throws IOException;
    }

    public static void write(Sink sink, SerialWriter w, Serialization rmi, int le) throws IOException {
        String gmi = "io.mobula.gmi.GroupPortFuzzTest";
        // invoke 0, part 1, reply 2
        w.beginMessage();
        w.writeInt(1);
        w.writeObject(InvokeHeader.encode(new GroupMessages.Invoke("g", 3, 1, 0, 42, GroupMessages.REPLY_ALL, 0,
                new int[] {1, 2, 3}, true, null), null));
        w.writeObject(rmi.toBytes(Samples.graphs().get(1)));
        sink.call(gmi, "invoke", 0, le, w);
        w.beginMessage();
        w.writeObject(new GroupMessages.Part(GroupMessages.PART_PARTIAL, "g", "0:42", 1, 2, false, false));
        w.writeObject(rmi.toBytes(List.of(1, 2, 3)));
        sink.call(gmi, "part", 1, le, w);
        w.beginMessage();
        w.writeObject(new GroupMessages.Reply(42, 1, true));
        w.writeObject(rmi.toBytes(new IllegalStateException("failed")));
        sink.call(gmi, "reply", 2, le, w);
        io.mobula.repmi.RepmiSeeds.write(sink::call, w, rmi, le);
    }
}
