package io.mobula.gmi;

import java.util.Objects;

/**
 * Forwards each invocation to every member with parameters made for it by a {@link Personalizer} (thesis 5.2.3,
 * "personalized invocation": scatter).
 */
public final class PersonalizedInvocation extends InvocationScheme {
    private final Personalizer personalizer;

    /** @param personalizer splits the parameters of one invocation into one set per member */
    public PersonalizedInvocation(Personalizer personalizer) {
        this.personalizer = Objects.requireNonNull(personalizer, "personalizer");
    }

    /** The personalizer. */
    public Personalizer personalizer() {
        return personalizer;
    }

    @Override
    public String toString() {
        return "personalized(" + personalizer.getClass().getName() + ")";
    }
}
