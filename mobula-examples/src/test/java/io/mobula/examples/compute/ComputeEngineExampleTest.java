package io.mobula.examples.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.compute.client.ComputePi;
import io.mobula.examples.compute.client.Pi;
import io.mobula.examples.compute.engine.ComputeEngine;
import io.mobula.rmi.registry.RegistryMain;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ported java.rmi tutorial, run as a user would: registry, engine and client in three JVMs. */
class ComputeEngineExampleTest {

    @Test
    void computePiRunsInTheEngine() throws Exception {
        try (ChildJvm registry = ChildJvm.start(RegistryMain.class, List.of(), "--port", "0")) {
            String line = registry.awaitLine("registry listening on", Duration.ofSeconds(30));
            String port = line.substring(line.lastIndexOf(':') + 1);
            List<String> props = List.of("-Dmobula.registry.port=" + port);
            try (ChildJvm engine = ChildJvm.start(ComputeEngine.class, props)) {
                engine.awaitLine("ComputeEngine bound", Duration.ofSeconds(30));
                try (ChildJvm client = ChildJvm.start(ComputePi.class, props, "127.0.0.1", "45")) {
                    assertEquals(0, client.waitFor(Duration.ofSeconds(60)), client.output());
                    assertEquals(Pi.computePi(45).toString(), client.programOutput().strip(), client.output());
                }
            }
        }
    }
}
