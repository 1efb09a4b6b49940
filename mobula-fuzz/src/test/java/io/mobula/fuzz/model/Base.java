package io.mobula.fuzz.model;

import java.io.Serializable;

/** A superclass level with primitive and boxed fields. */
public class Base implements Serializable {
    private static final long serialVersionUID = 1L;

    protected long id;
    protected boolean active;
    protected Integer boxed;
    protected char initial;
}
