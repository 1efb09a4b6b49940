/**
 * The multi-process RMI benchmark harness: the KaRMI benchmark collection (KaRMI 6.1) and the
 * thesis RMI throughput benchmark (thesis 2.5.3) run against raw ping-pong baselines and java.rmi.
 *
 * <p>Pieces, parent side: {@link io.mobula.bench.rmi.RmiSuite} (entry, options, passes),
 * {@link io.mobula.bench.rmi.CaseCatalog} (which cases), {@link io.mobula.bench.rmi.SystemRunner} and
 * {@code ChildProcess} (bounded process protocol), {@code ReportPrinter} and {@code Targets} (tables, PASS/MISS).
 * Child side: {@link io.mobula.bench.rmi.ChildMain} with {@code CallLoop} (warm-up, nanoTime samples, star
 * barrier) and {@link io.mobula.bench.rmi.Stats}. Workload: {@link io.mobula.bench.rmi.Kernel},
 * {@link io.mobula.bench.rmi.PayloadSpec} with {@link io.mobula.bench.rmi.BenchObjects}, and
 * {@link io.mobula.bench.rmi.BenchRemote} as the remote interface.
 *
 * <p>Systems implement {@link io.mobula.bench.rmi.RmiSystem}. A Java RMI system (Mobula over TCP, later
 * shared memory) extends {@link io.mobula.bench.rmi.JvmRmiSystem}: {@code serve()} exports a
 * {@link io.mobula.bench.rmi.BenchRemoteImpl} and returns a token, {@code connect(token)} returns a
 * {@link io.mobula.bench.rmi.RemoteApiSession} over the stub plus a callback exporter; then it is listed in
 * {@link io.mobula.bench.rmi.RmiSystems}. Systems whose name starts with {@code mobula} are checked against the
 * targets in docs/PERFORMANCE.md.
 */
package io.mobula.bench.rmi;
