package io.mobula.gmi;

/** Ready-made reply personalizers: {@link #split} gives each participant one contiguous block of an array result. */
public final class ReplyPersonalizers {
    private ReplyPersonalizers() {
    }

    /** Splits an array result into one block per participant (the first {@code length % n} get one more). */
    public static ReplyPersonalizer split() {
        return new Split();
    }

    static final class Split extends ReplyPersonalizer {
        private static final long serialVersionUID = 1L;

        @Override
        public void personalize(Object in, Object[] out) {
            for (int i = 0; i < out.length; i++) {
                out[i] = in == null ? null : Arrays2.block(in, out.length, i);
            }
        }
    }
}
