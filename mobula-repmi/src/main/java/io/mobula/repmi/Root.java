package io.mobula.repmi;

/**
 * Marks a replication interface (thesis 4.2.1): an interface extending it defines the methods that may be invoked on
 * a cloud whose root object implements it. The annotation processor generates, for each, a replication reference
 * ({@code X_MobulaCloudStub}) and the replica-side dispatch ({@code X_MobulaCloudSkeleton}). Arguments and results
 * travel by value, for reads as well as writes.
 */
public interface Root {
}
