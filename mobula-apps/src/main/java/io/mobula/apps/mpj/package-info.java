/**
 * The Java MPI baseline: MPJ Express (the mpiJava 1.2 API the thesis's mpiJava comparisons used, thesis 5.5), found
 * installed and driven without its own launcher. {@link io.mobula.apps.mpj.MpjExpress} compiles programs against it
 * at run time and builds their commands, {@link io.mobula.apps.mpj.MpjJob} runs one program on N ranks (threads of
 * one JVM or one JVM per rank, then through a {@link io.mobula.apps.mpj.Rendezvous} on the loopback interface), and
 * {@link io.mobula.apps.mpj.MpjMain} runs a kernel's MPJ Express program, whose source is a resource of this
 * package. Nothing here needs MPJ Express to compile.
 */
package io.mobula.apps.mpj;
