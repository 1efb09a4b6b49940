package io.mobula.bench.rmi;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;

/**
 * Idle CPU of Mobula over shared memory: a server child ({@code mobula-shm} or another JVM system) and a client in
 * this JVM make {@code calls} null calls, then stay connected and idle; the CPU time both processes use while idle,
 * after the spin window, is printed per second of idling.
 *
 * <pre>java -cp mobula-bench.jar io.mobula.bench.rmi.IdleCpu [system] [idleSeconds]</pre>
 */
public final class IdleCpu {
    private IdleCpu() {
    }

    public static void main(String[] args) throws Exception {
        String name = args.length > 0 ? args[0] : "mobula-shm";
        int idleSeconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        JvmRmiSystem system = RmiSystems.jvmSystem(name);
        LaunchContext ctx = LaunchContext.current();
        try (ChildProcess server = ChildProcess.start("server", system.serverCommand(ctx))) {
            String token = server.awaitPrefix("READY ", 30_000);
            try (ClientSession session = system.connect(token)) {
                TimedCall call = session.prepare(BenchCase.parse("null-call"));
                for (int i = 0; i < 20_000; i++) {
                    call.invoke();
                }
                Thread.sleep(100); // past every spin and stand-by window
                var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
                ProcessHandle child = server.process().toHandle();
                long c0 = os.getProcessCpuTime();
                long s0 = child.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
                long t0 = System.nanoTime();
                Thread.sleep(idleSeconds * 1000L);
                long wall = System.nanoTime() - t0;
                long c1 = os.getProcessCpuTime();
                long s1 = child.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
                System.out.printf("%s idle for %.1f s: client %.2f%% of a core, server %.2f%% of a core%n", name,
                        wall / 1e9, 100.0 * (c1 - c0) / wall, 100.0 * (s1 - s0) / wall);
                call.invoke(); // still connected
            }
        }
        System.exit(0);
    }

}
