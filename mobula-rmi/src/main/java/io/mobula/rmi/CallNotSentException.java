package io.mobula.rmi;

import java.io.Serial;
import java.rmi.MarshalException;

/**
 * A call failed in the calling process before any byte of it was sent: its arguments could not be marshalled (a value
 * the serializer refuses, arguments too large for this heap) or its frame is larger than the connection's maximum
 * frame size. The peer never saw the call and the connection stays open, so the failure says nothing about the peer.
 * It is a {@link MarshalException}, the exception java.rmi throws when marshalling a call fails; but a plain
 * {@code MarshalException} does not prove that nothing was sent (java.rmi's may come after part of the call was
 * written), and Mobula throws this subclass only where it does.
 */
public class CallNotSentException extends MarshalException {
    @Serial
    private static final long serialVersionUID = 1L;

    public CallNotSentException(String message, Exception cause) {
        super(message, cause);
    }
}
