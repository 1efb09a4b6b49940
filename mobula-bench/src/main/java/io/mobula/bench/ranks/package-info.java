/**
 * What the multi-process suites that run SPMD programs in a pool share ({@code mobula bench gmi}, {@code mobula bench
 * repmi}): starting N rank JVMs in a fresh pool and collecting the reporting rank's {@code RESULT} lines
 * ({@link io.mobula.bench.ranks.RankLaunch}), checking that calls between ranks use the transport under test
 * ({@link io.mobula.bench.ranks.Ranks}), bounded spin-then-block waits ({@link io.mobula.bench.ranks.Acks}), command
 * line helpers ({@link io.mobula.bench.ranks.CliArgs}), and the report's PASS/MISS lines and notes
 * ({@link io.mobula.bench.ranks.Verdicts}).
 */
package io.mobula.bench.ranks;
