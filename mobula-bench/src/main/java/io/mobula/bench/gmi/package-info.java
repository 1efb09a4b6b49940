/**
 * The GMI benchmark suite ({@code mobula bench gmi}, thesis 5.5.1): {@link io.mobula.bench.gmi.GmiSuite} starts, for
 * every transport and process count, the ranks of each system ({@link io.mobula.bench.gmi.GmiRank} JVMs in a pool
 * for {@code mobula} and {@code rmi-loop}, mpirun with src/main/c/gmi_mpi.c for {@code openmpi}); what a sample is
 * and how the systems are kept comparable is described on {@link io.mobula.bench.gmi.GmiCase}.
 */
package io.mobula.bench.gmi;
