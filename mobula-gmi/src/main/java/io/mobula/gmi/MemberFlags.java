package io.mobula.gmi;

import io.mobula.rmi.Dispatcher;
import io.mobula.rmi.ImplementationFlags;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.Set;

/**
 * Which methods of a group interface a member class runs without blocking, as the processor proved (or
 * {@code @NonBlocking} stated) in the generated {@code p.Member_MobulaGroupFlags}; read once per member when it joins.
 * Those run on the thread that received the invocation (thesis 3.3.1, applied to group invocations); the others run
 * where they may block ({@link MemberSide}).
 *
 * <p>A proof is about the method bodies of the class it was generated for: a subclass that declares a proven method
 * again runs its own body, which nothing proved, so the method counts as blocking for it. Proofs made for another group
 * interface than the group's (a member serving a super-interface) are not used.
 */
final class MemberFlags {
    private static final System.Logger LOG = System.getLogger(MemberFlags.class.getName());
    static final String SUFFIX = "_MobulaGroupFlags";

    private MemberFlags() {
    }

    /** Per method index of {@code groupInterface}, whether {@code memberClass} runs it without blocking. */
    static boolean[] of(Class<?> memberClass, Class<?> groupInterface, int methods) {
        boolean[] out = new boolean[methods];
        for (Class<?> c = memberClass; c != null && c != Object.class && c != GroupMember.class;
                c = c.getSuperclass()) {
            ImplementationFlags f = generated(c);
            if (f == null || f.remoteInterface() != groupInterface) {
                continue;
            }
            try {
                Set<String> redeclared = new HashSet<>();
                for (Class<?> below = memberClass; below != c; below = below.getSuperclass()) {
                    for (Method m : below.getDeclaredMethods()) {
                        redeclared.add(signature(m));
                    }
                }
                for (int i = 0; i < methods; i++) {
                    String impl = f.implementation(i);
                    out[i] = (f.methodFlags(i) & Dispatcher.NON_BLOCKING) != 0 && impl != null
                            && !redeclared.contains(impl);
                }
            } catch (LinkageError | RuntimeException e) {
                LOG.log(Level.WARNING, "ignoring the non-blocking proof of " + c.getName() + " for "
                        + memberClass.getName() + ": " + e);
                return new boolean[methods];
            }
            return out;
        }
        return out;
    }

    private static ImplementationFlags generated(Class<?> c) {
        String pkg = c.getPackageName();
        String simple = pkg.isEmpty() ? c.getName() : c.getName().substring(pkg.length() + 1);
        String name = (pkg.isEmpty() ? "" : pkg + ".") + simple.replace('$', '_') + SUFFIX;
        try {
            Class<?> f = Class.forName(name, true, c.getClassLoader());
            return ImplementationFlags.class.isAssignableFrom(f)
                    ? (ImplementationFlags) f.getConstructor().newInstance() : null;
        } catch (ClassNotFoundException e) {
            return null;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.log(Level.WARNING, "ignoring " + name + ": " + e);
            return null;
        }
    }

    /** Name and erased JVM parameter descriptor, as the processor writes it: {@code put([D)}. */
    private static String signature(Method m) {
        StringBuilder sb = new StringBuilder(m.getName()).append('(');
        for (Class<?> p : m.getParameterTypes()) {
            sb.append(p.descriptorString());
        }
        return sb.append(')').toString();
    }
}
