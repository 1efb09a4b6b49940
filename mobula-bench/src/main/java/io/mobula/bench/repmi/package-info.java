/**
 * The RepMI benchmark suite ({@code mobula bench repmi}, thesis 4.4, Tables 4.1-4.4):
 * {@link io.mobula.bench.repmi.RepmiSuite} starts, for every transport and process count, the ranks of each system
 * ({@link io.mobula.bench.repmi.RepmiRank} JVMs in a pool); what a sample is and how the systems are kept comparable
 * is described on {@link io.mobula.bench.repmi.RepmiCase}.
 */
package io.mobula.bench.repmi;
