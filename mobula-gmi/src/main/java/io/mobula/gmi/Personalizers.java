package io.mobula.gmi;

/**
 * Ready-made personalizers: {@link #split} scatters an array parameter in contiguous blocks (the first
 * {@code length % size} members get one element more), without copying it; the other parameters go to every member
 * as they are.
 *
 * <pre>{@code
 * Group.findMethod(g, Bin_GroupMethods.PUT).configure(new PersonalizedInvocation(Personalizers.split(0)), new DiscardReply());
 * }</pre>
 */
public final class Personalizers {
    private Personalizers() {
    }

    /** Splits array parameter {@code parameter} into one block per member. */
    public static Personalizer split(int parameter) {
        return new Personalizer() {
            @Override
            public void personalize(ParameterVector in, ParameterVector[] out) {
                Object array = in.readObject(parameter);
                if (array == null) {
                    throw new IllegalArgumentException("Personalizers.split: parameter " + parameter + " of "
                            + in.method() + " is null");
                }
                for (int i = 0; i < out.length; i++) {
                    for (int p = 0; p < in.size(); p++) {
                        if (p == parameter) {
                            Arrays2.writeBlock(out[i], p, array, out.length, i);
                        } else {
                            out[i].write(p, in.readObject(p));
                        }
                    }
                }
            }
        };
    }
}
