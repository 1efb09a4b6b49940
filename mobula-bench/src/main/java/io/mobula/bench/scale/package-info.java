/**
 * {@code mobula bench scale}: N pool members in one JVM, each with its own class loader and so its own RMI runtime,
 * pool, GMI and RepMI, over TCP on loopback, with every frame counted and given its causal depth, and the latency a
 * LogGP cost model fitted on measured RMI round trips predicts for each operation over shm and TCP
 * (docs/PERFORMANCE.md, "Scale").
 */
package io.mobula.bench.scale;
