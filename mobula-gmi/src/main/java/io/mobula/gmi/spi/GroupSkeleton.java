package io.mobula.gmi.spi;

import io.mobula.gmi.ParameterVector;
import java.util.List;

/**
 * Generated member-side dispatch of one group interface ({@code X_MobulaGroupSkeleton}, thesis 5.4.1): it describes
 * the methods, makes empty parameter vectors and applies an invocation to a member. Stateless; the runtime makes one
 * per interface.
 */
public interface GroupSkeleton {
    /** The group interface. */
    Class<?> groupInterface();

    /** A hash of the interface's method signatures, so stubs and members that disagree fail clearly. */
    long interfaceHash();

    /** The methods, by index. */
    List<GroupMethodInfo> methods();

    /** An empty parameter vector of method {@code method}. */
    ParameterVector newParameters(int method);

    /**
     * Runs method {@code method} on {@code member} with {@code parameters}.
     *
     * @return the result, boxed if primitive; {@code null} for {@code void}
     * @throws Throwable what the method threw
     */
    Object invoke(Object member, int method, ParameterVector parameters) throws Throwable;
}
