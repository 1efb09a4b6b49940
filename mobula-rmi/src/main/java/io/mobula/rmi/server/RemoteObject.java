package io.mobula.rmi.server;

import io.mobula.rmi.RemoteRef;
import io.mobula.rmi.RemoteStub;
import io.mobula.rmi.Rmi;
import java.io.Serial;
import java.io.Serializable;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;

/**
 * Shaped like {@code java.rmi.server.RemoteObject}: remote semantics for {@code equals}, {@code hashCode} and
 * {@code toString} of a server object. While exported, an object compares by its remote identity: it is equal to
 * another remote object with the same reference and its hash code is its stubs', but, as with java.rmi's stubs on JDK
 * 5 and later, it is not equal to its stubs (a stub equals only stubs). An object that was never exported compares by
 * identity.
 *
 * <p>Differences from java.rmi: {@link #getRef()} returns Mobula's {@link RemoteRef}, not a
 * {@code java.rmi.server.RemoteRef}, and there is no constructor taking a reference (Mobula's references are made
 * by the runtime only).
 */
public abstract class RemoteObject implements Remote, Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The reference of this object once exported (kept after unexport, as java.rmi keeps its ref). */
    private transient volatile RemoteRef ref;

    /** A remote object; a subclass exports it (see {@link UnicastRemoteObject}). */
    protected RemoteObject() {
    }

    /** Records the reference of this object after an export, so identity stays stable. */
    final void exported(Remote stub) {
        RemoteRef r = RemoteStub.referenceOf(stub);
        if (r != null) {
            ref = r;
        }
    }

    /**
     * The reference of this object: set once it was exported (by a {@link UnicastRemoteObject} constructor, an
     * {@code exportObject} call, or implicitly when it was first passed in a call), else {@code null}.
     */
    public RemoteRef getRef() {
        RemoteRef r = ref;
        if (r == null && Rmi.isExported(this)) {
            try {
                exported(Rmi.toStub(this));
            } catch (NoSuchObjectException e) {
                return null; // unexported meanwhile
            }
            r = ref;
        }
        return r;
    }

    /**
     * The stub of an exported object, as {@code java.rmi.server.RemoteObject.toStub}.
     *
     * @throws NoSuchObjectException when {@code obj} is not exported
     */
    public static Remote toStub(Remote obj) throws NoSuchObjectException {
        return Rmi.toStub(obj);
    }

    /** The remote hash code while exported (equal to its stubs'), else the identity hash code. */
    @Override
    public int hashCode() {
        RemoteRef r = getRef();
        return r == null ? super.hashCode() : r.hashCode();
    }

    /**
     * Remote equality: another remote object with the same reference; an object that was never exported equals only
     * itself. As in java.rmi (JDK 5 and later), a stub is no remote object here, so an object and its stubs are not
     * equal, though they have the same hash code. Any other object is asked, as java.rmi asks it.
     */
    @Override
    public boolean equals(Object obj) {
        if (obj instanceof RemoteObject o) {
            RemoteRef r = getRef();
            return obj == this || r != null && r.equals(o.getRef());
        }
        return obj != null && obj.equals(this);
    }

    /**
     * While exported, this object goes through Java serialization ({@code ObjectOutputStream},
     * {@code MarshalledObject}) as its stub, as java.rmi's {@code MarshalledObject} sends an exported object; an
     * object that is not exported goes by value. (Mobula's own serialization sends exported objects as stubs
     * before it would call this.)
     */
    @Serial
    protected Object writeReplace() throws java.io.ObjectStreamException {
        if (Rmi.isExported(this)) {
            try {
                return Rmi.toStub(this);
            } catch (NoSuchObjectException unexportedMeanwhile) {
                return this;
            }
        }
        return this;
    }

    /** The class name and, once exported, the reference. */
    @Override
    public String toString() {
        RemoteRef r = getRef();
        return getClass().getName() + "[" + (r == null ? "not exported" : r.toString()) + "]";
    }
}
