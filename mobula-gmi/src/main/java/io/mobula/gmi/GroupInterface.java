package io.mobula.gmi;

/**
 * Marks a group interface (thesis 5.3.1), as {@code java.rmi.Remote} marks a remote interface. The annotation
 * processor generates, for every interface that extends it, a group stub ({@code X_MobulaGroupStub}), the
 * member-side dispatch ({@code X_MobulaGroupSkeleton}), a parameter vector per method and type-safe method
 * constants ({@code X_GroupMethods}). Parameters and results travel by value. Group methods need not declare
 * {@code RemoteException}: a failure of the group reaches the caller as a {@link GroupException}.
 */
public interface GroupInterface {
}
